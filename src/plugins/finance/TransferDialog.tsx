import { DatePicker, Form, Input, Modal, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { formatBRL } from '../../i18n/format.ts';
import { useEngine } from '../../react/context.ts';
import { useResourceList } from '../../react/resources.ts';
import { notifyWorkflowError, transfer, useBalances } from './api.ts';
import { MoneyInput } from './MoneyInput.tsx';

/**
 * "Transferir para outra conta" on an account's statement: the money leaves this account and enters another
 * account of the same organization on the date (today at most). One movement on each statement and one journal
 * entry between the two banks (no effect on the result; not a cash flow of the company as a whole).
 */
export function TransferDialog({ from, open, onClose, onDone }: { from: { id: string; name: string }; open: boolean; onClose: () => void; onDone: (amount: number, to: string) => void }) {
  const engine = useEngine();
  const [date, setDate] = useState(dayjs().format('YYYY-MM-DD'));
  const [to, setTo] = useState<string | undefined>();
  const [amount, setAmount] = useState(0);
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const accounts = useResourceList<{ id: string; version: number; name: string; organizationId: string }>(
    { resource: 'bank-accounts', page: 1, pageSize: 200, sort: [{ field: 'name', order: 'asc' }], filters: [{ field: 'active', operator: 'eq', value: true }] },
    { enabled: open },
  );
  const all = accounts.data?.rows ?? [];
  const org = all.find((a) => a.id === from.id)?.organizationId;
  const targets = all.filter((a) => a.id !== from.id && (!org || a.organizationId === org));
  const balances = useBalances(open ? [from.id, ...targets.map((a) => a.id)] : []);
  const balanceOf = useMemo(() => new Map((balances.data ?? []).map((b) => [b.id, b.balance])), [balances.data]);
  const target = targets.find((a) => a.id === to);

  async function submit() {
    const missing: Record<string, string> = {};
    if (!to) missing.to = 'Escolha a conta de destino.';
    if (amount < 1) missing.amount = 'Informe um valor de pelo menos R$ 0,01.';
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    try {
      await transfer(engine, from.id, { toBankAccountId: to!, date, amount, description: description.trim() || null });
      onDone(amount, target?.name ?? '');
    } catch (err) {
      notifyWorkflowError(engine, err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      title={`Transferir de ${from.name}`}
      onCancel={onClose}
      okText={amount > 0 ? `Transferir ${formatBRL(amount)}` : 'Transferir'}
      cancelText="Voltar"
      okButtonProps={{ loading: busy }}
      onOk={() => void submit()}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        O valor sai desta conta e entra na conta de destino (da mesma organização) na data escolhida. Não é receita nem
        despesa: o resultado e o caixa consolidado não mudam. Uma transferência errada se estorna pelo extrato (as duas contas de uma vez).
      </Typography.Paragraph>
      <Form layout="vertical" requiredMark>
        <Form.Item label="Conta de origem" style={{ marginBottom: 12 }}>
          <Typography.Text strong>{from.name}</Typography.Text>
          {balanceOf.has(from.id) && <Typography.Text type="secondary"> — saldo hoje {formatBRL(balanceOf.get(from.id))}</Typography.Text>}
        </Form.Item>
        <Form.Item label="Conta de destino" required style={{ marginBottom: 12 }} validateStatus={errors.to ? 'error' : undefined} help={errors.to}>
          <Select
            aria-label="Conta de destino"
            value={to}
            onChange={(v: string) => (setTo(v), setErrors((e) => ({ ...e, to: '' })))}
            loading={accounts.isPending}
            placeholder="Escolha a conta"
            showSearch={{ optionFilterProp: 'label' }}
            notFoundContent="Nenhuma outra conta ativa desta organização."
            options={targets.map((a) => ({ value: a.id, label: balanceOf.has(a.id) ? `${a.name} — saldo ${formatBRL(balanceOf.get(a.id))}` : a.name }))}
          />
        </Form.Item>
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
          <Form.Item label="Data da transferência" required style={{ marginBottom: 12 }}>
            <DatePicker
              value={dayjs(date)}
              format={['DD/MM/YYYY', 'DDMMYYYY']}
              allowClear={false}
              disabledDate={(d: Dayjs) => d.isAfter(dayjs(), 'day')}
              onChange={(d: Dayjs | null) => d && setDate(d.format('YYYY-MM-DD'))}
              style={{ width: '100%' }}
              aria-label="Data da transferência"
            />
          </Form.Item>
          <Form.Item label="Valor" required style={{ marginBottom: 12 }} validateStatus={errors.amount ? 'error' : undefined} help={errors.amount}>
            <MoneyInput size="middle" label="Valor da transferência" value={amount} onChange={(v) => (setAmount(v), setErrors((e) => ({ ...e, amount: '' })))} />
          </Form.Item>
        </div>
        <Form.Item label="Histórico (opcional)" style={{ marginBottom: 0 }}>
          <Input aria-label="Histórico" maxLength={300} value={description} placeholder={target ? `Transferência de ${from.name} para ${target.name}` : ''} onChange={(e) => setDescription(e.target.value)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { Alert, DatePicker, Form, Input, Modal, Select, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { WORKFLOW_TEXT } from '../../i18n/finance-workflow.ts';
import { formatBRL, formatDate } from '../../i18n/format.ts';
import { useEngine } from '../../react/context.ts';
import { useResourceList } from '../../react/resources.ts';
import { notifyWorkflowError, pay, useBalances, type PayItem } from './api.ts';
import { MoneyInput } from './MoneyInput.tsx';
import { ScrollTable } from '../../renderers/antd/ScrollTable.tsx';

export interface PayRow {
  id: string;
  version: number;
  label: string;
  dueDate: string;
  amount: number;
  bankAccountId: string | null;
}

const METHODS = [
  ['BOLETO', 'Boleto'],
  ['PIX', 'PIX'],
  ['TED', 'TED'],
  ['TRANSFERENCIA', 'Transferência (mesmo banco)'],
  ['DEBITO_AUTOMATICO', 'Débito automático'],
  ['CARTAO_CREDITO', 'Cartão de crédito'],
  ['CARTAO_DEBITO', 'Cartão de débito'],
  ['DINHEIRO', 'Dinheiro'],
  ['CHEQUE', 'Cheque'],
] as const;

const T = WORKFLOW_TEXT.paymentQueue;

const totalRow = (total: number) =>
  function TotalRow() {
    return (
      <Table.Summary.Row>
        <Table.Summary.Cell index={0} colSpan={6}><strong>Total</strong></Table.Summary.Cell>
        <Table.Summary.Cell index={1} align="right"><strong data-testid="pay-total">{formatBRL(total)}</strong></Table.Summary.Cell>
      </Table.Summary.Row>
    );
  };

/**
 * "Pagar selecionados": date (today at most), the account the money leaves from (with its balance today),
 * optional payment method, and per parcela the juros, multa and desconto of the day; the paid value of
 * each is amount + juros + multa − desconto, their sum the batch's total. One bank movement per parcela.
 */
export function PayDialog({ rows, open, onClose, onPaid }: { rows: PayRow[]; open: boolean; onClose: () => void; onPaid: (n: number, total: number) => void }) {
  const engine = useEngine();
  const today = dayjs().format('YYYY-MM-DD');
  const [date, setDate] = useState(today);
  const [account, setAccount] = useState<string | undefined>(() => rows.find((r) => r.bankAccountId)?.bankAccountId ?? undefined);
  const [method, setMethod] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [extras, setExtras] = useState<Record<string, { interest: number; fine: number; discount: number }>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const accounts = useResourceList<{ id: string; version: number; name: string }>(
    { resource: 'bank-accounts', page: 1, pageSize: 100, sort: [{ field: 'name', order: 'asc' }], filters: [{ field: 'active', operator: 'eq', value: true }] },
    { enabled: open },
  );
  const accountRows = accounts.data?.rows ?? [];
  const balances = useBalances(open ? accountRows.map((a) => a.id) : []);
  const balanceOf = useMemo(() => new Map((balances.data ?? []).map((b) => [b.id, b.balance])), [balances.data]);

  const extra = (id: string) => extras[id] ?? { interest: 0, fine: 0, discount: 0 };
  const paidOf = (r: PayRow) => r.amount + extra(r.id).interest + extra(r.id).fine - extra(r.id).discount;
  const total = rows.reduce((s, r) => s + paidOf(r), 0);
  const belowMin = rows.some((r) => paidOf(r) < 1);
  const setExtra = (id: string, key: 'interest' | 'fine' | 'discount', v: number) => setExtras((m) => ({ ...m, [id]: { ...extra(id), [key]: v } }));

  async function submit() {
    if (!account) return setError('Escolha a conta financeira.');
    setBusy(true);
    setError(null);
    try {
      const items: PayItem[] = rows.map((r) => ({ id: r.id, version: r.version, ...extra(r.id) }));
      await pay(engine, { items, paidAt: date, bankAccountId: account, paymentMethod: method, comment: comment.trim() || null });
      onPaid(rows.length, total);
    } catch (err) {
      notifyWorkflowError(engine, err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      title={T.payTitle(rows.length, formatBRL(total))}
      width={1040}
      onCancel={onClose}
      okText={`Pagar ${formatBRL(total)}`}
      cancelText="Voltar"
      okButtonProps={{ loading: busy, disabled: belowMin }}
      onOk={() => void submit()}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{T.payBody}</Typography.Paragraph>
      <Form layout="vertical" requiredMark>
        <div style={{ display: 'grid', gridTemplateColumns: '180px 1fr 220px', gap: 12 }}>
          <Form.Item label={T.payDate} required style={{ marginBottom: 12 }}>
            <DatePicker
              value={dayjs(date)}
              format={['DD/MM/YYYY', 'DDMMYYYY']}
              allowClear={false}
              disabledDate={(d: Dayjs) => d.isAfter(dayjs(), 'day')}
              onChange={(d: Dayjs | null) => d && setDate(d.format('YYYY-MM-DD'))}
              style={{ width: '100%' }}
              aria-label={T.payDate}
            />
          </Form.Item>
          <Form.Item label={T.payAccount} required style={{ marginBottom: 12 }} validateStatus={error ? 'error' : undefined} help={error ?? undefined}>
            <Select
              aria-label={T.payAccount}
              value={account}
              onChange={(v: string) => (setAccount(v), setError(null))}
              loading={accounts.isPending}
              placeholder="Escolha a conta"
              showSearch={{ optionFilterProp: 'label' }}
              options={accountRows.map((a) => ({
                value: a.id,
                label: balanceOf.has(a.id) ? `${a.name} — saldo ${formatBRL(balanceOf.get(a.id))}` : a.name,
              }))}
            />
          </Form.Item>
          <Form.Item label={T.payMethod} style={{ marginBottom: 12 }}>
            <Select
              aria-label={T.payMethod}
              allowClear
              placeholder="A da parcela"
              value={method ?? undefined}
              onChange={(v?: string) => setMethod(v ?? null)}
              options={METHODS.map(([value, label]) => ({ value, label }))}
            />
          </Form.Item>
        </div>
        <ScrollTable<PayRow>
          label="Parcelas a pagar"
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={rows}
          scroll={{ y: 320 }}
          columns={[
            { title: WORKFLOW_TEXT.columns.installment, dataIndex: 'label', ellipsis: { showTitle: true } },
            { title: WORKFLOW_TEXT.columns.dueDate, dataIndex: 'dueDate', width: 110, render: (v: string) => formatDate(v) },
            { title: WORKFLOW_TEXT.columns.amount, dataIndex: 'amount', width: 120, align: 'right', render: (v: number) => formatBRL(v) },
            ...(['interest', 'fine', 'discount'] as const).map((key) => ({
              title: T[key],
              key,
              width: 140,
              render: (_: unknown, r: PayRow) => <MoneyInput label={`${T[key]} — ${r.label}`} value={extra(r.id)[key]} onChange={(v) => setExtra(r.id, key, v)} />,
            })),
            { title: T.paid, key: 'paid', width: 130, align: 'right' as const, render: (_: unknown, r: PayRow) => <strong style={{ color: paidOf(r) < 1 ? '#c0392b' : undefined }}>{formatBRL(paidOf(r))}</strong> },
          ]}
          summary={totalRow(total)}
        />
        <Form.Item label={WORKFLOW_TEXT.commentOptional} style={{ marginTop: 12, marginBottom: 0 }}>
          <Input.TextArea rows={2} maxLength={500} value={comment} onChange={(e) => setComment(e.target.value)} aria-label={WORKFLOW_TEXT.commentOptional} />
        </Form.Item>
        {belowMin && <Alert type="error" showIcon style={{ marginTop: 12 }} title="O valor pago de cada parcela deve ser de pelo menos R$ 0,01." />}
      </Form>
    </Modal>
  );
}

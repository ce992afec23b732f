import { Button, DatePicker, Form, Input, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { formatBRL } from '../../i18n/format.ts';
import { useResourceList } from '../../react/resources.ts';
import { useBalances } from './api.ts';

export interface ReceiveValues {
  receivedAt: Dayjs;
  bankAccountId: string;
  comment?: string;
}

/**
 * The receipt of parcelas a receber ("Receber", row or bulk action): date (today at most), the account the
 * money enters (with its balance today) and an optional comment. One credit per parcela.
 */
export function ReceiveForm({ total, count, onSubmit, onCancel }: { total: number; count: number; onSubmit: (values: ReceiveValues) => void; onCancel: () => void }) {
  const [form] = Form.useForm<ReceiveValues>();
  const accounts = useResourceList<{ id: string; version: number; name: string }>({
    resource: 'bank-accounts',
    page: 1,
    pageSize: 100,
    sort: [{ field: 'name', order: 'asc' }],
    filters: [{ field: 'active', operator: 'eq', value: true }],
  });
  const rows = accounts.data?.rows ?? [];
  const balances = useBalances(rows.map((a) => a.id));
  const balanceOf = new Map((balances.data ?? []).map((b) => [b.id, b.balance]));
  return (
    <Form form={form} layout="vertical" requiredMark style={{ marginTop: 12 }} initialValues={{ receivedAt: dayjs() }} onFinish={onSubmit}>
      <Typography.Paragraph type="secondary">
        {count === 1 ? '1 parcela' : `${count} parcelas`} no total de {formatBRL(total)}: cada uma gera uma entrada na conta escolhida.
      </Typography.Paragraph>
      <Form.Item name="receivedAt" label="Data do recebimento" rules={[{ required: true, message: 'Informe a data.' }]}>
        <DatePicker format={['DD/MM/YYYY', 'DDMMYYYY']} disabledDate={(d: Dayjs) => d.isAfter(dayjs(), 'day')} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="bankAccountId" label="Conta financeira" rules={[{ required: true, message: 'Escolha a conta financeira.' }]}>
        <Select
          loading={accounts.isPending}
          placeholder="Escolha a conta"
          showSearch={{ optionFilterProp: 'label' }}
          options={rows.map((a) => ({ value: a.id, label: balanceOf.has(a.id) ? `${a.name} — saldo ${formatBRL(balanceOf.get(a.id))}` : a.name }))}
        />
      </Form.Item>
      <Form.Item name="comment" label="Comentário (opcional)">
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
      <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>Voltar</Button>
        <Button type="primary" htmlType="submit">{`Receber ${formatBRL(total)}`}</Button>
      </Space>
    </Form>
  );
}

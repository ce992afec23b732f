import { ShoppingCartOutlined } from '@ant-design/icons';
import { Alert, Button, Card, DatePicker, Descriptions, Empty, Form, Input, Skeleton, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { Link, useParams } from 'react-router-dom';
import { formatBRL } from '../../i18n/format.ts';
import { PROCUREMENT_QUEUES as Q } from '../../i18n/procurement-ui.ts';
import { usePermissions } from '../../react/hooks.ts';
import { PageHeader } from '../../renderers/antd/pages/PageHeader.tsx';
import { useDocumentTitle } from '../../renderers/antd/screens/useDocumentTitle.ts';
import type { PoQueueLine } from './api.ts';
import { proposalColumns, useGenerate, usePurchaseOrderQueue } from './PurchaseOrderQueuePage.tsx';

const P = Q.proposal;

interface Values {
  expectedDeliveryDate?: Dayjs | null;
  deliveryAddress?: string;
  notes?: string;
}

/**
 * /ordens-de-compra/proposta/{requestId}: the winning proposal still without a purchase order — its lines,
 * prices and terms — and the purchase order created from it in one step (`POST pricing/v1/quote-requests/
 * {requestId}/purchase-order`), with the delivery date, address and notes the buyer may set first.
 */
export default function ProposalPurchaseOrderPage() {
  useDocumentTitle(P.title);
  const { requestId = '' } = useParams();
  const query = usePurchaseOrderQueue();
  const { generate, busy } = useGenerate();
  const { can } = usePermissions();
  const [form] = Form.useForm<Values>();
  const group = query.data?.groups.find((g) => g.key === requestId);
  const first: PoQueueLine | undefined = group?.lines[0];

  const submit = (v: Values) => {
    const body: Record<string, unknown> = {};
    if (v.expectedDeliveryDate) body.expectedDeliveryDate = v.expectedDeliveryDate.format('YYYY-MM-DD');
    if (v.deliveryAddress?.trim()) body.deliveryAddress = v.deliveryAddress.trim();
    if (v.notes?.trim()) body.notes = v.notes.trim();
    void generate(requestId, body);
  };

  return (
    <>
      <PageHeader title={first ? `${P.title} — ${first.supplierName}` : P.title} lead={P.lead} back={{ to: '/ordens-de-compra/fila', label: P.back }} />
      {query.isError ? (
        <Alert type="error" showIcon title={(query.error as Error).message} action={<Button size="small" onClick={() => void query.refetch()}>{Q.retry}</Button>} />
      ) : query.isPending ? (
        <Card><Skeleton active /></Card>
      ) : !group || !first ? (
        <Card><Empty description={P.notFound}><Link to="/ordens-de-compra/fila">{P.back}</Link></Empty></Card>
      ) : (
        <>
          <Card style={{ marginBottom: 16 }}>
            <Descriptions column={{ xs: 1, md: 3 }} size="small" items={[
              { key: 'quote', label: Q.columns.quote, children: <Link to={`/cotacoes/${encodeURIComponent(first.quoteId)}`}>{first.quoteNumber}</Link> },
              { key: 'supplier', label: Q.columns.supplier, children: first.supplierName },
              { key: 'terms', label: 'Proposta', children: Q.purchaseOrder.terms(first.paymentTerms, first.deliveryDays) || '—' },
            ]} />
          </Card>
          <Card title={`${P.total}: ${formatBRL(group.total)}`} style={{ marginBottom: 16 }} styles={{ body: { padding: 0 } }}>
            <Table<PoQueueLine> rowKey={(l) => String(l.quoteLine)} size="small" tableLayout="fixed" pagination={false} dataSource={group.lines} columns={proposalColumns} />
          </Card>
          {can('purchase-orders', 'create') && (
            <Card>
              <Form form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 640 }}>
                <Form.Item name="expectedDeliveryDate" label={P.expectedDeliveryDate}>
                  <DatePicker format="DD/MM/YYYY" />
                </Form.Item>
                <Form.Item name="deliveryAddress" label={P.deliveryAddress}>
                  <Input maxLength={300} />
                </Form.Item>
                <Form.Item name="notes" label={P.notes}>
                  <Input.TextArea rows={3} maxLength={2000} />
                </Form.Item>
                <Typography.Paragraph type="secondary">{Q.purchaseOrder.terms(first.paymentTerms, first.deliveryDays)}</Typography.Paragraph>
                <Button type="primary" htmlType="submit" icon={<ShoppingCartOutlined />} loading={busy === requestId}>{Q.purchaseOrder.generate}</Button>
              </Form>
            </Card>
          )}
        </>
      )}
    </>
  );
}

import { SendOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Input, Segmented, Skeleton, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatBRL, formatDate, formatDateTime } from '../../i18n/format.ts';
import { PO_SEND_TEXT as T } from '../../i18n/procurement-quotes.ts';
import { useEngine } from '../../react/context.ts';
import { usePermissions } from '../../react/hooks.ts';
import { PageHeader } from '../../renderers/antd/pages/PageHeader.tsx';
import { useDocumentTitle } from '../../renderers/antd/screens/useDocumentTitle.ts';
import { notifyActionError, postAction, pricing } from './api.ts';

interface PoRow {
  id: string;
  number: string;
  version: number;
  status: string;
  supplierId: string;
  issueDate: string | null;
  totalAmount: number | null;
  sentTo?: string | null;
  sentAt?: string | null;
}
interface Company { id: string; legalName: string; tradeName: string | null; email: string | null }

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Approved (or already sent) purchase orders with their suppliers' names and e-mails. */
async function purchaseOrders(engine: ReturnType<typeof useEngine>, status: 'APROVADA' | 'ENVIADA') {
  const rows = await engine.http.get<PoRow[]>(pricing(engine, 'purchase-orders'), { params: { 'filter[status][eq]': status, sort: status === 'ENVIADA' ? '-sentAt' : '-issueDate,-number', pageSize: 100 } });
  const ids = [...new Set(rows.map((r) => r.supplierId))];
  const companies = ids.length ? await engine.http.get<Company[]>(`${engine.api.service('companies')}/companies`, { params: { 'filter[id][in]': ids, pageSize: 100 } }) : [];
  const byId = new Map(companies.map((c) => [c.id, c]));
  return rows.map((r) => ({ ...r, supplier: byId.get(r.supplierId) ?? null }));
}

/**
 * /ordens-de-compra/solicitacao (D73): the purchase orders to send — approved ones waiting, or the sent ones to
 * resend — each with "Enviar ao fornecedor" (the `send` action with If-Match: PDF generated and e-mailed to the
 * supplier's address or the one typed).
 */
export default function PurchaseOrderSendPage() {
  useDocumentTitle(T.title);
  const engine = useEngine();
  const client = useQueryClient();
  const { can } = usePermissions();
  const [search, setSearch] = useSearchParams();
  const status = search.get('mostrar') === 'enviadas' ? 'ENVIADA' : 'APROVADA';
  const list = useQuery({ queryKey: ['procurement', 'po-send', status], queryFn: () => purchaseOrders(engine, status) });
  const [emails, setEmails] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const maySend = can('purchase-orders', 'update');
  type Row = Awaited<ReturnType<typeof purchaseOrders>>[number];

  const send = async (po: Row) => {
    const typed = (emails[po.id] ?? '').trim();
    if (typed && !EMAIL.test(typed)) return void engine.snackbars.push({ type: 'error', message: T.invalidEmail });
    setBusy(po.id);
    try {
      const res = await postAction(engine, 'purchase-orders', po.id, po.version, 'send', typed ? { email: typed } : {});
      engine.snackbars.push({ type: 'success', message: T.done(po.number, String(res.record.sentTo ?? typed)) });
      await client.invalidateQueries({ queryKey: ['procurement'] });
    } catch (err) {
      notifyActionError(engine, err, T.failed);
      void list.refetch();
    } finally {
      setBusy(null);
    }
  };

  const columns: ColumnsType<Row> = [
    { title: T.columns.number, dataIndex: 'number', width: 140, render: (v: string, r) => <Link to={`/ordens-de-compra/${encodeURIComponent(r.id)}`}>{v}</Link> },
    { title: T.columns.supplier, key: 'supplier', ellipsis: true, render: (_: unknown, r) => (r.supplier ? r.supplier.tradeName || r.supplier.legalName : '—') },
    { title: T.columns.issueDate, dataIndex: 'issueDate', width: 110, render: (v: string | null) => (v ? formatDate(v) : '—') },
    { title: T.columns.total, dataIndex: 'totalAmount', width: 130, align: 'right', render: (v: number | null) => formatBRL(v) },
    ...(status === 'ENVIADA' ? [{ title: T.columns.sentTo, key: 'sentTo', width: 220, ellipsis: true, render: (_: unknown, r: Row) => (r.sentTo ? `${r.sentTo}${r.sentAt ? ` · ${formatDateTime(r.sentAt)}` : ''}` : '—') }] : []),
    ...(maySend ? [
      {
        title: T.columns.email, key: 'email', width: 230,
        render: (_: unknown, r: Row) => (
          <Input size="small" type="email" aria-label={T.emailLabel(r.number)} placeholder={r.supplier?.email ?? T.emailPlaceholder} value={emails[r.id] ?? ''} onChange={(e) => setEmails((m) => ({ ...m, [r.id]: e.target.value }))} />
        ),
      },
      {
        title: T.columns.action, key: 'action', width: 200,
        render: (_: unknown, r: Row) => (
          <Button size="small" type={status === 'APROVADA' ? 'primary' : 'default'} icon={<SendOutlined />} aria-label={T.sendLabel(r.number)} loading={busy === r.id} disabled={!!busy && busy !== r.id} onClick={() => void send(r)}>
            {status === 'APROVADA' ? T.send : T.resend}
          </Button>
        ),
      },
    ] : []),
  ];

  return (
    <>
      <PageHeader title={T.title} lead={T.lead} />
      <Card style={{ marginBottom: 16 }} styles={{ body: { padding: 16 } }}>
        <Space size={8}>
          <Typography.Text id="po-send-show">{T.show}</Typography.Text>
          <Segmented aria-labelledby="po-send-show" value={status} onChange={(v) => setSearch(v === 'ENVIADA' ? { mostrar: 'enviadas' } : {})} options={[{ value: 'APROVADA', label: T.toSend }, { value: 'ENVIADA', label: T.sent }]} />
        </Space>
      </Card>
      {list.isError ? (
        <Alert type="error" showIcon title={(list.error as Error).message} action={<Button size="small" onClick={() => void list.refetch()}>{T.retry}</Button>} />
      ) : list.isPending ? (
        <Card><Skeleton active /></Card>
      ) : !list.data.length ? (
        <Card><Empty description={T.empty} /></Card>
      ) : (
        <Card styles={{ body: { padding: 0 } }}>
          <Table<Row> rowKey="id" size="small" tableLayout="fixed" pagination={false} dataSource={list.data} columns={columns} />
        </Card>
      )}
    </>
  );
}

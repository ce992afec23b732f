import { FileSearchOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Modal, Segmented, Skeleton, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { formatBRL, formatDate } from '../../i18n/format.ts';
import { PROCUREMENT_QUEUES as Q, PROCUREMENT_UI as T } from '../../i18n/procurement-ui.ts';
import { useEngine } from '../../react/context.ts';
import { usePermissions } from '../../react/hooks.ts';
import { PageHeader } from '../../renderers/antd/pages/PageHeader.tsx';
import { useDocumentTitle } from '../../renderers/antd/screens/useDocumentTitle.ts';
import { notifyActionError, quotationQueue, quoteFromOrderLines, searchSuppliers, type QuotationLine } from './api.ts';
import { prompt } from './prompt.tsx';

const C = Q.columns;
const keyOf = (l: QuotationLine) => `${l.orderId}#${l.line}`;
export const formatQty = (n: number) => new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 6 }).format(n);

/**
 * /cotacoes/fila: approved order lines no live quote holds yet (`GET pricing/v1/quotation-queue`), grouped by
 * the product's department or its preferred supplier. The buyer picks lines (of one or several orders) and
 * creates one quote with them, choosing the suppliers to invite; the quote opens next.
 */
export default function QuotationQueuePage() {
  useDocumentTitle(Q.quotation.title);
  const engine = useEngine();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [modal, holder] = Modal.useModal();
  const [search, setSearch] = useSearchParams();
  const groupBy = search.get('agrupar') === 'fornecedor' ? 'supplier' : 'category';
  const query = useQuery({ queryKey: ['procurement', 'quotation-queue', groupBy], queryFn: () => quotationQueue(engine, groupBy) });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const { can } = usePermissions();
  const mayCreate = can('quotes', 'create');

  const lines = useMemo(() => (query.data?.groups ?? []).flatMap((g) => g.lines), [query.data]);
  const picked = lines.filter((l) => selected.has(keyOf(l)));
  const pickedTotal = picked.reduce((s, l) => s + Number(l.estimatedTotal ?? 0), 0);

  const create = async () => {
    const v = await prompt(modal, {
      title: T.createFrom.quoteTitleSelected, body: T.createFrom.quoteBody(picked.length), okText: T.createFrom.quoteOk,
      fields: [{ name: 'invitedSupplierIds', label: T.createFrom.suppliers, kind: 'search-many', required: true, requiredMessage: T.createFrom.suppliersRequired, search: (q) => searchSuppliers(engine, q) }],
    });
    if (!v) return;
    setBusy(true);
    try {
      const quote = await quoteFromOrderLines(engine, { lines: picked.map((l) => ({ orderId: l.orderId, line: l.line })), invitedSupplierIds: v.invitedSupplierIds as string[] });
      engine.snackbars.push({ type: 'success', message: T.createFrom.quoteDone(String(quote.number ?? '')) });
      await client.invalidateQueries({ queryKey: ['procurement'] });
      navigate(`/cotacoes/${encodeURIComponent(quote.id)}`);
    } catch (err) {
      notifyActionError(engine, err, T.actionFailed);
    } finally {
      setBusy(false);
    }
  };

  const columns: ColumnsType<QuotationLine> = [
    { title: C.order, dataIndex: 'orderNumber', width: 130, render: (v: string, l) => <Link to={`/pedidos/${encodeURIComponent(l.orderId)}`}>{v}</Link> },
    { title: C.line, dataIndex: 'line', width: 60, align: 'right' },
    { title: C.description, dataIndex: 'description', ellipsis: true },
    { title: C.quantity, dataIndex: 'quantity', width: 90, align: 'right', render: (v: number, l) => `${formatQty(v)} ${l.unit ?? ''}` },
    { title: C.unitPrice, dataIndex: 'unitPrice', width: 120, align: 'right', render: (v: number | null) => formatBRL(v) },
    { title: C.total, dataIndex: 'estimatedTotal', width: 130, align: 'right', render: (v: number | null) => formatBRL(v) },
    { title: C.neededBy, dataIndex: 'neededBy', width: 130, render: (v: string | null) => (v ? formatDate(v) : '—') },
    { title: C.priority, dataIndex: 'priority', width: 110, render: (v: string | null) => (v ? <Tag color={v === 'URGENTE' ? 'red' : v === 'ALTA' ? 'orange' : 'default'}>{Q.priority[v] ?? v}</Tag> : '—') },
  ];

  const toggle = (keys: string[], on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const k of keys) {
        if (on) next.add(k);
        else next.delete(k);
      }
      return next;
    });

  return (
    <>
      {holder}
      <PageHeader title={Q.quotation.title} lead={Q.quotation.lead} />
      <Card styles={{ body: { padding: 16 } }} style={{ marginBottom: 16 }}>
        <Space wrap size={16} style={{ width: '100%', justifyContent: 'space-between' }}>
          <Space size={8}>
            <Typography.Text id="quotation-group-by">{Q.quotation.groupBy}</Typography.Text>
            <Segmented
              aria-labelledby="quotation-group-by"
              value={groupBy}
              onChange={(v) => {
                setSelected(new Set());
                setSearch(v === 'supplier' ? { agrupar: 'fornecedor' } : {});
              }}
              options={[{ value: 'category', label: Q.quotation.byCategory }, { value: 'supplier', label: Q.quotation.bySupplier }]}
            />
          </Space>
          <Space size={12} wrap>
            <Typography.Text type="secondary" aria-live="polite" data-testid="quotation-selection">
              {picked.length ? Q.quotation.selected(picked.length, formatBRL(pickedTotal)) : query.data ? Q.quotation.count(query.data.count) : ''}
            </Typography.Text>
            {can('quotes', 'update') && <Link to="/cotacoes/adicionar-itens">{Q.quotation.addToOpen}</Link>}
            {mayCreate && (
              <Button type="primary" icon={<FileSearchOutlined />} disabled={!picked.length} loading={busy} onClick={() => void create()}>
                {picked.length ? Q.quotation.create(picked.length) : Q.quotation.none}
              </Button>
            )}
          </Space>
        </Space>
      </Card>
      {query.isError ? (
        <Alert type="error" showIcon title={(query.error as Error).message} action={<Button size="small" onClick={() => void query.refetch()}>{Q.retry}</Button>} />
      ) : query.isPending ? (
        <Card><Skeleton active /></Card>
      ) : !query.data.groups.length ? (
        <Card><Empty description={Q.quotation.empty} /></Card>
      ) : (
        query.data.groups.map((g) => (
          <Card key={g.key || 'none'} title={g.label} extra={<Typography.Text type="secondary">{formatBRL(g.total)}</Typography.Text>} style={{ marginBottom: 16 }} styles={{ body: { padding: 0 } }}>
            <Table<QuotationLine>
              rowKey={keyOf}
              size="small"
              tableLayout="fixed"
              pagination={false}
              dataSource={g.lines}
              columns={columns}
              rowSelection={mayCreate ? {
                selectedRowKeys: g.lines.map(keyOf).filter((k) => selected.has(k)),
                onSelect: (l, on) => toggle([keyOf(l)], on),
                onSelectAll: (on) => toggle(g.lines.map(keyOf), on),
                getCheckboxProps: (l) => ({ 'aria-label': `${l.orderNumber} item ${l.line}: ${l.description}` }),
              } : undefined}
            />
          </Card>
        ))
      )}
    </>
  );
}

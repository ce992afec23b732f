import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Skeleton, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { formatBRL, formatDate } from '../../i18n/format.ts';
import { PO_ADD_ITEMS_TEXT as T } from '../../i18n/procurement-quotes.ts';
import { PO_STATUS_LABELS } from '../../i18n/procurement-workflow.ts';
import { useEngine } from '../../react/context.ts';
import { usePermissions } from '../../react/hooks.ts';
import { useInvalidateResource } from '../../react/resources.ts';
import { PageHeader } from '../../renderers/antd/pages/PageHeader.tsx';
import { useDocumentTitle } from '../../renderers/antd/screens/useDocumentTitle.ts';
import { QueuedLinesCard, TargetCard, useKeySelection } from './AddItemsParts.tsx';
import { addLinesToPurchaseOrder, notifyActionError, pricing, purchaseOrderQueue, type PoQueueLine } from './api.ts';

const C = T.columns;
const keyOf = (l: PoQueueLine) => `${l.quoteId}#${l.quoteLine}`;
const qtyOf = (n: number) => new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 6 }).format(n);
const statusOf = (s: string) => PO_STATUS_LABELS[s] ?? s;

interface PoRow {
  id: string;
  number: string;
  version: number;
  status: string;
  supplierId: string;
  issueDate: string | null;
  totalAmount: number | null;
  items?: unknown[];
}
interface Company { id: string; legalName: string; tradeName: string | null }
type Engine = ReturnType<typeof useEngine>;

/** Company names by id (one call); without `companies:read` the page still works, showing no name. */
async function supplierNames(engine: Engine, ids: string[]): Promise<Map<string, string>> {
  const list = [...new Set(ids)];
  if (!list.length) return new Map();
  const rows = await engine.http.get<Company[]>(`${engine.api.service('companies')}/companies`, { params: { 'filter[id][in]': list, pageSize: 100 } }).catch(() => [] as Company[]);
  return new Map(rows.map((c) => [c.id, c.tradeName || c.legalName]));
}

/** Draft purchase orders (items still editable): the ones lines can go to, with their suppliers' names. */
async function draftOrders(engine: Engine) {
  const rows = await engine.http.get<PoRow[]>(pricing(engine, 'purchase-orders'), { params: { 'filter[status][eq]': 'RASCUNHO', sort: '-issueDate,-number', pageSize: 100 } });
  const names = await supplierNames(engine, rows.map((r) => r.supplierId));
  return rows.map((r) => ({ ...r, supplierName: names.get(r.supplierId) ?? '—' }));
}

function OrderPicker() {
  const engine = useEngine();
  const list = useQuery({ queryKey: ['procurement', 'purchase-orders-open-to-lines'], queryFn: () => draftOrders(engine) });
  if (list.isError) return <Alert type="error" showIcon title={(list.error as Error).message} action={<Button size="small" onClick={() => void list.refetch()}>{T.retry}</Button>} />;
  if (list.isPending) return <Card><Skeleton active /></Card>;
  if (!list.data.length) return <Card><Empty description={T.noOrders}><Link to="/ordens-de-compra/fila">{T.queue}</Link></Empty></Card>;
  type Row = (typeof list.data)[number];
  return (
    <Card title={T.pick} styles={{ body: { padding: 0 } }}>
      <Table<Row> rowKey="id" size="small" pagination={false} dataSource={list.data} columns={[
        { title: C.number, dataIndex: 'number', width: 140, render: (v: string, r) => <Link to={`/ordens-de-compra/adicionar-itens?ordem=${encodeURIComponent(r.id)}`} aria-label={`${T.open} — ${v}`}>{v}</Link> },
        { title: C.supplier, dataIndex: 'supplierName', ellipsis: true },
        { title: C.issueDate, dataIndex: 'issueDate', width: 120, render: (v: string | null) => (v ? formatDate(v) : '—') },
        { title: C.total, dataIndex: 'totalAmount', width: 140, align: 'right', render: (v: number | null) => formatBRL(v) },
      ]} />
    </Card>
  );
}

/** The chosen purchase order and its supplier's lines of the purchase-order queue with checkboxes. */
function AddItems({ id }: { id: string }) {
  const engine = useEngine();
  const client = useQueryClient();
  const navigate = useNavigate();
  const { can } = usePermissions();
  const invalidateResource = useInvalidateResource();
  const po = useQuery({
    queryKey: ['procurement', 'purchase-order', id],
    queryFn: async () => {
      const row = await engine.http.get<PoRow>(pricing(engine, `purchase-orders/${encodeURIComponent(id)}`));
      return { ...row, supplierName: (await supplierNames(engine, [row.supplierId])).get(row.supplierId) ?? null };
    },
    retry: false,
  });
  const queue = useQuery({ queryKey: ['procurement', 'purchase-order-queue'], queryFn: () => purchaseOrderQueue(engine) });
  const [selected, toggle] = useKeySelection();
  const [busy, setBusy] = useState(false);
  const [filter, setFilter] = useState('');
  const all = useMemo(() => (queue.data?.groups ?? []).flatMap((g) => g.lines), [queue.data]);
  const lines = useMemo(() => all.filter((l) => l.supplierId === po.data?.supplierId), [all, po.data?.supplierId]);
  const shown = useMemo(() => {
    const f = filter.trim().toLocaleLowerCase('pt-BR');
    return f ? lines.filter((l) => `${l.quoteNumber} ${l.description}`.toLocaleLowerCase('pt-BR').includes(f)) : lines;
  }, [lines, filter]);
  const error = po.error ?? queue.error;
  if (error) return (error as { status?: number }).status === 404 ? <Card><Empty description={T.notFound}><Link to="/ordens-de-compra/adicionar-itens">{T.other}</Link></Empty></Card>
    : <Alert type="error" showIcon title={(error as Error).message} action={<Button size="small" onClick={() => { void po.refetch(); void queue.refetch(); }}>{T.retry}</Button>} />;
  if (!po.data || !queue.data) return <Card><Skeleton active /></Card>;
  const order = po.data;
  const back = `/ordens-de-compra/${encodeURIComponent(order.id)}`;
  const status = statusOf(order.status);
  const mayAdd = order.status === 'RASCUNHO' && can('purchase-orders', 'update');
  const picked = lines.filter((l) => selected.has(keyOf(l)));
  const pickedTotal = picked.reduce((s, l) => s + Number(l.total ?? 0), 0);
  const supplier = order.supplierName ?? lines[0]?.supplierName ?? '—';
  const others = all.length - lines.length;

  const add = async () => {
    setBusy(true);
    try {
      await addLinesToPurchaseOrder(engine, order.id, order.version, picked.map((l) => ({ quoteId: l.quoteId, line: l.quoteLine })));
      // The record page (generic resource queries) may hold the version before the new lines.
      await Promise.all([client.invalidateQueries({ queryKey: ['procurement'] }), invalidateResource('purchase-orders'), invalidateResource('orders')]);
      engine.snackbars.push({ type: 'success', message: T.done(picked.length, order.number) });
      navigate(back);
    } catch (err) {
      notifyActionError(engine, err, T.closed(status));
      void po.refetch();
      void queue.refetch();
    } finally {
      setBusy(false);
    }
  };

  const columns: ColumnsType<PoQueueLine> = [
    { title: C.quote, dataIndex: 'quoteNumber', width: 130, render: (v: string, l) => <Link to={`/cotacoes/${encodeURIComponent(l.quoteId)}`}>{v}</Link> },
    { title: C.line, dataIndex: 'quoteLine', width: 60, align: 'right' },
    { title: C.description, dataIndex: 'description', ellipsis: true },
    { title: C.quantity, dataIndex: 'quantity', width: 120, align: 'right', render: (v: number, l) => `${qtyOf(v)} ${l.unit ?? ''}` },
    { title: C.unitPrice, dataIndex: 'unitPrice', width: 140, align: 'right', render: (v: number) => formatBRL(v) },
    { title: C.lineTotal, dataIndex: 'total', width: 140, align: 'right', render: (v: number) => formatBRL(v) },
  ];

  return (
    <>
      <TargetCard
        back={back}
        number={order.number}
        subject={supplier}
        status={status}
        current={T.current(order.items?.length ?? 0, formatBRL(order.totalAmount ?? 0))}
        selection={picked.length ? T.selected(picked.length, formatBRL(pickedTotal)) : T.count(lines.length)}
        selectionTestId="po-add-items-selection"
        mayAdd={mayAdd}
        picked={picked.length}
        busy={busy}
        onAdd={() => void add()}
        texts={T}
      />
      {order.status !== 'RASCUNHO' && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={T.closed(status)} />}
      {others > 0 && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={T.others(others)} />}
      <QueuedLinesCard<PoQueueLine>
        title={T.queued(supplier)}
        filter={filter}
        onFilter={setFilter}
        filterWidth={260}
        total={lines.length}
        shown={shown}
        columns={columns}
        keyOf={keyOf}
        selectable={mayAdd}
        selected={selected}
        toggle={toggle}
        selectLabel={(l) => T.select(l.quoteNumber, l.quoteLine, l.description)}
        texts={T}
      />
    </>
  );
}

/**
 * /ordens-de-compra/adicionar-itens[?ordem={id}]: lines awarded to the purchase order's supplier, waiting in the
 * purchase-order queue (of any quote), appended to a draft purchase order (`POST pricing/v1/purchase-orders/{id}/lines`,
 * D77); without `ordem`, the draft purchase orders to choose from.
 */
export default function PurchaseOrderAddItemsPage() {
  useDocumentTitle(T.title);
  const [search] = useSearchParams();
  const id = search.get('ordem');
  return (
    <>
      <PageHeader title={T.title} lead={T.lead} />
      {id ? <AddItems key={id} id={id} /> : <OrderPicker />}
    </>
  );
}

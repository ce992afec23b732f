import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Skeleton, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { formatBRL, formatDate } from '../../../i18n/format.ts';
import { PROCUREMENT_QUEUES as Q } from '../../../i18n/procurement-ui.ts';
import { ADD_ITEMS_TEXT as T, QUOTE_ANALYSIS_TEXT } from '../../../i18n/procurement-quotes.ts';
import { useEngine } from '../../../react/context.ts';
import { usePermissions } from '../../../react/hooks.ts';
import { useInvalidateResource } from '../../../react/resources.ts';
import { PageHeader } from '../../../renderers/antd/pages/PageHeader.tsx';
import { useDocumentTitle } from '../../../renderers/antd/screens/useDocumentTitle.ts';
import { addLinesToQuote, notifyActionError, pricing, quotationQueue, type QuotationLine } from '../api.ts';
import { QueuedLinesCard, TargetCard, useKeySelection } from '../AddItemsParts.tsx';
import { quoteOf, type QuoteRow } from './api.ts';

const C = Q.columns;
const keyOf = (l: QuotationLine) => `${l.orderId}#${l.line}`;
const qtyOf = (n: number) => new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 6 }).format(n);
type OpenQuote = QuoteRow & { items?: { total?: number | null }[]; estimatedTotal?: number | null };

/** Open quotes (items still editable): the ones lines can go to. */
function QuotePicker() {
  const engine = useEngine();
  const list = useQuery({ queryKey: ['procurement', 'quotes-open-to-lines'], queryFn: () => engine.http.get<QuoteRow[]>(pricing(engine, 'quotes'), { params: { 'filter[status][eq]': 'ABERTA', sort: '-openingDate,-number', pageSize: 100 } }) });
  if (list.isError) return <Alert type="error" showIcon title={(list.error as Error).message} action={<Button size="small" onClick={() => void list.refetch()}>{T.retry}</Button>} />;
  if (list.isPending) return <Card><Skeleton active /></Card>;
  if (!list.data.length) return <Card><Empty description={T.noQuotes}><Link to="/cotacoes/fila">{T.queue}</Link></Empty></Card>;
  return (
    <Card title={T.pick} styles={{ body: { padding: 0 } }}>
      <Table<QuoteRow> rowKey="id" size="small" pagination={false} dataSource={list.data} columns={[
        { title: QUOTE_ANALYSIS_TEXT.columns.number, dataIndex: 'number', width: 130, render: (v: string, q) => <Link to={`/cotacoes/adicionar-itens?cotacao=${encodeURIComponent(q.id)}`} aria-label={`${T.open} — ${v}`}>{v}</Link> },
        { title: QUOTE_ANALYSIS_TEXT.columns.title, dataIndex: 'title', ellipsis: true },
        { title: QUOTE_ANALYSIS_TEXT.columns.deadline, dataIndex: 'responseDeadline', width: 160, render: (v: string | null) => (v ? formatDate(v) : '—') },
      ]} />
    </Card>
  );
}

/** The chosen quote and the quotation queue with checkboxes; "Adicionar à cotação" sends the picks with its version. */
function AddItems({ id }: { id: string }) {
  const engine = useEngine();
  const client = useQueryClient();
  const navigate = useNavigate();
  const { can } = usePermissions();
  const invalidateResource = useInvalidateResource();
  const quote = useQuery({ queryKey: ['procurement', 'quote', id], queryFn: () => quoteOf(engine, id) as Promise<OpenQuote>, retry: false });
  const queue = useQuery({ queryKey: ['procurement', 'quotation-queue', 'category'], queryFn: () => quotationQueue(engine, 'category') });
  const [selected, toggle] = useKeySelection();
  const [busy, setBusy] = useState(false);
  const [filter, setFilter] = useState('');
  const lines = useMemo(() => (queue.data?.groups ?? []).flatMap((g) => g.lines), [queue.data]);
  const shown = useMemo(() => {
    const f = filter.trim().toLocaleLowerCase('pt-BR');
    return f ? lines.filter((l) => `${l.orderNumber} ${l.description} ${l.categoryName ?? ''}`.toLocaleLowerCase('pt-BR').includes(f)) : lines;
  }, [lines, filter]);
  const error = quote.error ?? queue.error;
  if (error) return (error as { status?: number }).status === 404 ? <Card><Empty description={T.notFound}><Link to="/cotacoes/adicionar-itens">{T.other}</Link></Empty></Card>
    : <Alert type="error" showIcon title={(error as Error).message} action={<Button size="small" onClick={() => { void quote.refetch(); void queue.refetch(); }}>{T.retry}</Button>} />;
  if (!quote.data || !queue.data) return <Card><Skeleton active /></Card>;
  const q = quote.data;
  const back = `/cotacoes/${encodeURIComponent(q.id)}`;
  const status = QUOTE_ANALYSIS_TEXT.statuses[q.status] ?? q.status;
  const mayAdd = q.status === 'ABERTA' && can('quotes', 'update');
  const picked = lines.filter((l) => selected.has(keyOf(l)));
  const pickedTotal = picked.reduce((s, l) => s + Number(l.estimatedTotal ?? 0), 0);

  const add = async () => {
    setBusy(true);
    try {
      await addLinesToQuote(engine, q.id, q.version, picked.map((l) => ({ orderId: l.orderId, line: l.line })));
      // The record page (generic resource queries) may hold the version before the new lines.
      await Promise.all([client.invalidateQueries({ queryKey: ['procurement'] }), invalidateResource('quotes'), invalidateResource('orders')]);
      engine.snackbars.push({ type: 'success', message: T.done(picked.length, q.number) });
      navigate(back);
    } catch (err) {
      notifyActionError(engine, err, T.closed(status));
      void quote.refetch();
      void queue.refetch();
    } finally {
      setBusy(false);
    }
  };

  const columns: ColumnsType<QuotationLine> = [
    { title: C.order, dataIndex: 'orderNumber', width: 130, render: (v: string, l) => <Link to={`/pedidos/${encodeURIComponent(l.orderId)}`}>{v}</Link> },
    { title: C.line, dataIndex: 'line', width: 60, align: 'right' },
    { title: C.description, dataIndex: 'description', ellipsis: true },
    { title: C.quantity, dataIndex: 'quantity', width: 100, align: 'right', render: (v: number, l) => `${qtyOf(v)} ${l.unit ?? ''}` },
    { title: C.total, dataIndex: 'estimatedTotal', width: 130, align: 'right', render: (v: number | null) => formatBRL(v) },
    { title: C.neededBy, dataIndex: 'neededBy', width: 120, render: (v: string | null) => (v ? formatDate(v) : '—') },
    { title: Q.quotation.byCategory, dataIndex: 'categoryName', width: 180, ellipsis: true, render: (v: string | null) => v ?? '—' },
  ];

  return (
    <>
      <TargetCard
        back={back}
        number={q.number}
        subject={q.title}
        status={status}
        current={T.current(q.items?.length ?? 0, formatBRL(q.estimatedTotal ?? 0))}
        selection={picked.length ? T.selected(picked.length, formatBRL(pickedTotal)) : Q.quotation.count(queue.data.count)}
        selectionTestId="add-items-selection"
        mayAdd={mayAdd}
        picked={picked.length}
        busy={busy}
        onAdd={() => void add()}
        texts={T}
      />
      {q.status !== 'ABERTA' && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={T.closed(status)} />}
      <QueuedLinesCard<QuotationLine>
        title={T.queued}
        filter={filter}
        onFilter={setFilter}
        filterWidth={280}
        total={lines.length}
        shown={shown}
        columns={columns}
        keyOf={keyOf}
        selectable={mayAdd}
        selected={selected}
        toggle={toggle}
        selectLabel={(l) => T.select(l.orderNumber, l.line, l.description)}
        texts={T}
      />
    </>
  );
}

/**
 * /cotacoes/adicionar-itens[?cotacao={id}]: approved order lines waiting in the quotation queue appended to an
 * open quote (`POST pricing/v1/quotes/{id}/lines`, D72); without `cotacao`, the open quotes to choose from.
 */
export default function AddItemsPage() {
  useDocumentTitle(T.title);
  const [search] = useSearchParams();
  const id = search.get('cotacao');
  return (
    <>
      <PageHeader title={T.title} lead={T.lead} />
      {id ? <AddItems key={id} id={id} /> : <QuotePicker />}
    </>
  );
}

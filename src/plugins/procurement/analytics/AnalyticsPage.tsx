import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Input, Row, Segmented, Skeleton, Space, Statistic, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useSearchParams } from 'react-router-dom';
import { formatBRL, formatDateTime } from '../../../i18n/format.ts';
import { CATALOG_TEXT, ORDER_ANALYTICS_TEXT as T } from '../../../i18n/procurement-catalog.ts';
import { useEngine } from '../../../react/context.ts';
import { usePermissions } from '../../../react/hooks.ts';
import { PageHeader } from '../../../renderers/antd/pages/PageHeader.tsx';
import { useDocumentTitle } from '../../../renderers/antd/screens/useDocumentTitle.ts';
import { OrdersNav } from '../catalog/parts.tsx';
import { listLink, OPEN_STATUSES, orderAnalytics, type OrderAnalytics } from './api.ts';

interface Row {
  key: string;
  label: string;
  count: number;
  amount: number;
  to: string;
}

/** Links inside running text are underlined (not told apart by colour alone: WCAG 1.4.1). */
const UNDERLINE = { textDecoration: 'underline' } as const;

/** A bar proportional to the largest row (decorative: the numbers beside it say the same). */
const Bar = ({ value, max }: { value: number; max: number }) => (
  <div aria-hidden style={{ background: '#f0f2f5', borderRadius: 4, height: 10, width: '100%' }}>
    <div style={{ width: `${max ? Math.round((value / max) * 100) : 0}%`, background: '#1f5aa6', height: 10, borderRadius: 4 }} />
  </div>
);

function Breakdown({ title, column, rows, testId }: { title: string; column: string; rows: Row[]; testId: string }) {
  const max = Math.max(0, ...rows.map((r) => r.count));
  const columns: ColumnsType<Row> = [
    { title: column, dataIndex: 'label', render: (v: string, r) => (r.count ? <Link to={r.to} aria-label={T.seeLabel(v)}>{v}</Link> : v) },
    { title: T.count, dataIndex: 'count', width: 90, align: 'right' },
    { title: T.share, key: 'bar', width: '25%', render: (_, r) => <Bar value={r.count} max={max} /> },
    { title: T.amount, dataIndex: 'amount', width: 150, align: 'right', render: (v: number) => formatBRL(v) },
  ];
  return (
    <Card size="small" title={title} styles={{ body: { padding: 0 } }} data-testid={testId}>
      <Table<Row> rowKey="key" size="small" pagination={false} dataSource={rows} columns={columns} locale={{ emptyText: T.none }} />
    </Card>
  );
}

function Approvers({ data }: { data: OrderAnalytics['byApprover'] }) {
  if (!data.length) return <Card size="small" title={T.byApprover} data-testid="analytics-approvers"><Empty description={T.noneWaiting} /></Card>;
  return (
    <Card size="small" title={T.byApprover} data-testid="analytics-approvers">
      {data.map((g) => (
        <section key={`${g.approvalId}:${g.stageId ?? ''}`} style={{ marginBottom: 16 }} aria-label={`${g.approvalName}${g.stageName ? ` — ${g.stageName}` : ''}`}>
          <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
            <Typography.Text strong>{g.approvalName}{g.stageName ? ` — ${g.stageName}` : ''}</Typography.Text>
            <Typography.Text>{g.count} · {formatBRL(g.amount)}</Typography.Text>
          </Space>
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0' }}>
            {T.approvers}: {g.approvers.length ? g.approvers.join(', ') : '—'} · {T.waiting} {formatDateTime(g.oldestSince)} · <Link to={`/filas-de-aprovacao/${encodeURIComponent(g.approvalId)}`} style={UNDERLINE}>{T.openQueue}</Link>
          </Typography.Paragraph>
          <ul style={{ margin: 0, paddingLeft: 18 }}>
            {g.orders.map((o) => (
              <li key={o.id}><Link to={`/pedidos/${encodeURIComponent(o.id)}`} style={UNDERLINE}>{o.number}</Link> — {o.title} · {formatBRL(o.amount)} · {formatDateTime(o.since)}</li>
            ))}
          </ul>
        </section>
      ))}
    </Card>
  );
}

const max = (a: string | null | undefined, b: string | null | undefined) => (!a ? b : !b ? a : a > b ? a : b);
const min = (a: string | null | undefined, b: string | null | undefined) => (!a ? b : !b ? a : a < b ? a : b);

/**
 * /pedidos/analises: the requester's ("Meus pedidos") or the buyer's ("Todos do meu escopo") view of the orders
 * of a period by status, by age of the open ones, by amount and by the approval stage they wait in
 * (GET supply-management/v1/orders/analytics, D64). Every count opens /pedidos/lista with the same filter;
 * the waiting orders open their record.
 */
export default function AnalyticsPage() {
  useDocumentTitle(T.title);
  const engine = useEngine();
  const { user, can } = usePermissions();
  const [params, setParams] = useSearchParams();
  const buyer = can('quotes', 'create') || can('orders', 'approve');
  const view = params.get('visao') ?? (buyer ? 'todos' : 'meus');
  const mine = view !== 'todos';
  const from = params.get('de') ?? '';
  const to = params.get('ate') ?? '';
  const query = useQuery({
    queryKey: ['procurement', 'order-analytics', mine, from, to],
    queryFn: ({ signal }) => orderAnalytics(engine, { mine, from: from || undefined, to: to || undefined }, signal),
    placeholderData: keepPreviousData,
  });
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const base = { mine, userId: user?.id, from: from || undefined, to: to || undefined };
  const d = query.data;
  const openCount = d?.byStatus.filter((s) => OPEN_STATUSES.includes(s.status)).reduce((s, r) => s + r.count, 0) ?? 0;
  const status: Row[] = (d?.byStatus ?? []).map((s) => ({ key: s.status, label: T.statuses[s.status] ?? s.status, count: s.count, amount: s.amount, to: listLink(base, [['filter[status][in]', s.status]]) }));
  const age: Row[] = (d?.byAge ?? []).map((b) => ({
    key: String(b.minDays), label: T.age(b.minDays, b.maxDays), count: b.count, amount: b.amount,
    to: listLink(base, [...OPEN_STATUSES.map((s): [string, string] => ['filter[status][in]', s]), ['filter[requestDate][between]', max(b.fromDate, base.from) ?? '2000-01-01'], ['filter[requestDate][between]', min(b.toDate, base.to) ?? b.toDate]]),
  }));
  const amount: Row[] = (d?.byAmount ?? []).map((b, i) => ({
    key: String(b.min), label: T.range(formatBRL(b.min), b.max === null ? null : formatBRL(b.max), i === 0), count: b.count, amount: b.amount,
    to: listLink(base, [['filter[estimatedTotal][between]', b.min], ['filter[estimatedTotal][between]', b.max ?? 999_999_999_999]]),
  }));

  return (
    <>
      <PageHeader title={T.title} lead={T.lead} />
      <OrdersNav />
      <Card size="small" style={{ marginBottom: 16 }}>
        <Space wrap size={16}>
          <Space size={8}>
            <Typography.Text id="analytics-view">{T.view}</Typography.Text>
            <Segmented aria-labelledby="analytics-view" value={view} onChange={(v) => set('visao', String(v))} options={[{ value: 'meus', label: T.mine }, { value: 'todos', label: T.all }]} />
          </Space>
          <label>{T.from} <Input type="date" value={from} max={to || undefined} onChange={(e) => set('de', e.target.value)} style={{ width: 160 }} /></label>
          <label>{T.to} <Input type="date" value={to} min={from || undefined} onChange={(e) => set('ate', e.target.value)} style={{ width: 160 }} /></label>
          {(from || to) && <Button onClick={() => { set('de', ''); set('ate', ''); }}>{T.clear}</Button>}
        </Space>
      </Card>
      {query.isError ? (
        <Alert type="error" showIcon title={(query.error as Error).message} action={<Button size="small" onClick={() => void query.refetch()}>{CATALOG_TEXT.retry}</Button>} />
      ) : !d ? (
        <Card><Skeleton active /></Card>
      ) : (
        <div aria-busy={query.isFetching}>
          <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
            <Col xs={24} sm={8}><Card size="small"><Statistic title={T.total} value={d.total.count} /></Card></Col>
            <Col xs={24} sm={8}><Card size="small"><Statistic title={T.amount} value={formatBRL(d.total.amount)} /></Card></Col>
            <Col xs={24} sm={8}><Card size="small"><Statistic title={T.open} value={openCount} /></Card></Col>
          </Row>
          {!d.total.count ? (
            <Card><Empty description={T.none} /></Card>
          ) : (
            <Row gutter={[16, 16]}>
              <Col xs={24} xl={12}><Breakdown title={T.byStatus} column={T.status} rows={status} testId="analytics-status" /></Col>
              <Col xs={24} xl={12}><Breakdown title={T.byAge} column={T.ageColumn} rows={age} testId="analytics-age" /></Col>
              <Col xs={24} xl={12}><Breakdown title={T.byAmount} column={T.amountColumn} rows={amount} testId="analytics-amount" /></Col>
              <Col xs={24} xl={12}><Approvers data={d.byApprover} /></Col>
            </Row>
          )}
        </div>
      )}
    </>
  );
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Segmented, Skeleton, Space, Table, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { formatBRL, formatDate, formatDateTime } from '../../../i18n/format.ts';
import { PROPOSALS_TEXT as T } from '../../../i18n/procurement-quotes.ts';
import { useEngine } from '../../../react/context.ts';
import { PageHeader } from '../../../renderers/antd/pages/PageHeader.tsx';
import { useDocumentTitle } from '../../../renderers/antd/screens/useDocumentTitle.ts';
import { proposals, type QuoteRequest } from './proposals-api.ts';

const FILTERS: Record<string, string[] | null> = { todos: null, aguardando: ['PENDENTE'], recebidos: ['RECEBIDO', 'VENCEDOR', 'PERDEDOR'] };

/**
 * /cotacoes/orcamentos: every supplier's proposal of the quotes in the caller's scope (GET pricing/v1/quote-requests),
 * filtered by waiting / received (`?mostrar=`); each opens /cotacoes/orcamentos/{requestId}.
 */
export default function ProposalsPage() {
  useDocumentTitle(T.title);
  const engine = useEngine();
  const [params, setParams] = useSearchParams();
  const asked = params.get('mostrar') ?? '';
  const show = Object.hasOwn(FILTERS, asked) ? asked : 'todos';
  const list = useQuery({ queryKey: ['procurement', 'proposals', show], queryFn: () => proposals(engine, FILTERS[show]), placeholderData: keepPreviousData });
  return (
    <>
      <PageHeader title={T.title} lead={T.lead} />
      <Card size="small" style={{ marginBottom: 16 }}>
        <Space size={8}>
          <Typography.Text id="proposals-filter">{T.filter}</Typography.Text>
          <Segmented aria-labelledby="proposals-filter" value={show} onChange={(v) => setParams(v === 'todos' ? {} : { mostrar: String(v) }, { replace: true })}
            options={[{ value: 'todos', label: T.all }, { value: 'aguardando', label: T.waiting }, { value: 'recebidos', label: T.received }]} />
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
          <Table<QuoteRequest> rowKey="id" size="small" dataSource={list.data} pagination={{ pageSize: 25, showSizeChanger: false }} aria-busy={list.isFetching} columns={[
            { title: T.columns.label, dataIndex: 'label', render: (v: string, r) => <Link to={`/cotacoes/orcamentos/${encodeURIComponent(r.id)}`}>{v}</Link> },
            { title: T.columns.status, dataIndex: 'status', width: 170, render: (v: string) => T.statuses[v] ?? v },
            { title: T.columns.channel, dataIndex: 'channel', width: 150, render: (v: string | null) => (v ? T.channels[v] ?? v : '—') },
            { title: T.columns.receivedAt, dataIndex: 'receivedAt', width: 160, render: (v: string | null) => (v ? formatDateTime(v) : '—') },
            { title: T.columns.validUntil, dataIndex: 'validUntil', width: 120, render: (v: string | null) => (v ? formatDate(v) : '—') },
            { title: T.columns.total, dataIndex: 'totalAmount', width: 140, align: 'right', render: (v: number, r) => (r.receivedAt ? formatBRL(v) : '—') },
          ]} />
        </Card>
      )}
    </>
  );
}

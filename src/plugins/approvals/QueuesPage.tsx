import { useState } from 'react';
import { Alert, Badge, Button, Card, Col, Empty, Row, Skeleton, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { APPROVAL_TEXT } from '../../i18n/approvals.ts';
import { PageHeader } from '../../renderers/antd/pages/PageHeader.tsx';
import { usePending, useQueues, type QueueSummary } from './api.ts';
import { RequestsTable } from './RequestsTable.tsx';

function Count({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <div>
      <div style={{ fontSize: 24, fontWeight: 600, fontVariantNumeric: 'tabular-nums', color: strong && value ? '#1f5aa6' : undefined }}>{value}</div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>{label}</Typography.Text>
    </div>
  );
}

function QueueCard({ queue }: { queue: QueueSummary }) {
  return (
    <Card style={{ height: '100%' }}>
      <Typography.Title level={4} style={{ fontSize: 16, margin: '0 0 4px' }}>
        <Link to={`/filas-de-aprovacao/${queue.id}`}>{queue.name}</Link>
      </Typography.Title>
      <div style={{ minHeight: 22, marginBottom: 8 }}>
        {queue.isApprover && <Tag color="blue">{APPROVAL_TEXT.youApprove}</Tag>}
        {!queue.active && <Tag>{APPROVAL_TEXT.inactive}</Tag>}
      </div>
      {queue.description && <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }}>{queue.description}</Typography.Paragraph>}
      <div style={{ display: 'flex', gap: 32, marginBottom: 12 }}>
        <Count label={APPROVAL_TEXT.pending} value={queue.pending} />
        <Count label={APPROVAL_TEXT.waitingYou} value={queue.waitingForMe} strong />
      </div>
      <ol style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={APPROVAL_TEXT.stages}>
        {queue.stages.map((s) => (
          <li key={s.id} style={{ display: 'flex', justifyContent: 'space-between', gap: 8, padding: '6px 0', borderTop: '1px solid #eef1f5' }}>
            <Link to={`/filas-de-aprovacao/${queue.id}/etapas/${s.id}`}>
              {s.order}. {s.name}
            </Link>
            <span>
              <Badge count={s.pending} showZero color={s.pending ? '#1f5aa6' : '#c9d1dc'} title={APPROVAL_TEXT.pendingCount(s.pending)} />
            </span>
          </li>
        ))}
      </ol>
    </Card>
  );
}

/** /filas-de-aprovacao: what waits for the person ("Minhas pendências") and every queue with its pending counts. */
export default function QueuesPage() {
  const [page, setPage] = useState(1);
  const queues = useQueues();
  const pending = usePending(page);
  const error = queues.error ?? pending.error;
  const retry = () => void Promise.all([queues.refetch(), pending.refetch()]);

  return (
    <>
      <PageHeader title={APPROVAL_TEXT.title} lead={APPROVAL_TEXT.lead} />
      {error ? (
        <Alert type="error" showIcon title={(error as Error).message} action={<Button size="small" onClick={retry}>{APPROVAL_TEXT.retry}</Button>} style={{ marginBottom: 24 }} />
      ) : null}
      <Card
        title={<span>{APPROVAL_TEXT.mine} {pending.data ? <Badge count={pending.data.total} showZero color={pending.data.total ? '#1f5aa6' : '#c9d1dc'} /> : null}</span>}
        style={{ marginBottom: 24 }}
      >
        <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>{APPROVAL_TEXT.mineLead}</Typography.Paragraph>
        {!pending.data && !pending.error ? (
          <Skeleton active />
        ) : (
          <RequestsTable
            items={pending.data?.items ?? []}
            loading={pending.isFetching && !pending.data}
            show={{ queue: true, stage: true, actions: true }}
            emptyText={APPROVAL_TEXT.mineEmpty}
            pagination={pending.data && { page, total: pending.data.total, pageSize: 50, onChange: setPage }}
          />
        )}
      </Card>
      <section aria-labelledby="approval-queues-title">
        <Typography.Title level={3} id="approval-queues-title" style={{ fontSize: 18 }}>{APPROVAL_TEXT.queuesSection}</Typography.Title>
        {!queues.data && !queues.error ? (
          <Card><Skeleton active /></Card>
        ) : !queues.data?.length ? (
          <Card><Empty description={APPROVAL_TEXT.queuesEmpty} /></Card>
        ) : (
          <Row gutter={[16, 16]}>
            {queues.data.map((q) => (
              <Col key={q.id} xs={24} md={12} xl={8}>
                <QueueCard queue={q} />
              </Col>
            ))}
          </Row>
        )}
      </section>
    </>
  );
}

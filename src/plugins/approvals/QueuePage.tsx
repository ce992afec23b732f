import { useState } from 'react';
import { Alert, Button, Card, Segmented, Skeleton, Steps, Typography } from 'antd';
import { Link, useLocation, useParams } from 'react-router-dom';
import { APPROVAL_TEXT } from '../../i18n/approvals.ts';
import { PageHeader } from '../../renderers/antd/pages/PageHeader.tsx';
import { NotFoundPage } from '../../renderers/antd/pages/NotFoundPage.tsx';
import { useQueue, useQueueRequests, type QueueSummary } from './api.ts';
import { RequestsTable } from './RequestsTable.tsx';


/** The queue's stages in order, each with its approvers, rule and pending count, linking to the stage page. */
export function StageSteps({ queue, current }: { queue: QueueSummary; current?: string }) {
  return (
    <Steps
      size="small"
      current={current ? queue.stages.findIndex((s) => s.id === current) : -1}
      items={queue.stages.map((s) => ({
        status: s.id === current ? 'process' : 'wait',
        title: <Link to={`/filas-de-aprovacao/${queue.id}/etapas/${s.id}`}>{s.name}</Link>,
        subTitle: APPROVAL_TEXT.pendingCount(s.pending),
        content: (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {APPROVAL_TEXT.rule[s.rule]} · {s.approvers.map((a) => a.name).join(', ') || '—'}
          </Typography.Text>
        ),
      }))}
    />
  );
}

/** /filas-de-aprovacao/{approvalId}: the queue's requests with stage, amount, record link and age, by status. */
export default function QueuePage() {
  const approvalId = useParams().approvalId ?? '';
  const { pathname } = useLocation();
  const [status, setStatus] = useState('PENDENTE');
  const [page, setPage] = useState(1);
  const queue = useQueue(approvalId);
  const requests = useQueueRequests(approvalId, { status, page });
  const notFound = (queue.error as { status?: number } | null)?.status === 404;
  if (notFound) return <NotFoundPage path={pathname} />;
  const error = queue.error ?? requests.error;

  return (
    <>
      <PageHeader
        title={queue.data?.name ?? APPROVAL_TEXT.title}
        lead={queue.data?.description ?? undefined}
        back={{ to: '/filas-de-aprovacao', label: APPROVAL_TEXT.back }}
      />
      {error ? (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} title={(error as Error).message} action={<Button size="small" onClick={() => void Promise.all([queue.refetch(), requests.refetch()])}>{APPROVAL_TEXT.retry}</Button>} />
      ) : null}
      <Card style={{ marginBottom: 16 }} title={APPROVAL_TEXT.stages}>
        {queue.data ? <StageSteps queue={queue.data} /> : <Skeleton active paragraph={{ rows: 1 }} />}
      </Card>
      <Card>
        <Segmented
          options={[...APPROVAL_TEXT.statusFilter]}
          value={status}
          onChange={(v) => {
            setStatus(String(v));
            setPage(1);
          }}
          style={{ marginBottom: 16 }}
          aria-label={APPROVAL_TEXT.status}
        />
        {!requests.data && !requests.error ? (
          <Skeleton active />
        ) : (
          <RequestsTable
            items={requests.data?.items ?? []}
            loading={requests.isFetching}
            show={{ stage: true, status: status !== 'PENDENTE', actions: status === 'PENDENTE' }}
            emptyText={APPROVAL_TEXT.requestsEmpty}
            pagination={requests.data && { page, total: requests.data.total, pageSize: 50, onChange: setPage }}
          />
        )}
      </Card>
    </>
  );
}

import { Alert, Button, Empty, Skeleton, Tag, Timeline, Typography } from 'antd';
import { APPROVAL_DECISION_LABELS, APPROVAL_TEXT } from '../../i18n/approvals.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { useRequestDetail } from './api.ts';

const STAGE_COLOR: Record<string, string> = { APROVADA: 'green', REJEITADA: 'red', CANCELADA: 'default', ATUAL: 'blue', AGUARDANDO: 'default' };

/** A request's path through its queue: each stage with where it stands, then every decision with its comment. */
export function DecisionHistory({ requestId }: { requestId: string }) {
  const detail = useRequestDetail(requestId, true);
  if (detail.error) {
    return <Alert type="error" showIcon title={(detail.error as Error).message} action={<Button size="small" onClick={() => void detail.refetch()}>{APPROVAL_TEXT.retry}</Button>} />;
  }
  if (!detail.data) return <Skeleton active paragraph={{ rows: 2 }} />;
  const { stages, decisions, request } = detail.data;
  return (
    <section aria-label={APPROVAL_TEXT.history} style={{ padding: '4px 8px' }}>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginBottom: 12 }}>
        {stages.map((s) => (
          <Tag key={s.id} color={STAGE_COLOR[s.status]}>
            {s.order}. {s.name} — {APPROVAL_TEXT.stageStatus[s.status] ?? s.status}
          </Tag>
        ))}
      </div>
      {request.reason && (
        <Alert
          type={request.status === 'REJEITADO' ? 'error' : 'info'}
          showIcon
          style={{ marginBottom: 12 }}
          title={`${APPROVAL_TEXT.reason}: ${request.reason}`}
        />
      )}
      {!decisions.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={APPROVAL_TEXT.historyEmpty} />
      ) : (
        <Timeline
          items={decisions.map((d) => ({
            key: d.id,
            color: d.decision === 'APROVAR' ? 'green' : 'red',
            content: (
              <div>
                <Typography.Text strong>{d.approver?.name ?? '—'}</Typography.Text>{' '}
                {d.actingFor && <Typography.Text type="secondary">({APPROVAL_TEXT.actingForNote(d.actingFor.name)}) </Typography.Text>}
                <Typography.Text>{(APPROVAL_DECISION_LABELS[d.decision] ?? d.decision).toLowerCase()}</Typography.Text>
                {d.stageName && <Typography.Text type="secondary"> · {d.stageName}</Typography.Text>}
                <Typography.Text type="secondary"> · {formatDateTime(d.createdAt)}</Typography.Text>
                {d.comment && <Typography.Paragraph style={{ margin: '2px 0 0' }}>“{d.comment}”</Typography.Paragraph>}
              </div>
            ),
          }))}
        />
      )}
    </section>
  );
}

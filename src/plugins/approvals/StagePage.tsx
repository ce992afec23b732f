import { useMemo, useState, type Key } from 'react';
import { CheckOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Input, Modal, Skeleton, Tag, Typography } from 'antd';
import { useLocation, useParams } from 'react-router-dom';
import { APPROVAL_TEXT } from '../../i18n/approvals.ts';
import { formatBRL, formatDate } from '../../i18n/format.ts';
import { useEngine } from '../../react/context.ts';
import { NotFoundPage } from '../../renderers/antd/pages/NotFoundPage.tsx';
import { PageHeader } from '../../renderers/antd/pages/PageHeader.tsx';
import { useBulkApprove, useQueue, useQueueRequests, type RequestItem } from './api.ts';
import { StageSteps } from './QueuePage.tsx';
import { RequestsTable } from './RequestsTable.tsx';

/**
 * /filas-de-aprovacao/{approvalId}/etapas/{approvalStageId}: the requests waiting at one stage, each with
 * Aprovar / Reprovar and its history, and "Aprovar selecionadas" (confirmed, with the total) for the rows the
 * person may decide.
 */
export default function StagePage() {
  const { approvalId = '', approvalStageId = '' } = useParams();
  const { pathname } = useLocation();
  const { snackbars, notifyError } = useEngine();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Key[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [comment, setComment] = useState('');
  const queue = useQueue(approvalId);
  const requests = useQueueRequests(approvalId, { stageId: approvalStageId, status: 'PENDENTE', page });
  const bulk = useBulkApprove();
  const stage = queue.data?.stages.find((s) => s.id === approvalStageId);
  const chosen = useMemo(() => (requests.data?.items ?? []).filter((r) => selected.includes(r.id) && r.canDecide), [requests.data, selected]);

  if ((queue.error as { status?: number } | null)?.status === 404 || (queue.data && !stage)) return <NotFoundPage path={pathname} />;
  const error = queue.error ?? requests.error;

  async function approveSelected(items: RequestItem[]) {
    try {
      const { results } = await bulk.mutateAsync({ items, comment: comment.trim() || undefined });
      const failed = results.filter((r) => !r.ok);
      snackbars.push({ type: failed.length ? 'warning' : 'success', status: 200, message: APPROVAL_TEXT.bulkDone(results.length - failed.length, failed.length) });
      for (const f of failed.slice(0, 2)) if (f.message) snackbars.push({ type: 'error', status: 409, message: f.message });
      setSelected([]);
      setConfirming(false);
      setComment('');
    } catch (err) {
      notifyError(err);
    }
  }

  return (
    <>
      <PageHeader
        title={stage ? `${APPROVAL_TEXT.stage} ${stage.order} — ${stage.name}` : APPROVAL_TEXT.stage}
        lead={queue.data?.name}
        back={{ to: `/filas-de-aprovacao/${approvalId}`, label: APPROVAL_TEXT.backToQueue }}
        actions={
          <Button type="primary" icon={<CheckOutlined />} disabled={!chosen.length} onClick={() => setConfirming(true)}>
            {APPROVAL_TEXT.approveSelected(chosen.length)}
          </Button>
        }
      />
      {error ? (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} title={(error as Error).message} action={<Button size="small" onClick={() => void Promise.all([queue.refetch(), requests.refetch()])}>{APPROVAL_TEXT.retry}</Button>} />
      ) : null}
      <Card style={{ marginBottom: 16 }}>
        {queue.data && stage ? (
          <>
            <StageSteps queue={queue.data} current={stage.id} />
            <Descriptions size="small" column={{ xs: 1, md: 2 }} style={{ marginTop: 16 }}>
              <Descriptions.Item label={APPROVAL_TEXT.approvers}>{stage.approvers.map((a) => a.name).join(', ') || '—'}</Descriptions.Item>
              <Descriptions.Item label={APPROVAL_TEXT.ruleLabel}>
                {APPROVAL_TEXT.rule[stage.rule]} {stage.isApprover && <Tag color="blue" style={{ marginLeft: 8 }}>{APPROVAL_TEXT.youApprove}</Tag>}
              </Descriptions.Item>
              {stage.substitute && (
                <Descriptions.Item label={APPROVAL_TEXT.substitution}>
                  {APPROVAL_TEXT.substitute(stage.substitute.name, formatDate(stage.substitute.from), formatDate(stage.substitute.until))}
                </Descriptions.Item>
              )}
            </Descriptions>
          </>
        ) : (
          <Skeleton active paragraph={{ rows: 2 }} />
        )}
      </Card>
      <Card>
        {!requests.data && !requests.error ? (
          <Skeleton active />
        ) : (
          <RequestsTable
            items={requests.data?.items ?? []}
            loading={requests.isFetching}
            show={{ actions: true }}
            emptyText={APPROVAL_TEXT.stageEmpty}
            selection={{ keys: selected, onChange: setSelected }}
            pagination={requests.data && { page, total: requests.data.total, pageSize: 50, onChange: setPage }}
          />
        )}
      </Card>
      <Modal
        open={confirming}
        title={APPROVAL_TEXT.bulkTitle(chosen.length)}
        okText={APPROVAL_TEXT.confirmApprove}
        okButtonProps={{ loading: bulk.isPending }}
        cancelText={APPROVAL_TEXT.cancel}
        onOk={() => void approveSelected(chosen)}
        onCancel={() => setConfirming(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>{APPROVAL_TEXT.bulkLead}</Typography.Paragraph>
        <ul style={{ maxHeight: 220, overflow: 'auto', paddingLeft: 20 }}>
          {chosen.map((r) => (
            <li key={r.id}>
              {r.recordLabel} — {formatBRL(r.amount)}
            </li>
          ))}
        </ul>
        <Typography.Paragraph strong>{APPROVAL_TEXT.total(formatBRL(chosen.reduce((n, r) => n + (r.amount ?? 0), 0)))}</Typography.Paragraph>
        <label htmlFor="bulk-comment" style={{ display: 'block', marginBottom: 4 }}>{APPROVAL_TEXT.commentOptional}</label>
        <Input.TextArea id="bulk-comment" rows={2} maxLength={1000} value={comment} onChange={(e) => setComment(e.target.value)} />
      </Modal>
    </>
  );
}

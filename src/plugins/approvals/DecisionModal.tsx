import { useId, useState } from 'react';
import { Descriptions, Input, Modal, Select, Typography } from 'antd';
import { APPROVAL_MESSAGES, APPROVAL_TEXT } from '../../i18n/approvals.ts';
import { formatBRL } from '../../i18n/format.ts';
import { useEngine } from '../../react/context.ts';
import { useDecide, type RequestItem } from './api.ts';

export type DecisionKind = 'APROVAR' | 'REJEITAR';

/**
 * The confirmation of one decision: what is being decided, a comment (required to reject, shown to the
 * requester), and — for a substitute — whom they decide for. Enter in the comment does not submit; the
 * primary button does (Esc cancels). Mounted per decision (keyed by item and kind), so it always starts empty.
 */
export function DecisionModal({ item, kind, onClose }: { item: RequestItem; kind: DecisionKind; onClose: () => void }) {
  const { snackbars, notifyError } = useEngine();
  const decide = useDecide();
  const [comment, setComment] = useState('');
  const [actingForId, setActingForId] = useState<string | undefined>(item.actingFor[0]?.id);
  const [error, setError] = useState<string | null>(null);
  const commentId = useId();
  const reject = kind === 'REJEITAR';

  async function confirm() {
    const text = comment.trim();
    if (reject && !text) {
      setError(APPROVAL_MESSAGES.commentRequired);
      return;
    }
    try {
      await decide.mutateAsync({ item, input: { decision: kind, ...(text ? { comment: text } : {}), ...(actingForId ? { actingForId } : {}) } });
      snackbars.push({ type: 'success', status: 201, message: reject ? APPROVAL_TEXT.rejected : APPROVAL_TEXT.approved });
      onClose();
    } catch (err) {
      const fields = (err as { body?: { errors?: Record<string, string[]> } }).body?.errors;
      if (fields?.comment) setError(fields.comment[0]);
      else notifyError(err);
    }
  }

  return (
    <Modal
      open
      title={reject ? APPROVAL_TEXT.rejectTitle : APPROVAL_TEXT.approveTitle}
      okText={reject ? APPROVAL_TEXT.confirmReject : APPROVAL_TEXT.confirmApprove}
      okButtonProps={{ danger: reject, loading: decide.isPending }}
      cancelText={APPROVAL_TEXT.cancel}
      onOk={() => void confirm()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={APPROVAL_TEXT.record}>{item.recordLabel}</Descriptions.Item>
        <Descriptions.Item label={APPROVAL_TEXT.amount}>{formatBRL(item.amount)}</Descriptions.Item>
        <Descriptions.Item label={APPROVAL_TEXT.stage}>{item.stageName}</Descriptions.Item>
        {item.requester && <Descriptions.Item label={APPROVAL_TEXT.requester}>{item.requester.name}</Descriptions.Item>}
      </Descriptions>
      {item.actingFor.length > 0 && (
        <div style={{ marginBottom: 12 }}>
          <label htmlFor={`${commentId}-for`} style={{ display: 'block', marginBottom: 4 }}>{APPROVAL_TEXT.actingFor}</label>
          <Select
            id={`${commentId}-for`}
            style={{ width: '100%' }}
            value={actingForId}
            onChange={setActingForId}
            options={item.actingFor.map((p) => ({ value: p.id, label: p.name }))}
          />
        </div>
      )}
      <label htmlFor={commentId} style={{ display: 'block', marginBottom: 4 }}>
        {reject ? `${APPROVAL_TEXT.reason} *` : APPROVAL_TEXT.commentOptional}
      </label>
      <Input.TextArea
        id={commentId}
        autoFocus
        rows={3}
        maxLength={1000}
        value={comment}
        status={error ? 'error' : undefined}
        aria-invalid={!!error}
        aria-describedby={`${commentId}-help`}
        onChange={(e) => {
          setComment(e.target.value);
          if (error) setError(null);
        }}
      />
      <Typography.Text id={`${commentId}-help`} type={error ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
        {error ?? (reject ? APPROVAL_TEXT.reasonHelp : '')}
      </Typography.Text>
    </Modal>
  );
}

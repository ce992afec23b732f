import { Button, Form, Input, Space, Typography } from 'antd';
import type { HookAPI } from 'antd/es/modal/useModal';
import type { ReactNode } from 'react';
import { WORKFLOW_MESSAGES, WORKFLOW_TEXT } from '../../i18n/finance-workflow.ts';

interface AskOptions {
  title: string;
  okText: string;
  /** A motive is mandatory (cancelar, devolver, estornar, contestar). */
  required?: boolean;
  /** "Motivo" or "Comentário". */
  label?: string;
  /** Text above the field (what will happen). */
  body?: ReactNode;
  danger?: boolean;
}

interface CommentFormProps {
  label: string;
  required: boolean;
  body?: ReactNode;
  okText: string;
  danger?: boolean;
  onSubmit: (comment: string | null) => void;
  onCancel: () => void;
}

/** The motive/comment field with its own buttons: submitting validates through antd's Form (no promise-driven OK). */
function CommentForm({ label, required, body, okText, danger, onSubmit, onCancel }: CommentFormProps) {
  const [form] = Form.useForm<{ comment?: string }>();
  return (
    <Form form={form} layout="vertical" style={{ marginTop: 12 }} requiredMark={required} onFinish={(v) => onSubmit(v.comment?.trim() || null)}>
      {body && <Typography.Paragraph type="secondary">{body}</Typography.Paragraph>}
      <Form.Item
        name="comment"
        label={label}
        rules={required ? [{ required: true, whitespace: true, message: label === WORKFLOW_TEXT.reasonLabel ? WORKFLOW_MESSAGES.reasonRequired : WORKFLOW_MESSAGES.commentRequired }] : []}
      >
        <Input.TextArea rows={3} maxLength={500} showCount autoFocus />
      </Form.Item>
      <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>Voltar</Button>
        <Button type="primary" danger={danger} htmlType="submit">{okText}</Button>
      </Space>
    </Form>
  );
}

/**
 * Asks for a motive or an optional comment in the page's modal and resolves with it (`null` when left
 * empty), or `undefined` when the person cancels (Voltar, ×, Esc). A mandatory motive keeps the dialog open
 * until typed.
 * @example const reason = await askComment(modal, { title: 'Cancelar?', okText: 'Cancelar lançamento', required: true });
 */
export function askComment(modal: HookAPI, opts: AskOptions): Promise<string | null | undefined> {
  const required = !!opts.required;
  const label = opts.label ?? (required ? WORKFLOW_TEXT.reasonLabel : WORKFLOW_TEXT.commentOptional);
  return new Promise((resolve) => {
    const done = (value: string | null | undefined) => {
      resolve(value);
      dialog.destroy();
    };
    const dialog = modal.confirm({
      title: opts.title,
      icon: null,
      width: 520,
      closable: true,
      footer: null,
      content: <CommentForm label={label} required={required} body={opts.body} okText={opts.okText} danger={opts.danger} onSubmit={(c) => done(c)} onCancel={() => done(undefined)} />,
      onCancel: () => resolve(undefined),
    });
  });
}

import { DatePicker, Form, Input, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import type { Engine } from '../../engine/create-engine.ts';
import { serverFieldErrors } from '../../engine/form/errors.ts';
import { formatBRL, formatDate } from '../../i18n/format.ts';
import { useEngine } from '../../react/context.ts';
import { ap, notifyWorkflowError } from './api.ts';

export interface TransferLine {
  id: string;
  date: string;
  amount: number;
  description: string;
}

/** `POST transactions/{id}/reverse-transfer` with the movement's current version (If-Match). */
async function reverseTransfer(engine: Engine, id: string, body: { comment: string; date: string }) {
  const { version } = await engine.http.get<{ version: number }>(ap(engine, `transactions/${encodeURIComponent(id)}`));
  return engine.http.post(ap(engine, `transactions/${encodeURIComponent(id)}/reverse-transfer`), body, { headers: { 'If-Match': `W/"${version}"` } });
}

/**
 * "Estornar transferência" on a transfer's line of the statement: both movements of the transfer (this account's
 * and the other's) get an opposite estorno movement on the date, and the transfer's journal entry is reversed —
 * never edited. The motive is kept in both histories.
 */
export function ReverseTransferDialog({ line, onClose, onDone }: { line: TransferLine; onClose: () => void; onDone: () => void }) {
  const engine = useEngine();
  const [date, setDate] = useState(dayjs().format('YYYY-MM-DD'));
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit() {
    if (!reason.trim()) {
      setErrors({ comment: 'Informe o motivo do estorno.' });
      return;
    }
    setBusy(true);
    try {
      await reverseTransfer(engine, line.id, { comment: reason.trim(), date });
      onDone();
    } catch (err) {
      // Field errors (the date) go under their field; the rest (reconciled, already reversed) as a notice.
      const fields = serverFieldErrors(err);
      if (fields) setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0]])));
      else notifyWorkflowError(engine, err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title="Estornar transferência"
      onCancel={onClose}
      okText="Estornar"
      okButtonProps={{ danger: true, loading: busy }}
      cancelText="Voltar"
      onOk={() => void submit()}
      destroyOnHidden
    >
      <Typography.Paragraph>
        <Typography.Text strong>{line.description}</Typography.Text> — {formatBRL(Math.abs(line.amount))} em {formatDate(line.date)}.
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        As duas movimentações da transferência (nesta conta e na outra) recebem um estorno no sentido contrário, na data
        escolhida, e o lançamento contábil é estornado. Nada é apagado: o extrato das duas contas mostra a transferência
        e o estorno.
      </Typography.Paragraph>
      <Form layout="vertical" requiredMark>
        <Form.Item label="Data do estorno" required style={{ marginBottom: 12 }} validateStatus={errors.date ? 'error' : undefined} help={errors.date}>
          <DatePicker
            aria-label="Data do estorno"
            format="DD/MM/YYYY"
            allowClear={false}
            value={dayjs(date)}
            disabledDate={(d: Dayjs) => d.isAfter(dayjs(), 'day') || d.isBefore(dayjs(line.date), 'day')}
            onChange={(d: Dayjs | null) => d && (setDate(d.format('YYYY-MM-DD')), setErrors((e) => ({ ...e, date: '' })))}
          />
        </Form.Item>
        <Form.Item label="Motivo" required style={{ marginBottom: 0 }} validateStatus={errors.comment ? 'error' : undefined} help={errors.comment}>
          <Input.TextArea
            aria-label="Motivo"
            rows={2}
            maxLength={500}
            value={reason}
            onChange={(e) => (setReason(e.target.value), setErrors((x) => ({ ...x, comment: '' })))}
            placeholder="Ex.: conta de destino errada"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { formatBRL } from '../../i18n/format.ts';
import type { ListActionHandler } from '../../renderers/antd/list/action-registry.ts';
import { notifyWorkflowError, receive } from './api.ts';
import { ReceiveForm, type ReceiveValues } from './ReceiveForm.tsx';

/**
 * `finance.receivableInstallments.receive` (row and bulk action of the parcelas a receber): asks for the
 * date and the account, then receives them as one batch (one credit per parcela).
 */
export const receiveAction: ListActionHandler = {
  async run({ records, engine, modal }) {
    const total = records.reduce((s, r) => s + Number(r.amount ?? 0), 0);
    // The form carries its own buttons (submit validates through antd's Form): no promise-driven OK button.
    const values = await new Promise<ReceiveValues | undefined>((resolve) => {
      const done = (v: ReceiveValues | undefined) => {
        resolve(v);
        dialog.destroy();
      };
      const dialog = modal.confirm({
        title: records.length === 1 ? `Receber ${String(records[0].label ?? 'a parcela')}?` : `Receber ${records.length} parcelas?`,
        icon: null,
        width: 560,
        closable: true,
        footer: null,
        content: <ReceiveForm total={total} count={records.length} onSubmit={(v) => done(v)} onCancel={() => done(undefined)} />,
        onCancel: () => resolve(undefined),
      });
    });
    if (!values) return;
    try {
      const res = await receive(engine, {
        items: records.map((r) => ({ id: r.id, version: Number(r.version) })),
        receivedAt: values.receivedAt.format('YYYY-MM-DD'),
        bankAccountId: values.bankAccountId,
        comment: values.comment?.trim() || null,
      });
      const n = res.batch.itemCount;
      engine.snackbars.push({ type: 'success', message: `${n === 1 ? '1 parcela recebida' : `${n} parcelas recebidas`} (${formatBRL(res.batch.total)}); movimentação registrada na conta.` });
    } catch (err) {
      notifyWorkflowError(engine, err);
    }
  },
};

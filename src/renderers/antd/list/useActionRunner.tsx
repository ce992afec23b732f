import { Modal } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { ResourceRecord } from '../../../engine/data/types.ts';
import { LIST_TEXT } from '../../../i18n/list.ts';
import { useEngine } from '../../../react/context.ts';
import { useInvalidateResource, useResourceDelete } from '../../../react/resources.ts';
import { listActions } from './action-registry.ts';
import type { ResolvedAction } from './row-actions.ts';

/**
 * Runs row and bulk actions: asks first when the action is destructive or says `confirm`
 * ("Excluir 3 registros?"), then deletes, opens a route or calls the plugin action, and reports the outcome.
 * Render `modal` once in the page (antd's contextual modal, themed and in pt-BR).
 */
export function useActionRunner(resource: string, recordLabel: (r: ResourceRecord) => string, options: { onDone?: () => void } = {}) {
  const [api, modal] = Modal.useModal();
  const engine = useEngine();
  const navigate = useNavigate();
  const invalidate = useInvalidateResource();
  const remove = useResourceDelete(resource);

  async function execute(action: ResolvedAction, records: ResourceRecord[]) {
    try {
      if (action.to) {
        navigate(action.to);
        return;
      }
      if (action.delete) {
        const { deleted, failed } = await remove.mutateAsync(records.map((r) => ({ id: r.id, version: typeof r.version === 'number' ? r.version : undefined })));
        if (deleted) engine.snackbars.push({ type: 'success', message: LIST_TEXT.deleted(deleted) });
        if (failed.length === 1 && records.length === 1) engine.notifyError(failed[0].error);
        else if (failed.length) engine.notifyError(failed[0].error, { message: LIST_TEXT.deleteFailed(failed.length, records.length) });
      } else if (action.plugin) {
        const handler = listActions.resolve({ key: action.plugin, resource })?.component;
        await handler?.run({ resource, records, engine, modal: api });
        await invalidate(resource);
      }
      options.onDone?.();
    } catch (err) {
      engine.notifyError(err);
    }
  }

  function run(action: ResolvedAction, records: ResourceRecord[]) {
    if (!action.delete && !action.confirm) return void execute(action, records);
    const title = action.delete
      ? records.length === 1
        ? LIST_TEXT.confirmDeleteOne(recordLabel(records[0]))
        : LIST_TEXT.confirmDeleteMany(records.length)
      : action.confirm!;
    void api.confirm({
      title,
      content: action.delete ? LIST_TEXT.confirmDeleteBody(records.length) : undefined,
      okText: action.delete ? LIST_TEXT.delete : LIST_TEXT.confirmAction,
      cancelText: LIST_TEXT.cancel,
      okButtonProps: { danger: action.delete || action.danger },
      onOk: () => execute(action, records),
    });
  }

  return { run, modal, busy: remove.isPending };
}

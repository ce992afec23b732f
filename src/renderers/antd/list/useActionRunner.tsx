import type { HookAPI } from 'antd/es/modal/useModal';
import { Suspense, lazy, useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ResourceRecord } from '../../../engine/data/types.ts';
import { LIST_TEXT } from '../../../i18n/list.ts';
import { useEngine } from '../../../react/context.ts';
import { useInvalidateResource, useResourceDelete } from '../../../react/resources.ts';
import { listActions } from './action-registry.ts';
import type { ResolvedAction } from './row-actions.ts';

const ActionModalHost = lazy(() => import('./ActionModalHost.tsx'));

class ModalBox {
  api: HookAPI | null = null;
  waiting: ((api: HookAPI) => void)[] = [];
  readonly ready = (api: HookAPI) => {
    this.api = api;
    for (const resolve of this.waiting.splice(0)) resolve(api);
  };
}

/** The page's modal API, mounted (and its chunk loaded) on first use. */
function useLazyModal() {
  const [mounted, setMounted] = useState(false);
  // The API once the host has mounted, and the callers waiting for it (a box kept across renders).
  const [box] = useState(() => new ModalBox());
  const get = useCallback((): Promise<HookAPI> => {
    if (box.api) return Promise.resolve(box.api);
    setMounted(true);
    return new Promise((resolve) => box.waiting.push(resolve));
  }, [box]);
  const holder = mounted ? <Suspense fallback={null}><ActionModalHost onReady={box.ready} /></Suspense> : null;
  return { get, holder };
}

/**
 * Runs row and bulk actions: asks first when the action is destructive or says `confirm`
 * ("Excluir 3 registros?"), then deletes, opens a route or calls the plugin action, and reports the outcome.
 * Render `modal` once in the page (antd's contextual modal, themed and in pt-BR): it loads with the first
 * action that needs it, so the list's first paint does not carry antd's Modal.
 */
export function useActionRunner(resource: string, recordLabel: (r: ResourceRecord) => string, options: { onDone?: () => void } = {}) {
  const { get: modalApi, holder: modal } = useLazyModal();
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
        if (handler) await handler.run({ resource, records, engine, modal: await modalApi(), navigate });
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
    void modalApi().then((api) => {
      // Not returned: antd's confirm is a thenable that settles only when the dialog closes.
      api.confirm({
        title,
        content: action.delete ? LIST_TEXT.confirmDeleteBody(records.length) : undefined,
        okText: action.delete ? LIST_TEXT.delete : LIST_TEXT.confirmAction,
        cancelText: LIST_TEXT.cancel,
        okButtonProps: { danger: action.delete || action.danger },
        onOk: () => execute(action, records),
      });
    });
  }

  return { run, modal, busy: remove.isPending };
}

import type { HookAPI } from 'antd/es/modal/useModal';
import { createRegistry, rankWith } from '../../../engine/registry.ts';
import type { ResourceRecord } from '../../../engine/data/types.ts';
import type { Engine } from '../../../engine/create-engine.ts';

/** What a plugin action receives: the records it runs on and the engine (HTTP client, snackbars…). */
export interface ListActionContext {
  resource: string;
  records: ResourceRecord[];
  engine: Engine;
  /**
   * The page's contextual modal (themed, pt-BR): an action that needs input (a motive, a comment) asks
   * for it here. Resolving without doing anything is a cancelled action.
   */
  modal: HookAPI;
  /** Opens a route of the app (a "criar a partir de" action opens the document it created). */
  navigate?: (to: string) => void;
}

/** A plugin action named by a screen's custom action `key` (`finance.authorize`), for rows and bulk. */
export interface ListActionHandler {
  run(ctx: ListActionContext): Promise<void>;
}

/**
 * Plugin actions of lists, by key. A plugin registers `{ name: 'finance.authorize', tester: rankWith(1, …),
 * component: { run } }`; the list shows a custom action without `to` only when its key is registered.
 */
export const listActions = createRegistry<ListActionHandler, { key: string; resource: string }>();

/** Registers a handler for one key on every resource (the common case). */
export function registerListAction(key: string, handler: ListActionHandler): () => void {
  return listActions.register({ name: key, tester: rankWith(1, (ctx) => ctx.key === key), component: handler });
}

/**
 * Registers a key whose handler (its dialogs, texts and calls) loads with the first use, as a lazy chunk:
 * plugins register their actions when the app starts, and the entry bundle stays small.
 * @example registerLazyListAction('access.sendPasswordLink', () => import('./actions.ts').then((m) => m.sendPasswordLink))
 */
export function registerLazyListAction(key: string, load: () => Promise<ListActionHandler>): () => void {
  return registerListAction(key, {
    async run(ctx) {
      await (await load()).run(ctx);
    },
  });
}

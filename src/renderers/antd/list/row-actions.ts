import type { PermissionCheck, ResourceRecord } from '../../../engine/data/types.ts';
import { fillRoute, screenPaths, type RouteParams } from '../../../engine/routes/route-table.ts';
import { evaluateCondition } from '../../../engine/schema/conditions.ts';
import type { BulkAction, CustomAction, RowAction, ScreenFile } from '../../../engine/schema/screen-types.ts';
import { LIST_TEXT } from '../../../i18n/list.ts';
import { actionDisplay, type ActionDisplay } from '../../../engine/data/record-actions.ts';
import { listActions } from './action-registry.ts';

/** A row or bulk action ready to show: what it does, resolved from the screen and the registry. */
export interface ResolvedAction {
  key: string;
  label: string;
  icon?: string;
  danger?: boolean;
  confirm?: string;
  /** Opens this route. */
  to?: string;
  /** Built-in delete. */
  delete?: boolean;
  /** Plugin action key (listActions registry). */
  plugin?: string;
  /** Shown but not runnable now: the server's pt-BR reason (tooltip and text under the label). */
  disabledReason?: string;
  /** Built-in bulk export: CSV of the selected rows. */
  export?: boolean;
  /** Built-in bulk edit: the fields to set on every selected row (`POST …/bulk-update`). */
  edit?: string[];
}

const DEFAULT_ROW_ACTIONS: RowAction[] = ['view', 'edit', 'delete'];
const SCOPE = { view: 'read', edit: 'update', delete: 'delete' } as const;

/** Page-level rights, computed ONCE per page: the session's scopes and the server's per-record answer. */
export interface PageRights {
  /** `can(permission, scope)` from the session, for any scope a screen names. */
  can: (scope: string) => boolean;
  /** `can` on another permission name (custom actions with `permission`); absent: refused. */
  canOn?: (permission: string, scope: string) => boolean;
  /** Per-record rights (record scope and allowed actions) from one bulk call; undefined while it loads. */
  records?: PermissionCheck['records'];
}

/**
 * The server's verdict on a custom action with `serverAction` for one record (architecture §12): hidden while
 * the answer loads and when refused for scope or status; disabled with the reason otherwise.
 */
function serverGate(a: CustomAction, rights: PageRights, id: string): ActionDisplay {
  if (!a.serverAction) return { show: true, disabled: false };
  return actionDisplay(rights.records?.[id]?.actions?.[a.serverAction]);
}

function recordAllows(rights: PageRights, id: string, scope: string): boolean {
  if (!rights.can(scope)) return false;
  const r = rights.records?.[id];
  if (!r) return true; // still loading, or a workflow scope the server does not list per record
  return scope === 'read' || scope === 'update' || scope === 'delete' ? r[scope] : true;
}

const isCustom = (a: RowAction | BulkAction): a is CustomAction => typeof a !== 'string' && !('edit' in a);

/**
 * The actions of one row the user may run now (scope, record rights, `when`, registered plugin actions).
 * `params` are the page's route params (a nested screen's parent ids), for links.
 */
export function rowActionsFor(screen: ScreenFile, row: ResourceRecord, rights: PageRights, params: RouteParams = {}): ResolvedAction[] {
  const paths = screenPaths(screen.route, params);
  const out: ResolvedAction[] = [];
  for (const a of screen.list?.rowActions ?? DEFAULT_ROW_ACTIONS) {
    if (!isCustom(a)) {
      if (a === 'view' && !screen.view) continue;
      if (a === 'edit' && !screen.form) continue;
      if (!recordAllows(rights, row.id, SCOPE[a])) continue;
      if (a === 'view') out.push({ key: 'view', label: LIST_TEXT.view, icon: 'EyeOutlined', to: paths.view(row.id) });
      if (a === 'edit') out.push({ key: 'edit', label: LIST_TEXT.edit, icon: 'EditOutlined', to: paths.edit(row.id) });
      if (a === 'delete') out.push({ key: 'delete', label: LIST_TEXT.delete, icon: 'DeleteOutlined', danger: true, delete: true });
      continue;
    }
    const custom = customActionFor(screen, a, row, rights, params);
    if (custom) out.push(custom);
  }
  return out;
}

/** One custom action on one record, when the user may run it now (scope, record rights, `when`, registered plugin). */
function customActionFor(screen: ScreenFile, a: CustomAction, row: ResourceRecord, rights: PageRights, params: RouteParams): ResolvedAction | undefined {
  // Another permission: its scope from the session; the record's own rights still gate reading it.
  if (a.permission ? !rights.canOn?.(a.permission, a.scope) : !recordAllows(rights, row.id, a.scope)) return undefined;
  if (a.when && !evaluateCondition(a.when, row)) return undefined;
  if (!a.to && !listActions.resolve({ key: a.key, resource: screen.resource })) return undefined;
  const display = serverGate(a, rights, row.id);
  if (!display.show) return undefined;
  return {
    key: a.key,
    label: a.label,
    icon: a.icon,
    danger: a.danger,
    confirm: a.confirm,
    ...(a.to ? { to: fillRoute(a.to, { ...params, [screen.route.idParam]: row.id }) } : { plugin: a.key }),
    ...(display.disabled ? { disabledReason: display.reason } : {}),
  };
}

/** The record page's custom actions (`view.actions`) the user may run on this record now. */
export function recordActionsFor(screen: ScreenFile, record: ResourceRecord, rights: PageRights, params: RouteParams = {}): ResolvedAction[] {
  return (screen.view?.actions ?? []).flatMap((a) => customActionFor(screen, a, record, rights, params) ?? []);
}

/**
 * Bulk actions the user may run on a selection (resource scopes; rows outside record scope fail server-side).
 * With `selected` rows, an action gated by `serverAction` (or `when`) follows the rows: hidden when no selected
 * row could take it, disabled with the reason when only some could (bulk actions are all-or-nothing).
 */
export function bulkActionsFor(screen: ScreenFile, rights: PageRights, selected: readonly ResourceRecord[] = []): ResolvedAction[] {
  const out: ResolvedAction[] = [];
  for (const a of screen.list?.bulkActions ?? []) {
    if (a === 'delete') {
      if (rights.can('delete')) out.push({ key: 'delete', label: LIST_TEXT.delete, icon: 'DeleteOutlined', danger: true, delete: true });
      continue;
    }
    if (a === 'export') {
      if (rights.can('export')) out.push({ key: 'export', label: LIST_TEXT.exportSelected, icon: 'DownloadOutlined', export: true });
      continue;
    }
    if (!isCustom(a)) {
      if (!rights.can('update')) continue;
      const base: ResolvedAction = { key: `edit:${a.edit.join(',')}`, label: a.label, icon: a.icon ?? 'EditOutlined', edit: a.edit };
      const blocked = a.when ? selected.filter((r) => !evaluateCondition(a.when!, r)) : [];
      out.push(blocked.length ? { ...base, disabledReason: LIST_TEXT.bulkRefused(blocked.length, selected.length, LIST_TEXT.bulkNotApplicable) } : base);
      continue;
    }
    const allowed = a.permission ? !!rights.canOn?.(a.permission, a.scope) : rights.can(a.scope);
    if (!allowed || !listActions.resolve({ key: a.key, resource: screen.resource })) continue;
    const base: ResolvedAction = { key: a.key, label: a.label, icon: a.icon, danger: a.danger, confirm: a.confirm, plugin: a.key };
    if (!selected.length || (!a.serverAction && !a.when)) {
      out.push(base);
      continue;
    }
    const states = selected.map((r): ActionDisplay => (a.when && !evaluateCondition(a.when, r) ? { show: false } : serverGate(a, rights, r.id)));
    if (states.every((d) => !d.show)) continue; // no selected row could take it
    const blocked = selected.map((r, i) => ({ r, d: states[i] })).filter(({ d }) => !d.show || d.disabled);
    if (!blocked.length) out.push(base);
    else out.push({ ...base, disabledReason: LIST_TEXT.bulkRefused(blocked.length, selected.length, reasonOf(a, rights, blocked[0].r, blocked[0].d)) });
  }
  return out;
}

/** Why one record cannot take a gated action (the server's reason, or the status condition). */
function reasonOf(a: CustomAction, rights: PageRights, r: ResourceRecord, d: ActionDisplay): string {
  if (d.show && d.disabled) return d.reason;
  return rights.records?.[r.id]?.actions?.[a.serverAction ?? '']?.reason ?? LIST_TEXT.bulkNotApplicable;
}

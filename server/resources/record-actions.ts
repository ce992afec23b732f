import { can } from '../../src/engine/access.ts';
import type { ActionVerdict, RecordActions, ActionRefusal } from '../../src/engine/data/record-actions.ts';
import { transition, type Transition } from '../../src/engine/finance/status.ts';
import type { Queryable } from '../db/index.ts';
import type { Principal } from '../lib/principal.ts';

export type { ActionVerdict, RecordActions, ActionRefusal } from '../../src/engine/data/record-actions.ts';

/**
 * Allowed actions travel with the record (architecture §12, docs/screens.md §5.1): a resource's module
 * declares its workflow actions here, and the generic API answers, for a page of records at once, which of
 * them this user may take now and why not. The same rules the actions enforce — status transition, permission
 * scope, segregation of duties, approval-queue state — so a button is offered only when the action can succeed.
 */

/** What a provider reads of a record: its id and the fields its rules look at. */
export type ActionRecord = Record<string, unknown> & { id: string };

export interface ActionContext {
  q: Queryable;
  principal: Principal;
  /** The records as the API returns them (the caller may see each one), or at least the fields the rules read. */
  records: readonly ActionRecord[];
}

export interface RecordActionProvider {
  /** The action keys this resource declares, in the order a screen usually shows them. */
  keys: readonly string[];
  /**
   * Verdicts of every key for every record, in a few batch queries (never one per record): record id →
   * `{ [key]: { allowed, reason?, code? } }`.
   */
  evaluate(ctx: ActionContext): Promise<Map<string, RecordActions>>;
}

/** The providers of one API instance, by resource name (`app.resources.actions`). */
export type ActionRegistry = Map<string, RecordActionProvider>;

export const allow = (): ActionVerdict => ({ allowed: true });
export const deny = (code: ActionRefusal, reason: string): ActionVerdict => ({ allowed: false, code, reason });

/** `can` on any of several permission names (SystemOwner always may). */
export const canAny = (principal: Principal, permission: string | readonly string[], scope: string): boolean =>
  (typeof permission === 'string' ? [permission] : permission).some((name) => can(principal, principal.permissions, name, scope));

export interface TransitionGate {
  table: Readonly<Record<string, Transition>>;
  /** Key in `table` (`aprovar`). */
  transition: string;
  /** Permission names whose `scope` allows it (default: the transition's `permission`). */
  permission: string | readonly string[];
  /** Default: the transition's scope. */
  scope?: string;
  /** pt-BR label of the record's status (the schema's option title) and the noun for messages. */
  label: string;
  noun: string;
  /** pt-BR "Você não tem permissão para …" when the scope is missing. */
  forbidden: string;
}

/**
 * The two checks every workflow action starts with, as a verdict: the caller's scope (code `scope`), then the
 * status transition (code `status`, with the same message the action's 409 gives). `undefined` = both pass.
 */
export function gate(principal: Principal, status: unknown, g: TransitionGate): ActionVerdict | undefined {
  const t = g.table[g.transition];
  if (!canAny(principal, g.permission, g.scope ?? t.scope)) return deny('scope', g.forbidden);
  const r = transition(g.table, g.transition, String(status), { label: g.label, noun: g.noun });
  return r.ok ? undefined : deny('status', r.error);
}

/** Verdicts for `records` of `resource`, or undefined when the resource declares no actions. */
export async function recordActionsOf(
  registry: ActionRegistry,
  resource: string,
  ctx: ActionContext,
): Promise<Map<string, RecordActions> | undefined> {
  const provider = registry.get(resource);
  if (!provider) return undefined;
  if (!ctx.records.length) return new Map();
  return provider.evaluate(ctx);
}

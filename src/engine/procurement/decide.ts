/**
 * The shape every procurement decision function shares (one per resource, in `./status.ts`): who asks,
 * the facts of one record, and the verdict per action — allowed, or refused with the pt-BR reason, the
 * HTTP status and the code the server answers. Pure: the server calls it inside its transaction before
 * writing; the allowed-actions mechanism calls it in batch for a page of records.
 */
import { can, type AccessSubject, type EffectivePermissions } from '../access.ts';
import type { Transition } from '../finance/status.ts';
import { PROCUREMENT_WORKFLOW_MESSAGES as M } from '../../i18n/procurement-workflow.ts';

/** Who asks (a server `Principal` or the client's session fit). */
export interface ActionSubject extends AccessSubject {
  userId: string;
  permissions: EffectivePermissions | null | undefined;
}

export type Verdict =
  | { allowed: true }
  | { allowed: false; reason: string; status: 403 | 409; code: 'FORBIDDEN' | 'INVALID_TRANSITION' | 'SEGREGATION_OF_DUTIES' | 'IN_APPROVAL_QUEUE' | 'IN_USE' };

export const ALLOWED: Verdict = { allowed: true };

/** One workflow action of a procurement document: the status move, the scope, and its pt-BR wording. */
export interface ProcurementTransition extends Transition {
  /** "enviar pedidos para aprovação": the 403 names what the person tried. */
  forbiddenVerb: string;
  /** Approving and rejecting: neither the requester nor whoever registered the document (segregation of duties). */
  segregated?: boolean;
}

/** What every procurement record offers a decision function. */
export interface RecordFacts {
  status: string;
  createdBy?: string | null;
  /** The queue a pending approval request waits in, when there is one (approve/reject go through it). */
  pendingQueue?: string | null;
}

export interface DeciderSpec<F extends RecordFacts> {
  /** Permission (resource) name the scopes are checked on. */
  permission: string;
  /** Where, in the 403 ("Pedidos"). */
  where: string;
  /** "um pedido", in the 409. */
  noun: string;
  labels: Readonly<Record<string, string>>;
  table: Readonly<Record<string, ProcurementTransition>>;
  /** Who may not approve their own document (besides `createdBy`). */
  ownerIds?(record: F): (string | null | undefined)[];
  /** Rules beyond status, scope and segregation (a live quote, received quantities…). */
  extra?(action: string, record: F, subject: ActionSubject): Verdict | undefined;
}

const same = (a: string | null | undefined, b: string) => typeof a === 'string' && a.toLowerCase() === b.toLowerCase();

const refuse = (status: 403 | 409, code: Exclude<Verdict, { allowed: true }>['code'], reason: string): Verdict => ({ allowed: false, status, code, reason });

/**
 * Builds a resource's decision function: scope (403), then status (409 naming the status), then the
 * segregation of duties (403), then a pending approval queue (409), then the resource's own rules.
 * @example const decideOrder = decider(ORDERS); decideOrder(subject, { status: 'RASCUNHO' }, 'approve')
 * // { allowed: false, status: 409, code: 'INVALID_TRANSITION', reason: 'Não é possível aprovar um pedido com a situação "Rascunho".' }
 */
export function decider<F extends RecordFacts>(spec: DeciderSpec<F>) {
  return function decide(subject: ActionSubject, record: F, action: string): Verdict {
    const t = Object.hasOwn(spec.table, action) ? spec.table[action] : undefined;
    if (!t) return refuse(409, 'INVALID_TRANSITION', M.unknownAction(action));
    if (!can(subject, subject.permissions, t.permission ?? spec.permission, t.scope)) return refuse(403, 'FORBIDDEN', M.forbidden(t.forbiddenVerb, spec.where));
    if (!t.from.includes(record.status)) return refuse(409, 'INVALID_TRANSITION', M.transition(t.verb, spec.noun, spec.labels[record.status] ?? record.status));
    if (t.segregated) {
      const owners = [record.createdBy, ...(spec.ownerIds?.(record) ?? [])];
      if (owners.some((o) => same(o, subject.userId))) return refuse(403, 'SEGREGATION_OF_DUTIES', M.sodApprove(spec.noun));
      if (record.pendingQueue) return refuse(409, 'IN_APPROVAL_QUEUE', M.queued(record.pendingQueue));
    }
    return spec.extra?.(action, record, subject) ?? ALLOWED;
  };
}

/**
 * Every action of a table for each record, in one pass (the allowed-actions mechanism: a page of records,
 * never one call per row).
 * @example actionsOf(ORDER_TRANSITIONS, decideOrderAction, subject, orders)[0].approve.allowed
 */
export function actionsOf<F extends RecordFacts>(
  table: Readonly<Record<string, ProcurementTransition>>,
  decide: (subject: ActionSubject, record: F, action: string) => Verdict,
  subject: ActionSubject,
  records: readonly F[],
): Record<string, Verdict>[] {
  return records.map((r) => Object.fromEntries(Object.keys(table).map((a) => [a, decide(subject, r, a)])));
}

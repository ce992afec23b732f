import { cancelApproval, pendingApproval, registerApprovalTarget, routeToApproval, type ApprovalTarget } from '../../approvals/index.ts';
import type { Queryable } from '../../db/index.ts';
import type { Principal } from '../../lib/principal.ts';
import type { Engine } from '../../resources/index.ts';
import { rowById, updateRow } from '../../finance/rows.ts';
import { itemsOf, num, type Row } from './common.ts';

/**
 * The procurement documents in the approval engine (server/approvals): orders, purchase orders and invoices
 * held by a mismatch are approval targets, so a queue's triggers (amount range, cost center, department,
 * expense category, organization of the queue) route them, its stages decide, and the decision's effect
 * moves the document in the same transaction. Requester and registrant never decide (engine rule 2–3); a
 * substitute decides inside their period.
 */

const text = (v: unknown) => (typeof v === 'string' && v ? v : null);

/** The expense category of the item worth most (the category a trigger by category looks at). */
export function mainCategory(r: Record<string, unknown>): string | null {
  const header = text(r.categoryId);
  if (header) return header;
  const items = itemsOf(r).filter((i) => text(i.categoryId));
  items.sort((a, b) => num(b.total) - num(a.total));
  return items[0] ? text(items[0].categoryId) : null;
}

export interface DocumentTarget {
  resource: 'orders' | 'purchase-orders' | 'invoices';
  amountOf(r: Row): number;
  requesterOf(r: Row): string | null;
  labelOf(r: Row): string;
  /** The status a document waits in while its request is pending. */
  waiting: string;
  /** The last stage approved. */
  approve(q: Queryable, row: Row, actorId: string): Promise<void>;
  /** A stage rejected: DEVOLVER → back to the requester's draft; ENCERRAR → closed as rejected. */
  reject(q: Queryable, row: Row, actorId: string, reason: string, mode: 'DEVOLVER' | 'ENCERRAR'): Promise<void>;
}

export function registerDocumentTarget(engine: Engine, t: DocumentTarget): void {
  const def = () => engine.registry.get(t.resource)!;
  const effect = async (q: Queryable, id: string, fn: (row: Row) => Promise<void>) => {
    const row = await rowById(q, def(), id);
    // Cancelled or taken back meanwhile: the decision leaves the document as it is.
    if (row?.status !== t.waiting) return;
    await fn(row);
    engine.counts.invalidate(t.resource);
  };
  const target: ApprovalTarget = {
    amountOf: (r) => t.amountOf(r as Row),
    costCenterOf: (r) => text(r.costCenterId),
    departmentOf: (r) => text(r.departmentId),
    categoryOf: mainCategory,
    organizationOf: (r) => text(r.organizationId),
    requesterOf: (r) => t.requesterOf(r as Row),
    labelOf: (r) => t.labelOf(r as Row),
    lockRecord: async (q, id) => void (await rowById(q, def(), id)),
    onApproved: (q, id, actorId) => effect(q, id, (row) => t.approve(q, row, actorId)),
    onRejected: (q, id, actorId, reason, ctx) => effect(q, id, (row) => t.reject(q, row, actorId, reason, ctx.onReject)),
  };
  registerApprovalTarget(t.resource, target);
}

/**
 * Puts a document into the queue its triggers choose (in the caller's transaction) and records the queue on
 * it; `null` when no trigger matches (someone with the `approve` scope decides directly).
 */
export async function routeDocument(q: Queryable, engine: Engine, resource: string, row: Row, actor: Principal): Promise<{ row: Row; queue: string | null }> {
  const request = await routeToApproval(q, { resource, record: row, actor });
  if (!request) return { row, queue: null };
  // A stage may already have decided (nobody eligible…): write on what the engine left.
  const current = (await rowById(q, engine.registry.get(resource)!, row.id))!;
  const moved = current.status === row.status ? await updateRow(q, engine.registry.get(resource)!, current, { approvalQueueId: request.approvalId }, actor.userId) : current;
  return { row: moved, queue: request.approvalName };
}

/** The queue a document still waits in, or null. */
export const pendingQueueOf = async (q: Queryable, resource: string, id: string) => (await pendingApproval(q, resource, id))?.approvalName ?? null;

/** Withdraws a document's pending request (cancelled or taken back to draft by its owner). */
export const withdraw = (q: Queryable, resource: string, id: string, actor: Principal, reason: string) =>
  cancelApproval(q, { resource, recordId: id, actor, reason });

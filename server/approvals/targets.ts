import type { Queryable } from '../db/index.ts';

/** Who acts (a `Principal` fits). */
export interface ApprovalActor {
  userId: string;
}

/** The request as the engine stored it (API field names). */
export interface ApprovalRequestRow {
  id: string;
  resourceName: string;
  recordId: string;
  recordLabel: string;
  approvalId: string;
  triggerId: string | null;
  stageId: string | null;
  status: 'PENDENTE' | 'APROVADO' | 'REJEITADO' | 'CANCELADO';
  amount: number | null;
  organizationId: string | null;
  costCenterId: string | null;
  requesterId: string | null;
  /** Who registered the record (its `createdBy`): like the requester, never decides on it. */
  creatorId: string | null;
  stageEnteredAt: Date | string;
  decidedAt: Date | string | null;
  reason: string | null;
  createdAt: Date | string;
  createdBy: string | null;
  version: number;
}

/** What `onRejected` learns besides the reason: the queue's rule for rejections and the request. */
export interface RejectionContext {
  /** `DEVOLVER`: back to the requester to fix and resubmit; `ENCERRAR`: closed as rejected. */
  onReject: 'DEVOLVER' | 'ENCERRAR';
  request: ApprovalRequestRow;
}

type Row = Record<string, unknown>;

/**
 * How the engine reads and moves one kind of record, so it stays generic. The readers get the record as
 * the caller holds it (API field names); the effects run inside the decision's transaction, so a failing
 * effect (e.g. the record can no longer move) undoes the decision too.
 */
export interface ApprovalTarget {
  /** Amount in centavos compared with the triggers' range (null: matches only triggers without bounds). */
  amountOf(record: Row): number | null;
  costCenterOf?(record: Row): string | null;
  departmentOf?(record: Row): string | null;
  categoryOf?(record: Row): string | null;
  /** Which category tree `categoryOf` refers to (default `expense`; receivables use `revenue`). */
  categoryKind?: 'expense' | 'revenue';
  /** Default `record.organizationId`. */
  organizationOf?(record: Row): string | null;
  /**
   * Who asked for it (default `record.requesterId`, then `createdBy`, then the actor). Neither they nor whoever
   * registered the record (`record.createdBy`) decides on it, unless the queue allows self-approval.
   */
  requesterOf?(record: Row): string | null;
  /** Shown in the queues (default `description`, `name`, `number`, then the id). */
  labelOf?(record: Row): string;
  /**
   * Locks the record (`SELECT … FOR UPDATE`) before `decide` locks its request: the record's own actions (cancel,
   * submit) lock the record first and then the request, so the engine takes them in the same order and the two
   * can never deadlock. Optional: without it the effects lock the record after the request.
   */
  lockRecord?(q: Queryable, recordId: string): Promise<void>;
  /** The last stage approved: move the record on (e.g. a payable `ABERTO` → `APROVADO`). `actorId`: who gave the last approval. */
  onApproved(q: Queryable, recordId: string, actorId: string, ctx: { request: ApprovalRequestRow }): Promise<void>;
  /** A stage rejected: return the record with the reason (e.g. a payable back to `RASCUNHO`). `actorId`: who rejected. */
  onRejected(q: Queryable, recordId: string, actorId: string, reason: string, ctx: RejectionContext): Promise<void>;
}

const targets = new Map<string, ApprovalTarget>();

/**
 * Tells the engine how to route and move records of `resource`. Call once when the owning plugin starts
 * (registering again replaces it); returns a function that puts back the previous one (tests).
 * @example registerApprovalTarget('payables', { amountOf: (p) => Number(p.netAmount), onApproved: …, onRejected: … })
 */
export function registerApprovalTarget(resource: string, target: ApprovalTarget): () => void {
  const previous = targets.get(resource);
  targets.set(resource, target);
  return () => {
    if (previous) targets.set(resource, previous);
    else targets.delete(resource);
  };
}

/** The target of `resource`; throws (a programming error, not a user's) when no plugin registered one. */
export function approvalTarget(resource: string): ApprovalTarget {
  const t = targets.get(resource);
  if (!t) throw new Error(`Nenhum alvo de aprovação registrado para "${resource}" (registerApprovalTarget).`);
  return t;
}

export const hasApprovalTarget = (resource: string): boolean => targets.has(resource);

/** Resource names with a registered target (the ones an approval trigger can route). */
export const approvalTargetNames = (): string[] => [...targets.keys()].sort();

const text = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/** The facts the triggers look at, with the documented defaults. */
export function factsOf(target: ApprovalTarget, record: Row, actor: ApprovalActor) {
  return {
    amount: target.amountOf(record),
    costCenterId: target.costCenterOf ? target.costCenterOf(record) : text(record.costCenterId),
    departmentId: target.departmentOf ? target.departmentOf(record) : text(record.departmentId),
    categoryId: target.categoryOf ? target.categoryOf(record) : text(record.categoryId),
    organizationId: target.organizationOf ? target.organizationOf(record) : text(record.organizationId),
    requesterId: target.requesterOf ? target.requesterOf(record) : (text(record.requesterId) ?? text(record.createdBy) ?? actor.userId),
    creatorId: text(record.createdBy),
    label: (target.labelOf ? target.labelOf(record) : (text(record.description) ?? text(record.name) ?? String(record.number ?? record.id))).slice(0, 300),
  };
}

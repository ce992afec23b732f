import type { Queryable } from '../db/index.ts';
import { badRequest, conflict, HttpError, notFound } from '../lib/errors.ts';
import type { Principal } from '../lib/principal.ts';
import { SYSTEM_OWNER } from '../../src/engine/access.ts';
import {
  authorizeDecision, chooseQueue, eligibleApprovers, stageOutcome, type CandidateTrigger, type Decision, type StageOutcome,
} from '../../src/engine/approvals/rules.ts';
import { APPROVAL_MESSAGES, APPROVAL_STATUS_LABELS } from '../../src/i18n/approvals.ts';
import {
  decisionsOf, insertDecision, insertRequest, nextStage, pendingRequestOf, queueById, requestById, stagesWhere, todayInSaoPaulo, updateRequest,
  type DecisionRow,
} from './store.ts';
import { approvalTarget, factsOf, hasApprovalTarget, type ApprovalActor, type ApprovalRequestRow } from './targets.ts';

/** Longest comment kept with a decision (the schema's `maxLength`). */
export const COMMENT_MAX = 1000;

/** The categories a trigger's category may be: the record's and every one above it (parent chain). */
async function categoryChain(q: Queryable, kind: 'expense' | 'revenue', id: string | null): Promise<string[]> {
  if (!id) return [];
  const table = kind === 'revenue' ? 'revenue_categories' : 'expense_categories';
  const { rows } = await q.query<{ id: string }>(
    `WITH RECURSIVE up AS (
       SELECT id, parent_id, 0 AS depth FROM ${table} WHERE id = $1::uuid
       UNION ALL SELECT c.id, c.parent_id, up.depth + 1 FROM ${table} c JOIN up ON c.id = up.parent_id WHERE up.depth < 32)
     SELECT id FROM up`,
    [id],
  );
  return rows.map((r) => r.id);
}

/** Active triggers for `resource` of active queues of the organization (or of every organization). */
async function candidateTriggers(q: Queryable, resource: string, organizationId: string | null, kind: 'expense' | 'revenue'): Promise<CandidateTrigger[]> {
  const { rows } = await q.query<CandidateTrigger>(
    `SELECT t.id AS "triggerId", t.name AS "triggerName", a.id AS "approvalId", a.name AS "approvalName", a.priority,
       t.min_amount AS "minAmount", t.max_amount AS "maxAmount", t.cost_center_id AS "costCenterId", t.department_id AS "departmentId",
       ${kind === 'revenue' ? 't.revenue_category_id' : 't.expense_category_id'} AS "categoryId"
     FROM approval_triggers t JOIN approvals a ON a.id = t.approval_id AND a.active AND a.deleted_at IS NULL
     WHERE t.active AND t.deleted_at IS NULL AND t.resource_name = $1 AND (a.organization_id IS NULL OR a.organization_id = $2::uuid)`,
    [resource, organizationId],
  );
  return rows.map((r) => ({ ...r, priority: Number(r.priority), minAmount: r.minAmount === null ? null : Number(r.minAmount), maxAmount: r.maxAmount === null ? null : Number(r.maxAmount) }));
}

/** A request with its queue's name. */
export type QueuedRequest = ApprovalRequestRow & { approvalName: string };

export interface RouteInput {
  /** Resource name as the triggers name it (`payables`). A target must be registered for it. */
  resource: string;
  /** The record as stored (API field names, with `id`). */
  record: Record<string, unknown> & { id: string };
  actor: ApprovalActor;
}

/**
 * Puts a record into the approval queue its triggers choose, at the queue's first active stage, in the
 * caller's transaction (`q`). Returns the new request, or `null` when no trigger matches (the record needs no
 * approval). Refuses (409) a record that already has a pending request and a queue without active stages.
 * @example const request = await routeToApproval(q, { resource: 'payables', record: payable, actor: principal })
 */
export async function routeToApproval(q: Queryable, { resource, record, actor }: RouteInput): Promise<QueuedRequest | null> {
  const target = approvalTarget(resource);
  const facts = factsOf(target, record, actor);
  const kind = target.categoryKind ?? 'expense';
  const open = await pendingRequestOf(q, resource, record.id);
  if (open) {
    const queue = await queueById(q, open.approvalId);
    throw conflict(APPROVAL_MESSAGES.alreadyPending(queue?.name ?? ''), 'APPROVAL_PENDING');
  }
  // Sequential on purpose: one transaction is one connection.
  const triggers = await candidateTriggers(q, resource, facts.organizationId, kind);
  const categoryIds = await categoryChain(q, kind, facts.categoryId);
  const hit = chooseQueue(triggers, { amount: facts.amount, costCenterId: facts.costCenterId, departmentId: facts.departmentId, categoryIds });
  if (!hit) return null;
  const [first] = await stagesWhere(q, 's.approval_id = $1::uuid AND s.active', [hit.approvalId]);
  if (!first) throw conflict(APPROVAL_MESSAGES.noStages(hit.approvalName), 'APPROVAL_NO_STAGES');
  const request = await insertRequest(
    q,
    {
      resourceName: resource,
      recordId: record.id,
      recordLabel: facts.label,
      approvalId: hit.approvalId,
      triggerId: hit.triggerId,
      stageId: first.id,
      amount: facts.amount,
      organizationId: facts.organizationId,
      costCenterId: facts.costCenterId,
      requesterId: facts.requesterId,
      creatorId: facts.creatorId,
    },
    actor.userId,
  );
  return { ...request, approvalName: hit.approvalName };
}

export interface DecideInput {
  requestId: string;
  /** The stage the person saw: a request that moved on meanwhile is refused (409), never decided twice. */
  stageId: string;
  actor: ApprovalActor;
  decision: Decision;
  comment?: string | null;
  /** A substitute may name the approver they stand in for. */
  actingForId?: string | null;
  /** When given, a request outside this caller's record scope does not exist (404). */
  scope?: Pick<Principal, 'accessLevel' | 'recordScope'>;
  /** São Paulo date for the substitute period (default: today). */
  today?: string;
}

export interface DecideResult {
  request: ApprovalRequestRow;
  decision: DecisionRow;
  /** The stage's state after this decision. */
  outcome: StageOutcome;
}

/** The people who may not decide on a request's record: its requester and whoever registered it. */
export const requesterIdsOf = (r: { requesterId: string | null; creatorId: string | null }): string[] =>
  [...new Set([r.requesterId, r.creatorId].filter((x): x is string => !!x))];

/** Whether a request is inside a caller's record scope (the rule of the generic API, server/resources/sql.ts). */
export function inRecordScope(scope: Pick<Principal, 'accessLevel' | 'recordScope'>, r: { organizationId: string | null; costCenterId: string | null }): boolean {
  if (scope.accessLevel === SYSTEM_OWNER) return true;
  const { organizationIds: orgs, costCenterIds: ccs } = scope.recordScope;
  return (orgs === 'all' || (!!r.organizationId && orgs.includes(r.organizationId))) && (ccs === 'all' || (!!r.costCenterId && ccs.includes(r.costCenterId)));
}

/** Checks the decision's body; returns the trimmed comment. */
export function checkDecisionBody(decision: unknown, comment: unknown): string | null {
  const errors: Record<string, string[]> = {};
  if (decision !== 'APROVAR' && decision !== 'REJEITAR') errors.decision = ['Escolha uma das opções.'];
  if (comment !== undefined && comment !== null && typeof comment !== 'string') errors.comment = ['Deve ser um texto.'];
  const text = typeof comment === 'string' ? comment.trim() : '';
  if (text.length > COMMENT_MAX) errors.comment = [`Deve ter no máximo ${COMMENT_MAX} caracteres.`];
  if (decision === 'REJEITAR' && !text) errors.comment = [APPROVAL_MESSAGES.commentRequired];
  if (Object.keys(errors).length) throw badRequest(errors);
  return text || null;
}

/**
 * Records one person's decision at the request's current stage and moves the request, in the caller's
 * transaction. The target record is locked first (`lockRecord`), then the request row — the order the record's
 * own actions use (a payable's cancel locks the payable, then withdraws its request), so the two never
 * deadlock. Two approvers deciding at once are serialized: the second sees the first's decision (an `ALL`
 * stage counts both; a finished `ANY` stage answers 409), and a stage is never skipped or passed twice. Rejection: the request is `REJEITADO` with the comment as the reason and the
 * target's `onRejected` returns the record; approval of the last active stage: `APROVADO` and `onApproved`.
 * Scopes (`approve`) are the caller's to check; who may decide at the stage is checked here.
 */
export async function decide(q: Queryable, input: DecideInput): Promise<DecideResult> {
  const comment = checkDecisionBody(input.decision, input.comment);
  // Which record it is never changes: read it unlocked, lock the record, then the request.
  const seen = await requestById(q, input.requestId);
  if (!seen || (input.scope && !inRecordScope(input.scope, seen))) throw notFound();
  if (hasApprovalTarget(seen.resourceName)) await approvalTarget(seen.resourceName).lockRecord?.(q, seen.recordId);
  const request = await requestById(q, input.requestId, true);
  if (!request) throw notFound();
  if (request.status !== 'PENDENTE') throw conflict(APPROVAL_MESSAGES.notPending(APPROVAL_STATUS_LABELS[request.status] ?? request.status), 'NOT_PENDING');
  const queue = await queueById(q, request.approvalId);
  const [stage] = await stagesWhere(q, 's.id = $1::uuid', [request.stageId]);
  if (!queue || !stage) throw notFound();
  if (input.stageId !== request.stageId) throw conflict(APPROVAL_MESSAGES.stageMoved(stage.name), 'STAGE_MOVED');
  const previous = (await decisionsOf(q, [request.id])).filter((d) => d.stageId === stage.id);
  const auth = authorizeDecision({
    stage,
    decisions: previous,
    userId: input.actor.userId,
    requesterIds: requesterIdsOf(request),
    allowSelfApproval: queue.allowSelfApproval,
    today: input.today ?? todayInSaoPaulo(),
    actingForId: input.actingForId ?? null,
  });
  if (!auth.ok) throw new HttpError(auth.status, auth.code, auth.message, auth.field ? { [auth.field]: [auth.message] } : undefined);
  const decision = await insertDecision(q, {
    request,
    stageId: stage.id,
    approverId: input.actor.userId,
    actingForId: auth.actingForId,
    decision: input.decision,
    comment,
  });
  const outcome = stageOutcome(stage.rule, eligibleApprovers(stage, requesterIdsOf(request), queue.allowSelfApproval), [...previous, decision]);
  const actor = input.actor.userId;
  let moved = request;
  if (outcome === 'REJEITADA') {
    moved = await updateRequest(q, request, { status: 'REJEITADO', reason: comment, decided: true }, actor);
    await approvalTarget(request.resourceName).onRejected(q, request.recordId, actor, comment ?? '', { onReject: queue.onReject, request: moved });
  } else if (outcome === 'APROVADA') {
    const next = await nextStage(q, request.approvalId, stage.order);
    if (next) {
      moved = await updateRequest(q, request, { stageId: next.id, stageEntered: true }, actor);
    } else {
      moved = await updateRequest(q, request, { status: 'APROVADO', stageId: null, decided: true }, actor);
      await approvalTarget(request.resourceName).onApproved(q, request.recordId, actor, { request: moved });
    }
  }
  return { request: moved, decision, outcome };
}

export interface CancelInput {
  resource: string;
  recordId: string;
  actor: ApprovalActor;
  reason: string;
}

/**
 * Withdraws a record's pending request (the record was cancelled, deleted or taken back to draft by its
 * owner): `CANCELADO` with the reason. No target effect runs — the caller is the one moving the record.
 * @returns the cancelled request, or `null` when the record had none pending
 */
export async function cancelApproval(q: Queryable, { resource, recordId, actor, reason }: CancelInput): Promise<ApprovalRequestRow | null> {
  const open = await pendingRequestOf(q, resource, recordId);
  if (!open) return null;
  return updateRequest(q, open, { status: 'CANCELADO', reason: reason.trim().slice(0, COMMENT_MAX) || null, decided: true }, actor.userId);
}

/** The record's request still waiting for decisions, if any, with its queue's name ("em aprovação na fila …"). */
export async function pendingApproval(q: Queryable, resource: string, recordId: string): Promise<QueuedRequest | null> {
  const open = await pendingRequestOf(q, resource, recordId);
  if (!open) return null;
  return { ...open, approvalName: (await queueById(q, open.approvalId))?.name ?? '' };
}

/**
 * Who approved each record at any stage of any of its requests: the approver of every `APROVAR` decision and,
 * when a substitute decided, the approver they stood in for. Segregation of duties reads this (whoever approved
 * a payable may not authorize its payment), not just the record's last approver.
 * @returns record id → user ids (records without approving decisions are absent)
 */
export async function approversOf(q: Queryable, resource: string, recordIds: readonly string[]): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (!recordIds.length) return out;
  const { rows } = await q.query<{ recordId: string; approverId: string; actingForId: string | null }>(
    `SELECT r.record_id AS "recordId", d.approver_id AS "approverId", d.acting_for_id AS "actingForId"
       FROM approval_decisions d JOIN approval_requests r ON r.id = d.request_id AND r.deleted_at IS NULL
      WHERE r.resource_name = $1 AND r.record_id = ANY($2::uuid[]) AND d.decision = 'APROVAR' AND d.deleted_at IS NULL`,
    [resource, [...new Set(recordIds)]],
  );
  for (const r of rows) {
    const set = out.get(r.recordId) ?? new Set<string>();
    for (const id of [r.approverId, r.actingForId]) if (id) set.add(id.toLowerCase());
    out.set(r.recordId, set);
  }
  return out;
}

import type { Queryable } from '../db/index.ts';
import { writeAudit, type Diff } from '../resources/audit.ts';
import type { StageDecision, StageRule, StageState } from '../../src/engine/approvals/rules.ts';
import type { ApprovalRequestRow } from './targets.ts';

/**
 * SQL of the engine's two tables (created by the schema sync from schemas/approval-requests and
 * approval-decisions) and of the stage settings it reads. Every write is audited like a generic write, so
 * `GET …/approval-requests/{id}/history` shows who moved the request and when.
 */

export const REQUEST_COLUMNS = `id, resource_name AS "resourceName", record_id AS "recordId", record_label AS "recordLabel",
  approval_id AS "approvalId", trigger_id AS "triggerId", stage_id AS "stageId", status, amount,
  organization_id AS "organizationId", cost_center_id AS "costCenterId", requester_id AS "requesterId",
  creator_id AS "creatorId", stage_entered_at AS "stageEnteredAt", decided_at AS "decidedAt", reason, created_at AS "createdAt", created_by AS "createdBy", version`;

const REQUEST_FIELDS = ['resourceName', 'recordId', 'recordLabel', 'approvalId', 'triggerId', 'stageId', 'status', 'amount', 'organizationId', 'costCenterId', 'requesterId', 'creatorId', 'stageEnteredAt', 'decidedAt', 'reason'] as const;

const plain = (v: unknown): unknown => (v instanceof Date ? v.toISOString() : (v ?? null));

function diffOf(fields: readonly string[], before: Record<string, unknown> | null, after: Record<string, unknown>): Diff {
  const out: Diff = {};
  for (const f of fields) {
    const [b, a] = [plain(before?.[f]), plain(after[f])];
    if (JSON.stringify(b) !== JSON.stringify(a)) out[f] = { before: b, after: a };
  }
  return out;
}

export async function requestById(q: Queryable, id: string, lock = false): Promise<ApprovalRequestRow | undefined> {
  const { rows } = await q.query<ApprovalRequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM approval_requests WHERE id = $1::uuid AND deleted_at IS NULL${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0];
}

/** The request of a record still waiting for a decision (at most one: routing refuses a second). */
export async function pendingRequestOf(q: Queryable, resource: string, recordId: string): Promise<ApprovalRequestRow | undefined> {
  const { rows } = await q.query<ApprovalRequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM approval_requests
     WHERE resource_name = $1 AND record_id = $2::uuid AND status = 'PENDENTE' AND deleted_at IS NULL ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
    [resource, recordId],
  );
  return rows[0];
}

export type NewRequest = Pick<ApprovalRequestRow, 'resourceName' | 'recordId' | 'recordLabel' | 'approvalId' | 'triggerId' | 'stageId' | 'amount' | 'organizationId' | 'costCenterId' | 'requesterId' | 'creatorId'>;

export async function insertRequest(q: Queryable, r: NewRequest, actor: string): Promise<ApprovalRequestRow> {
  const { rows } = await q.query<ApprovalRequestRow>(
    `INSERT INTO approval_requests (resource_name, record_id, record_label, approval_id, trigger_id, stage_id, status, amount,
       organization_id, cost_center_id, requester_id, creator_id, stage_entered_at, created_by, updated_by)
     VALUES ($1, $2::uuid, $3, $4::uuid, $5::uuid, $6::uuid, 'PENDENTE', $7::bigint, $8::uuid, $9::uuid, $10::uuid, $12::uuid, now(), $11::uuid, $11::uuid)
     RETURNING ${REQUEST_COLUMNS}`,
    [r.resourceName, r.recordId, r.recordLabel, r.approvalId, r.triggerId, r.stageId, r.amount, r.organizationId, r.costCenterId, r.requesterId, actor, r.creatorId],
  );
  await writeAudit(q, 'approval-requests', rows[0].id, 'create', actor, diffOf(REQUEST_FIELDS, null, rows[0] as unknown as Record<string, unknown>));
  return rows[0];
}

export type RequestChanges = Partial<Pick<ApprovalRequestRow, 'stageId' | 'status' | 'reason'>> & { stageEntered?: boolean; decided?: boolean };

/** Moves a request (next stage, final status); `stageEntered`/`decided` stamp the time now. Version + 1, audited. */
export async function updateRequest(q: Queryable, stored: ApprovalRequestRow, c: RequestChanges, actor: string): Promise<ApprovalRequestRow> {
  const { rows } = await q.query<ApprovalRequestRow>(
    `UPDATE approval_requests SET
       stage_id = CASE WHEN $2::boolean THEN $3::uuid ELSE stage_id END,
       status = coalesce($4, status),
       reason = CASE WHEN $5::boolean THEN $6 ELSE reason END,
       stage_entered_at = CASE WHEN $7::boolean THEN now() ELSE stage_entered_at END,
       decided_at = CASE WHEN $8::boolean THEN now() ELSE decided_at END,
       version = version + 1, updated_at = now(), updated_by = $9::uuid
     WHERE id = $1::uuid RETURNING ${REQUEST_COLUMNS}`,
    [stored.id, 'stageId' in c, c.stageId ?? null, c.status ?? null, 'reason' in c, c.reason ?? null, !!c.stageEntered, !!c.decided, actor],
  );
  const after = rows[0];
  await writeAudit(q, 'approval-requests', stored.id, 'update', actor, diffOf(REQUEST_FIELDS, stored as unknown as Record<string, unknown>, after as unknown as Record<string, unknown>));
  return after;
}

export interface DecisionRow extends StageDecision {
  id: string;
  requestId: string;
  stageId: string;
  comment: string | null;
  createdAt: Date | string;
}

const DECISION_COLUMNS = `id, request_id AS "requestId", stage_id AS "stageId", approver_id AS "approverId", acting_for_id AS "actingForId",
  decision, comment, created_at AS "createdAt"`;

export async function decisionsOf(q: Queryable, requestIds: readonly string[]): Promise<DecisionRow[]> {
  if (!requestIds.length) return [];
  const { rows } = await q.query<DecisionRow>(
    `SELECT ${DECISION_COLUMNS} FROM approval_decisions WHERE request_id = ANY($1::uuid[]) AND deleted_at IS NULL ORDER BY created_at, id`,
    [requestIds],
  );
  return rows;
}

/** Appends one decision (never updated or deleted afterwards), audited. */
export async function insertDecision(
  q: Queryable,
  d: { request: ApprovalRequestRow; stageId: string; approverId: string; actingForId: string | null; decision: string; comment: string | null },
): Promise<DecisionRow> {
  const { rows } = await q.query<DecisionRow>(
    `INSERT INTO approval_decisions (request_id, stage_id, approver_id, acting_for_id, decision, comment, organization_id, cost_center_id, created_by, updated_by)
     VALUES ($1::uuid, $2::uuid, $3::uuid, $4::uuid, $5, $6, $7::uuid, $8::uuid, $3::uuid, $3::uuid) RETURNING ${DECISION_COLUMNS}`,
    [d.request.id, d.stageId, d.approverId, d.actingForId, d.decision, d.comment, d.request.organizationId, d.request.costCenterId],
  );
  const row = rows[0];
  const fields = { requestId: row.requestId, stageId: row.stageId, approverId: row.approverId, actingForId: row.actingForId, decision: row.decision, comment: row.comment };
  await writeAudit(q, 'approval-decisions', row.id, 'create', d.approverId, diffOf(Object.keys(fields), null, fields));
  return row;
}

export interface StageRow extends StageState {
  id: string;
  approvalId: string;
  order: number;
  name: string;
  active: boolean;
  /** Users named on the stage (not through a group), for display. */
  approverUserIds: string[];
  approverGroupIds: string[];
}

/**
 * Stages with their approvers as of now: the stage's users plus the live members of its live groups,
 * active users only (named users first, then by name). A substitute who is no longer an active user covers no one.
 */
export async function stagesWhere(q: Queryable, where: string, params: unknown[]): Promise<StageRow[]> {
  const { rows } = await q.query<{
    id: string; approval_id: string; order: number; name: string; rule: StageRule; active: boolean; approver_user_ids: string[]; approver_group_ids: string[];
    approver_ids: string[]; substitute_user_id: string | null; substitute_from: string | null; substitute_until: string | null; substitute_ok: boolean | null;
  }>(
    `SELECT s.id, s.approval_id, s."order", s.name, s.rule, s.active, s.approver_user_ids, s.approver_group_ids,
       s.substitute_user_id, s.substitute_from::text AS substitute_from, s.substitute_until::text AS substitute_until,
       (SELECT su.active AND su.deleted_at IS NULL FROM users su WHERE su.id = s.substitute_user_id) AS substitute_ok,
       coalesce((SELECT jsonb_agg(u.id ORDER BY (s.approver_user_ids ? u.id::text) DESC, u.name, u.id) FROM users u
                 WHERE u.active AND u.deleted_at IS NULL
                   AND (s.approver_user_ids ? u.id::text OR EXISTS (
                     SELECT 1 FROM user_group_members m JOIN user_groups g ON g.id = m.group_id AND g.deleted_at IS NULL
                     WHERE m.user_id = u.id AND m.deleted_at IS NULL AND s.approver_group_ids ? m.group_id::text))), '[]'::jsonb) AS approver_ids
     FROM approval_stages s WHERE s.deleted_at IS NULL AND (${where}) ORDER BY s.approval_id, s."order", s.id`,
    params,
  );
  return rows.map((r) => ({
    id: r.id,
    approvalId: r.approval_id,
    order: Number(r.order),
    name: r.name,
    active: r.active,
    rule: r.rule,
    approverIds: r.approver_ids,
    approverUserIds: r.approver_user_ids ?? [],
    approverGroupIds: r.approver_group_ids ?? [],
    substitute:
      r.substitute_user_id && r.substitute_ok && r.substitute_from && r.substitute_until
        ? { userId: r.substitute_user_id, from: r.substitute_from, until: r.substitute_until }
        : null,
  }));
}

/** The next active stage of a queue after `order`, or none (the request is then approved). */
export async function nextStage(q: Queryable, approvalId: string, order: number): Promise<{ id: string } | undefined> {
  const { rows } = await q.query<{ id: string }>(
    `SELECT id FROM approval_stages WHERE approval_id = $1::uuid AND active AND deleted_at IS NULL AND "order" > $2 ORDER BY "order", id LIMIT 1`,
    [approvalId, order],
  );
  return rows[0];
}

export interface QueueRow {
  id: string;
  name: string;
  allowSelfApproval: boolean;
  onReject: 'DEVOLVER' | 'ENCERRAR';
}

export async function queueById(q: Queryable, id: string): Promise<QueueRow | undefined> {
  const { rows } = await q.query<QueueRow>(
    `SELECT id, name, allow_self_approval AS "allowSelfApproval", on_reject AS "onReject" FROM approvals WHERE id = $1::uuid`,
    [id],
  );
  return rows[0];
}

/** São Paulo's calendar date now (AAAA-MM-DD): a substitute's period is in the company's days, not UTC's. */
export const todayInSaoPaulo = (now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(now);

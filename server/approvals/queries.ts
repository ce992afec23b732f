import type { Queryable } from '../db/index.ts';
import type { Principal } from '../lib/principal.ts';
import { can, SYSTEM_OWNER } from '../../src/engine/access.ts';
import {
  authorizeDecision, eligibleApprovers, pendingApprovers, stageHasDecider, stageProgress,
} from '../../src/engine/approvals/rules.ts';
import { allow, deny, type ActionRefusal, type ActionVerdict } from '../resources/record-actions.ts';
import { Params } from '../resources/sql.ts';
import { APPROVAL_MESSAGES, APPROVAL_STATUS_LABELS } from '../../src/i18n/approvals.ts';
import { requesterIdsOf } from './engine.ts';
import { decisionsOf, stagesWhere, todayInSaoPaulo, type DecisionRow, type StageRow } from './store.ts';

/**
 * Read side of the approval queues: what the screens list, with what the caller may do on each item. Who may
 * decide is computed by the same pure rules as `decide` (src/engine/approvals/rules.ts); the SQL filter of
 * "aguardando você" mirrors them so pages and counts can be done in the database.
 */

export interface Person {
  id: string;
  name: string;
}

export interface RequestItem {
  id: string;
  resourceName: string;
  recordId: string;
  recordLabel: string;
  amount: number | null;
  status: string;
  approvalId: string;
  approvalName: string;
  stageId: string | null;
  stageName: string | null;
  stageOrder: number | null;
  /** Active stages of the queue now (for "Etapa 1 de 2"). */
  stageCount: number;
  stageRule: string | null;
  requester: Person | null;
  createdAt: string;
  stageEnteredAt: string;
  decidedAt: string | null;
  reason: string | null;
  /** The caller may approve or reject it now. */
  canDecide: boolean;
  /** For a substitute: the approvers they may stand in for (the first is the default). */
  actingFor: Person[];
  /** `ALL` stages: approvals so far out of those needed. */
  progress: { approved: number; required: number } | null;
  /** Nobody can decide at the current stage today (its only approver is the requester, no substitute in the period…). */
  noApprover: boolean;
  /** Whether the caller may approve / reject it now, and why not (architecture §12; `canDecide` = both allowed). */
  actions: { approve: ActionVerdict; reject: ActionVerdict };
}

const REFUSAL_CODES: Record<string, ActionRefusal> = { SELF_APPROVAL: 'segregation', ALREADY_DECIDED: 'already-decided', NOT_APPROVER: 'not-yours' };

/** Record scope on the request alias `r` (the generic API's rule: an empty scope field is seen only unrestricted). */
export function scopeSql(principal: Principal, p: Params, alias = 'r'): string {
  if (principal.accessLevel === SYSTEM_OWNER) return 'true';
  const out: string[] = [];
  const { organizationIds, costCenterIds } = principal.recordScope;
  if (organizationIds !== 'all') out.push(`${alias}.organization_id = ANY(${p.add(organizationIds, 'uuid[]')})`);
  if (costCenterIds !== 'all') out.push(`${alias}.cost_center_id = ANY(${p.add(costCenterIds, 'uuid[]')})`);
  return out.length ? out.join(' AND ') : 'true';
}

/** Queues (alias `a`) of the caller's organizations, or of all organizations. */
function queueScopeSql(principal: Principal, p: Params): string {
  const orgs = principal.recordScope.organizationIds;
  if (principal.accessLevel === SYSTEM_OWNER || orgs === 'all') return 'true';
  return `(a.organization_id IS NULL OR a.organization_id = ANY(${p.add(orgs, 'uuid[]')}))`;
}

/**
 * "Aguardando você": pending requests (alias `r`, queue `a`) at a stage where the caller is an approver who has
 * not decided (nor had a substitute decide for them) or the substitute inside the period; never the requester
 * unless the queue allows self-approval. Mirrors `authorizeDecision`.
 */
export function waitingForSql(userId: string, today: string, p: Params): string {
  const u = p.add(userId, 'uuid');
  const t = p.add(today, 'date');
  const isApprover = `(ms.approver_user_ids ? ${u}::text OR EXISTS (
      SELECT 1 FROM user_group_members m JOIN user_groups g ON g.id = m.group_id AND g.deleted_at IS NULL
      WHERE m.user_id = ${u} AND m.deleted_at IS NULL AND ms.approver_group_ids ? m.group_id::text))`;
  return `(r.status = 'PENDENTE'
    AND (a.allow_self_approval OR (r.requester_id IS DISTINCT FROM ${u} AND r.creator_id IS DISTINCT FROM ${u}))
    AND NOT EXISTS (SELECT 1 FROM approval_decisions d WHERE d.request_id = r.id AND d.stage_id = r.stage_id AND d.approver_id = ${u} AND d.deleted_at IS NULL)
    AND EXISTS (SELECT 1 FROM approval_stages ms WHERE ms.id = r.stage_id AND (
      (${isApprover} AND NOT EXISTS (SELECT 1 FROM approval_decisions d WHERE d.request_id = r.id AND d.stage_id = r.stage_id AND d.acting_for_id = ${u} AND d.deleted_at IS NULL))
      OR (ms.substitute_user_id = ${u} AND ${t} BETWEEN ms.substitute_from AND ms.substitute_until AND NOT ${isApprover}))))`;
}

async function peopleById(q: Queryable, ids: Iterable<string | null>): Promise<Map<string, Person>> {
  const list = [...new Set([...ids].filter((x): x is string => !!x))];
  if (!list.length) return new Map();
  const { rows } = await q.query<Person>('SELECT id, name FROM users WHERE id = ANY($1::uuid[])', [list]);
  return new Map(rows.map((r) => [r.id, r]));
}

const iso = (v: unknown): string | null => (v instanceof Date ? v.toISOString() : v == null ? null : String(v));

export interface ListFilter {
  ids?: string[];
  approvalId?: string;
  stageId?: string;
  statuses?: string[];
  /** Only what waits for the caller's decision. */
  waitingForMe?: boolean;
  page: number;
  pageSize: number;
}

interface RawItem {
  id: string; resourceName: string; recordId: string; recordLabel: string; amount: number | null; status: string; approvalId: string; approvalName: string;
  allowSelfApproval: boolean; stageId: string | null; stageName: string | null; stageOrder: number | null; stageRule: string | null; stageCount: number;
  requesterId: string | null; creatorId: string | null; createdAt: unknown; stageEnteredAt: unknown; decidedAt: unknown; reason: string | null; total: number;
}

/** A page of requests with the caller's possible actions, oldest first at their stage; and the total. */
export async function listRequests(q: Queryable, principal: Principal, f: ListFilter): Promise<{ items: RequestItem[]; total: number }> {
  const mayApprove = can(principal, principal.permissions, 'approval-requests', 'approve');
  if (f.waitingForMe && !mayApprove) return { items: [], total: 0 };
  const p = new Params();
  const where = ['r.deleted_at IS NULL', scopeSql(principal, p)];
  if (f.ids) where.push(`r.id = ANY(${p.add(f.ids, 'uuid[]')})`);
  if (f.approvalId) where.push(`r.approval_id = ${p.add(f.approvalId, 'uuid')}`);
  if (f.stageId) where.push(`r.stage_id = ${p.add(f.stageId, 'uuid')}`);
  if (f.statuses?.length) where.push(`r.status = ANY(${p.add(f.statuses, 'text[]')})`);
  if (f.waitingForMe) where.push(waitingForSql(principal.userId, todayInSaoPaulo(), p));
  const { rows } = await q.query<RawItem>(
    `SELECT r.id, r.resource_name AS "resourceName", r.record_id AS "recordId", r.record_label AS "recordLabel", r.amount, r.status,
       r.approval_id AS "approvalId", a.name AS "approvalName", a.allow_self_approval AS "allowSelfApproval",
       r.stage_id AS "stageId", s.name AS "stageName", s."order" AS "stageOrder", s.rule AS "stageRule",
       (SELECT count(*)::int FROM approval_stages x WHERE x.approval_id = r.approval_id AND x.active AND x.deleted_at IS NULL) AS "stageCount",
       r.requester_id AS "requesterId", r.creator_id AS "creatorId", r.created_at AS "createdAt", r.stage_entered_at AS "stageEnteredAt", r.decided_at AS "decidedAt", r.reason,
       count(*) OVER ()::int AS total
     FROM approval_requests r JOIN approvals a ON a.id = r.approval_id LEFT JOIN approval_stages s ON s.id = r.stage_id
     WHERE ${where.join(' AND ')}
     ORDER BY CASE WHEN r.status = 'PENDENTE' THEN r.stage_entered_at END ASC NULLS LAST, r.decided_at DESC NULLS LAST, r.id
     LIMIT ${f.pageSize} OFFSET ${(f.page - 1) * f.pageSize}`,
    p.values,
  );
  let total = rows[0]?.total ?? 0;
  if (!rows.length && f.page > 1) {
    const c = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM approval_requests r JOIN approvals a ON a.id = r.approval_id WHERE ${where.join(' AND ')}`, p.values);
    total = c.rows[0].n;
  }
  return { items: await enrich(q, principal, rows, mayApprove), total };
}

/** Adds to each row what the caller may do, the progress of `ALL` stages and the people's names. */
async function enrich(q: Queryable, principal: Principal, rows: RawItem[], mayApprove: boolean): Promise<RequestItem[]> {
  const pending = rows.filter((r) => r.status === 'PENDENTE' && r.stageId);
  const stageIds = [...new Set(pending.map((r) => r.stageId!))];
  const stages = new Map((stageIds.length ? await stagesWhere(q, 's.id = ANY($1::uuid[])', [stageIds]) : []).map((s) => [s.id, s]));
  const decisions = await decisionsOf(q, pending.map((r) => r.id));
  const today = todayInSaoPaulo();
  const computed = rows.map((r) => {
    const stage = r.stageId ? stages.get(r.stageId) : undefined;
    if (r.status !== 'PENDENTE' || !stage) {
      const refused = deny('status', APPROVAL_MESSAGES.notPending(APPROVAL_STATUS_LABELS[r.status] ?? r.status));
      return { canDecide: false, actingForIds: [] as string[], progress: null, noApprover: false, verdict: refused };
    }
    const atStage = decisions.filter((d) => d.requestId === r.id && d.stageId === stage.id);
    const requesterIds = requesterIdsOf(r);
    const eligible = eligibleApprovers(stage, requesterIds, r.allowSelfApproval);
    const auth = authorizeDecision({ stage, decisions: atStage, userId: principal.userId, requesterIds, allowSelfApproval: r.allowSelfApproval, today });
    const asSubstitute = auth.ok && !eligible.includes(principal.userId);
    const verdict: ActionVerdict = !mayApprove ? deny('scope', APPROVAL_MESSAGES.noPermission)
      : auth.ok ? allow() : deny(REFUSAL_CODES[auth.code] ?? 'blocked', auth.message);
    return {
      verdict,
      canDecide: mayApprove && auth.ok,
      actingForIds: mayApprove && asSubstitute ? pendingApprovers(eligible, atStage) : [],
      progress: stage.rule === 'ALL' ? stageProgress(eligible, atStage) : null,
      noApprover: !stageHasDecider(stage, atStage, requesterIds, r.allowSelfApproval, today),
    };
  });
  const people = await peopleById(q, [...rows.map((r) => r.requesterId), ...computed.flatMap((c) => c.actingForIds)]);
  return rows.map((r, i) => ({
    id: r.id,
    resourceName: r.resourceName,
    recordId: r.recordId,
    recordLabel: r.recordLabel,
    amount: r.amount === null ? null : Number(r.amount),
    status: r.status,
    approvalId: r.approvalId,
    approvalName: r.approvalName,
    stageId: r.stageId,
    stageName: r.stageName,
    stageOrder: r.stageOrder === null ? null : Number(r.stageOrder),
    stageCount: Number(r.stageCount),
    stageRule: r.stageRule,
    requester: r.requesterId ? (people.get(r.requesterId) ?? null) : null,
    createdAt: iso(r.createdAt)!,
    stageEnteredAt: iso(r.stageEnteredAt)!,
    decidedAt: iso(r.decidedAt),
    reason: r.reason,
    canDecide: computed[i].canDecide,
    actingFor: computed[i].actingForIds.map((id) => people.get(id)).filter((x): x is Person => !!x),
    progress: computed[i].progress,
    noApprover: computed[i].noApprover,
    actions: { approve: computed[i].verdict, reject: computed[i].verdict },
  }));
}

export interface StageSummary {
  id: string;
  order: number;
  name: string;
  rule: string;
  active: boolean;
  approvers: Person[];
  substitute: (Person & { from: string; until: string }) | null;
  /** The caller approves here (as approver or substitute, whatever the period). */
  isApprover: boolean;
  pending: number;
  waitingForMe: number;
}

export interface QueueSummary {
  id: string;
  name: string;
  description: string | null;
  active: boolean;
  isApprover: boolean;
  pending: number;
  waitingForMe: number;
  stages: StageSummary[];
}

/**
 * The queues the caller sees (active ones of their organizations, plus any with pending requests they may
 * see), with pending counts per stage and how many wait for them; the queues they approve in come first.
 * `approvalId` narrows it to one queue (inactive included).
 */
export async function queueSummaries(q: Queryable, principal: Principal, approvalId?: string): Promise<QueueSummary[]> {
  const mayApprove = can(principal, principal.permissions, 'approval-requests', 'approve');
  const p = new Params();
  const counts = new Map<string, { pending: number; waitingForMe: number }>();
  const cp = new Params();
  const waiting = mayApprove ? waitingForSql(principal.userId, todayInSaoPaulo(), cp) : 'false';
  const countRows = await q.query<{ approval_id: string; stage_id: string; pending: number; waiting: number }>(
    `SELECT r.approval_id, r.stage_id, count(*)::int AS pending, (count(*) FILTER (WHERE ${waiting}))::int AS waiting
     FROM approval_requests r JOIN approvals a ON a.id = r.approval_id
     WHERE r.deleted_at IS NULL AND r.status = 'PENDENTE' AND ${scopeSql(principal, cp)}${approvalId ? ` AND r.approval_id = ${cp.add(approvalId, 'uuid')}` : ''}
     GROUP BY r.approval_id, r.stage_id`,
    cp.values,
  );
  for (const c of countRows.rows) counts.set(c.stage_id, { pending: Number(c.pending), waitingForMe: Number(c.waiting) });
  const withPending = [...new Set(countRows.rows.map((c) => c.approval_id))];
  const filter = approvalId
    ? `a.id = ${p.add(approvalId, 'uuid')}`
    : `(a.active OR a.id = ANY(${p.add(withPending, 'uuid[]')}))`;
  const { rows: queues } = await q.query<{ id: string; name: string; description: string | null; active: boolean }>(
    `SELECT a.id, a.name, a.description, a.active FROM approvals a WHERE a.deleted_at IS NULL AND ${filter} AND ${queueScopeSql(principal, p)} ORDER BY a.priority, a.name, a.id`,
    p.values,
  );
  if (!queues.length) return [];
  const stages = (await stagesWhere(q, 's.approval_id = ANY($1::uuid[])', [queues.map((x) => x.id)])).filter((s) => s.active || counts.has(s.id));
  const people = await peopleById(q, stages.flatMap((s) => [...s.approverIds, s.substitute?.userId ?? null]));
  const summaries = queues.map((queue) => {
    const own = stages.filter((s) => s.approvalId === queue.id).map((s) => stageSummary(s, principal.userId, people, counts.get(s.id)));
    return {
      ...queue,
      isApprover: own.some((s) => s.isApprover),
      pending: own.reduce((n, s) => n + s.pending, 0),
      waitingForMe: own.reduce((n, s) => n + s.waitingForMe, 0),
      stages: own,
    };
  });
  // Stable sort: the caller's queues first, the rest keep priority order.
  return summaries.sort((a, b) => Number(b.isApprover) - Number(a.isApprover));
}

function stageSummary(s: StageRow, userId: string, people: Map<string, Person>, count?: { pending: number; waitingForMe: number }): StageSummary {
  const sub = s.substitute && people.get(s.substitute.userId);
  return {
    id: s.id,
    order: s.order,
    name: s.name,
    rule: s.rule,
    active: s.active,
    approvers: s.approverIds.map((id) => people.get(id)).filter((x): x is Person => !!x),
    substitute: sub ? { ...sub, from: s.substitute!.from, until: s.substitute!.until } : null,
    isApprover: s.approverIds.includes(userId) || s.substitute?.userId === userId,
    pending: count?.pending ?? 0,
    waitingForMe: count?.waitingForMe ?? 0,
  };
}

export interface DecisionItem {
  id: string;
  stageId: string;
  stageName: string | null;
  approver: Person | null;
  actingFor: Person | null;
  decision: string;
  comment: string | null;
  createdAt: string;
}

export interface RequestDetail {
  request: RequestItem;
  stages: { id: string; order: number; name: string; rule: string; status: 'APROVADA' | 'REJEITADA' | 'CANCELADA' | 'ATUAL' | 'AGUARDANDO'; approvers: Person[] }[];
  decisions: DecisionItem[];
}

/** One request the caller may see, its queue's stages with where it stands, and every decision (oldest first). */
export async function requestDetail(q: Queryable, principal: Principal, id: string): Promise<RequestDetail | undefined> {
  const { items } = await listRequests(q, principal, { ids: [id], page: 1, pageSize: 1 });
  const request = items[0];
  if (!request) return undefined;
  const decisions: DecisionRow[] = await decisionsOf(q, [id]);
  const decidedStages = new Set(decisions.map((d) => d.stageId));
  const stages = (await stagesWhere(q, 's.approval_id = $1::uuid', [request.approvalId])).filter((s) => s.active || decidedStages.has(s.id) || s.id === request.stageId);
  const people = await peopleById(q, [...stages.flatMap((s) => s.approverIds), ...decisions.flatMap((d) => [d.approverId, d.actingForId])]);
  const current = stages.find((s) => s.id === request.stageId);
  const statusOf = (s: StageRow): RequestDetail['stages'][number]['status'] => {
    if (request.status === 'APROVADO') return 'APROVADA';
    if (s.id === request.stageId) return request.status === 'REJEITADO' ? 'REJEITADA' : request.status === 'CANCELADO' ? 'CANCELADA' : 'ATUAL';
    return current && s.order < current.order ? 'APROVADA' : 'AGUARDANDO';
  };
  const stageName = new Map(stages.map((s) => [s.id, s.name]));
  return {
    request,
    stages: stages.map((s) => ({
      id: s.id,
      order: s.order,
      name: s.name,
      rule: s.rule,
      status: statusOf(s),
      approvers: s.approverIds.map((x) => people.get(x)).filter((x): x is Person => !!x),
    })),
    decisions: decisions.map((d) => ({
      id: d.id,
      stageId: d.stageId,
      stageName: stageName.get(d.stageId) ?? null,
      approver: people.get(d.approverId) ?? null,
      actingFor: d.actingForId ? (people.get(d.actingForId) ?? null) : null,
      decision: d.decision,
      comment: d.comment,
      createdAt: iso(d.createdAt)!,
    })),
  };
}

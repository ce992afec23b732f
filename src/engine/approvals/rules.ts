/**
 * The approval engine's rules as pure functions (docs/resources-finance.md §7, server/approvals/README.md):
 * which queue a record enters, who may decide at a stage, and when a stage is done. The server loads the
 * rows and writes the outcome; everything decided here is testable without a database.
 */
import { APPROVAL_MESSAGES } from '../../i18n/approvals.ts';

export type StageRule = 'ANY' | 'ALL';
export type Decision = 'APROVAR' | 'REJEITAR';

/** What a record offers to the triggers (centavos; ids or null). */
export interface RecordFacts {
  amount: number | null;
  costCenterId: string | null;
  departmentId: string | null;
  /** The record's category and every category above it (a trigger's category matches its subcategories). */
  categoryIds: readonly string[];
}

/** One active trigger of an active queue of the record's organization (or of all organizations). */
export interface CandidateTrigger {
  triggerId: string;
  triggerName: string;
  approvalId: string;
  approvalName: string;
  priority: number;
  minAmount: number | null;
  maxAmount: number | null;
  costCenterId: string | null;
  departmentId: string | null;
  categoryId: string | null;
}

/**
 * Whether a trigger applies: amount inside `[min, max]` (both inclusive, an empty bound is open; a record
 * without an amount matches only triggers without bounds), and each of cost center, department and category
 * empty or equal (category: equal to the record's or to one above it).
 */
export function triggerMatches(t: CandidateTrigger, f: RecordFacts): boolean {
  if (t.minAmount !== null && (f.amount === null || f.amount < t.minAmount)) return false;
  if (t.maxAmount !== null && (f.amount === null || f.amount > t.maxAmount)) return false;
  if (t.costCenterId !== null && t.costCenterId !== f.costCenterId) return false;
  if (t.departmentId !== null && t.departmentId !== f.departmentId) return false;
  if (t.categoryId !== null && !f.categoryIds.includes(t.categoryId)) return false;
  return true;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The queue a record enters: among the triggers that match, the queue with the lowest priority, then the
 * queue name, then its id (so the choice never depends on row order); inside it, the matching trigger
 * first by name, then id. `undefined` when no trigger matches.
 * @example chooseQueue(triggers, { amount: 750000, costCenterId: null, departmentId: null, categoryIds: [] })
 */
export function chooseQueue(triggers: readonly CandidateTrigger[], facts: RecordFacts): CandidateTrigger | undefined {
  return triggers
    .filter((t) => triggerMatches(t, facts))
    .sort(
      (a, b) =>
        a.priority - b.priority ||
        byText(a.approvalName, b.approvalName) ||
        byText(a.approvalId, b.approvalId) ||
        byText(a.triggerName, b.triggerName) ||
        byText(a.triggerId, b.triggerId),
    )[0];
}

/** A stage as the engine sees it at one moment. */
export interface StageState {
  rule: StageRule;
  /** Its users plus the members of its groups now (active users), in a stable order. */
  approverIds: readonly string[];
  substitute: { userId: string; from: string; until: string } | null;
}

export interface StageDecision {
  approverId: string;
  /** The approver a substitute decided for (null: the person decided for themself, or a substitute covering no one). */
  actingForId: string | null;
  decision: Decision;
}

/** Whose approval a decision counts as. */
const votedFor = (d: StageDecision) => d.actingForId ?? d.approverId;

/**
 * The approvers who count at a stage: everyone of the stage but the record's requester and whoever
 * registered it (`requesterIds`), unless the queue allows self-approval (segregation of duties, domain.md §2.3).
 */
export const eligibleApprovers = (stage: StageState, requesterIds: readonly string[], allowSelfApproval: boolean): string[] =>
  stage.approverIds.filter((id) => allowSelfApproval || !requesterIds.includes(id));

/** Eligible approvers with no decision of their own or of a substitute for them yet, in stage order. */
export function pendingApprovers(eligible: readonly string[], decisions: readonly StageDecision[]): string[] {
  const done = new Set(decisions.map(votedFor));
  return eligible.filter((id) => !done.has(id));
}

/** True when `today` (AAAA-MM-DD) is inside the substitute's period (both ends inclusive). */
export const substituteActive = (s: StageState['substitute'], today: string): boolean => !!s && s.from <= today && today <= s.until;

export type Refusal = { ok: false; status: 400 | 403 | 409; code: string; message: string; field?: string };
export type Authorization = { ok: true; actingForId: string | null } | Refusal;

const refuse = (status: Refusal['status'], code: string, message: string, field?: string): Refusal => ({ ok: false, status, code, message, ...(field ? { field } : {}) });

const brDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

export interface AuthorizeInput {
  stage: StageState;
  /** Decisions already taken at this stage of this request. */
  decisions: readonly StageDecision[];
  userId: string;
  /** The record's requester and whoever registered it: neither decides on it. */
  requesterIds: readonly string[];
  allowSelfApproval: boolean;
  /** São Paulo date, AAAA-MM-DD. */
  today: string;
  /** A substitute may name the approver they stand in for; otherwise the first one still to decide. */
  actingForId?: string | null;
}

/**
 * Whether `userId` may decide now at this stage, and for whom. In order: the requester (or whoever registered the record) never decides
 * (unless the queue allows self-approval); nobody decides twice; an approver decides for themself (not after
 * a substitute already did for them); the substitute decides only inside the period, for an approver still to
 * decide. Anyone else is not an approver of the stage.
 */
export function authorizeDecision(input: AuthorizeInput): Authorization {
  const { stage, decisions, userId, requesterIds, allowSelfApproval, today } = input;
  if (!allowSelfApproval && requesterIds.includes(userId)) return refuse(403, 'SELF_APPROVAL', APPROVAL_MESSAGES.selfApproval);
  if (decisions.some((d) => d.approverId === userId)) return refuse(409, 'ALREADY_DECIDED', APPROVAL_MESSAGES.alreadyDecided);
  const eligible = eligibleApprovers(stage, requesterIds, allowSelfApproval);
  if (eligible.includes(userId)) {
    if (decisions.some((d) => d.actingForId === userId)) return refuse(409, 'ALREADY_DECIDED', APPROVAL_MESSAGES.decidedBySubstitute);
    return { ok: true, actingForId: null };
  }
  if (stage.substitute?.userId === userId) {
    if (!substituteActive(stage.substitute, today)) {
      return refuse(403, 'SUBSTITUTE_OUT_OF_PERIOD', APPROVAL_MESSAGES.substituteOutOfPeriod(brDate(stage.substitute.from), brDate(stage.substitute.until)));
    }
    const pending = pendingApprovers(eligible, decisions);
    if (input.actingForId) {
      if (!pending.includes(input.actingForId)) return refuse(400, 'VALIDATION', APPROVAL_MESSAGES.actingForInvalid, 'actingForId');
      return { ok: true, actingForId: input.actingForId };
    }
    return { ok: true, actingForId: pending[0] ?? null };
  }
  return refuse(403, 'NOT_APPROVER', APPROVAL_MESSAGES.notApprover);
}

export type StageOutcome = 'APROVADA' | 'REJEITADA' | 'PENDENTE';

/**
 * A stage's state after its decisions: any rejection rejects; `ANY` completes on the first approval;
 * `ALL` needs an approval by (or for) every eligible approver — with none left (all of them are the
 * requester, or left the groups), the substitute's approval completes it.
 * @example stageOutcome('ALL', ['a', 'b'], [{ approverId: 'a', actingForId: null, decision: 'APROVAR' }]) // 'PENDENTE'
 */
export function stageOutcome(rule: StageRule, eligible: readonly string[], decisions: readonly StageDecision[]): StageOutcome {
  if (decisions.some((d) => d.decision === 'REJEITAR')) return 'REJEITADA';
  const approvals = decisions.filter((d) => d.decision === 'APROVAR');
  if (!approvals.length) return 'PENDENTE';
  if (rule === 'ANY' || !eligible.length) return 'APROVADA';
  return pendingApprovers(eligible, approvals).length ? 'PENDENTE' : 'APROVADA';
}

/** "k de n aprovaram" of an `ALL` stage (n = eligible approvers; at least 1). */
export function stageProgress(eligible: readonly string[], decisions: readonly StageDecision[]): { approved: number; required: number } {
  const approvals = decisions.filter((d) => d.decision === 'APROVAR');
  const required = Math.max(1, eligible.length);
  const approved = eligible.length ? eligible.length - pendingApprovers(eligible, approvals).length : Math.min(1, approvals.length);
  return { approved, required };
}

/**
 * Whether anyone at all could still decide at this stage today: an eligible approver who has not decided,
 * or the substitute inside the period. False flags a stuck request ("Sem aprovador disponível").
 */
export function stageHasDecider(stage: StageState, decisions: readonly StageDecision[], requesterIds: readonly string[], allowSelfApproval: boolean, today: string): boolean {
  const eligible = eligibleApprovers(stage, requesterIds, allowSelfApproval);
  if (pendingApprovers(eligible, decisions).some((id) => !decisions.some((d) => d.approverId === id))) return true;
  const sub = stage.substitute;
  return (
    !!sub &&
    substituteActive(sub, today) &&
    (allowSelfApproval || !requesterIds.includes(sub.userId)) &&
    !decisions.some((d) => d.approverId === sub.userId)
  );
}

/**
 * The allowed-actions contract shared by the server and the renderers (architecture §12, docs/screens.md
 * §5.1): with each record the server says which workflow actions this user may take now, and why not.
 */

/**
 * Why an action is not available. `scope` (the user lacks the permission) and `status` (the record is not in a
 * status the action leaves from) mean the action does not apply: the UI hides it. The others mean it applies
 * but something blocks it now — the UI shows it disabled with the reason, so nobody wonders where it went.
 */
export type ActionRefusal = 'scope' | 'status' | 'segregation' | 'approval-queue' | 'requester' | 'not-yours' | 'already-decided' | 'blocked';

export interface ActionVerdict {
  allowed: boolean;
  /** pt-BR, when refused: the same message the action itself would answer. */
  reason?: string;
  code?: ActionRefusal;
}

/** One record's verdicts by action key (`approve`, `authorize`…). */
export type RecordActions = Record<string, ActionVerdict>;

/** Refusals that hide the action instead of disabling it. */
const HIDING: ReadonlySet<string> = new Set(['scope', 'status', 'not-yours']);

export type ActionDisplay = { show: false } | { show: true; disabled: false } | { show: true; disabled: true; reason: string };

/**
 * How a button gated by `verdict` shows: allowed → enabled; refused for scope, status or someone else's record →
 * hidden; refused for anything else → disabled with the reason as its tooltip. No verdict yet (the answer is
 * loading) → hidden, so a button that could only fail never flashes.
 * @example actionDisplay({ allowed: false, code: 'segregation', reason: 'Você registrou…' }) // { show: true, disabled: true, reason: 'Você registrou…' }
 */
export function actionDisplay(verdict: ActionVerdict | undefined): ActionDisplay {
  if (!verdict) return { show: false };
  if (verdict.allowed) return { show: true, disabled: false };
  if (!verdict.code || HIDING.has(verdict.code)) return { show: false };
  return { show: true, disabled: true, reason: verdict.reason ?? '' };
}

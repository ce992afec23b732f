/**
 * From an aging bucket (server/reports/cash.ts `aging`) to the installments list that shows the same parcelas:
 * the open statuses of that side, the due-date range of the bucket counted back from the aging's date, and the
 * dashboard's organization and cost center (the list keeps filters a link brings, src/engine/list/list-state.ts).
 */
export type AgingSide = 'pagar' | 'receber';

const LISTS: Record<AgingSide, { path: string; statuses: readonly string[] }> = {
  pagar: { path: '/contas-a-pagar/parcelamentos', statuses: ['ABERTO', 'APROVADO', 'AUTORIZADO'] },
  receber: { path: '/contas-a-receber/parcelamentos', statuses: ['ABERTO'] },
};

/** Days overdue of each bucket (inclusive); `null` = open-ended. "A vencer" is due today or later. */
const RANGES: Record<string, [number | null, number | null]> = {
  A_VENCER: [null, 0],
  ATE_30: [1, 30],
  DE_31_A_60: [31, 60],
  DE_61_A_90: [61, 90],
  ACIMA_DE_90: [91, null],
};

/** `date` (YYYY-MM-DD) minus `days` calendar days. @example minusDays('2026-03-01', 1) // '2026-02-28' */
export function minusDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

export interface AgingScope {
  organizationId?: string;
  costCenterId?: string;
}

function base(side: AgingSide, scope: AgingScope): URLSearchParams {
  const q = new URLSearchParams();
  for (const s of LISTS[side].statuses) q.append('filter[status][in]', s);
  if (scope.organizationId) q.set('filter[organizationId][eq]', scope.organizationId);
  if (scope.costCenterId) q.set('filter[costCenterId][eq]', scope.costCenterId);
  return q;
}

/**
 * The list URL of one bucket, or undefined for an unknown key.
 * @example agingBucketLink('pagar', 'ATE_30', '2026-05-31') // /contas-a-pagar/parcelamentos?…filter[dueDate][between]=2026-05-01&filter[dueDate][between]=2026-05-30
 */
export function agingBucketLink(side: AgingSide, key: string, today: string, scope: AgingScope = {}): string | undefined {
  const range = RANGES[key];
  if (!range) return undefined;
  const [minDays, maxDays] = range;
  const q = base(side, scope);
  // More days overdue = an earlier due date: the bucket's max days is its earliest due date.
  if (minDays === null) q.set('filter[dueDate][gte]', minusDays(today, maxDays!));
  else if (maxDays === null) q.set('filter[dueDate][lte]', minusDays(today, minDays));
  else {
    q.append('filter[dueDate][between]', minusDays(today, maxDays));
    q.append('filter[dueDate][between]', minusDays(today, minDays));
  }
  return `${LISTS[side].path}?${q.toString()}`;
}

/** The list of every overdue open parcela of a side (due before `today`). */
export function overdueLink(side: AgingSide, today: string, scope: AgingScope = {}): string {
  const q = base(side, scope);
  q.set('filter[dueDate][lte]', minusDays(today, 1));
  return `${LISTS[side].path}?${q.toString()}`;
}

/** Sum of the overdue buckets (every bucket but "a vencer"). */
export const overdueAmount = (buckets: readonly { key: string; amount: number }[] | undefined): number | undefined =>
  buckets ? buckets.filter((b) => b.key !== 'A_VENCER').reduce((s, b) => s + b.amount, 0) : undefined;

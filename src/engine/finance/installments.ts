/**
 * Installment plans (parcelamentos) in integer centavos, shared by the forms and the server (domain.md §0,
 * §2.3): the parcelas of a lançamento always sum exactly to its total, the rounding remainder on the last.
 * No floats anywhere: every amount is a safe integer of centavos.
 */
import { FINANCE_MESSAGES } from '../../i18n/finance.ts';
import { formatMoney } from '../formats/money.ts';
import { daysInMonth, isIsoDate } from '../formats/calendar.ts';

/** Upper bound of a plan (30 years of monthly parcelas). */
export const MAX_INSTALLMENTS = 360;

export type PlanResult = { ok: true; amounts: number[] } | { ok: false; error: string };

const assertCentavos = (value: number, name: string) => {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} deve ser um inteiro de centavos: ${value}`);
};

/**
 * Splits `total` centavos into `count` parts: each the truncated quotient, the remainder on the last, so
 * the parts always sum to `total` (also for a negative total, e.g. an estorno).
 * @example splitAmount(100, 3) // [33, 33, 34]
 * @example splitAmount(123456, 3) // [41152, 41152, 41152]
 */
export function splitAmount(total: number, count: number): number[] {
  assertCentavos(total, 'total');
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`count deve ser um inteiro ≥ 1: ${count}`);
  const part = Math.trunc(total / count);
  const parts = Array.from({ length: count }, () => part);
  parts[count - 1] = total - part * (count - 1);
  return parts;
}

/**
 * Month add on `AAAA-MM-DD`, keeping the day of the month and clamping to the month's last day
 * (31/01 + 1 → 28/02 or 29/02; never "+30 days", domain.md §2.3).
 * @example addMonths('2026-01-31', 1) // '2026-02-28'
 */
export function addMonths(iso: string, months: number): string {
  if (!isIsoDate(iso) || !Number.isInteger(months)) throw new RangeError(`data ou meses inválidos: ${iso}, ${months}`);
  const [y, m, d] = [Number(iso.slice(0, 4)), Number(iso.slice(5, 7)), Number(iso.slice(8, 10))];
  const index = y * 12 + (m - 1) + months;
  const [ny, nm] = [Math.floor(index / 12), (index % 12) + 1];
  const day = Math.min(d, daysInMonth(ny, nm));
  return `${String(ny).padStart(4, '0')}-${String(nm).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export interface PlannedInstallment {
  /** 1-based position, shown as "number/count" ("2/6"). */
  number: number;
  count: number;
  dueDate: string;
  amount: number;
}

export interface PlanInput {
  /** Centavos to split (the lançamento's net total). */
  total: number;
  count: number;
  firstDueDate: string;
  /** Months between due dates (1 = same day every month). */
  intervalMonths?: number;
}

/**
 * The parcelas of a new lançamento: amounts by {@link splitAmount}, due dates every `intervalMonths`
 * months from the first, anchored on its day (a plan starting on the 31st stays on month ends).
 * @example planInstallments({ total: 123456, count: 3, firstDueDate: '2026-01-31' })
 * // [{ number: 1, count: 3, dueDate: '2026-01-31', amount: 41152 }, { number: 2, …'2026-02-28'… }, { number: 3, …'2026-03-31'… }]
 */
export function planInstallments({ total, count, firstDueDate, intervalMonths = 1 }: PlanInput): PlannedInstallment[] {
  if (!Number.isInteger(count) || count < 1 || count > MAX_INSTALLMENTS) throw new RangeError(FINANCE_MESSAGES.installmentCount(MAX_INSTALLMENTS));
  return splitAmount(total, count).map((amount, i) => ({
    number: i + 1,
    count,
    dueDate: addMonths(firstDueDate, i * intervalMonths),
    amount,
  }));
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** pt-BR error when the amounts do not sum to `total` or one is below R$ 0,01; null when the plan holds. */
export function checkPlan(amounts: readonly number[], total: number): string | null {
  if (amounts.some((a) => !Number.isSafeInteger(a) || a < 1)) return FINANCE_MESSAGES.installmentMin;
  const s = sum(amounts);
  return s === total ? null : FINANCE_MESSAGES.installmentsSum(formatMoney(total), formatMoney(s));
}

/**
 * Spreads `total` over a plan: locked parcelas (paid, cancelled…) keep their amounts, the open ones share
 * the rest by {@link splitAmount} (remainder on the last open one). Used when a lançamento's total changes.
 * @example spreadOver(1000, [300, 200, 200], [true, false, false]) // { ok: true, amounts: [300, 350, 350] }
 */
export function spreadOver(total: number, amounts: readonly number[], locked: readonly boolean[] = []): PlanResult {
  assertCentavos(total, 'total');
  const open = amounts.map((_, i) => i).filter((i) => !locked[i]);
  const rest = total - sum(amounts.filter((_, i) => locked[i]));
  if (!open.length) return rest === 0 ? { ok: true, amounts: [...amounts] } : { ok: false, error: FINANCE_MESSAGES.noOtherToAbsorb };
  if (rest < open.length) return { ok: false, error: FINANCE_MESSAGES.restTooSmall(formatMoney(rest), open.length) };
  const parts = splitAmount(rest, open.length);
  const out = [...amounts];
  open.forEach((i, k) => (out[i] = parts[k]));
  return { ok: true, amounts: out };
}

/**
 * Edits one parcela of a plan and redistributes the difference over the other open ones, so the plan
 * still sums to `total` (default: the current sum). Locked parcelas never change; the edited one cannot
 * be locked; every parcela stays ≥ R$ 0,01. Errors are pt-BR.
 * @example redistribute([41152, 41152, 41152], 0, 50000) // { ok: true, amounts: [50000, 36728, 36728] }
 */
export function redistribute(
  amounts: readonly number[],
  index: number,
  amount: number,
  options: { total?: number; locked?: readonly boolean[] } = {},
): PlanResult {
  const locked = options.locked ?? [];
  const total = options.total ?? sum(amounts);
  if (!Number.isInteger(index) || index < 0 || index >= amounts.length) return { ok: false, error: FINANCE_MESSAGES.installmentIndex };
  if (locked[index]) return { ok: false, error: FINANCE_MESSAGES.installmentLocked };
  if (!Number.isSafeInteger(amount) || amount < 1) return { ok: false, error: FINANCE_MESSAGES.installmentMin };
  const edited = [...amounts];
  edited[index] = amount;
  return spreadOver(total, edited, amounts.map((_, i) => i === index || !!locked[i]));
}

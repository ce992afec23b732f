/**
 * Payment terms (condição de pagamento) as Brazilian buyers write them — "28 DDL", "30/60/90 DDL", "30/60/90",
 * "à vista", "entrada + 30/60" — turned into days after the invoice date, installments in integer centavos
 * (remainder on the last, domain.md §0) and the present value the comparison map uses.
 */
import { civilFromDays, isoToDays } from '../formats/calendar.ts';
import { splitAmount } from '../finance/installments.ts';

const strip = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/**
 * Days after the invoice date of each installment, or null when the text says nothing we can read.
 * @example paymentDays('30/60/90 DDL') // [30, 60, 90]
 * @example paymentDays('à vista') // [0]
 * @example paymentDays('Entrada + 30/60') // [0, 30, 60]
 */
export function paymentDays(terms: string | null | undefined): number[] | null {
  if (!terms) return null;
  const t = strip(terms).trim();
  if (!t) return null;
  if (/^(a vista|avista|antecipado|pix|dinheiro)\b/.test(t)) return [0];
  const down = /\b(entrada|ato|sinal)\b/.test(t) ? [0] : [];
  const numbers = t.match(/\d{1,3}/g)?.map(Number).filter((n) => n <= 720) ?? [];
  if (!numbers.length) return down.length ? down : null;
  // "3x" / "3 parcelas" without days: monthly from 30.
  if (numbers.length === 1 && /(\d+\s*x\b|\d+\s*parcelas?)/.test(t)) return [...down, ...Array.from({ length: Math.min(numbers[0], 60) }, (_, i) => 30 * (i + 1))];
  const days = [...down, ...numbers];
  return days.every((d, i) => i === 0 || d >= days[i - 1]) ? days : [...days].sort((a, b) => a - b);
}

export interface TermInstallment {
  number: number;
  dueDate: string;
  amount: number;
}

/** `AAAA-MM-DD` plus `days`. */
export const addDays = (iso: string, days: number) => civilFromDays(isoToDays(iso) + days);

/**
 * The installments of `total` centavos under `terms` counted from `baseDate` (the invoice's issue date);
 * unreadable terms → one installment in 30 days (the commonest condition).
 * @example installmentsFromTerms(100000, '2026-03-10', '30/60 DDL')
 * // [{ number: 1, dueDate: '2026-04-09', amount: 50000 }, { number: 2, dueDate: '2026-05-09', amount: 50000 }]
 */
export function installmentsFromTerms(total: number, baseDate: string, terms: string | null | undefined): TermInstallment[] {
  const days = paymentDays(terms) ?? [30];
  return splitAmount(total, days.length).map((amount, i) => ({ number: i + 1, dueDate: addDays(baseDate, days[i]), amount }));
}

/**
 * What one real paid under `terms` is worth today at `monthlyRate` (0.01 = 1 % a.m., compounded, 30-day
 * months): equal installments each discounted by (1 + r)^(days/30). Later payment is cheaper money.
 * @example presentValueFactor('à vista', 0.01) // 1
 * @example presentValueFactor('30 DDL', 0.01) // 0.990099…
 */
export function presentValueFactor(terms: string | null | undefined, monthlyRate: number): number {
  const days = paymentDays(terms) ?? [30];
  return days.reduce((s, d) => s + 1 / days.length / (1 + monthlyRate) ** (d / 30), 0);
}

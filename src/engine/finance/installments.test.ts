import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoDate } from '../../../tests/fixtures/format-arbitraries.ts';
import { FINANCE_MESSAGES } from '../../i18n/finance.ts';
import { addMonths, checkPlan, MAX_INSTALLMENTS, planInstallments, redistribute, splitAmount, spreadOver } from './installments.ts';

const sum = (a: readonly number[]) => a.reduce((x, y) => x + y, 0);
const centavos = fc.integer({ min: -1e12, max: 1e12 });
const count = fc.integer({ min: 1, max: MAX_INSTALLMENTS });

describe('splitAmount', () => {
  it('splits the spec examples', () => {
    expect(splitAmount(123456, 3)).toEqual([41152, 41152, 41152]);
    expect(splitAmount(100, 3)).toEqual([33, 33, 34]);
    expect(splitAmount(100000, 7)).toEqual([14285, 14285, 14285, 14285, 14285, 14285, 14290]);
    expect(splitAmount(1, 1)).toEqual([1]);
    expect(splitAmount(-100, 3)).toEqual([-33, -33, -34]);
    expect(() => splitAmount(10.5, 2)).toThrow(RangeError);
    expect(() => splitAmount(10, 0)).toThrow(RangeError);
  });

  it('always sums exactly, all parts equal but the last, the remainder below the count', () => {
    fc.assert(
      fc.property(centavos, count, (total, n) => {
        const parts = splitAmount(total, n);
        expect(parts).toHaveLength(n);
        expect(sum(parts)).toBe(total);
        expect(parts.every(Number.isSafeInteger)).toBe(true);
        expect(new Set(parts.slice(0, -1)).size).toBeLessThanOrEqual(1);
        expect(Math.abs(parts[n - 1] - parts[0])).toBeLessThan(n);
      }),
    );
  });
});

describe('addMonths and planInstallments', () => {
  it('adds months by the calendar, anchored on the first due day', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(addMonths('2026-03-10', -3)).toBe('2025-12-10');
    expect(planInstallments({ total: 123456, count: 3, firstDueDate: '2026-01-31' })).toEqual([
      { number: 1, count: 3, dueDate: '2026-01-31', amount: 41152 },
      { number: 2, count: 3, dueDate: '2026-02-28', amount: 41152 },
      { number: 3, count: 3, dueDate: '2026-03-31', amount: 41152 },
    ]);
    expect(() => planInstallments({ total: 100, count: MAX_INSTALLMENTS + 1, firstDueDate: '2026-01-01' })).toThrow(FINANCE_MESSAGES.installmentCount(MAX_INSTALLMENTS));
  });

  it('plans sum to the total with increasing due dates one interval apart', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e11 }), fc.integer({ min: 1, max: 60 }), isoDate.filter((d) => d < '2150-01-01'), fc.integer({ min: 1, max: 12 }), (total, n, first, interval) => {
        const plan = planInstallments({ total, count: n, firstDueDate: first, intervalMonths: interval });
        expect(sum(plan.map((p) => p.amount))).toBe(total);
        expect(plan.map((p) => p.number)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
        for (let i = 1; i < n; i++) {
          expect(plan[i].dueDate > plan[i - 1].dueDate).toBe(true);
          const months = (d: string) => Number(d.slice(0, 4)) * 12 + Number(d.slice(5, 7));
          expect(months(plan[i].dueDate) - months(plan[i - 1].dueDate)).toBe(interval);
        }
      }),
    );
  });
});

/** A plan of 1..24 parcelas ≥ 1 centavo each, with a random lock mask. */
const plan = fc
  .array(fc.integer({ min: 1, max: 1e9 }), { minLength: 1, maxLength: 24 })
  .chain((amounts) => fc.tuple(fc.constant(amounts), fc.array(fc.boolean(), { minLength: amounts.length, maxLength: amounts.length })));

describe('redistribute (editing one parcela of a plan)', () => {
  it('moves the difference to the other open parcelas, remainder on the last', () => {
    expect(redistribute([41152, 41152, 41152], 0, 50000)).toEqual({ ok: true, amounts: [50000, 36728, 36728] });
    expect(redistribute([41152, 41152, 41152], 1, 10000)).toEqual({ ok: true, amounts: [56728, 10000, 56728] });
    expect(redistribute([300, 200, 200, 300], 3, 100, { locked: [true, false, false, false] })).toEqual({ ok: true, amounts: [300, 300, 300, 100] });
    expect(redistribute([300, 200, 200], 1, 101, { locked: [true, false, false] })).toEqual({ ok: true, amounts: [300, 101, 299] });
  });

  it('refuses what would break the plan, in pt-BR', () => {
    expect(redistribute([100, 100], 0, 200)).toEqual({ ok: false, error: FINANCE_MESSAGES.restTooSmall('R$\u00a00,00', 1) });
    expect(redistribute([100], 0, 99)).toEqual({ ok: false, error: FINANCE_MESSAGES.noOtherToAbsorb });
    expect(redistribute([100, 100], 1, 50, { locked: [true, false] })).toEqual({ ok: false, error: FINANCE_MESSAGES.noOtherToAbsorb });
    expect(redistribute([100, 100], 0, 50, { locked: [true, false] })).toEqual({ ok: false, error: FINANCE_MESSAGES.installmentLocked });
    expect(redistribute([100, 100], 0, 0)).toEqual({ ok: false, error: FINANCE_MESSAGES.installmentMin });
    expect(redistribute([100, 100], 2, 10)).toEqual({ ok: false, error: FINANCE_MESSAGES.installmentIndex });
    expect(redistribute([100], 0, 100)).toEqual({ ok: true, amounts: [100] });
  });

  it('keeps the invariant: the sum, the locked parcelas and the edited one; or refuses', () => {
    fc.assert(
      fc.property(plan, fc.nat(), fc.integer({ min: -10, max: 2e9 }), ([amounts, locked], i, amount) => {
        const index = i % amounts.length;
        const total = sum(amounts);
        const result = redistribute(amounts, index, amount, { locked });
        const others = amounts.filter((_, k) => k !== index && !locked[k]).length;
        const rest = total - amount - sum(amounts.filter((_, k) => k !== index && locked[k]));
        // Refused exactly when there is a reason: locked target, amount below 1, or a rest the open parcelas cannot take.
        expect(!result.ok).toBe(!!locked[index] || amount < 1 || (others === 0 ? rest !== 0 : rest < others));
        const out = result.ok ? result.amounts : amounts.map((a, k) => (k === index ? amount : a));
        expect(result.ok ? sum(out) : total).toBe(total);
        expect(out[index]).toBe(amount);
        expect(out.filter((_, k) => locked[k] && k !== index)).toEqual(amounts.filter((_, k) => locked[k] && k !== index));
        expect(result.ok ? checkPlan(out, total) : null).toBeNull();
      }),
    );
  });

  it('a sequence of edits never drifts from the total', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), fc.integer({ min: 1, max: 12 }), fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 1e9 })), { maxLength: 20 }), (total, n, edits) => {
        let amounts = splitAmount(Math.max(total, n), n);
        const fixed = sum(amounts);
        for (const [i, value] of edits) {
          const r = redistribute(amounts, i % n, value);
          if (r.ok) amounts = r.amounts;
          expect(sum(amounts)).toBe(fixed);
        }
      }),
    );
  });
});

describe('spreadOver and checkPlan', () => {
  it('re-spreads a new total over the open parcelas', () => {
    expect(spreadOver(1000, [300, 200, 200], [true, false, false])).toEqual({ ok: true, amounts: [300, 350, 350] });
    expect(spreadOver(301, [300, 200, 200], [true, false, false])).toEqual({ ok: false, error: FINANCE_MESSAGES.restTooSmall('R$\u00a00,01', 2) });
    fc.assert(
      fc.property(plan, fc.integer({ min: 1, max: 3e10 }), ([amounts, locked], total) => {
        const r = spreadOver(total, amounts, locked);
        const open = locked.filter((l) => !l).length;
        const rest = total - sum(amounts.filter((_, k) => locked[k]));
        expect(r.ok).toBe(open === 0 ? rest === 0 : rest >= open);
        expect(r.ok ? sum(r.amounts) : total).toBe(total);
      }),
    );
  });

  it('names the sums when a plan does not add up', () => {
    expect(checkPlan([41152, 41152, 41152], 123456)).toBeNull();
    expect(checkPlan([41152, 41152, 41151], 123456)).toBe('A soma das parcelas (R$\u00a01.234,55) deve ser igual ao total a pagar (R$\u00a01.234,56).');
    expect(checkPlan([0, 123456], 123456)).toBe(FINANCE_MESSAGES.installmentMin);
  });
});

import { describe, expect, it } from 'vitest';
import { WORKFLOW_MESSAGES } from '../../../src/i18n/finance-workflow.ts';
import { periodOf } from './bank.ts';
import { brDate, todayInBrazil } from './common.ts';
import { sodBlocks } from './settle.ts';

describe('workflow helpers (no database)', () => {
  it('reads a statement period: default the current month in São Paulo, at most 3 years, from ≤ to', () => {
    const today = todayInBrazil();
    const current = periodOf({});
    expect(current.from).toBe(`${today.slice(0, 8)}01`);
    expect(current.to.slice(0, 7)).toBe(today.slice(0, 7));
    expect(Number(current.to.slice(8))).toBeGreaterThanOrEqual(28);
    expect(periodOf({ from: '2024-02-01', to: '' })).toMatchObject({ from: '2024-02-01' });
    expect(periodOf({ from: '2024-02-01', to: '2024-02-29' })).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    for (const bad of [{ from: '2024-03-01', to: '2024-02-01' }, { from: '2020-01-01', to: '2024-01-01' }, { from: '01/02/2024', to: '2024-02-29' }, { from: '2024-02-30', to: '2024-03-01' }]) {
      expect(() => periodOf(bad)).toThrow(expect.objectContaining({ statusCode: 400, errors: { period: [WORKFLOW_MESSAGES.periodInvalid] } }));
    }
  });

  it('São Paulo calendar: a UTC instant after 21:00 is still the same day there', () => {
    expect(todayInBrazil(new Date('2026-03-10T23:30:00Z'))).toBe('2026-03-10');
    expect(todayInBrazil(new Date('2026-03-11T02:59:00Z'))).toBe('2026-03-10');
    expect(brDate('2026-03-09')).toBe('09/03/2026');
  });

  it('segregation of duties: who registered, requested or approved (any case of the uuid) may not authorize', () => {
    const header = { id: 'p', version: 1, createdBy: 'AAAA-1', requesterId: 'bbbb-2', approvedBy: null };
    expect(sodBlocks(header, 'aaaa-1')).toBe(true);
    expect(sodBlocks(header, 'BBBB-2')).toBe(true);
    expect(sodBlocks({ ...header, approvedBy: 'cccc-3' }, 'cccc-3')).toBe(true);
    expect(sodBlocks(header, 'dddd-4')).toBe(false);
    // An earlier stage's approver, or the approver a substitute stood in for (from approval_decisions).
    expect(sodBlocks(header, 'EEEE-5', new Set(['eeee-5', 'ffff-6']))).toBe(true);
    expect(sodBlocks(header, 'dddd-4', new Set(['eeee-5']))).toBe(false);
  });
});

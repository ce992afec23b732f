import { describe, expect, it } from 'vitest';
import { ageLabel, APPROVAL_TEXT } from './approvals.ts';

describe('approval texts', () => {
  it('says how long an item waits at its stage in whole minutes, hours or days', () => {
    const now = new Date('2026-03-03T12:00:00Z');
    expect(ageLabel('2026-03-03T11:59:30Z', now)).toBe('menos de 1 min');
    expect(ageLabel('2026-03-03T11:15:00Z', now)).toBe('45 min');
    expect(ageLabel('2026-03-03T11:00:00Z', now)).toBe('1 hora');
    expect(ageLabel('2026-03-02T13:00:00Z', now)).toBe('23 horas');
    expect(ageLabel('2026-03-02T12:00:00Z', now)).toBe('1 dia');
    expect(ageLabel('2026-02-01T12:00:00Z', now)).toBe('30 dias');
    // A clock slightly behind the server's never shows a negative age.
    expect(ageLabel('2026-03-03T12:05:00Z', now)).toBe('menos de 1 min');
  });

  it('pluralizes counts', () => {
    expect([0, 1, 2].map(APPROVAL_TEXT.pendingCount)).toEqual(['0 pendentes', '1 pendente', '2 pendentes']);
    expect([1, 3].map((n) => APPROVAL_TEXT.bulkTitle(n))).toEqual(['Aprovar 1 solicitação?', 'Aprovar 3 solicitações?']);
    expect(APPROVAL_TEXT.bulkDone(2, 0)).toBe('2 solicitações aprovadas.');
    expect(APPROVAL_TEXT.bulkDone(1, 1)).toBe('1 aprovada; 1 não pôde ser aprovada.');
    expect(APPROVAL_TEXT.bulkDone(0, 2)).toBe('0 aprovadas; 2 não puderam ser aprovadas.');
  });
});

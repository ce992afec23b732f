import { describe, expect, it } from 'vitest';
import { formatBRL, formatCompetence, formatDate, formatDateTime } from './format.ts';

const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');

describe('pt-BR formatters', () => {
  it('formats centavos as BRL', () => {
    expect(nbsp(formatBRL(123456))).toBe('R$ 1.234,56');
    expect(nbsp(formatBRL(5))).toBe('R$ 0,05');
    expect(nbsp(formatBRL(-100))).toBe('-R$ 1,00');
    expect(formatBRL(null)).toBe('');
  });

  it('formats dates as DD/MM/AAAA without shifting plain dates', () => {
    expect(formatDate('2026-03-01')).toBe('01/03/2026');
    expect(formatDate(new Date(2026, 11, 31, 23, 59))).toBe('31/12/2026');
    expect(formatDate('não é data')).toBe('');
    expect(formatDateTime(new Date(2026, 0, 2, 8, 5))).toBe('02/01/2026 08:05');
  });

  it('formats competence as MM/AAAA', () => {
    expect(formatCompetence('2026-03')).toBe('03/2026');
    expect(formatCompetence('2026-03-15')).toBe('03/2026');
    expect(formatCompetence('')).toBe('');
  });
});

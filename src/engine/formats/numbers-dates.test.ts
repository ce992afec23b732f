import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoDate } from '../../../tests/fixtures/format-arbitraries.ts';
import { daysFromCivil, civilFromDays, isIsoDate } from './calendar.ts';
import { competence, competenceEnd, date, isDateTime } from './dates.ts';
import { formatMoney, money, parseMoney } from './money.ts';
import { formatPercent, isPercent, parsePercent } from './percent.ts';

describe('money (integer centavos)', () => {
  it('parses what people type', () => {
    expect(parseMoney('R$ 1.234,56')).toBe(123456);
    expect(parseMoney('R$\u00a01.234,56')).toBe(123456);
    expect(parseMoney('-R$ 1.234,56')).toBe(-123456);
    expect(parseMoney('R$ -10,00')).toBe(-1000);
    expect(parseMoney('(1.234,56)')).toBe(-123456);
    expect(parseMoney('1234,5')).toBe(123450);
    expect(parseMoney('1.234')).toBe(123400);
    expect(parseMoney('12.50')).toBe(1250);
    expect(parseMoney('0,01')).toBe(1);
    expect(parseMoney('1.000.000')).toBe(100000000);
    expect(parseMoney('-0,00')).toBe(0);
    for (const bad of ['', 'abc', '1,234', '1.23.4', '1,2,3', 'R$', '12.345,678']) expect(parseMoney(bad)).toBeUndefined();
  });

  it('formats like Intl pt-BR BRL and round-trips', () => {
    expect(formatMoney(123456)).toBe('R$\u00a01.234,56');
    expect(formatMoney(-5)).toBe('-R$\u00a00,05');
    const intl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (c) => {
        expect(formatMoney(c)).toBe(intl.format(c / 100));
        return parseMoney(formatMoney(c)) === c;
      }),
    );
  });

  it('validates only safe integers', () => {
    expect(money.validate(100)).toBe(true);
    expect(money.validate(1.5)).toBe(false);
    expect(money.validate(2 ** 53)).toBe(false);
    expect(money.normalize('dez reais')).toBe('dez reais');
  });
});

describe('percent', () => {
  it('allows 2 decimal places and reads pt-BR input', () => {
    expect(isPercent(12.5)).toBe(true);
    expect(isPercent(0.07)).toBe(true);
    expect(isPercent(12.345)).toBe(false);
    expect(isPercent(Number.NaN)).toBe(false);
    expect(formatPercent(12.5)).toBe('12,50%');
    expect(formatPercent(1234.5)).toBe('1.234,50%');
    expect(parsePercent('12,5%')).toBe(12.5);
    expect(parsePercent('12.5')).toBe(12.5);
    expect(parsePercent('-3,25 %')).toBe(-3.25);
    expect(parsePercent('doze')).toBe('doze');
    fc.assert(fc.property(fc.integer({ min: -1e9, max: 1e9 }), (h) => parsePercent(formatPercent(h / 100)) === h / 100));
  });
});

describe('dates', () => {
  it('accepts only real calendar dates', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('1900-02-29')).toBe(false);
    expect(isIsoDate('2000-02-29')).toBe(true);
    expect(isIsoDate('2026-04-31')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('26-01-01')).toBe(false);
    expect(isIsoDate('2026-1-01')).toBe(false);
  });

  it('agrees with Date.UTC on every day and round-trips through days', () => {
    fc.assert(
      fc.property(isoDate, (iso) => {
        const days = daysFromCivil(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)), Number(iso.slice(8, 10)));
        expect([days * 86_400_000, civilFromDays(days), isIsoDate(iso)]).toEqual([Date.parse(`${iso}T00:00:00Z`), iso, true]);
      }),
    );
  });

  it('masks and normalizes DD/MM/AAAA', () => {
    expect(date.mask('2026-12-31')).toBe('31/12/2026');
    expect(date.normalize('31/12/2026')).toBe('2026-12-31');
    expect(date.normalize('1/2/2026')).toBe('2026-02-01');
    fc.assert(fc.property(isoDate, (iso) => date.normalize(date.mask(iso)) === iso));
  });

  it('checks date-time with offset', () => {
    expect(isDateTime('2026-01-31T14:30:00.000Z')).toBe(true);
    expect(isDateTime('2026-01-31T14:30:00-03:00')).toBe(true);
    expect(isDateTime('2026-01-31T24:00:00Z')).toBe(false);
    expect(isDateTime('2026-02-30T10:00:00Z')).toBe(false);
    expect(isDateTime('2026-01-31T14:30:00')).toBe(false); // no offset: ambiguous
  });

  it('handles competence AAAA-MM ↔ MM/AAAA', () => {
    expect(competence.validate('2026-03')).toBe(true);
    expect(competence.validate('2026-13')).toBe(false);
    expect(competence.validate('2026-3')).toBe(false);
    expect(competence.mask('2026-03')).toBe('03/2026');
    expect(competence.normalize('3/2026')).toBe('2026-03');
    expect(competenceEnd('2024-02')).toBe('2024-02-29');
  });
});

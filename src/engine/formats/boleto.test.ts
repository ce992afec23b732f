import { getBoletoInfo } from '@brazilian-utils/brazilian-utils/get-boleto-info';
import { isValidBoleto } from '@brazilian-utils/brazilian-utils/is-valid-boleto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bankLine, collectionLine, isoDate } from '../../../tests/fixtures/format-arbitraries.ts';
import { bankLineToBarcode, barcodeToLine, collectionLineToBarcode } from './boleto-digits.ts';
import { boleto, dueDateFromFator, fatorFromDueDate, isValidBoletoLine, maskBoleto, parseBoleto } from './boleto.ts';

const BB = '00190500954014481606906809350314337370000000100';
const BRADESCO = '23793381286008301352856000063307789840000150000';
const COLLECTION = '846100000005246100291102005460339004695895061080';

describe('boleto: check digits', () => {
  it('accepts real lines and rejects a changed digit', () => {
    expect(isValidBoletoLine(BB)).toBe(true);
    expect(isValidBoletoLine(BRADESCO)).toBe(true);
    expect(isValidBoletoLine(COLLECTION)).toBe(true);
    expect(isValidBoletoLine(`${BB.slice(0, 46)}1`)).toBe(false);
    expect(isValidBoletoLine(`${BB.slice(0, 9)}0${BB.slice(10)}`)).toBe(false);
    expect(isValidBoletoLine(`${BB.slice(0, 3)}0${BB.slice(4)}`)).toBe(false); // currency must be 9 (real)
  });

  it('agrees with brazilian-utils on generated lines, valid or with one digit changed', () => {
    const mutated = (line: string, i: number, d: number) => line.slice(0, i) + ((Number(line[i]) + d) % 10) + line.slice(i + 1);
    fc.assert(
      fc.property(fc.oneof(bankLine, collectionLine), fc.nat(47), fc.integer({ min: 0, max: 9 }), (line, i, d) => {
        const v = mutated(line, i % line.length, d);
        expect(isValidBoletoLine(v)).toBe(isValidBoleto(v));
      }),
    );
  });

  it('converts barcode ↔ line both ways', () => {
    fc.assert(fc.property(bankLine, (line) => {
      expect([barcodeToLine(bankLineToBarcode(line)), isValidBoletoLine(line)]).toEqual([line, true]);
    }));
    fc.assert(fc.property(collectionLine, (line) => {
      expect([barcodeToLine(collectionLineToBarcode(line)), isValidBoletoLine(line)]).toEqual([line, true]);
    }));
  });
});

describe('boleto: fator de vencimento (2025 reset)', () => {
  it('maps the documented dates', () => {
    expect(fatorFromDueDate('2000-07-03')).toBe(1000);
    expect(fatorFromDueDate('2025-02-21')).toBe(9999);
    expect(fatorFromDueDate('2025-02-22')).toBe(1000);
    expect(fatorFromDueDate('2026-07-01')).toBe(1494);
    expect(dueDateFromFator(1494, '2026-06-15')).toBe('2026-07-01');
    expect(dueDateFromFator(1000, '2001-01-01')).toBe('2000-07-03');
    expect(dueDateFromFator(1000, '2025-03-01')).toBe('2025-02-22');
    expect(dueDateFromFator(9999, '2025-03-01')).toBe('2025-02-21');
    expect(dueDateFromFator(0, '2025-03-01')).toBeNull();
  });

  it('decodes a due date back within the window around today', () => {
    fc.assert(
      fc.property(isoDate.filter((d) => d >= '2000-07-03'), fc.integer({ min: -3000, max: 5500 }), (due, offset) => {
        const today = new Date(Date.parse(`${due}T12:00:00Z`) - offset * 86_400_000).toISOString().slice(0, 10);
        expect(dueDateFromFator(fatorFromDueDate(due), today)).toBe(due);
      }),
    );
  });

  it('agrees with brazilian-utils on the due date for any reference date', () => {
    fc.assert(
      fc.property(bankLine, isoDate.filter((d) => d >= '2001-01-01' && d <= '2090-12-31'), (line, today) => {
        const [y, m, d] = today.split('-').map(Number);
        const theirs = getBoletoInfo(line, { referenceDate: new Date(y, m - 1, d) })?.expirationDate;
        const theirsIso = theirs && `${theirs.getFullYear()}-${String(theirs.getMonth() + 1).padStart(2, '0')}-${String(theirs.getDate()).padStart(2, '0')}`;
        expect(parseBoleto(line, { today })?.dueDate).toBe(theirsIso);
      }),
    );
  });
});

describe('parseBoleto', () => {
  it('reads bank, amount and due date of the BB fixture', () => {
    expect(parseBoleto(BB, { today: '2008-01-10' })).toMatchObject({ kind: 'bank', bankCode: '001', amount: 100, dueDate: '2007-12-31', fator: 3737 });
    // Seen in 2026 the same fator means the next cycle's date (inside today − 3000 … today + 5500 days).
    expect(parseBoleto(BB, { today: '2026-06-15' })?.dueDate).toBe('2032-08-21');
    expect(parseBoleto(BRADESCO, { today: '2022-01-01' })).toMatchObject({ bankCode: '237', amount: 150000 });
  });

  it('reads an arrecadação line and accepts masks and scanned barcodes', () => {
    expect(parseBoleto('84610000000-5 24610029110-2 00546033900-4 69589506108-0')).toMatchObject({
      kind: 'collection', segment: '4', amount: 2461, dueDate: null,
    });
    expect(parseBoleto(bankLineToBarcode(BB))?.line).toBe(BB);
    expect(parseBoleto(`${BB.slice(0, 46)}1`)).toBeUndefined();
  });

  it('masks and normalizes round trip', () => {
    expect(maskBoleto(BB)).toBe('00190.50095 40144.816069 06809.350314 3 37370000000100');
    expect(maskBoleto(COLLECTION)).toBe('84610000000-5 24610029110-2 00546033900-4 69589506108-0');
    fc.assert(fc.property(fc.oneof(bankLine, collectionLine), (line) => boleto.normalize(maskBoleto(line)) === line));
  });
});

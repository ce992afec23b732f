import { describe, expect, it } from 'vitest';
import { gtin, gtinCheckDigit, isValidGtin } from './gtin.ts';
import { isValidNfeKey, maskNfeKey, nfeKey, nfeKeyCheckDigit, parseNfeKey } from './nfe-key.ts';

// The worked example of the Manual de Orientação do Contribuinte (NF-e): check digit 5.
const MANUAL_KEY = '52060433009911002506550120000007800267301615';

describe('NF-e access key', () => {
  it('computes the mod 11 check digit of the manual example', () => {
    expect(nfeKeyCheckDigit(MANUAL_KEY.slice(0, 43))).toBe(5);
    expect(isValidNfeKey(MANUAL_KEY)).toBe(true);
  });
  it('rejects a wrong check digit, a wrong length, letters and month 13', () => {
    expect(isValidNfeKey(MANUAL_KEY.slice(0, 43) + '6')).toBe(false);
    expect(isValidNfeKey(MANUAL_KEY.slice(0, 43))).toBe(false);
    expect(isValidNfeKey(MANUAL_KEY.replace('5', 'A'))).toBe(false);
    const month13 = '520613' + MANUAL_KEY.slice(6, 43);
    expect(isValidNfeKey(month13 + String(nfeKeyCheckDigit(month13)))).toBe(false);
  });
  it('accepts an alphanumeric issuer CNPJ (July 2026), letters valued ASCII − 48, and uppercases it', () => {
    const body = `352607${'12ABC34501DE35'}55001000000123112345678`;
    expect(body).toHaveLength(43);
    const key = body + String(nfeKeyCheckDigit(body));
    expect(isValidNfeKey(key)).toBe(true);
    expect(nfeKey.normalize(maskNfeKey(key).toLowerCase())).toBe(key);
    expect(isValidNfeKey(key.replace('12ABC', '12ABD'))).toBe(false);
    expect(isValidNfeKey(key.slice(0, 30) + 'A' + key.slice(31))).toBe(false); // letters only in the CNPJ base
  });
  it('gives 0 when the remainder is 0 or 1', () => {
    // Find bodies with remainder 0 and 1 by varying the random code.
    const digits = new Set<number>();
    for (let i = 0; i < 200; i++) digits.add(nfeKeyCheckDigit(MANUAL_KEY.slice(0, 35) + String(i).padStart(8, '0')));
    expect([...digits].every((d) => d >= 0 && d <= 9)).toBe(true);
    expect(digits.has(10)).toBe(false);
  });
  it('masks in blocks of 4 and normalizes back', () => {
    expect(maskNfeKey(MANUAL_KEY)).toBe('5206 0433 0099 1100 2506 5501 2000 0007 8002 6730 1615');
    expect(nfeKey.normalize(maskNfeKey(MANUAL_KEY))).toBe(MANUAL_KEY);
    expect(parseNfeKey(MANUAL_KEY)).toMatchObject({ uf: '52', yearMonth: '0604', issuer: '33009911002506', model: '55', series: '012', number: '000000780' });
  });
});

describe('GTIN', () => {
  it('validates GTIN-8, -12, -13 and -14 check digits', () => {
    expect(isValidGtin('7891000315507')).toBe(true); // EAN-13
    expect(isValidGtin('96385074')).toBe(true); // GTIN-8
    expect(isValidGtin('036000291452')).toBe(true); // UPC-A
    expect(isValidGtin('17891000315504')).toBe(true); // GTIN-14 of the EAN-13 above
    expect(gtinCheckDigit('1789100031550')).toBe(4);
  });
  it('rejects a wrong digit, other lengths and zeros', () => {
    expect(isValidGtin('7891000315508')).toBe(false);
    expect(isValidGtin('789100031550')).toBe(false);
    expect(isValidGtin('0000000000000')).toBe(false);
    expect(gtin.normalize('789 1000 31550-7')).toBe('7891000315507');
  });
});

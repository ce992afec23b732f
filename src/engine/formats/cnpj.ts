import { FORMAT_MESSAGES } from '../../i18n/validation.ts';
import type { StringFormat } from './types.ts';
import { applyPattern, mod11Dv, weightedSum } from './text.ts';

const W1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const W2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/**
 * Check digits of a 12-character CNPJ base, numeric or alphanumeric (July 2026 rule: value = ASCII − 48).
 * @example cnpjCheckDigits('12ABC34501DE') // '35'
 */
export function cnpjCheckDigits(base: string): string {
  const d1 = mod11Dv(weightedSum(base, W1));
  const d2 = mod11Dv(weightedSum(base + d1, W2));
  return `${d1}${d2}`;
}

/** Canonical CNPJ: 12 uppercase letters/digits + 2 numeric check digits, not one character repeated. */
export function isValidCnpj(value: string): boolean {
  if (!/^[0-9A-Z]{12}\d{2}$/.test(value) || /^(.)\1{13}$/.test(value)) return false;
  return cnpjCheckDigits(value.slice(0, 12)) === value.slice(12);
}

/** Uppercases and drops the mask; letters are allowed (alphanumeric CNPJ). */
export const cleanCnpj = (value: string): string => value.toUpperCase().replace(/[^0-9A-Z]+/g, '');

export const maskCnpj = (value: string): string => applyPattern(cleanCnpj(value).slice(0, 14), 'AA.AAA.AAA/AAAA-00');

export const cnpj = {
  name: 'cnpj',
  type: 'string',
  message: FORMAT_MESSAGES.cnpj,
  validate: isValidCnpj,
  mask: maskCnpj,
  normalize: (input) => (/^[0-9A-Za-z\s./-]+$/.test(input) ? cleanCnpj(input) : input),
} as const satisfies StringFormat;

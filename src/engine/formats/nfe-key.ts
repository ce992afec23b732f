import { FORMAT_MESSAGES } from '../../i18n/validation.ts';
import type { StringFormat } from './types.ts';
import { charValue } from './text.ts';

/**
 * Check digit of the first 43 characters of an NF-e/CT-e/NFC-e access key: mod 11, weights 2…9 from the
 * right, remainder 0 or 1 → 0 (Manual de Orientação do Contribuinte). A letter of an alphanumeric issuer
 * CNPJ (from July 2026) counts as ASCII − 48, as in the CNPJ's own check digits.
 */
export function nfeKeyCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += charValue(body[body.length - 1 - i]) * (2 + (i % 8));
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

/**
 * The parts of a 44-digit access key: UF (IBGE code), AAMM of issue, issuer CNPJ/CPF (14, CPF left-padded),
 * model (55 NF-e, 57 CT-e, 65 NFC-e, 67 CT-e OS), series, number, emission type, random code, check digit.
 */
export function parseNfeKey(key: string) {
  return {
    uf: key.slice(0, 2),
    yearMonth: key.slice(2, 6),
    issuer: key.slice(6, 20),
    model: key.slice(20, 22),
    series: key.slice(22, 25),
    number: key.slice(25, 34),
    emissionType: key.slice(34, 35),
    code: key.slice(35, 43),
    checkDigit: key.slice(43),
  };
}

/**
 * 44 characters whose last one checks the other 43 (mod 11); the month of issue is 01–12. Digits only,
 * except the issuer's CNPJ base (positions 7–18), which may hold uppercase letters.
 */
export function isValidNfeKey(value: string): boolean {
  if (!/^\d{6}[0-9A-Z]{12}\d{26}$/.test(value)) return false;
  const month = Number(value.slice(4, 6));
  return month >= 1 && month <= 12 && nfeKeyCheckDigit(value.slice(0, 43)) === Number(value[43]);
}

const clean = (value: string) => value.toUpperCase().replace(/[^0-9A-Z]+/g, '');

/** Blocks of 4 characters, as DANFEs print the key. */
export const maskNfeKey = (value: string): string => clean(value).slice(0, 44).replace(/([0-9A-Z]{4})(?=[0-9A-Z])/g, '$1 ');

export const nfeKey = {
  name: 'nfe-key',
  type: 'string',
  message: FORMAT_MESSAGES['nfe-key'],
  validate: isValidNfeKey,
  mask: maskNfeKey,
  normalize: (input) => (/^[0-9A-Za-z\s.-]+$/.test(input) ? clean(input) : input),
} as const satisfies StringFormat;

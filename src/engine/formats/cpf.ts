import { FORMAT_MESSAGES } from '../../i18n/validation.ts';
import type { StringFormat } from './types.ts';
import { applyPattern, mod11Dv, onlyDigits, weightedSum } from './text.ts';

const W1 = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const W2 = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];

/** The two check digits of a 9-digit CPF base. @example cpfCheckDigits('529982247') // '25' */
export function cpfCheckDigits(base: string): string {
  const d1 = mod11Dv(weightedSum(base, W1));
  const d2 = mod11Dv(weightedSum(base + d1, W2));
  return `${d1}${d2}`;
}

/** Canonical CPF: 11 digits, right check digits, not one digit repeated (those pass the math). */
export function isValidCpf(value: string): boolean {
  if (!/^\d{11}$/.test(value) || /^(\d)\1{10}$/.test(value)) return false;
  return cpfCheckDigits(value.slice(0, 9)) === value.slice(9);
}

export const maskCpf = (value: string): string => applyPattern(onlyDigits(value).slice(0, 11), '000.000.000-00');

export const cpf = {
  name: 'cpf',
  type: 'string',
  message: FORMAT_MESSAGES.cpf,
  validate: isValidCpf,
  mask: maskCpf,
  normalize: (input) => (/^[\d\s.-]+$/.test(input) ? onlyDigits(input) : input),
} as const satisfies StringFormat;

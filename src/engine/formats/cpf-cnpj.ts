import { FORMAT_MESSAGES } from '../../i18n/validation.ts';
import { cleanCnpj, isValidCnpj, maskCnpj } from './cnpj.ts';
import { isValidCpf, maskCpf } from './cpf.ts';
import type { StringFormat } from './types.ts';

/** A person's CPF (11 digits) or a company's CNPJ (14 characters, may hold letters). */
export const isValidCpfCnpj = (value: string): boolean =>
  value.length === 11 ? isValidCpf(value) : value.length === 14 && isValidCnpj(value);

/** CPF mask while the input fits a CPF (11 digits, no letters), CNPJ mask from then on. */
export function maskCpfCnpj(value: string): string {
  const clean = cleanCnpj(value);
  return clean.length <= 11 && /^\d*$/.test(clean) ? maskCpf(clean) : maskCnpj(clean);
}

export const cpfCnpj = {
  name: 'cpf-cnpj',
  type: 'string',
  message: FORMAT_MESSAGES['cpf-cnpj'],
  validate: isValidCpfCnpj,
  mask: maskCpfCnpj,
  normalize: (input) => (/^[0-9A-Za-z\s./-]+$/.test(input) ? cleanCnpj(input) : input),
} as const satisfies StringFormat;

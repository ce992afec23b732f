import { FORMAT_MESSAGES } from '../../i18n/validation.ts';
import { cleanCnpj, isValidCnpj, maskCnpj } from './cnpj.ts';
import { isValidEmail } from './contact.ts';
import { isValidCpf, maskCpf } from './cpf.ts';
import type { StringFormat } from './types.ts';
import { onlyDigits } from './text.ts';
import { isUuid } from './web.ts';

export type PixKeyType = 'CPF' | 'CNPJ' | 'EMAIL' | 'PHONE' | 'EVP';

/**
 * Type of a canonical PIX key (domain.md §3.5), or undefined when it is none. Phones must carry +55:
 * without it an 11-digit phone and a CPF are indistinguishable, so 11 digits always mean CPF.
 * @example pixKeyType('+5511987654321') // 'PHONE'
 */
export function pixKeyType(value: string): PixKeyType | undefined {
  if (isValidCpf(value)) return 'CPF';
  if (isValidCnpj(value)) return 'CNPJ';
  if (/^\+55\d{10,11}$/.test(value)) return 'PHONE';
  if (isUuid(value)) return 'EVP';
  if (value.length <= 77 && value === value.toLowerCase() && isValidEmail(value)) return 'EMAIL';
  return undefined;
}

/** Brings a typed key to the form the DICT stores: unmasked documents, +55 phones, lowercase e-mail/EVP. */
export function normalizePixKey(input: string): string {
  const s = input.trim();
  if (s.includes('@') || /^[0-9a-f-]{36}$/i.test(s)) return s.toLowerCase();
  if (s.startsWith('+') || s.includes('(')) {
    if (!/^[\d\s().+-]+$/.test(s)) return s;
    const d = onlyDigits(s);
    return s.startsWith('+') ? `+${d}` : `+55${d}`;
  }
  return /^[0-9A-Za-z\s./-]+$/.test(s) && /\d/.test(s) ? cleanCnpj(s) : s;
}

/** Display form: masked CPF/CNPJ, `+55 (11) 98765-4321`; e-mail and EVP as they are. */
export function maskPixKey(value: string): string {
  switch (pixKeyType(value)) {
    case 'CPF':
      return maskCpf(value);
    case 'CNPJ':
      return maskCnpj(value);
    case 'PHONE': {
      const d = value.slice(3);
      return `+55 (${d.slice(0, 2)}) ${d.slice(2, -4)}-${d.slice(-4)}`;
    }
    default:
      return value;
  }
}

export const pixKey = {
  name: 'pix-key',
  type: 'string',
  message: FORMAT_MESSAGES['pix-key'],
  validate: (value) => pixKeyType(value) !== undefined,
  mask: maskPixKey,
  normalize: normalizePixKey,
} as const satisfies StringFormat;

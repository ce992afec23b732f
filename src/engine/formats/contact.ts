import { isValidEmail as libIsValidEmail } from '@brazilian-utils/brazilian-utils/is-valid-email';
import { isValidPhone } from '@brazilian-utils/brazilian-utils/is-valid-phone';
import { FORMAT_MESSAGES } from '../../i18n/validation.ts';
import type { StringFormat } from './types.ts';
import { applyPattern, onlyDigits } from './text.ts';

/** Practical WHATWG subset (brazilian-utils) and the RFC 5321 length limit of 254. */
export const isValidEmail = (value: string): boolean => value.length <= 254 && libIsValidEmail(value);

export const email = {
  name: 'email',
  type: 'string',
  message: FORMAT_MESSAGES.email,
  validate: isValidEmail,
  // Lowercased whole: mailbox providers ignore case in practice and PIX keys require it.
  normalize: (input) => input.trim().toLowerCase(),
} as const satisfies StringFormat;

/**
 * Canonical phone: DDD + number, digits only (10 = landline, 11 = mobile), no +55. The DDD must exist and
 * the first digit must fit the kind (landline 2–5; mobile 7–9 per Anatel Res. 749/2022, brazilian-utils v2).
 */
export const isValidBrPhone = (value: string): boolean => /^\d{10,11}$/.test(value) && isValidPhone(value, { version: 2 });

export function maskPhone(value: string): string {
  const d = onlyDigits(value).slice(0, 11);
  return applyPattern(d, d.length <= 10 ? '(00) 0000-0000' : '(00) 00000-0000');
}

/** Drops the mask, a +55/0055 country code and a trunk 0 when what is left is a DDD + number. */
export function normalizePhone(input: string): string {
  if (!/^[\d\s().+-]+$/.test(input)) return input;
  let d = onlyDigits(input);
  if (/^(00)?55\d{10,11}$/.test(d)) d = d.replace(/^(00)?55/, '');
  if (/^0\d{10,11}$/.test(d)) d = d.slice(1);
  return d;
}

export const phone = {
  name: 'phone',
  type: 'string',
  message: FORMAT_MESSAGES.phone,
  validate: isValidBrPhone,
  mask: maskPhone,
  normalize: normalizePhone,
} as const satisfies StringFormat;

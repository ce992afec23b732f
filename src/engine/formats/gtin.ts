import { FORMAT_MESSAGES } from '../../i18n/validation.ts';
import type { StringFormat } from './types.ts';
import { onlyDigits } from './text.ts';

/**
 * GS1 check digit of a GTIN body (all digits but the last): weights 3, 1, 3… from the right.
 * @example gtinCheckDigit('789100031550') // 7  (EAN-13 7891000315507)
 */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/** GTIN-8, GTIN-12 (UPC-A), GTIN-13 (EAN-13) or GTIN-14, with its check digit; not all zeros. */
export const isValidGtin = (value: string): boolean =>
  /^(\d{8}|\d{12,14})$/.test(value) && !/^0+$/.test(value) && gtinCheckDigit(value.slice(0, -1)) === Number(value.at(-1));

export const gtin = {
  name: 'gtin',
  type: 'string',
  message: FORMAT_MESSAGES.gtin,
  validate: isValidGtin,
  normalize: (input) => (/^[\d\s.-]+$/.test(input) ? onlyDigits(input) : input),
} as const satisfies StringFormat;

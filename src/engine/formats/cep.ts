import { FORMAT_MESSAGES } from '../../i18n/validation.ts';
import type { StringFormat } from './types.ts';
import { applyPattern, onlyDigits } from './text.ts';

/** CEP: 8 digits, no check digit (existence only via ViaCEP); 00000-000 is not a postal code. */
export const isValidCep = (value: string): boolean => /^\d{8}$/.test(value) && value !== '00000000';

export const cep = {
  name: 'cep',
  type: 'string',
  message: FORMAT_MESSAGES.cep,
  validate: isValidCep,
  mask: (value) => applyPattern(onlyDigits(value).slice(0, 8), '00000-000'),
  normalize: (input) => (/^[\d\s.-]+$/.test(input) ? onlyDigits(input) : input),
} as const satisfies StringFormat;

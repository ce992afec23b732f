import { FORMAT_MESSAGES } from '../../i18n/validation.ts';
import type { NumberFormat } from './types.ts';

const NBSP = '\u00a0';

/** Groups of three with '.', pt-BR style. */
const group = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/**
 * Centavos → `R$ 1.234,56` (integer arithmetic, no float; NO-BREAK SPACE after R$ like Intl pt-BR).
 * @example formatMoney(-123456) // '-R$ 1.234,56'
 */
export function formatMoney(centavos: number): string {
  const abs = Math.abs(centavos);
  const reais = Math.floor(abs / 100);
  const cents = String(abs % 100).padStart(2, '0');
  return `${centavos < 0 ? '-' : ''}R$${NBSP}${group(String(reais))},${cents}`;
}

/**
 * What a person types or pastes → integer centavos, or undefined when it is not an amount.
 * Accepts `R$ 1.234,56`, `1234,5`, `1.234` (thousands), `12.50` (decimal point when not a thousands
 * group), `-R$ 10,00`, `(10,00)` (accounting negative) and plain integers as reais.
 * @example parseMoney('R$ 1.234,56') // 123456
 */
export function parseMoney(input: string): number | undefined {
  let s = input.replace(/[\s\u00a0]+/g, '');
  let negative = false;
  if (/^\(.*\)$/.test(s)) [negative, s] = [true, s.slice(1, -1)];
  if (s.startsWith('-')) [negative, s] = [!negative, s.slice(1)];
  s = s.replace(/^R\$/i, '');
  if (s.startsWith('-')) [negative, s] = [!negative, s.slice(1)];
  let intPart: string;
  let frac = '';
  if (/^\d{1,3}(\.\d{3})*(,\d{0,2})?$/.test(s) || /^\d+(,\d{0,2})?$/.test(s)) {
    const [i, f = ''] = s.split(',');
    [intPart, frac] = [i.replace(/\./g, ''), f];
  } else if (/^\d+\.\d{1,2}$/.test(s)) {
    [intPart, frac] = s.split('.');
  } else {
    return undefined;
  }
  const value = Number(intPart) * 100 + Number(frac.padEnd(2, '0'));
  if (!Number.isSafeInteger(value)) return undefined;
  return negative && value !== 0 ? -value : value;
}

/** Money is stored as integer centavos on `"type": "integer"` (never a float). */
export const money = {
  name: 'money',
  type: 'number',
  message: FORMAT_MESSAGES.money,
  validate: (value) => Number.isSafeInteger(value),
  mask: formatMoney,
  normalize: (input) => parseMoney(input) ?? input,
} as const satisfies NumberFormat;

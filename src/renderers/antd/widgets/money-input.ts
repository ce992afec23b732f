import { formatMoney, parseMoney } from '../../../engine/formats/money.ts';

/** Up to 15 digits: R$ 9.999.999.999.999,99, inside Number.MAX_SAFE_INTEGER centavos. */
const MAX_DIGITS = 15;

export interface MoneyInputState {
  /** What the input shows. */
  text: string;
  /** Integer centavos; null when empty. */
  value: number | null;
}

/** Integer centavos → what the input shows (`-R$ 1.234,56`). */
export const showMoney = (value: number | null | undefined): string => (typeof value === 'number' ? formatMoney(value) : '');

/**
 * One edit of a money input, cash-register style: digits enter from the right (typing 1, 2, 3 shows R$ 0,01,
 * R$ 0,12, R$ 1,23), so the value is always whole centavos and no float is ever involved. A `-` anywhere
 * makes it negative (when allowed); deleting the sign makes it positive again.
 * @example moneyEdit('R$ 1,234', { allowNegative: false }) // { text: 'R$ 12,34', value: 1234 }
 */
export function moneyEdit(raw: string, { allowNegative, previous }: { allowNegative: boolean; previous?: MoneyInputState }): MoneyInputState {
  const negative = allowNegative && /[-(]/.test(raw);
  const digits = raw.replace(/\D/g, '').replace(/^0+/, '');
  if (digits.length > MAX_DIGITS) return previous ?? { text: '', value: null };
  if (!digits) {
    if (negative && raw.replace(/[^\d]/g, '') === '') return { text: '-', value: null };
    return raw.replace(/\D/g, '') ? { text: showMoney(0), value: 0 } : { text: '', value: null };
  }
  const cents = Number(digits);
  const value = negative ? -cents : cents;
  return { text: showMoney(value), value };
}

/** A pasted amount in any usual form (`1.234,56`, `R$ 10`, `(10,00)`, `12.50`) → state, or undefined. */
export function moneyPaste(text: string, { allowNegative }: { allowNegative: boolean }): MoneyInputState | undefined {
  const value = parseMoney(text);
  if (value === undefined || (!allowNegative && value < 0) || String(Math.abs(value)).length > MAX_DIGITS) return undefined;
  return { text: showMoney(value), value };
}

/**
 * Cash-register inputs type at the end: a caret placed anywhere else (a click in the middle of "R$ 0,00")
 * goes back to the end. A selected range stays, so select-all + type still replaces the amount.
 */
export function keepCaretAtEnd(e: { currentTarget: HTMLInputElement }): void {
  const el = e.currentTarget;
  const end = el.value.length;
  if (el.selectionStart === el.selectionEnd && el.selectionStart !== end) el.setSelectionRange(end, end);
}

/** Negative amounts are allowed unless the schema sets a minimum of zero or more. */
export const allowsNegative = (schema: { minimum?: unknown; exclusiveMinimum?: unknown }): boolean =>
  !(typeof schema.minimum === 'number' && schema.minimum >= 0) && !(typeof schema.exclusiveMinimum === 'number' && schema.exclusiveMinimum >= 0);

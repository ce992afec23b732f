import { FORMAT_MESSAGES } from '../../i18n/validation.ts';
import type { NumberFormat } from './types.ts';

/** A percentage as a plain number (12.5 = 12,5%) with at most 2 decimal places. */
export const isPercent = (value: number): boolean =>
  Number.isFinite(value) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-7;

/** @example formatPercent(12.5) // '12,50%' */
export function formatPercent(value: number): string {
  const [i, f] = Math.abs(value).toFixed(2).split('.');
  return `${value < 0 ? '-' : ''}${i.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${f}%`;
}

/** `12,5%`, `12.5`, `-3,25 %` → number; anything else is returned unchanged. */
export function parsePercent(input: string): number | string {
  const s = input.replace(/[\s\u00a0%]+/g, '');
  const pt = /^-?\d{1,3}(\.\d{3})*(,\d+)?$|^-?\d+(,\d+)?$/.test(s);
  const en = /^-?\d+(\.\d+)?$/.test(s);
  if (!pt && !en) return input;
  return Number(pt ? s.replace(/\./g, '').replace(',', '.') : s);
}

export const percent = {
  name: 'percent',
  type: 'number',
  message: FORMAT_MESSAGES.percent,
  validate: isPercent,
  mask: formatPercent,
  normalize: parsePercent,
} as const satisfies NumberFormat;

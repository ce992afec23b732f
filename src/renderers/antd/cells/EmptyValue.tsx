import { BRAND } from '../theme.ts';

/** An absent value: a light dash, so an empty cell reads as "nothing here" rather than as a rendering gap. */
export function EmptyValue() {
  return <span aria-label="vazio" style={{ color: BRAND.muted, opacity: 0.6 }}>—</span>;
}

export const isEmpty = (v: unknown): boolean => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

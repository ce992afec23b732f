import { createHash } from 'node:crypto';
import type { ParsedLine } from './types.ts';

/**
 * The de-duplication key of each line, stable across files: `fitid:<FITID>` when the bank gives one, else a hash
 * of (date, amount, document, memo) plus the occurrence number among equal lines of the same file (two identical
 * fees on one day are two lines; the same file imported again gives the same keys).
 */
export function lineKey(lines: readonly ParsedLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((l) => {
    if (l.fitid) return `fitid:${l.fitid}`;
    const base = [l.date, l.amount, (l.document ?? '').trim(), l.memo.replace(/\s+/g, ' ').trim().toUpperCase()].join('|');
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return `h:${createHash('sha256').update(`${base}|${n}`).digest('hex').slice(0, 40)}`;
  });
}

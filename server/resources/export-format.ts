import { getFormat, isFormatName } from '../../src/engine/formats/registry.ts';
import type { FieldDef } from './types.ts';

/** A cell before it becomes CSV text or an XLSX value. */
export type Cell =
  | { t: 'text'; v: string }
  | { t: 'money'; v: number }
  | { t: 'number'; v: number }
  | { t: 'date'; v: string }
  | { t: 'datetime'; v: Date }
  | { t: 'empty' };

const EMPTY: Cell = { t: 'empty' };
const ZONE = 'America/Sao_Paulo';

const wallClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The São Paulo wall-clock parts of an instant (what a person in the company reads). */
export function localParts(d: Date): { y: string; m: string; d: string; hh: string; mm: string; ss: string } {
  const p = Object.fromEntries(wallClock.formatToParts(d).map((x) => [x.type, x.value]));
  return { y: p.year, m: p.month, d: p.day, hh: p.hour, mm: p.minute, ss: p.second };
}

function scalarText(f: FieldDef, v: unknown): string {
  if (typeof v === 'boolean') return v ? 'Sim' : 'Não';
  const label = f.options?.get(v);
  if (label !== undefined) return label;
  const s = String(v);
  const format = f.schema.format;
  if (format === 'competence' && /^\d{4}-\d{2}$/.test(s)) return `${s.slice(5)}/${s.slice(0, 4)}`;
  if (format && isFormatName(format)) {
    const def = getFormat(format);
    if (def.type === 'string' && def.mask) return def.mask(s);
  }
  return s;
}

/** A stored value → a cell: labels for enums and references, masks for documents, Sim/Não, typed numbers and dates. */
export function toCell(f: FieldDef, v: unknown, refLabels?: ReadonlyMap<string, string | null>): Cell {
  if (v === null || v === undefined) return EMPTY;
  if (f.ref && typeof v === 'string') return { t: 'text', v: refLabels?.get(v) ?? v };
  switch (f.kind) {
    case 'bigint':
    case 'integer':
      return f.schema.format === 'money' ? { t: 'money', v: Number(v) } : { t: 'number', v: Number(v) };
    case 'numeric':
      return { t: 'number', v: Number(v) };
    case 'date':
      return { t: 'date', v: String(v) };
    case 'timestamptz':
      return { t: 'datetime', v: v instanceof Date ? v : new Date(String(v)) };
    case 'jsonb':
      if (Array.isArray(v) && v.every((x) => typeof x !== 'object' || x === null)) {
        return { t: 'text', v: v.map((x) => scalarText({ ...f, schema: f.schema.items ?? {}, options: undefined }, x)).join(', ') };
      }
      return { t: 'text', v: JSON.stringify(v) };
    default:
      return { t: 'text', v: scalarText(f, v) };
  }
}

/** Centavos → `1234,56` (no thousands separator: Excel-BR reads it as a number). Integer arithmetic only. */
export function centsText(c: number): string {
  const abs = Math.abs(c);
  return `${c < 0 ? '-' : ''}${Math.trunc(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** Text that a spreadsheet would run as a formula is quoted (CSV injection, OWASP). */
const FORMULA = /^[=+\-@\t\r]/;

/** A cell as CSV text for Excel-BR: decimal comma, DD/MM/AAAA dates, São Paulo time. */
export function csvText(c: Cell): string {
  switch (c.t) {
    case 'empty':
      return '';
    case 'money':
      return centsText(c.v);
    case 'number':
      return String(c.v).replace('.', ',');
    case 'date':
      return `${c.v.slice(8, 10)}/${c.v.slice(5, 7)}/${c.v.slice(0, 4)}`;
    case 'datetime': {
      const p = localParts(c.v);
      return `${p.d}/${p.m}/${p.y} ${p.hh}:${p.mm}:${p.ss}`;
    }
    case 'text':
      return FORMULA.test(c.v) ? `'${c.v}` : c.v;
  }
}

/** RFC 4180 quoting with `;` as the separator. */
export function csvField(s: string): string {
  return /[;"\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

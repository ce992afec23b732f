import type { ColumnKind, FieldDef, FilterOp } from './types.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)?$/;

export const isUuid = (v: string) => UUID.test(v);

function validDate(v: string): boolean {
  const m = DATE.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

/** Operators each column kind supports (jsonb: `contains` = the array holds the value). */
export const OPS_BY_KIND: Record<ColumnKind, readonly FilterOp[]> = {
  text: ['eq', 'ne', 'in', 'gte', 'lte', 'between', 'contains'],
  uuid: ['eq', 'ne', 'in'],
  bigint: ['eq', 'ne', 'in', 'gte', 'lte', 'between'],
  integer: ['eq', 'ne', 'in', 'gte', 'lte', 'between'],
  numeric: ['eq', 'ne', 'in', 'gte', 'lte', 'between'],
  date: ['eq', 'ne', 'in', 'gte', 'lte', 'between'],
  timestamptz: ['eq', 'ne', 'in', 'gte', 'lte', 'between'],
  boolean: ['eq', 'ne'],
  jsonb: ['contains'],
};

/** A query-string value → the column's JS value, or a pt-BR message. */
export function coerce(kind: ColumnKind, raw: string): { value: unknown } | { error: string } {
  switch (kind) {
    case 'text':
      return { value: raw };
    case 'uuid':
      return isUuid(raw) ? { value: raw.toLowerCase() } : { error: 'Identificador inválido.' };
    case 'bigint':
    case 'integer':
      return /^-?\d{1,15}$/.test(raw) ? { value: Number(raw) } : { error: 'Deve ser um número inteiro.' };
    case 'numeric':
      return /^-?\d+(\.\d+)?$/.test(raw) ? { value: raw } : { error: 'Deve ser um número (use ponto decimal).' };
    case 'boolean':
      return raw === 'true' || raw === 'false' ? { value: raw === 'true' } : { error: 'Use true ou false.' };
    case 'date':
      return validDate(raw) ? { value: raw } : { error: 'Data inválida (use AAAA-MM-DD).' };
    case 'timestamptz':
      // Strict ISO 8601: Date.parse accepts forms PostgreSQL refuses ('…Z (comentário)'), which would be a 500.
      return validDate(raw) || (ISO_DATE_TIME.test(raw) && validDate(raw.slice(0, 10)) && !Number.isNaN(Date.parse(raw)))
        ? { value: raw }
        : { error: 'Data e hora inválidas (use ISO 8601).' };
    case 'jsonb':
      return { value: raw };
  }
}

/** For `contains` on a jsonb array: the element coerced by the items' kind. */
export function coerceArrayItem(f: FieldDef, raw: string): { value: unknown } | { error: string } {
  const items = f.schema.items;
  if (!items) return { value: raw };
  const t = Array.isArray(items.type) ? items.type.find((x) => x !== 'null') : items.type;
  if (t === 'integer' || t === 'number') {
    return /^-?\d+(\.\d+)?$/.test(raw) ? { value: Number(raw) } : { error: 'Deve ser um número.' };
  }
  if (t === 'boolean') return coerce('boolean', raw);
  return { value: raw };
}

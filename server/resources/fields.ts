import { SYSTEM_PROPERTIES, type JsonType, type PropertySchema } from '../../src/engine/schema/index.ts';
import type { ColumnKind, FieldDef } from './types.ts';

/** `dueDate` → `due_date`, `cost-centers` → `cost_centers`. */
export const snakeCase = (name: string) => name.replace(/-/g, '_').replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/** A double-quoted SQL identifier (names come from schema files, never from requests). */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

function types(p: PropertySchema): JsonType[] {
  if (p.type) return (Array.isArray(p.type) ? p.type : [p.type]).filter((t) => t !== 'null');
  const consts = p.oneOf?.map((o) => o.const) ?? p.enum ?? (p.const !== undefined ? [p.const] : []);
  const seen = new Set<JsonType>();
  for (const c of consts) {
    if (c === null) continue;
    seen.add(typeof c === 'number' ? (Number.isInteger(c) ? 'integer' : 'number') : (typeof c as JsonType));
  }
  return [...seen];
}

/**
 * The column type of a property: strings by format (date, date-time, uuid/x-ref), integers (money in
 * centavos included) as bigint, other numbers as exact numeric, arrays/objects and unions as jsonb.
 */
export function columnKind(p: PropertySchema): ColumnKind {
  if (p['x-ref']) return 'uuid';
  const t = types(p);
  if (t.length !== 1) return 'jsonb';
  switch (t[0]) {
    case 'string':
      if (p.format === 'date') return 'date';
      if (p.format === 'date-time') return 'timestamptz';
      if (p.format === 'uuid') return 'uuid';
      return 'text';
    case 'integer':
      return 'bigint';
    case 'number':
      return 'numeric';
    case 'boolean':
      return 'boolean';
    default:
      return 'jsonb';
  }
}

/** SQL type name as written in DDL and casts. */
export const SQL_TYPE: Record<ColumnKind, string> = {
  text: 'text',
  uuid: 'uuid',
  bigint: 'bigint',
  integer: 'integer',
  numeric: 'numeric',
  boolean: 'boolean',
  date: 'date',
  timestamptz: 'timestamptz',
  jsonb: 'jsonb',
};

/** `information_schema.columns.data_type` of each kind, to detect a type change. */
export const INFO_SCHEMA_TYPE: Record<ColumnKind, string> = {
  text: 'text',
  uuid: 'uuid',
  bigint: 'bigint',
  integer: 'integer',
  numeric: 'numeric',
  boolean: 'boolean',
  date: 'date',
  timestamptz: 'timestamp with time zone',
  jsonb: 'jsonb',
};

export function fieldDef(name: string, p: PropertySchema, system = false): FieldDef {
  const options = p.oneOf?.length ? new Map(p.oneOf.map((o) => [o.const, o.title] as const)) : undefined;
  return {
    name,
    column: snakeCase(name),
    kind: columnKind(p),
    label: p['x-label'] ?? p.title ?? name,
    system,
    writeOnly: p.writeOnly === true,
    schema: p,
    ref: p['x-ref'],
    options,
  };
}

/** id, createdAt, createdBy, updatedAt, updatedBy, version: the same on every resource. */
export function systemFields(): FieldDef[] {
  return Object.entries(SYSTEM_PROPERTIES).map(([name, p]) => {
    const def = fieldDef(name, p as PropertySchema, true);
    return name === 'version' ? { ...def, kind: 'integer' as const } : def;
  });
}

/** `ARRAY['A', 'B']::text[]` of values named in schema files (statuses; never request values). */
export const textArray = (values: readonly string[]) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]::text[]`;

/**
 * The SQL condition of an `x-overdue` field: the status not among `unless` and the date before today in
 * São Paulo (the company's calendar; a record due today is not overdue yet).
 */
export function overdueCondition(statusColumn: string, dateColumn: string, unless: readonly string[]): string {
  return `${ident(statusColumn)} <> ALL(${textArray(unless)}) AND ${ident(dateColumn)} < (now() AT TIME ZONE 'America/Sao_Paulo')::date`;
}

/** The value of a field in SQL: its column, or the expression of a `derived` one. */
export const valueSql = (f: FieldDef) => (f.derived ? `coalesce((${f.derived.condition}), false)` : ident(f.column));

/** `"due_date" AS "dueDate"`; numerics leave as float8 so JSON carries numbers, not strings. */
export function selectExpr(f: FieldDef, alias = ''): string {
  if (f.derived) return `${valueSql(f)} AS ${ident(f.name)}`;
  const col = `${alias}${ident(f.column)}`;
  const expr = f.kind === 'numeric' ? `${col}::float8` : col;
  return f.column === f.name && f.kind !== 'numeric' ? expr : `${expr} AS ${ident(f.name)}`;
}

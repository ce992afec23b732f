import type { Queryable } from '../db/index.ts';
import { labelText } from '../../src/engine/schema/label-text.ts';
import type { Principal } from '../lib/principal.ts';
import type { CountCache } from './count-cache.ts';
import type { PageCache } from './page-cache.ts';
import { ident, SQL_TYPE } from './fields.ts';
import { orderSql, Params, scopeConditions, whereSql } from './sql.ts';
import type { FieldDef, ListQuery, ResourceDef, ResourceRecord } from './types.ts';

export interface ListResult {
  rows: ResourceRecord[];
  total: number;
}

/** A JS value → the parameter for its column (jsonb travels as JSON text on both drivers). */
export const toDb = (f: FieldDef, v: unknown) => (f.kind === 'jsonb' && v !== null && v !== undefined ? JSON.stringify(v) : (v ?? null));

/** `$n::type` of a field's value. */
export const valueParam = (f: FieldDef, v: unknown, p: Params) => p.add(toDb(f, v), SQL_TYPE[f.kind]);

/**
 * A row as the API returns it: an optional field left empty is absent rather than `null` when its schema
 * does not allow null, so a client can send the record back (PUT) as it received it.
 */
export function presentRow<R extends Record<string, unknown>>(def: ResourceDef, row: R): R {
  for (const name of def.omitWhenNull) if (row[name] === null) delete row[name];
  return row;
}

/**
 * One page and the total. The total comes from the count cache, or for free when the page is short
 * (the last page tells exactly how many there are), so a warm list costs one indexed query.
 */
export async function listRecords(
  q: Queryable,
  cache: CountCache,
  def: ResourceDef,
  query: ListQuery,
  principal: Principal,
  pages?: PageCache,
): Promise<ListResult> {
  const p = new Params();
  const where = whereSql(def, query, principal, p);
  const offset = (query.page - 1) * query.pageSize;
  // LIMIT/OFFSET as the last two parameters (the count shares the others): every page of one filter and sort is
  // one statement text, prepared once per connection (D27).
  const n = p.values.length;
  const sql = `SELECT ${def.selectList} FROM ${ident(def.table)} WHERE ${where} ORDER BY ${orderSql(query.sort)} LIMIT $${n + 1}::int OFFSET $${n + 2}::int`;
  const params = [...p.values, query.pageSize, offset];
  const load = async () => {
    const res = await q.query<ResourceRecord>(sql, params, { prepare: true });
    for (const r of res.rows) presentRow(def, r);
    return res.rows;
  };
  // A picker's x-ref-filter reads other tables: its pages are not cached (only this table's writes drop them).
  const rows = pages && !query.where ? await pages.get(def.name, sql, params, load) : await load();
  if (rows.length < query.pageSize && (rows.length > 0 || offset === 0)) {
    const total = offset + rows.length;
    cache.set(def.name, where, p.values, total);
    return { rows, total };
  }
  const total = await cache.get(def.name, where, p.values, async () => {
    const res = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${ident(def.table)} WHERE ${where}`, p.values, { prepare: true });
    return res.rows[0].n;
  });
  return { rows, total };
}

export interface GetOptions {
  /** Lock the row for the rest of the transaction (writes). */
  forUpdate?: boolean;
  /** Soft-deleted rows too (history). */
  includeDeleted?: boolean;
}

/** One record the caller may see, or undefined (absent, deleted or out of scope: all read as 404). */
export async function getRecord(
  q: Queryable,
  def: ResourceDef,
  id: string,
  principal: Principal,
  opts: GetOptions = {},
): Promise<ResourceRecord | undefined> {
  const p = new Params();
  const parts = [`id = ${p.add(id, 'uuid')}`, ...scopeConditions(def, principal, p)];
  if (!opts.includeDeleted) parts.push('deleted_at IS NULL');
  const { rows } = await q.query<ResourceRecord>(
    `SELECT ${def.selectList} FROM ${ident(def.table)} WHERE ${parts.join(' AND ')}${opts.forUpdate ? ' FOR UPDATE' : ''}`,
    p.values,
    { prepare: true },
  );
  return rows[0] && presentRow(def, rows[0]);
}

/** Ids (of `ids`) the caller may see among live records. */
export async function visibleIds(q: Queryable, def: ResourceDef, ids: readonly string[], principal: Principal): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const p = new Params();
  const parts = [`id = ANY(${p.add(ids, 'uuid[]')})`, 'deleted_at IS NULL', ...scopeConditions(def, principal, p)];
  const { rows } = await q.query<{ id: string }>(`SELECT id FROM ${ident(def.table)} WHERE ${parts.join(' AND ')}`, p.values);
  return new Set(rows.map((r) => r.id));
}

/** The live records (of `ids`) the caller may see, as the API returns them, in one query. */
export async function visibleRows(q: Queryable, def: ResourceDef, ids: readonly string[], principal: Principal): Promise<ResourceRecord[]> {
  if (!ids.length) return [];
  const p = new Params();
  const parts = [`id = ANY(${p.add(ids, 'uuid[]')})`, 'deleted_at IS NULL', ...scopeConditions(def, principal, p)];
  const { rows } = await q.query<ResourceRecord>(`SELECT ${def.selectList} FROM ${ident(def.table)} WHERE ${parts.join(' AND ')}`, p.values);
  return rows.map((r) => presentRow(def, r));
}

/** `[{ id, label }]` of the visible records among `ids`, in the order asked. */
export async function labelsOf(q: Queryable, def: ResourceDef, ids: readonly string[], principal: Principal): Promise<{ id: string; label: string | null }[]> {
  if (!ids.length) return [];
  const p = new Params();
  const parts = [`id = ANY(${p.add(ids, 'uuid[]')})`, 'deleted_at IS NULL', ...scopeConditions(def, principal, p)];
  const { rows } = await q.query<{ id: string; label: string | null }>(
    `SELECT id, ${ident(def.labelField.column)}::text AS label FROM ${ident(def.table)} WHERE ${parts.join(' AND ')}`,
    p.values,
  );
  // Read as people read it: a label field that is a date comes out DD/MM/AAAA (src/engine/schema/label-text.ts).
  const byId = new Map(rows.map((r) => [r.id, labelText(def.labelField.schema, r.label)]));
  return ids.filter((id) => byId.has(id)).map((id) => ({ id, label: byId.get(id) ?? null }));
}

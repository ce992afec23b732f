import { SYSTEM_OWNER } from '../../src/engine/access.ts';
import type { Principal } from '../lib/principal.ts';
import { ident, SQL_TYPE, valueSql } from './fields.ts';
import type { FieldDef, Filter, ListQuery, ResourceDef, SortTerm } from './types.ts';

/** Positional parameters of one statement. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown, cast?: string): string {
    this.values.push(value);
    return `$${this.values.length}${cast ? `::${cast}` : ''}`;
  }
}

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const col = (f: FieldDef) => ident(f.column);

/**
 * Record-level scope (architecture §6): the caller's organizations / cost centers, on the fields the
 * schema's `x-resource.recordScope` names. A record whose scope field is empty is visible only to
 * unrestricted callers. SystemOwner sees everything.
 */
export function scopeConditions(def: ResourceDef, principal: Principal, p: Params): string[] {
  if (principal.accessLevel === SYSTEM_OWNER) return [];
  const out: string[] = [];
  const { organizationIds, costCenterIds } = principal.recordScope;
  if (def.scope.organization && organizationIds !== 'all') out.push(`${col(def.scope.organization)} = ANY(${p.add(organizationIds, 'uuid[]')})`);
  if (def.scope.costCenter && costCenterIds !== 'all') out.push(`${col(def.scope.costCenter)} = ANY(${p.add(costCenterIds, 'uuid[]')})`);
  return out;
}

function filterSql(f: Filter, p: Params): string {
  if (f.field.derived) {
    // A derived boolean (eq/ne): its condition as it is, so the planner can use the date's index.
    const wantTrue = (f.op === 'eq') === (f.values[0] === true);
    return wantTrue ? `(${f.field.derived.condition})` : `NOT ${valueSql(f.field)}`;
  }
  const c = col(f.field);
  const t = SQL_TYPE[f.field.kind];
  switch (f.op) {
    case 'eq':
      return `${c} = ${p.add(f.values[0], t)}`;
    case 'ne':
      // "Not equal" includes records where the field is empty.
      return `${c} IS DISTINCT FROM ${p.add(f.values[0], t)}`;
    case 'in':
      return `${c} = ANY(${p.add(f.values, `${t}[]`)})`;
    case 'gte':
      return `${c} >= ${p.add(f.values[0], t)}`;
    case 'lte':
      return `${c} <= ${p.add(f.values[0], t)}`;
    case 'between':
      return `${c} BETWEEN ${p.add(f.values[0], t)} AND ${p.add(f.values[1], t)}`;
    case 'contains':
      return f.field.kind === 'jsonb'
        ? `${c} @> ${p.add(JSON.stringify([f.values[0]]), 'jsonb')}`
        : `f_unaccent(${c}) ILIKE f_unaccent(${p.add(`%${escapeLike(String(f.values[0]))}%`)})`;
  }
}

/**
 * Free text over `x-resource.searchFields`: substring, ignoring case and accents ("itau" finds "Itaú"),
 * served by the pg_trgm GIN indexes on `f_unaccent(column)` (migration 0004).
 */
function searchSql(def: ResourceDef, q: string, p: Params): string {
  const pattern = `f_unaccent(${p.add(`%${escapeLike(q)}%`)})`;
  return `(${def.searchFields.map((f) => `f_unaccent(${f.kind === 'text' ? col(f) : `${col(f)}::text`}) ILIKE ${pattern}`).join(' OR ')})`;
}

/** WHERE of a list, a count or an export: live rows, caller's scope, filters, q. */
export function whereSql(def: ResourceDef, query: Pick<ListQuery, 'filters' | 'q' | 'where'>, principal: Principal, p: Params): string {
  const parts = ['deleted_at IS NULL', ...scopeConditions(def, principal, p)];
  for (const f of query.filters) parts.push(filterSql(f, p));
  if (query.where) parts.push(...query.where(p));
  if (query.q) parts.push(searchSql(def, query.q, p));
  return parts.join(' AND ');
}

/**
 * ORDER BY with `id` as the last key (stable pages), in the direction of the last term so a `(col, id)`
 * index serves the whole order, forwards or backwards. Nulls follow PostgreSQL's default (last when
 * ascending, first when descending) for the same reason.
 */
export function orderSql(sort: readonly SortTerm[]): string {
  const terms = sort.map((s) => `${valueSql(s.field)}${s.desc ? ' DESC' : ''}`);
  if (!sort.some((s) => s.field.name === 'id')) terms.push(`id${sort.at(-1)?.desc ? ' DESC' : ''}`);
  return terms.join(', ');
}

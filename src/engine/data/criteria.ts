import type { FilterOperator } from '../schema/screen-types.ts';
import type { Filter, FilterScalar, ListParams, SortTerm } from './types.ts';

/** Operators whose value is a list (`in`) or a pair (`between`): repeated parameters on the wire. */
export const MULTI_VALUE_OPERATORS: ReadonlySet<FilterOperator> = new Set(['in', 'between']);
const OPERATORS: ReadonlySet<string> = new Set<FilterOperator>(['eq', 'ne', 'in', 'gte', 'lte', 'contains', 'between']);

/**
 * `[{ field: 'dueDate', order: 'desc' }, { field: 'name', order: 'asc' }]` → `-dueDate,name` (the API's `sort`).
 * @example sortToParam([{ field: 'compe', order: 'asc' }]) // 'compe'
 */
export function sortToParam(sort: readonly SortTerm[] | undefined): string | undefined {
  if (!sort?.length) return undefined;
  return sort.map((s) => (s.order === 'desc' ? `-${s.field}` : s.field)).join(',');
}

/** `-dueDate,name` → sort terms (the inverse of {@link sortToParam}); empty parts are skipped. */
export function parseSortParam(raw: string | null | undefined): SortTerm[] {
  if (!raw) return [];
  return raw
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => (p.startsWith('-') ? { field: p.slice(1), order: 'desc' as const } : { field: p, order: 'asc' as const }));
}

/** Empty values mean "no filter": an empty text, an empty list, a range with no bound. */
export function isEmptyFilterValue(value: Filter['value'] | undefined | null): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.every((v) => v === undefined || v === null || v === '');
  return false;
}

/**
 * Filters → the nested object the HTTP client serialises as `filter[field][op]=value` (arrays repeated).
 * Empty filters are left out. A `between` with one open bound becomes `gte` or `lte`, which the API accepts.
 * @example filtersToQuery([{ field: 'status', operator: 'in', value: ['A', 'B'] }]) // { status: { in: ['A', 'B'] } }
 */
export function filtersToQuery(filters: readonly Filter[] | undefined): Record<string, Record<string, FilterScalar | FilterScalar[]>> | undefined {
  const out: Record<string, Record<string, FilterScalar | FilterScalar[]>> = {};
  for (const f of filters ?? []) {
    if (isEmptyFilterValue(f.value)) continue;
    let op: string = f.operator;
    let value = f.value;
    if (op === 'between' && Array.isArray(value)) {
      const [from, to] = value as (FilterScalar | null | undefined)[];
      const has = (v: unknown) => v !== undefined && v !== null && v !== '';
      if (!has(from)) [op, value] = ['lte', to as FilterScalar];
      else if (!has(to)) [op, value] = ['gte', from as FilterScalar];
    }
    const byOp = (out[f.field] ??= {});
    const prev = byOp[op];
    // The same field and operator twice: one list (the server reads repeated values as a list).
    byOp[op] = prev === undefined ? value : [...(Array.isArray(prev) ? prev : [prev]), ...(Array.isArray(value) ? value : [value])];
  }
  return Object.keys(out).length ? out : undefined;
}

/**
 * The query parameters of a list request, exactly as the API reads them (server/resources/list-query.ts):
 * `page`, `pageSize`, `sort`, `q`, `filter[field][op]`, `refOf`. Absent values are left out.
 */
export function listQuery(params: Omit<ListParams, 'resource'>): Record<string, unknown> {
  const q = params.q?.trim();
  return {
    page: params.page,
    pageSize: params.pageSize,
    sort: sortToParam(params.sort),
    q: q || undefined,
    filter: filtersToQuery(params.filters),
    refOf: params.refOf || undefined,
  };
}

const FILTER_KEY = /^filter\[([^\]]+)\](?:\[([^\]]+)\])?$/;

/**
 * Reads `filter[field][op]=value` pairs back from a query string (the URL of a list page, a Link URL):
 * values stay strings, repeated ones become lists; `filter[field]=v` is `eq` (or `in` when repeated), as on
 * the server. Unknown operators are dropped. The inverse of {@link filtersToQuery} up to value types.
 */
export function filtersFromQuery(search: URLSearchParams | string): Filter[] {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const grouped = new Map<string, { field: string; op: string | undefined; values: string[] }>();
  for (const [key, value] of params) {
    const m = FILTER_KEY.exec(key);
    if (!m) continue;
    const id = `${m[1]}\u0000${m[2] ?? ''}`;
    const entry = grouped.get(id) ?? { field: m[1], op: m[2], values: [] };
    entry.values.push(value);
    grouped.set(id, entry);
  }
  const out: Filter[] = [];
  for (const { field, op, values } of grouped.values()) {
    const operator = (op ?? (values.length > 1 ? 'in' : 'eq')) as FilterOperator;
    if (!OPERATORS.has(operator)) continue;
    out.push({ field, operator, value: MULTI_VALUE_OPERATORS.has(operator) ? values : values[0] });
  }
  return out;
}

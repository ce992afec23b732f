import { isEmptyFilterValue, parseSortParam, sortToParam } from '../data/criteria.ts';
import type { Filter, FilterScalar, FilterValue, ListParams, SortTerm } from '../data/types.ts';
import type { ListFilter, ScreenFile } from '../schema/screen-types.ts';
import type { PropertySchema, ResourceSchema } from '../schema/types.ts';
import { fieldSchema, typesOf } from './fields.ts';

/** Page sizes of the chooser; 1,000 is for people who page through everything (the API's maximum). */
export const PAGE_SIZES = [10, 25, 50, 100, 1000] as const;
export const DEFAULT_PAGE_SIZE = 25;

/**
 * Everything a list shows, kept in the page URL so it survives reload and paging and the back button works
 * (refine #1825): `?q=itaú&filter[active][eq]=true&sort=-compe&pageSize=50&page=3`. The URL uses the API's own
 * `filter[field][op]` names; a default filter the person cleared is written empty (`filter[active][eq]=`).
 */
export interface ListState {
  page: number;
  pageSize: number;
  /** Never empty: the screen's default sort when the URL has none. */
  sort: SortTerm[];
  q: string;
  /** Active filters (defaults included unless cleared), in the screen's order, then any extra from the URL. */
  filters: Filter[];
}

/** What a list falls back to when the URL says nothing. */
export interface ListDefaults {
  resource: string;
  pageSize: number;
  sort: SortTerm[];
  /** The screen's filters; those with `default` apply until cleared. */
  filters: ListFilter[];
  /** Field schemas, to read URL strings back as booleans and numbers. */
  field: (name: string) => PropertySchema | undefined;
  /**
   * Filters always sent and never shown, written to the URL or removable: a nested screen's parent
   * (`filter[applicationId][eq]=<id from the path>`, docs/screens.md §2.1).
   */
  locked: Filter[];
}

/**
 * A list's defaults; `params` are the page's route params (a nested screen locks its parent filter to them).
 * @example listDefaults(aclsScreen, aclsSchema, { applicationId: 'a1' }).locked // [{ field: 'applicationId', operator: 'eq', value: 'a1' }]
 */
export function listDefaults(screen: ScreenFile, schema: ResourceSchema, params: Readonly<Record<string, string | undefined>> = {}): ListDefaults {
  const parent = screen.route.parent;
  const parentId = parent ? params[parent.param] : undefined;
  return {
    resource: screen.resource,
    pageSize: screen.list?.pageSize ?? DEFAULT_PAGE_SIZE,
    sort: parseSortParam(screen.list?.defaultSort ?? schema['x-resource'].defaultSort),
    filters: (screen.list?.filters ?? []).filter((f) => f.field !== parent?.field),
    field: (name) => fieldSchema(schema, name),
    locked: parent && parentId ? [{ field: parent.field, operator: 'eq', value: parentId }] : [],
  };
}

const filterKey = (field: string, op: string) => `filter[${field}][${op}]`;

/** A URL string as the field's type: `'true'` → true for booleans, numbers for numeric fields; else the text. */
function coerce(p: PropertySchema | undefined, raw: string): FilterScalar | undefined {
  if (raw === '') return '';
  const types = typesOf(p);
  if (types.includes('boolean')) return raw === 'true' ? true : raw === 'false' ? false : undefined;
  if ((types.includes('integer') || types.includes('number')) && p?.format !== 'competence') {
    const n = Number(raw);
    return Number.isFinite(n) ? n : undefined;
  }
  return raw;
}

function readValue(defaults: ListDefaults, field: string, op: ListFilter['operator'], raws: string[]): FilterValue | null | undefined {
  const p = defaults.field(field);
  const values = raws.map((r) => coerce(p, r));
  if (values.some((v) => v === undefined)) return undefined; // malformed: ignore the parameter
  const clean = values as FilterScalar[];
  if (isEmptyFilterValue(clean)) return null;
  if (op === 'between') return clean.length === 2 ? clean : undefined;
  if (op === 'in') return clean.filter((v) => v !== '');
  return clean.length === 1 ? clean[0] : undefined;
}

const OPS = new Set(['eq', 'ne', 'in', 'gte', 'lte', 'contains', 'between']);

/** Reads the list state from a URL query string, with the screen's defaults for whatever is absent or invalid. */
export function readListState(search: string | URLSearchParams, defaults: ListDefaults): ListState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const page = Number(params.get('page'));
  const size = Number(params.get('pageSize'));
  const sort = parseSortParam(params.get('sort')).filter((s) => defaults.field(s.field));
  const filters: Filter[] = [];
  const seen = new Set<string>();
  for (const f of defaults.filters) {
    const key = filterKey(f.field, f.operator);
    seen.add(key);
    const value = params.has(key) ? readValue(defaults, f.field, f.operator, params.getAll(key)) : undefined;
    const effective = value === undefined ? (f.default as FilterValue | undefined) : value;
    if (effective !== null && effective !== undefined && !isEmptyFilterValue(effective)) filters.push({ field: f.field, operator: f.operator, value: effective });
  }
  // Filters the screen does not offer may still come in a link (a related list's "ver todos"): keep valid ones.
  // The locked field is the path's business: `?filter[applicationId][…]=other` cannot widen or move a nested list.
  const locked = new Set(defaults.locked.map((f) => f.field));
  for (const key of new Set(params.keys())) {
    const m = /^filter\[([^\]]+)\]\[([^\]]+)\]$/.exec(key);
    if (!m || seen.has(key) || !OPS.has(m[2]) || !defaults.field(m[1]) || locked.has(m[1])) continue;
    const op = m[2] as ListFilter['operator'];
    const value = readValue(defaults, m[1], op, params.getAll(key));
    if (value !== null && value !== undefined) filters.push({ field: m[1], operator: op, value });
  }
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : defaults.pageSize,
    sort: sort.length ? sort : defaults.sort,
    q: (params.get('q') ?? '').trim(),
    filters,
  };
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The URL query string of a list state: only what differs from the defaults, in a stable order. */
export function writeListState(state: ListState, defaults: ListDefaults): string {
  const out = new URLSearchParams();
  if (state.q.trim()) out.set('q', state.q.trim());
  const active = new Map(state.filters.map((f) => [filterKey(f.field, f.operator), f]));
  const put = (key: string, value: FilterValue) => (Array.isArray(value) ? value : [value]).forEach((v) => out.append(key, String(v)));
  for (const f of defaults.filters) {
    const key = filterKey(f.field, f.operator);
    const current = active.get(key);
    active.delete(key);
    const hasDefault = f.default !== undefined && f.default !== null && !isEmptyFilterValue(f.default as FilterValue);
    if (!current || isEmptyFilterValue(current.value)) {
      if (hasDefault) out.append(key, ''); // cleared on purpose: do not bring the default back on reload
    } else if (!hasDefault || !sameValue(current.value, f.default)) {
      put(key, current.value);
    }
  }
  for (const [key, f] of active) if (!isEmptyFilterValue(f.value)) put(key, f.value);
  const sort = sortToParam(state.sort);
  if (sort && sort !== sortToParam(defaults.sort)) out.set('sort', sort);
  if (state.pageSize !== defaults.pageSize) out.set('pageSize', String(state.pageSize));
  if (state.page > 1) out.set('page', String(state.page));
  // Brackets stay readable in the address bar; the API and this reader accept both forms.
  return out.toString().replace(/%5B/g, '[').replace(/%5D/g, ']');
}

/** The filters sent to the API: the locked ones first, then the state's (never another value of a locked field). */
export function withLocked(filters: readonly Filter[], locked: readonly Filter[] = []): Filter[] {
  if (!locked.length) return [...filters];
  const fields = new Set(locked.map((f) => f.field));
  return [...locked, ...filters.filter((f) => !fields.has(f.field))];
}

/** The provider's list params of a state (what the list asks the API); `locked` from {@link ListDefaults}. */
export function toListParams(state: ListState, resource: string, locked: readonly Filter[] = []): ListParams {
  return { resource, page: state.page, pageSize: state.pageSize, sort: state.sort, q: state.q || undefined, filters: withLocked(state.filters, locked) };
}

/** Whether the person narrowed the list beyond the screen's defaults (shows "Limpar filtros"). */
export function hasUserFilters(state: ListState, defaults: ListDefaults): boolean {
  if (state.q) return true;
  const norm = (fs: Filter[]) => fs.map((f) => JSON.stringify([f.field, f.operator, f.value])).sort();
  return !sameValue(norm(state.filters), norm(readListState('', defaults).filters));
}

/** The state with one filter set (or removed with an empty value), back on page 1. */
export function withFilter(state: ListState, field: string, operator: ListFilter['operator'], value: FilterValue | null): ListState {
  const others = state.filters.filter((f) => !(f.field === field && f.operator === operator));
  const next = value === null || isEmptyFilterValue(value) ? others : [...others, { field, operator, value }];
  return { ...state, filters: next, page: 1 };
}

/** The current value of one filter, or undefined. */
export function filterValue(state: ListState, field: string, operator: ListFilter['operator']): FilterValue | undefined {
  return state.filters.find((f) => f.field === field && f.operator === operator)?.value;
}

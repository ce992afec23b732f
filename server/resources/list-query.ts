import { badRequest, type FieldErrors } from '../lib/errors.ts';
import { coerce, coerceArrayItem, OPS_BY_KIND } from './coerce.ts';
import type { Filter, FilterOp, ListQuery, ResourceDef, SortTerm } from './types.ts';

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 1000;
/** Values of one `in` filter: the query-string parameter limit (1000) bounds it anyway. */
export const MAX_IN_VALUES = 1000;
const OPS: ReadonlySet<string> = new Set<FilterOp>(['eq', 'ne', 'in', 'gte', 'lte', 'contains', 'between']);

export const QUERY_MESSAGE = 'Os parâmetros da consulta são inválidos.';

type Raw = Record<string, unknown>;

const isObject = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Repeated parameters arrive as arrays, but past the parser's array limit (20) qs gives an object with
 * index keys (`{ "0": a, "1": b, … }`): both mean a list here.
 */
export function asList(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  if (isObject(v) && Object.keys(v).every((k) => /^\d+$/.test(k))) {
    return Object.entries(v).sort(([a], [b]) => Number(a) - Number(b)).map(([, x]) => x);
  }
  return [v];
}

function positiveInt(raw: unknown, fallback: number): number | undefined {
  if (raw === undefined) return fallback;
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 ? n : undefined;
}

export function parseSort(def: ResourceDef, raw: unknown, errors: FieldErrors): SortTerm[] {
  if (raw === undefined || raw === '') return [...def.defaultSort];
  if (typeof raw !== 'string') {
    errors.sort = ['Informe os campos separados por vírgula, como -dueDate,name.'];
    return [];
  }
  const out: SortTerm[] = [];
  for (const part of raw.split(',')) {
    const desc = part.startsWith('-');
    const name = desc ? part.slice(1) : part;
    const field = def.fields.get(name);
    if (!field || field.kind === 'jsonb' || field.writeOnly) (errors.sort ??= []).push(`Campo de ordenação desconhecido: ${name}.`);
    else out.push({ field, desc });
  }
  return out;
}

function parseFilter(def: ResourceDef, name: string, spec: unknown, errors: FieldErrors, out: Filter[]): void {
  const field = def.fields.get(name);
  if (!field || field.writeOnly) {
    errors[`filter[${name}]`] = [`Campo de filtro desconhecido: ${name}.`];
    return;
  }
  // `filter[status]=a` is eq; repeated (`filter[status]=a&filter[status]=b`) is in.
  const byOp: Raw = isObject(spec) && !Object.keys(spec).every((k) => /^\d+$/.test(k))
    ? spec
    : { [asList(spec).length > 1 ? 'in' : 'eq']: spec };
  for (const [op, value] of Object.entries(byOp)) {
    const key = `filter[${name}][${op}]`;
    if (!OPS.has(op)) {
      errors[key] = [`Operador desconhecido: ${op}. Use eq, ne, in, gte, lte, contains ou between.`];
      continue;
    }
    if (!OPS_BY_KIND[field.kind].includes(op as FilterOp)) {
      errors[key] = [`O operador ${op} não se aplica ao campo ${name}.`];
      continue;
    }
    const raws = asList(value);
    const multi = op === 'in' || op === 'between';
    if (raws.some((r) => typeof r !== 'string')) errors[key] = ['Valor inválido.'];
    else if (op === 'between' && raws.length !== 2) errors[key] = ['Informe dois valores: filter[campo][between]=de&filter[campo][between]=até.'];
    else if (!multi && raws.length !== 1) errors[key] = ['Informe um único valor.'];
    else if (op === 'in' && raws.length > MAX_IN_VALUES) errors[key] = [`Informe no máximo ${MAX_IN_VALUES} valores.`];
    if (errors[key]) continue;
    const values: unknown[] = [];
    for (const r of raws as string[]) {
      const c = field.kind === 'jsonb' ? coerceArrayItem(field, r) : op === 'contains' ? { value: r } : coerce(field.kind, r);
      if (!('error' in c)) values.push(c.value);
      else if (!errors[key]?.includes(c.error)) (errors[key] ??= []).push(c.error);
    }
    if (!errors[key]) out.push({ field, op: op as FilterOp, values });
  }
}

/** `filter`, `sort` and `q`: shared by the list and the export. Throws 400 naming each bad parameter. */
export function parseCriteria(def: ResourceDef, query: Raw, errors: FieldErrors): Pick<ListQuery, 'sort' | 'q' | 'filters'> {
  const filters: Filter[] = [];
  const rawFilter = query.filter;
  if (rawFilter !== undefined) {
    if (!isObject(rawFilter)) errors.filter = ['Use filter[campo][operador]=valor.'];
    else for (const [name, spec] of Object.entries(rawFilter)) parseFilter(def, name, spec, errors, filters);
  }
  const sort = parseSort(def, query.sort, errors);
  let q: string | undefined;
  if (query.q !== undefined) {
    if (typeof query.q !== 'string') errors.q = ['Informe um único texto de busca.'];
    else if (query.q.trim()) q = query.q.trim();
  }
  if (q && !def.searchFields.length) errors.q = ['Este recurso não tem busca por texto.'];
  return { filters, sort, q };
}

/**
 * The list protocol (architecture §5): `page`, `pageSize` (1–1000, default 25), `sort=-dueDate,name`,
 * `q`, `filter[field][op]=value`. Other parameters are ignored (and kept in the Link header).
 */
export function parseListQuery(def: ResourceDef, query: Raw): ListQuery {
  const errors: FieldErrors = {};
  const page = positiveInt(query.page, 1);
  const pageSize = positiveInt(query.pageSize, DEFAULT_PAGE_SIZE);
  if (page === undefined) errors.page = ['Informe um número de página a partir de 1.'];
  if (pageSize === undefined || pageSize > MAX_PAGE_SIZE) errors.pageSize = [`Informe um tamanho de página entre 1 e ${MAX_PAGE_SIZE}.`];
  const criteria = parseCriteria(def, query, errors);
  if (Object.keys(errors).length) throw badRequest(errors, QUERY_MESSAGE);
  return { page: page!, pageSize: pageSize!, ...criteria };
}

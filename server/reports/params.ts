import { badRequest, type FieldErrors } from '../lib/errors.ts';
import type { Principal } from '../lib/principal.ts';

/**
 * Query parameters of the reports: validated strictly (an unknown parameter is a 400 too), record scope applied
 * (organizations and cost centers the caller may see), turned into SQL conditions on a ledger table alias.
 */

export const BAD_QUERY = 'Os parâmetros da consulta são inválidos.';
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Dimensions {
  organizationIds: string[] | null;
  costCenterIds: string[] | null;
  departmentIds: string[] | null;
  projectIds: string[] | null;
}

export interface Filters extends Dimensions {
  from: string;
  to: string;
}

type Query = Record<string, unknown>;

const list = (v: unknown): string[] => ([] as unknown[]).concat(v ?? []).filter((x): x is string => typeof x === 'string' && x !== '');

export class QueryReader {
  readonly errors: FieldErrors = {};
  private readonly seen = new Set<string>();
  constructor(private readonly query: Query) {}

  private mark(name: string) {
    this.seen.add(name);
    return this.query[name];
  }

  month(name: string, required: string | null): string | null {
    const v = this.mark(name);
    if (v === undefined || v === '') {
      if (required) this.errors[name] = [required];
      return null;
    }
    if (typeof v !== 'string' || !MONTH.test(v)) {
      this.errors[name] = ['Informe o mês no formato AAAA-MM.'];
      return null;
    }
    return v;
  }

  date(name: string, fallback: string | null): string | null {
    const v = this.mark(name);
    if (v === undefined || v === '') return fallback;
    if (typeof v !== 'string' || !DATE.test(v) || Number.isNaN(Date.parse(v))) {
      this.errors[name] = ['Informe a data no formato AAAA-MM-DD.'];
      return null;
    }
    return v;
  }

  ids(name: string, max = 100): string[] | null {
    const v = this.mark(name);
    if (v === undefined) return null;
    const values = list(v);
    if (values.some((x) => !UUID.test(x)) || values.length > max) {
      this.errors[name] = ['Identificador inválido.'];
      return null;
    }
    return values.length ? values.map((x) => x.toLowerCase()) : null;
  }

  oneOf<T extends string>(name: string, options: readonly T[], fallback: T, label: string): T {
    const v = this.mark(name);
    if (v === undefined || v === '') return fallback;
    if (typeof v !== 'string' || !options.includes(v as T)) {
      this.errors[name] = [`Use ${label}.`];
      return fallback;
    }
    return v as T;
  }

  int(name: string, fallback: number, min: number, max: number): number {
    const v = this.mark(name);
    if (v === undefined || v === '') return fallback;
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max) {
      this.errors[name] = [`Use um número inteiro de ${min} a ${max}.`];
      return fallback;
    }
    return n;
  }

  text(name: string, max = 100): string | null {
    const v = this.mark(name);
    if (v === undefined || v === '') return null;
    if (typeof v !== 'string' || v.length > max) {
      this.errors[name] = [`No máximo ${max} caracteres.`];
      return null;
    }
    return v;
  }

  dimensions(): Dimensions {
    return {
      organizationIds: this.ids('organizationId'),
      costCenterIds: this.ids('costCenterId'),
      departmentIds: this.ids('departmentId'),
      projectIds: this.ids('projectId'),
    };
  }

  /** 400 with every field error, and one for each parameter the report does not know. */
  done(): void {
    for (const k of Object.keys(this.query)) if (!this.seen.has(k)) this.errors[k] = ['Parâmetro desconhecido.'];
    if (Object.keys(this.errors).length) throw badRequest(this.errors, BAD_QUERY);
  }
}

/** `from`/`to` months (`to` ≥ `from`, at most 10 years). */
export function period(r: QueryReader): { from: string; to: string } {
  const from = r.month('from', 'Informe o mês inicial (AAAA-MM).');
  const to = r.month('to', 'Informe o mês final (AAAA-MM).');
  if (from && to && (to < from || Number(to.slice(0, 4)) - Number(from.slice(0, 4)) > 10)) r.errors.to = ['O mês final deve ser igual ou posterior ao inicial (no máximo 10 anos).'];
  return { from: from ?? '', to: to ?? '' };
}

/** A collector of SQL parameters. */
export class Sql {
  readonly values: unknown[] = [];
  add(v: unknown, cast = ''): string {
    this.values.push(v);
    return `$${this.values.length}${cast}`;
  }
}

/**
 * Conditions on `alias` for the dimensions asked and the caller's record scope. An organization asked outside
 * the scope matches nothing (as an unknown id would), never an error that tells it exists.
 */
export function scopeConditions(alias: string, d: Dimensions, principal: Principal, sql: Sql): string[] {
  const out: string[] = [];
  const scopeOrgs = principal.recordScope.organizationIds;
  const orgs = d.organizationIds ?? (scopeOrgs === 'all' ? null : scopeOrgs);
  if (orgs) out.push(`${alias}.organization_id = ANY(${sql.add(scopeOrgs === 'all' ? orgs : orgs.filter((o) => scopeOrgs.includes(o)), '::uuid[]')})`);
  const scopeCcs = principal.recordScope.costCenterIds;
  const ccs = d.costCenterIds ?? (scopeCcs === 'all' ? null : scopeCcs);
  if (ccs) out.push(`${alias}.cost_center_id = ANY(${sql.add(scopeCcs === 'all' ? ccs : ccs.filter((c) => scopeCcs.includes(c)), '::uuid[]')})`);
  if (d.departmentIds) out.push(`${alias}.department_id = ANY(${sql.add(d.departmentIds, '::uuid[]')})`);
  if (d.projectIds) out.push(`${alias}.project_id = ANY(${sql.add(d.projectIds, '::uuid[]')})`);
  return out;
}

export const firstDay = (month: string) => `${month}-01`;
export function lastDay(month: string): string {
  const [y, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
}
export const addMonths = (month: string, n: number) => {
  const d = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + n, 1));
  return d.toISOString().slice(0, 7);
};

import type { Principal } from '../lib/principal.ts';
import type { ResourceDef } from '../resources/types.ts';
import { Params, scopeConditions } from '../resources/sql.ts';

/** The record scope of `def` on the table aliased `alias` (the generic API's rule, qualified for joins). */
export function scopeOn(def: ResourceDef, principal: Principal, p: Params, alias: string): string[] {
  return scopeConditions(def, principal, p).map((c) => c.replace(/^"/, `${alias}."`));
}

/** `(SELECT count(*) FROM <table> <alias> <joins> WHERE live AND scope AND …)`. */
export function countOf(def: ResourceDef, principal: Principal, p: Params, alias: string, where: string[], joins = ''): string {
  const all = [`${alias}.deleted_at IS NULL`, ...scopeOn(def, principal, p, alias), ...where];
  return `(SELECT count(*) FROM "${def.table}" ${alias} ${joins} WHERE ${all.join(' AND ')})`;
}

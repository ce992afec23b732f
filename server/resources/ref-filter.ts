import type { PropertySchema, RefFilterValue } from '../../src/engine/schema/index.ts';
import { badRequest } from '../lib/errors.ts';
import { ident, SQL_TYPE, valueSql } from './fields.ts';
import type { Registry } from './registry.ts';
import type { Params } from './sql.ts';
import type { ResourceDef } from './types.ts';

export type RefFilter = Readonly<Record<string, RefFilterValue>>;

/**
 * SQL conditions (over `target`'s own rows) for an `x-ref-filter` (docs/schemas.md §3.3): `"kind": "FORNECEDOR"` is
 * `kind = ANY(…)`; `"companyTypeId.kind": [...]` follows the target's reference one step:
 * `company_type_id IN (SELECT id FROM company_types WHERE deleted_at IS NULL AND kind = ANY(…))`. The loader has
 * checked the names (src/engine/schema/check-rules.ts); a name that still does not resolve fails closed.
 */
export function refFilterConditions(registry: Registry, target: ResourceDef, filter: RefFilter, p: Pick<Params, 'add'>): string[] {
  const out: string[] = [];
  for (const [key, raw] of Object.entries(filter)) {
    const values = Array.isArray(raw) ? raw : [raw];
    const [head, tail] = key.split('.');
    const field = target.fields.get(head);
    if (!field) {
      out.push('false');
      continue;
    }
    if (tail === undefined) {
      out.push(`${valueSql(field)} = ANY(${p.add(values, `${SQL_TYPE[field.kind]}[]`)})`);
      continue;
    }
    const next = field.ref ? registry.get(field.ref) : undefined;
    const leaf = next?.fields.get(tail);
    if (!next || !leaf) {
      out.push('false');
      continue;
    }
    out.push(`${ident(field.column)} IN (SELECT id FROM ${ident(next.table)} WHERE deleted_at IS NULL AND ${valueSql(leaf)} = ANY(${p.add(values, `${SQL_TYPE[leaf.kind]}[]`)}))`);
  }
  return out;
}

/** The property at a dotted path of a schema (`supplierId`, `items.productId`): line items are walked through. */
function propertyAt(schema: PropertySchema, path: string): PropertySchema | undefined {
  let node: PropertySchema | undefined = schema;
  for (const part of path.split('.')) {
    if (node?.items) node = node.items;
    node = node?.properties && Object.hasOwn(node.properties, part) ? node.properties[part] : undefined;
  }
  return node?.items?.['x-ref'] ? node.items : node;
}

/**
 * `refOf=<resource>.<field path>` on a list: the picker of that field asks for the records it may offer, so the
 * field's `x-ref-filter` applies here (for full readers and lookups alike: it only narrows what they see). A field
 * that does not refer to this resource is a 400.
 */
export function refOfFilter(registry: Registry, def: ResourceDef, raw: unknown): RefFilter | undefined {
  if (raw === undefined || raw === '') return undefined;
  const bad = () => badRequest({ refOf: ['Informe recurso.campo de uma referência a este recurso (ex.: purchase-orders.supplierId).'] });
  if (typeof raw !== 'string') throw bad();
  const dot = raw.indexOf('.');
  const referrer = dot > 0 ? registry.get(raw.slice(0, dot)) : undefined;
  const property = referrer ? propertyAt(referrer.schema, raw.slice(dot + 1)) : undefined;
  if (!property || property['x-ref'] !== def.name) throw bad();
  return property['x-ref-filter'];
}

/**
 * Every `refOf` value a list of `target` accepts: `<resource>.<field path>` of each field referring to it (line items
 * walked through, as `propertyAt` reads them), sorted — for the OpenAPI document (server/resources/openapi.ts).
 */
export function referrersOf(registry: Registry, target: string): string[] {
  const out: string[] = [];
  const walk = (resource: string, props: Readonly<Record<string, PropertySchema>> | undefined, prefix: string) => {
    for (const [name, prop] of Object.entries(props ?? {})) {
      const path = `${prefix}${name}`;
      if (prop['x-ref'] === target || prop.items?.['x-ref'] === target) out.push(`${resource}.${path}`);
      if (prop.items?.properties) walk(resource, prop.items.properties, `${path}.`);
      else if (prop.properties) walk(resource, prop.properties, `${path}.`);
    }
  };
  for (const def of registry.values()) walk(def.name, def.schema.properties, '');
  return out.sort();
}

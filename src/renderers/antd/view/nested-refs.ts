import type { ResourceRecord } from '../../../engine/data/types.ts';
import type { PropertySchema, ResourceSchema } from '../../../engine/schema/types.ts';

/**
 * References inside a record's lists — a list of ids (`invitedSupplierIds`) and the `x-ref` columns of line
 * items (`items.productId`) — as pseudo-fields and pseudo-rows for `useRefLabels`, so the whole page still
 * resolves labels with one call per referenced resource. Labels come back keyed `items.productId`.
 * @example nestedRefs(schema, ['items'], { items: [{ productId: 'p1' }] })
 * // { refs: [{ field: 'items.productId', ref: 'products' }], rows: [{ 'items.productId': 'p1' }] }
 */
export function nestedRefs(schema: ResourceSchema, fields: readonly string[], record: ResourceRecord | undefined) {
  const refs: { field: string; ref: string }[] = [];
  const rows: Record<string, unknown>[] = [];
  for (const field of fields) {
    const p: PropertySchema | undefined = schema.properties[field];
    const value = record?.[field];
    const items = p?.items;
    if (!items || !Array.isArray(value)) continue;
    if (items['x-ref']) {
      refs.push({ field, ref: items['x-ref'] });
      for (const id of value) rows.push({ [field]: id });
    }
    for (const [col, c] of Object.entries(items.properties ?? {})) {
      if (!c['x-ref']) continue;
      const key = `${field}.${col}`;
      refs.push({ field: key, ref: c['x-ref'] });
      for (const row of value) rows.push({ [key]: (row as Record<string, unknown> | null)?.[col] });
    }
  }
  return { refs, rows: rows as ResourceRecord[] };
}

/** A list of objects (line items): shown as a table on the record page. */
export const isLineItems = (p: PropertySchema | undefined): boolean => !!p?.items?.properties && p.items.type === 'object';

import { SYSTEM_PROPERTIES, isSystemField } from '../schema/system-fields.ts';
import type { ListColumn, ListFilter } from '../schema/screen-types.ts';
import type { JsonType, PropertySchema, ResourceSchema } from '../schema/types.ts';

/** The schema of a field as records carry it: a business property or a system field (`createdAt`…). */
export function fieldSchema(schema: ResourceSchema, field: string): PropertySchema | undefined {
  if (Object.hasOwn(schema.properties, field)) return schema.properties[field];
  return isSystemField(field) ? (SYSTEM_PROPERTIES[field] as PropertySchema) : undefined;
}

/** Column and filter label: the screen's `title`, else the field's `x-label`, else its `title`, else its name. */
export function fieldLabel(schema: ResourceSchema, field: string, explicit?: string): string {
  const p = fieldSchema(schema, field);
  return explicit ?? p?.['x-label'] ?? p?.title ?? field;
}

export const typesOf = (p: PropertySchema | undefined): JsonType[] => (!p?.type ? [] : Array.isArray(p.type) ? p.type : [p.type]);

/** `oneOf` titles (or bare `enum` values) as select options, in the schema's order. */
export function optionsOf(p: PropertySchema | undefined): { value: string | number | boolean; label: string }[] {
  if (p?.oneOf) return p.oneOf.filter((o) => o.const !== null).map((o) => ({ value: o.const as string | number | boolean, label: o.title }));
  if (p?.enum) return p.enum.filter((v): v is string | number | boolean => v !== null && typeof v !== 'object').map((v) => ({ value: v, label: String(v) }));
  return [];
}

/** The label of one stored option value (`'S'` → `'Sintético'`), or the value itself. */
export function optionLabel(p: PropertySchema | undefined, value: unknown): string {
  const hit = p?.oneOf?.find((o) => o.const === value);
  return hit ? hit.title : value == null ? '' : String(value);
}

/** How a filter is edited, from its operator and its field's schema (docs/screens.md §3). */
export type FilterKind = 'text' | 'options' | 'reference' | 'boolean' | 'date' | 'competence' | 'datetime' | 'money' | 'number';

export function filterKind(filter: ListFilter, p: PropertySchema | undefined): FilterKind {
  if (filter.operator === 'contains') return 'text';
  if (p?.['x-ref']) return 'reference';
  if (p?.oneOf || p?.enum) return 'options';
  const types = typesOf(p);
  if (types.includes('boolean')) return 'boolean';
  if (p?.format === 'date') return 'date';
  if (p?.format === 'competence') return 'competence';
  if (p?.format === 'date-time') return 'datetime';
  if (p?.format === 'money') return 'money';
  if (types.includes('integer') || types.includes('number')) return 'number';
  return 'text';
}

/** Whether a column can be sorted: the screen may turn it off; arrays and objects never sort (the API refuses them). */
export function isSortable(schema: ResourceSchema, column: ListColumn): boolean {
  if (column.sortable === false) return false;
  const types = typesOf(fieldSchema(schema, column.field));
  return !types.includes('array') && !types.includes('object');
}

import { lockedFields } from '../schema/locks.ts';
import type { FormScreen, Section } from '../schema/screen-types.ts';
import { writableFields } from '../schema/system-fields.ts';
import type { PropertySchema, ResourceSchema } from '../schema/types.ts';

export interface FormSection extends Required<Pick<Section, 'title' | 'fields'>> {
  description?: string;
  columns: 1 | 2 | 3;
  key: string;
}

/**
 * The sections of an add/edit form: the screen's, or one section with every writable field in schema order.
 * @example formSections(banksScreen.form, banksSchema)[0] // { key: 's0', title: 'Identificação', columns: 2, fields: ['compe', …] }
 */
export function formSections(form: FormScreen | undefined, schema: ResourceSchema): FormSection[] {
  const sections = form?.sections?.length ? form.sections : [{ title: schema.title, fields: writableFields(schema) }];
  return sections.map((s, i) => ({ key: `s${i}`, title: s.title, description: s.description, columns: s.columns ?? (s.fields.length > 3 ? 2 : 1), fields: s.fields }));
}

/** A section's JSON Schema: its fields (minus hidden ones) and their `required`, for RJSF to lay out. */
export function sectionSchema(schema: ResourceSchema, fields: readonly string[], hidden: ReadonlySet<string>): PropertySchema {
  const shown = fields.filter((f) => !hidden.has(f) && schema.properties[f]);
  const required = (schema.required ?? []).filter((f) => shown.includes(f));
  return { type: 'object', properties: Object.fromEntries(shown.map((f) => [f, schema.properties[f]])), required, additionalProperties: true };
}

/** Defaults of a new record: each writable field's `default`. */
export function defaultsOf(schema: ResourceSchema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of writableFields(schema)) if (schema.properties[f].default !== undefined) out[f] = structuredClone(schema.properties[f].default);
  return out;
}

/** Fields disabled on edit: `x-immutable` and those locked by `x-readonly-after` (docs/screens.md §4). */
export const lockedOnEdit = (schema: ResourceSchema, record: Record<string, unknown> | undefined): string[] => (record ? lockedFields(schema, record) : []);

const allowsNull = (p: PropertySchema | undefined) => Array.isArray(p?.type) ? p.type.includes('null') : p?.type === 'null';

/**
 * What to send: writable, visible fields only (hidden fields are not submitted, docs/screens.md §4); an
 * emptied optional field becomes null when the schema allows it, else it is left out.
 */
export function submitBody(schema: ResourceSchema, data: Record<string, unknown>, hidden: ReadonlySet<string>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of writableFields(schema)) {
    if (hidden.has(f)) continue;
    const v = data[f];
    const empty = v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
    if (empty) {
      if (allowsNull(schema.properties[f])) body[f] = null;
      continue;
    }
    body[f] = typeof v === 'string' ? v.trim() : v;
  }
  return body;
}

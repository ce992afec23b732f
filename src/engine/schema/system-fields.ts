import type { PropertySchema, ResourceSchema } from './types.ts';

/**
 * Fields the engine keeps on every record. Schema files never declare them (the meta-schema forbids it);
 * the server fills them and ignores them on write; a client echoing them back gets no error.
 */
export const SYSTEM_PROPERTIES = {
  id: { type: 'string', format: 'uuid', title: 'Identificador', readOnly: true },
  createdAt: { type: 'string', format: 'date-time', title: 'Criado em', readOnly: true },
  createdBy: { type: ['string', 'null'], format: 'uuid', title: 'Criado por', readOnly: true },
  updatedAt: { type: 'string', format: 'date-time', title: 'Atualizado em', readOnly: true },
  updatedBy: { type: ['string', 'null'], format: 'uuid', title: 'Atualizado por', readOnly: true },
  version: { type: 'integer', minimum: 1, title: 'Versão', readOnly: true },
} as const satisfies Record<string, PropertySchema>;

export type SystemField = keyof typeof SYSTEM_PROPERTIES;

export const SYSTEM_FIELDS = Object.keys(SYSTEM_PROPERTIES) as SystemField[];

export const isSystemField = (name: string): name is SystemField => Object.hasOwn(SYSTEM_PROPERTIES, name);

/**
 * The schema of a record as the API returns it: `id` first, the business fields, then the audit fields.
 * Give this to forms and views that receive full records.
 */
export function withSystemFields(schema: ResourceSchema): ResourceSchema {
  const { id, ...audit } = SYSTEM_PROPERTIES;
  return { ...schema, properties: { id, ...schema.properties, ...audit } as Record<string, PropertySchema> };
}

/** Fields a client may write: every property that is neither a system field nor `readOnly`. */
export function writableFields(schema: ResourceSchema): string[] {
  return Object.entries(schema.properties)
    .filter(([name, p]) => !isSystemField(name) && !p.readOnly)
    .map(([name]) => name);
}

/** A copy of the body without system and `readOnly` fields (what the server may store). */
export function stripReadOnly(schema: ResourceSchema, body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) {
    if (isSystemField(k) || (Object.hasOwn(schema.properties, k) && schema.properties[k].readOnly)) continue;
    out[k] = v;
  }
  return out;
}

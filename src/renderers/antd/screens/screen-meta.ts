import type { ResourceSchema } from '../../../engine/schema/types.ts';
import type { ScreenFile } from '../../../engine/schema/screen-types.ts';

/** Texts of a screen from its files: plural title, singular, gender, permission name. */
export function screenTexts(screen: ScreenFile, schema: ResourceSchema) {
  const x = schema['x-resource'];
  return {
    plural: screen.title ?? x.titlePlural,
    singular: schema.title,
    gender: x.gender ?? 'm',
    permission: screen.permission ?? screen.resource,
    labelField: x.labelField,
  };
}

/** A record's human name: its label field, else a short id. */
export function recordLabel(schema: ResourceSchema, record: Record<string, unknown> | undefined): string {
  const v = record?.[schema['x-resource'].labelField];
  if (typeof v === 'string' && v.trim()) return v;
  if (typeof v === 'number') return String(v);
  return typeof record?.id === 'string' ? record.id.slice(0, 8) : '';
}

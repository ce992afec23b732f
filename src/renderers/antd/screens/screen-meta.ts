import { labelText } from '../../../engine/schema/label-text.ts';
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

/** A record's human name: its label field as people read it (a date as DD/MM/AAAA), else a short id. */
export function recordLabel(schema: ResourceSchema, record: Record<string, unknown> | undefined): string {
  const field = schema['x-resource'].labelField;
  const v = record?.[field];
  if ((typeof v === 'string' && v.trim()) || typeof v === 'number') return labelText(schema.properties[field], v) ?? String(v);
  return typeof record?.id === 'string' ? record.id.slice(0, 8) : '';
}

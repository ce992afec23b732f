import type { PropertySchema } from '../../../engine/schema/types.ts';

export interface Option {
  value: string | number | boolean;
  label: string;
  title?: string;
}

/** Labelled options of a field: `oneOf` consts with their pt-BR titles, or the bare `enum` values. */
export function optionsOf(schema: PropertySchema | undefined): Option[] {
  if (!schema) return [];
  if (schema.oneOf) {
    return schema.oneOf
      .filter((o) => o.const !== null)
      .map((o) => ({ value: o.const as string | number | boolean, label: o.title, title: (o as { description?: string }).description }));
  }
  return (schema.enum ?? []).filter((v) => v !== null).map((v) => ({ value: v as string | number | boolean, label: String(v) }));
}

import { getFormat, isFormatName } from '../../../engine/formats/registry.ts';
import type { PropertySchema } from '../../../engine/schema/types.ts';
import { WIDGET_TEXT } from '../../../i18n/forms.ts';
import { optionsOf } from '../widgets/options.ts';

/** A value as a person reads it (conflict panel): options by title, money/dates masked, booleans Sim/Não. */
export function displayValue(schema: PropertySchema | undefined, value: unknown, labels?: Record<string, string | null>): string {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value === 'boolean') return value ? WIDGET_TEXT.yes : WIDGET_TEXT.no;
  if (Array.isArray(value)) return value.map((v) => displayValue(schema?.items, v, labels)).join(', ');
  const option = optionsOf(schema).find((o) => o.value === value);
  if (option) return option.label;
  if (schema?.['x-ref'] && typeof value === 'string') return labels?.[value] ?? value;
  const f = schema?.format && isFormatName(schema.format) ? getFormat(schema.format) : undefined;
  if (f?.mask && typeof value === (f.type === 'number' ? 'number' : 'string')) return (f.mask as (v: unknown) => string)(value);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

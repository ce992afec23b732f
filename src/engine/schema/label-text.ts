import { formatBRL, formatCompetence, formatDate, formatDateTime } from '../../i18n/format.ts';
import type { PropertySchema } from './types.ts';

/**
 * A record's label as people read it, by the label field's format: a balance labelled by its date reads
 * "31/10/2026", never "2026-10-31"; a competence "10/2026"; money "R$ 1.234,56". Used for record titles, reference
 * labels (server `labels`) and reference-select options alike. Null for an empty value.
 * @example labelText({ type: 'string', format: 'date' }, '2026-10-31') // '31/10/2026'
 */
export function labelText(property: PropertySchema | undefined, value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  switch (property?.format) {
    case 'date':
      return formatDate(String(value)) || String(value);
    case 'date-time':
      return formatDateTime(String(value)) || String(value);
    case 'competence':
      return formatCompetence(String(value)) || String(value);
    case 'money':
      return typeof value === 'number' || /^-?\d+$/.test(String(value)) ? formatBRL(Number(value)) : String(value);
    default:
      return typeof value === 'number' ? value.toLocaleString('pt-BR') : String(value);
  }
}

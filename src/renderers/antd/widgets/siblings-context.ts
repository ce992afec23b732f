import { createContext } from 'react';

/**
 * Writes several fields of the object a widget belongs to at once — the record at the top of a form, or one line
 * of a line-item table — for widgets that fill their neighbours (`x-fill`: picking a product fills the line's
 * description, unit and price). One write with the widget's own value, so the two never race.
 */
export type SiblingsSetter = (patch: Record<string, unknown>) => void;

export const SiblingsContext = createContext<SiblingsSetter | null>(null);

/**
 * The sibling values `x-fill` takes from a picked record: `{ "<sibling>": "<field of the record>" }`; empty values
 * of the record leave the sibling as it is.
 * @example fillFrom({ description: 'name', unitPrice: 'referencePrice' }, { name: 'Papel A4', referencePrice: 2590 })
 * // { description: 'Papel A4', unitPrice: 2590 }
 */
export function fillFrom(map: Readonly<Record<string, string>>, record: Readonly<Record<string, unknown>> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!record) return out;
  for (const [to, from] of Object.entries(map)) {
    const v = record[from];
    if (v !== undefined && v !== null && v !== '') out[to] = v;
  }
  return out;
}

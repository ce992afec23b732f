import { FORMATS } from '../formats/registry.ts';

/** Formats whose values have an order (`formatMinimum`… compare them, docs/schemas.md §3.5). */
export const ORDERED_FORMATS = ['date', 'date-time', 'competence'] as const;

/**
 * Canonical dates and competences sort as text; timestamps by the instant (offsets differ). Ajv calls this for
 * `formatMinimum`/`formatMaximum`/`formatExclusive…` with the field's value and the limit (a literal or another
 * field's value through `$data`); a limit that is not a valid value (an empty or malformed other field) counts as
 * equal, so the comparison never adds an error the format itself does not give.
 */
function compare(format: (typeof ORDERED_FORMATS)[number]) {
  const valid = FORMATS[format].validate;
  return (a: string, b: string): number => {
    if (typeof a !== 'string' || typeof b !== 'string' || !valid(a) || !valid(b)) return 0;
    const [x, y] = format === 'date-time' ? [Date.parse(a), Date.parse(b)] : [a, b];
    return x < y ? -1 : x > y ? 1 : 0;
  };
}

const ordered = new Set<string>(ORDERED_FORMATS);

/**
 * Our formats as ajv format definitions (typed: `money` and `percent` apply to numbers), for the ajv the server
 * compiles with and for the code precompiled at build time (scripts/vite-validators.ts imports this module), so
 * both run the very same functions. No ajv import here: the browser gets the formats without the compiler.
 */
export const AJV_FORMATS = Object.fromEntries(
  Object.values(FORMATS).map((f) => [
    f.name,
    f.type === 'number'
      ? { type: 'number' as const, validate: f.validate }
      : { type: 'string' as const, validate: f.validate, ...(ordered.has(f.name) ? { compare: compare(f.name as (typeof ORDERED_FORMATS)[number]) } : {}) },
  ]),
) as Record<string, { type: 'number'; validate: (n: number) => boolean } | { type: 'string'; validate: (s: string) => boolean; compare?: (a: string, b: string) => number }>;

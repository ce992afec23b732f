import type { PropertySchema, ResourceSchema } from './types.ts';

/**
 * `x-computed` (docs/schemas.md §5): a `readOnly` number the server derives from other fields, and the
 * form shows live. `product` multiplies fields of the same object (a line total: quantity × unit price),
 * rounded half away from zero to an integer; `sum` adds fields of the record, a `-` prefix subtracts one,
 * and `items[].total` adds one column of a list of line items.
 * @example { "product": ["quantity", "unitPrice"] }   { "sum": ["items[].total", "freight", "-discount"] }
 */
export type ComputedSpec = { product: string[] } | { sum: string[] };

const SCALE_DIGITS = 6;
const SCALE = 10n ** BigInt(SCALE_DIGITS);

/** A finite number as an exact integer scaled by 10^6 (quantities have at most a few decimals). */
function scaled(n: number): bigint {
  const [int, frac = ''] = Math.abs(n).toFixed(SCALE_DIGITS).split('.');
  const v = BigInt(int) * SCALE + BigInt(frac.padEnd(SCALE_DIGITS, '0'));
  return n < 0 ? -v : v;
}

/** `a / b` rounded half away from zero (b > 0). */
function divRound(a: bigint, b: bigint): bigint {
  const neg = a < 0n;
  const abs = neg ? -a : a;
  const q = (abs + b / 2n) / b;
  return neg ? -q : q;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * Product of numbers without float error: `2.5 × 1999` → 4998 (4997.5 rounded half up), `3 × 0.1 × 100` → 30.
 * Null when a factor is missing (an incomplete line).
 */
export function exactProduct(factors: readonly unknown[]): number | null {
  let acc = 1n;
  for (const f of factors) {
    const n = num(f);
    if (n === null) return null;
    acc *= scaled(n);
  }
  const result = divRound(acc, SCALE ** BigInt(factors.length));
  return Number(result);
}

/** Value of one `sum` term in `scope`: a field, or `list[].field` summed over a list of objects; absent = 0. */
function term(scope: Record<string, unknown>, path: string): number {
  const m = /^([a-zA-Z0-9]+)\[\]\.([a-zA-Z0-9]+)$/.exec(path);
  if (!m) return num(scope[path]) ?? 0;
  const rows = scope[m[1]];
  if (!Array.isArray(rows)) return 0;
  return rows.reduce((s: number, r) => s + (num((r as Record<string, unknown> | null)?.[m[2]]) ?? 0), 0);
}

/** One computed value in the scope of its object (the record, or one line item). */
export function computeValue(spec: ComputedSpec, scope: Record<string, unknown>): number | null {
  if ('product' in spec) return exactProduct(spec.product.map((f) => scope[f]));
  // Money is integer centavos: plain addition is exact up to Number.MAX_SAFE_INTEGER.
  return spec.sum.reduce((s, t) => (t.startsWith('-') ? s - term(scope, t.slice(1)) : s + term(scope, t)), 0);
}

const specOf = (p: PropertySchema | undefined) => p?.['x-computed'] as ComputedSpec | undefined;

/** Fills the computed fields of one object (in property order: a later one may use an earlier one). */
function fill(properties: Record<string, PropertySchema>, obj: Record<string, unknown>): void {
  for (const [name, p] of Object.entries(properties)) {
    const rows = obj[name];
    const itemProps = p.items?.properties;
    if (itemProps && Array.isArray(rows) && Object.values(itemProps).some((c) => specOf(c))) {
      obj[name] = rows.map((r) => {
        if (typeof r !== 'object' || r === null) return r;
        const copy = { ...(r as Record<string, unknown>) };
        fill(itemProps, copy);
        return copy;
      });
    }
    const spec = specOf(p);
    if (spec) obj[name] = computeValue(spec, obj);
  }
}

/**
 * The record with every `x-computed` field (re)computed: line items first, then the record's own fields.
 * Whatever a client sent for them is replaced. Returns a new object; `record` is not changed.
 */
export function applyComputed(schema: Pick<ResourceSchema, 'properties'>, record: Record<string, unknown>): Record<string, unknown> {
  const out = { ...record };
  fill(schema.properties, out);
  return out;
}

/** Whether a schema has any computed field (top level or in line items). */
export function hasComputed(schema: Pick<ResourceSchema, 'properties'>): boolean {
  return Object.values(schema.properties).some((p) => specOf(p) || Object.values(p.items?.properties ?? {}).some((c) => specOf(c)));
}

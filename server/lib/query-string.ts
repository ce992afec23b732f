import qs from 'qs';

/** Spec §9: query-string parsing limits. */
export const QUERY_LIMITS = { arrayLimit: 20, depth: 5, parameterLimit: 1000 } as const;

/** `a=1&a=2` → `{ a: ['1','2'] }`, `filter[status][in]=x` → nested objects, within the spec's limits. */
export function parseQueryString(str: string): Record<string, unknown> {
  return qs.parse(str, { ...QUERY_LIMITS, allowDots: false, duplicates: 'combine', strictDepth: false });
}

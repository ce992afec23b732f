/**
 * A stable key of what a schema validates, shared by the build (which precompiles validators: CSP without
 * `unsafe-eval`, docs/decisions.md D29) and the browser (which looks them up). Annotations that never change a
 * verdict nor a message (title, description, x-label, examples, $comment, $id, $schema) are left out, so a
 * property reused with another title (the widget samples page) finds the same validator.
 * @example schemaKey({ type: 'string', title: 'Nome', maxLength: 3 }) === schemaKey({ type: 'string', maxLength: 3 }) // true
 */
const ANNOTATIONS = new Set(['title', 'description', 'x-label', 'examples', '$comment', '$id', '$schema']);

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value).sort()) if (!ANNOTATIONS.has(k)) out[k] = canonical((value as Record<string, unknown>)[k]);
  return out;
}

/** cyrb53: a fast 53-bit string hash (not cryptographic: a lookup key). */
function hash(s: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

export const schemaKey = (schema: unknown): string => hash(JSON.stringify(canonical(schema)));

/** Key of the validator of one field: its schema and whether it is required. */
export const fieldKey = (property: unknown, required: boolean): string => schemaKey({ p: property, r: required });

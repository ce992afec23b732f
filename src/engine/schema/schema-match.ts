import { isFormatName, getFormat } from '../formats/registry.ts';

type Schema = Record<string, unknown> | boolean;

const typeOf = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v;

const sameType = (want: string, got: string) => want === got || (want === 'number' && got === 'integer');

function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => equal((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** `#/definitions/x` inside the root schema (the only kind of `$ref` RJSF hands over). */
function resolveRef(ref: string, root: Schema): Schema {
  if (!ref.startsWith('#')) return true;
  let node: unknown = root;
  for (const part of ref.slice(1).split('/').filter(Boolean)) node = (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return (node as Schema | undefined) ?? true;
}

/**
 * Does `data` match `schema`? A small JSON Schema interpreter (no code generation: allowed under a CSP without
 * `unsafe-eval`) for RJSF's `isValid`, which only picks `oneOf`/`anyOf` options and `if` branches to lay a form
 * out. It knows the keywords our schemas use, our formats included; the messages users see never come from here
 * (they come from the precompiled ajv code, docs/decisions.md D29). Unknown keywords count as annotations.
 * @example schemaMatches({ type: 'object', required: ['a'] }, { a: 1 }, {}) // true
 */
export function schemaMatches(schema: Schema, data: unknown, root: Schema): boolean {
  if (typeof schema === 'boolean') return schema;
  const s = schema as Record<string, unknown>;
  if (typeof s.$ref === 'string' && !schemaMatches(resolveRef(s.$ref, root), data, root)) return false;
  const t = typeOf(data);
  if (s.type !== undefined && !(Array.isArray(s.type) ? s.type : [s.type]).some((x) => sameType(String(x), t))) return false;
  if ('const' in s && !equal(s.const, data)) return false;
  if (Array.isArray(s.enum) && !s.enum.some((e) => equal(e, data))) return false;
  if (t === 'string') {
    const str = data as string;
    const length = [...str].length;
    if (typeof s.minLength === 'number' && length < s.minLength) return false;
    if (typeof s.maxLength === 'number' && length > s.maxLength) return false;
    if (typeof s.pattern === 'string' && !new RegExp(s.pattern, 'u').test(str)) return false;
  }
  if (typeof s.format === 'string' && isFormatName(s.format)) {
    const f = getFormat(s.format);
    if (f.type === 'string' ? t === 'string' && !f.validate(data as string) : typeof data === 'number' && !f.validate(data)) return false;
  }
  if (typeof data === 'number') {
    if (typeof s.minimum === 'number' && data < s.minimum) return false;
    if (typeof s.maximum === 'number' && data > s.maximum) return false;
    if (typeof s.exclusiveMinimum === 'number' && data <= s.exclusiveMinimum) return false;
    if (typeof s.exclusiveMaximum === 'number' && data >= s.exclusiveMaximum) return false;
  }
  if (t === 'array') {
    const arr = data as unknown[];
    if (typeof s.minItems === 'number' && arr.length < s.minItems) return false;
    if (typeof s.maxItems === 'number' && arr.length > s.maxItems) return false;
    if (s.items !== undefined && !arr.every((v) => schemaMatches(s.items as Schema, v, root))) return false;
  }
  if (t === 'object') {
    const obj = data as Record<string, unknown>;
    if (Array.isArray(s.required) && !s.required.every((k) => Object.hasOwn(obj, String(k)))) return false;
    const props = (s.properties ?? {}) as Record<string, Schema>;
    for (const [k, v] of Object.entries(obj)) {
      if (Object.hasOwn(props, k)) {
        if (!schemaMatches(props[k], v, root)) return false;
      } else if (s.additionalProperties !== undefined && !schemaMatches(s.additionalProperties as Schema, v, root)) return false;
    }
  }
  if (Array.isArray(s.allOf) && !s.allOf.every((x) => schemaMatches(x as Schema, data, root))) return false;
  if (Array.isArray(s.anyOf) && !s.anyOf.some((x) => schemaMatches(x as Schema, data, root))) return false;
  if (Array.isArray(s.oneOf) && s.oneOf.filter((x) => schemaMatches(x as Schema, data, root)).length !== 1) return false;
  if (s.not !== undefined && schemaMatches(s.not as Schema, data, root)) return false;
  if (s.if !== undefined) {
    const branch = schemaMatches(s.if as Schema, data, root) ? s.then : s.else;
    if (branch !== undefined && !schemaMatches(branch as Schema, data, root)) return false;
  }
  return true;
}

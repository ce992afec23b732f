import type Ajv from 'ajv';
import type { Options } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import { formatLimitDefinition } from 'ajv-formats/dist/limit.js';
import { AJV_FORMATS } from './ajv-formats.ts';
import { X_KEYWORDS } from './keywords.ts';

export type { Ajv2020 };

/** Adds our formats and `x-` keywords to any ajv 8 instance. */
export function registerVocabulary<A extends Ajv>(ajv: A): A {
  for (const [name, def] of Object.entries(AJV_FORMATS)) ajv.addFormat(name, def as never);
  for (const k of X_KEYWORDS) if (!ajv.getKeyword(k.keyword as string)) ajv.addKeyword(k);
  // formatMinimum/formatMaximum/formatExclusive…: dates compared with a literal or another field ($data).
  if (!ajv.getKeyword('formatMinimum')) ajv.addKeyword(formatLimitDefinition);
  return ajv;
}

/**
 * The project's ajv: JSON Schema 2020-12, all errors, strict (unknown keywords and formats fail at
 * compile time), `verbose` so messages can read the failing schema. `strictRequired` is off because it
 * rejects the conditional `else: { required: [...] }` of a resource; {@link undeclaredRequired} checks
 * those names against `properties` instead. `$data` is on: a limit may be another field of the same object
 * (`"maximum": { "$data": "1/total" }`), in the server's compiled code and in the browser's precompiled code alike.
 * @example const ajv = createAjv(); ajv.validate({ type: 'string', format: 'cnpj' }, '12ABC34501DE35') // true
 */
export function createAjv(options: Options = {}): Ajv2020 {
  return registerVocabulary(new Ajv2020({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true, verbose: true, $data: true, ...options }));
}

type SchemaNode = { properties?: Record<string, unknown>; required?: unknown; allOf?: unknown; if?: unknown; then?: unknown; else?: unknown };

/**
 * JSON Pointers of `required` names that the object schema does not declare in `properties`, looking
 * into `allOf`/`if`/`then`/`else` (where conditional requirements live) and nested object properties.
 * @example undeclaredRequired({ properties: { a: {} }, required: ['b'] }) // [{ pointer: '/required/0', name: 'b' }]
 */
export function undeclaredRequired(schema: SchemaNode, pointer = '', declared = schema.properties): { pointer: string; name: string }[] {
  const out: { pointer: string; name: string }[] = [];
  if (Array.isArray(schema.required)) {
    schema.required.forEach((name, i) => {
      if (!declared || !Object.hasOwn(declared, String(name))) out.push({ pointer: `${pointer}/required/${i}`, name: String(name) });
    });
  }
  const sub = (node: unknown, at: string, props = declared) => {
    if (node && typeof node === 'object') out.push(...undeclaredRequired(node as SchemaNode, at, props));
  };
  if (Array.isArray(schema.allOf)) schema.allOf.forEach((s, i) => sub(s, `${pointer}/allOf/${i}`));
  for (const k of ['if', 'then', 'else'] as const) sub(schema[k], `${pointer}/${k}`);
  for (const [name, p] of Object.entries(schema.properties ?? {})) {
    const node = p as SchemaNode & { items?: SchemaNode };
    if (node?.properties) sub(node, `${pointer}/properties/${name}`, node.properties);
    if (node?.items?.properties) sub(node.items, `${pointer}/properties/${name}/items`, node.items.properties);
  }
  return out;
}

import type { ErrorObject } from 'ajv';
import { FORMAT_MESSAGES, VALIDATION_MESSAGES as M } from '../../i18n/validation.ts';
import { formatMoney } from '../formats/money.ts';
import { getFormat, isFormatName } from '../formats/registry.ts';
import { isDataRef, type FieldErrors, type PropertySchema } from './types.ts';

/** Key of errors about the body itself (not a field). */
export const ROOT_KEY = '$';

/** `/items/0/amount` → `items.0.amount` (JSON Pointer unescaped); the root → `$`. */
export function fieldPath(instancePath: string, child?: string): string {
  const parts = instancePath.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (child !== undefined) parts.push(child);
  return parts.length ? parts.join('.') : ROOT_KEY;
}

const numberFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 10 });

/** A limit as people read it: money as `R$ 1.234,56`, other numbers pt-BR. */
function limit(value: unknown, schema: PropertySchema | undefined): string {
  if (typeof value !== 'number') return String(value);
  return schema?.format === 'money' ? formatMoney(value) : numberFormat.format(value);
}

function typeMessage(type: unknown): string {
  const first = String(type).split(',').find((t) => t !== 'null') ?? 'null';
  return M.type[first as keyof typeof M.type] ?? M.invalid;
}

const COMPARED = ['minimum', 'exclusiveMinimum', 'maximum', 'exclusiveMaximum', 'formatMinimum', 'formatExclusiveMinimum', 'formatMaximum', 'formatExclusiveMaximum', 'const'] as const;
type Compared = (typeof COMPARED)[number];
const isCompared = (k: string): k is Compared => (COMPARED as readonly string[]).includes(k);

/** JSON Pointer segments, unescaped. */
const segments = (pointer: string) => pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));

/**
 * The label of the field a `$data` limit points at: the relative pointer (`1/startDate`) resolved against the
 * failing value's place (`/items/0/endDate` → `/items/0/startDate`), then looked up in the resource's schema
 * (properties, line items). Without the schema, the field's name.
 */
export function dataRefTitle(root: PropertySchema | undefined, instancePath: string, ref: string): string {
  const m = /^(\d+)((?:\/[^/]*)*)$/.exec(ref);
  if (!m) return ref;
  const base = segments(instancePath);
  const path = [...base.slice(0, Math.max(0, base.length - Number(m[1]))), ...segments(m[2])];
  let node = root;
  for (const part of path) {
    if (!node) break;
    node = /^\d+$/.test(part) && node.items ? node.items : node.properties && Object.hasOwn(node.properties, part) ? node.properties[part] : undefined;
  }
  return node?.['x-label'] ?? node?.title ?? path.at(-1) ?? ref;
}

/** A fixed date limit as people read it (`31/12/2026`). */
function shownLimit(value: unknown, schema: PropertySchema | undefined): string {
  const f = schema?.format && isFormatName(schema.format) ? getFormat(schema.format) : undefined;
  return typeof value === 'string' && f && 'mask' in f && f.mask ? (f.mask as (v: string) => string)(value) : String(value);
}

export interface MessageOptions {
  /** The resource schema the errors come from: names the other field of a `$data` comparison. */
  schema?: PropertySchema;
}

/**
 * pt-BR message of one ajv error. Needs `verbose` errors (our ajv and RJSF's set it) for the failing
 * schema and value; `x-messages` on the property overrides the message of a keyword. A limit that is another
 * field (`{ "$data": "1/startDate" }`) names that field: "Deve ser igual ou posterior ao campo "Início".".
 */
export function messageOf(error: ErrorObject, options: MessageOptions = {}): string {
  const schema = error.parentSchema as PropertySchema | undefined;
  const override = schema?.['x-messages']?.[error.keyword];
  if (override) return override;
  const p = error.params as Record<string, unknown>;
  if (isCompared(error.keyword) && isDataRef(error.schema)) {
    return M.than[error.keyword](dataRefTitle(options.schema, error.instancePath, error.schema.$data));
  }
  switch (error.keyword) {
    case 'formatMinimum':
    case 'formatExclusiveMinimum':
    case 'formatMaximum':
    case 'formatExclusiveMaximum':
      return M[error.keyword](shownLimit(p.limit, schema));
    case 'required':
    case 'dependentRequired':
      return M.required;
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return M.notAllowed;
    case 'type':
      return typeMessage(p.type);
    case 'format': {
      if (!isFormatName(String(p.format))) return M.invalid;
      const def = getFormat(String(p.format));
      const precise = def.type === 'string' && typeof error.data === 'string' ? def.explain?.(error.data) : undefined;
      return precise ?? FORMAT_MESSAGES[p.format as keyof typeof FORMAT_MESSAGES];
    }
    case 'maxLength':
      return M.maxLength(Number(p.limit));
    case 'minLength':
      return error.data === '' ? M.required : M.minLength(Number(p.limit));
    case 'minimum':
      return M.minimum(limit(p.limit, schema));
    case 'maximum':
      return M.maximum(limit(p.limit, schema));
    case 'exclusiveMinimum':
      return M.exclusiveMinimum(limit(p.limit, schema));
    case 'exclusiveMaximum':
      return M.exclusiveMaximum(limit(p.limit, schema));
    case 'multipleOf':
      return M.multipleOf(limit(p.multipleOf, schema));
    case 'minItems':
      return M.minItems(Number(p.limit));
    case 'maxItems':
      return M.maxItems(Number(p.limit));
    case 'uniqueItems':
      return M.duplicateItems;
    case 'pattern':
      return M.pattern;
    case 'enum':
    case 'const':
    case 'oneOf':
    case 'anyOf':
      return M.choice;
    default:
      return M.invalid;
  }
}

/** Where an error belongs: the missing/extra property for object keywords, else the failing value. */
export function errorPath(error: ErrorObject): string {
  const p = error.params as Record<string, unknown>;
  const child = p.missingProperty ?? p.additionalProperty ?? p.unevaluatedProperty;
  return fieldPath(error.instancePath, child === undefined ? undefined : String(child));
}

export interface ToFieldErrorsOptions extends MessageOptions {
  /** PATCH semantics: a field missing from the body's top level is not an error. */
  partial?: boolean;
}

/**
 * ajv errors → `{ field: [messages] }`. Drops the noise ajv adds around the real cause: `if` wrappers,
 * the branch-by-branch errors under a failing `oneOf`/`anyOf` (one "Escolha uma das opções." instead),
 * and anything else at a path that already says "Campo obrigatório.".
 */
export function toFieldErrors(errors: readonly ErrorObject[] | null | undefined, options: ToFieldErrorsOptions = {}): FieldErrors | null {
  if (!errors?.length) return null;
  const branches = errors.filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf').map((e) => `${e.schemaPath}/`);
  // Keys come from the body (an unknown field's name): a plain object would hand `constructor` or
  // `toString` their inherited functions here, so the map has no prototype (ASVS V15.3.6).
  const out: FieldErrors = Object.create(null);
  for (const e of errors) {
    if (e.keyword === 'if') continue;
    if (options.partial && e.keyword === 'required' && e.instancePath === '') continue;
    if (branches.some((b) => e.schemaPath.startsWith(b))) continue;
    const path = errorPath(e);
    const message = messageOf(e, options);
    const list = (out[path] ??= []);
    if (list.includes(M.required)) continue;
    if (message === M.required) list.length = 0;
    if (!list.includes(message)) list.push(message);
  }
  return Object.keys(out).length ? out : null;
}

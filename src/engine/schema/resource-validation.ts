/**
 * Validation of resource bodies over ajv functions, however they were made: compiled now (./resource.ts, the
 * server) or precompiled at build time (the browser, under a CSP without `unsafe-eval`). No ajv compiler here.
 */
import type { ValidateFunction } from 'ajv';
import { VALIDATION_MESSAGES as M } from '../../i18n/validation.ts';
import { getFormat } from '../formats/registry.ts';
import { ROOT_KEY, toFieldErrors } from './messages.ts';
import { stripReadOnly, withSystemFields, writableFields } from './system-fields.ts';
import type { FieldErrors, PropertySchema, ResourceSchema } from './types.ts';

export interface ValidateOptions {
  /** PATCH: top-level `required` is not enforced (the fields sent are still fully checked). */
  partial?: boolean;
}

export interface CompiledResource {
  readonly name: string;
  /** The schema file as written. */
  readonly schema: ResourceSchema;
  /** The schema of a record as the API returns it (system fields added, read-only). */
  readonly recordSchema: ResourceSchema;
  /** Fields a client may write (not system, not `readOnly`). */
  readonly writable: readonly string[];
  /**
   * Validates a request body; null when valid. System and `readOnly` fields are ignored (never an error,
   * never stored: use {@link CompiledResource.toWritable}); unknown fields are errors ('Campo não permitido.').
   */
  validate(data: unknown, options?: ValidateOptions): FieldErrors | null;
  /** Errors of one field alone (cheap, for per-keystroke validation in forms); null when valid. */
  validateField(field: string, value: unknown): string[] | null;
  /** Typed input → canonical values by format (masks dropped, `R$ 1,00` → 100), strings trimmed. */
  normalize(data: Record<string, unknown>): Record<string, unknown>;
  /** The body without system and `readOnly` fields. */
  toWritable(data: Record<string, unknown>): Record<string, unknown>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const allowsNull = (p: PropertySchema | undefined) => p?.type === 'null' || (Array.isArray(p?.type) && p.type.includes('null'));

/** The schema of a property named by a body: own properties only (`constructor` is not `Object`). */
const own = (props: Record<string, PropertySchema> | undefined, k: string): PropertySchema | undefined =>
  props && Object.hasOwn(props, k) ? props[k] : undefined;

function normalizeValue(schema: PropertySchema | undefined, value: unknown): unknown {
  if (!schema) return value;
  if (typeof value === 'string') {
    const f = schema.format ? getFormat(schema.format) : undefined;
    const trimmed = value.trim();
    return f?.normalize ? f.normalize(trimmed) : trimmed;
  }
  if (Array.isArray(value)) return value.map((v) => normalizeValue(schema.items, v));
  if (isObject(value) && schema.properties) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = normalizeValue(own(schema.properties, k), v);
    return out;
  }
  return value;
}

/** The object schema a field is validated with alone (`validateField`): the same for the build and at run time. */
export const fieldSchema = (schema: ResourceSchema, field: string) => ({
  type: 'object',
  properties: { [field]: schema.properties[field] },
  required: (schema.required ?? []).includes(field) ? [field] : [],
});

/** The schema the whole body is validated with: the file as written, without `$id` (see compileResource). */
export function bodySchema(schema: ResourceSchema): Omit<ResourceSchema, '$id'> {
  const { $id: _id, ...anonymous } = schema;
  return anonymous;
}

/** Where a compiled resource gets its ajv functions: compiled now, or precompiled at build time. */
export interface ResourceValidators {
  /** Validates a whole body (the schema of {@link bodySchema}). */
  check: ValidateFunction;
  /** The validator of one field (the schema of {@link fieldSchema}); undefined when there is none. */
  field(name: string): ValidateFunction | undefined;
}

/**
 * The resource's validation behaviour over given ajv functions: the browser passes functions precompiled at
 * build time (no `new Function` under the Content-Security-Policy), the server compiles them (compileResource).
 * Messages come from the same errors either way.
 */
export function resourceFromValidators(schema: ResourceSchema, validators: ResourceValidators): CompiledResource {
  const check = validators.check;
  const required = new Set(schema.required ?? []);

  const validate = (data: unknown, options: ValidateOptions = {}): FieldErrors | null => {
    if (!isObject(data)) return { [ROOT_KEY]: [M.type.object] };
    const body = stripReadOnly(schema, data);
    // An optional field sent as null is empty, like an absent one: conditional `required` (allOf if/then)
    // must see it as missing, or `{ bankId: null }` would satisfy "bankId is required".
    for (const [k, v] of Object.entries(body)) if (v === null && !required.has(k) && allowsNull(own(schema.properties, k))) delete body[k];
    if (check(body)) return null;
    const errors = toFieldErrors(check.errors, { ...options, schema }) ?? {};
    // null sent for a required field that does not allow null reads as "missing", not as a type error.
    for (const [k, v] of Object.entries(body)) {
      if (v === null && required.has(k) && !allowsNull(own(schema.properties, k)) && errors[k]) errors[k] = [M.required];
    }
    return Object.keys(errors).length ? errors : null;
  };

  const validateField = (field: string, value: unknown): string[] | null => {
    const property = own(schema.properties, field);
    if (!property) return [M.notAllowed];
    // Same rule as `validate`: an optional nullable field left empty is fine (a cleared choice sends null).
    if (value === null && !required.has(field) && allowsNull(property)) return null;
    const fn = validators.field(field);
    if (!fn) return null;
    const body = value === undefined ? {} : { [field]: value };
    if (fn(body)) return null;
    const errors = toFieldErrors(fn.errors, { schema }) ?? {};
    if (value === null && required.has(field) && !allowsNull(property)) return [M.required];
    return errors[field] ?? null;
  };

  return {
    name: schema['x-resource'].name,
    schema,
    recordSchema: withSystemFields(schema),
    writable: writableFields(schema),
    validate,
    validateField,
    normalize: (data) => normalizeValue(schema, data) as Record<string, unknown>,
    toWritable: (data) => stripReadOnly(schema, data),
  };
}

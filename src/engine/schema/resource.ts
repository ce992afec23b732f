import type { ValidateFunction } from 'ajv';
import { VALIDATION_MESSAGES as M } from '../../i18n/validation.ts';
import { getFormat } from '../formats/registry.ts';
import { createAjv, undeclaredRequired, type Ajv2020 } from './ajv.ts';
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

let sharedAjv: Ajv2020 | undefined;
const defaultAjv = () => (sharedAjv ??= createAjv());

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const allowsNull = (p: PropertySchema | undefined) => p?.type === 'null' || (Array.isArray(p?.type) && p.type.includes('null'));

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
    for (const [k, v] of Object.entries(value)) out[k] = normalizeValue(schema.properties[k], v);
    return out;
  }
  return value;
}

/**
 * Compiles a resource schema once; validate many bodies with it (server and client use the same code).
 * @example
 * const banks = compileResource(bankSchema);
 * banks.validate({ ispb: '123', name: '' })
 * // { ispb: ['Formato inválido.'], name: ['Campo obrigatório.'], fullName: ['Campo obrigatório.'] }
 * banks.validate({ active: false }, { partial: true }) // null
 */
export function compileResource(schema: ResourceSchema, ajv: Ajv2020 = defaultAjv()): CompiledResource {
  // No $id in what ajv sees: the same resource may be compiled again (tests, hot reload) without
  // "schema already exists"; references between resources are x-ref data, never $ref.
  const typo = undeclaredRequired(schema)[0];
  if (typo) throw new Error(`${schema.$id}: ${typo.pointer}: campo obrigatório "${typo.name}" não está em properties`);
  const { $id: _id, ...anonymous } = schema;
  const check: ValidateFunction = ajv.compile(anonymous);
  const required = new Set(schema.required ?? []);
  const fieldValidators = new Map<string, ValidateFunction>();

  const validate = (data: unknown, options: ValidateOptions = {}): FieldErrors | null => {
    if (!isObject(data)) return { [ROOT_KEY]: [M.type.object] };
    const body = stripReadOnly(schema, data);
    // An optional field sent as null is empty, like an absent one: conditional `required` (allOf if/then)
    // must see it as missing, or `{ bankId: null }` would satisfy "bankId is required".
    for (const [k, v] of Object.entries(body)) if (v === null && !required.has(k) && allowsNull(schema.properties[k])) delete body[k];
    if (check(body)) return null;
    const errors = toFieldErrors(check.errors, options) ?? {};
    // null sent for a required field that does not allow null reads as "missing", not as a type error.
    for (const [k, v] of Object.entries(body)) {
      if (v === null && required.has(k) && !allowsNull(schema.properties[k]) && errors[k]) errors[k] = [M.required];
    }
    return Object.keys(errors).length ? errors : null;
  };

  const validateField = (field: string, value: unknown): string[] | null => {
    const property = schema.properties[field];
    if (!property) return [M.notAllowed];
    // Same rule as `validate`: an optional nullable field left empty is fine (a cleared choice sends null).
    if (value === null && !required.has(field) && allowsNull(property)) return null;
    let fn = fieldValidators.get(field);
    if (!fn) {
      fn = ajv.compile({ type: 'object', properties: { [field]: property }, required: required.has(field) ? [field] : [] });
      fieldValidators.set(field, fn);
    }
    const body = value === undefined ? {} : { [field]: value };
    if (fn(body)) return null;
    const errors = toFieldErrors(fn.errors) ?? {};
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

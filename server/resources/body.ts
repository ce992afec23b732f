import { applyComputed, lockedFields, lockViolations, type PropertySchema } from '../../src/engine/schema/index.ts';
import { SYSTEM_OWNER } from '../../src/engine/access.ts';
import { badRequest, HttpError, type FieldErrors } from '../lib/errors.ts';
import type { Principal } from '../lib/principal.ts';
import type { ResourceDef } from './types.ts';

export type WriteMode = 'create' | 'replace' | 'patch';

const allowsNull = (p: PropertySchema | undefined) => p?.type === 'null' || (Array.isArray(p?.type) && p.type.includes('null'));

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** JSON view of a stored record (dates as ISO text), as a client would send it back. */
export const asJson = (r: Record<string, unknown>) => JSON.parse(JSON.stringify(r)) as Record<string, unknown>;

/**
 * A request body → the values to store, or 400 with pt-BR messages per field. Input is normalized first
 * (masks dropped, `R$ 1,00` → 100, trimmed), then validated by the shared schema engine: unknown fields are
 * 'Campo não permitido.'; system and readOnly fields are ignored, never stored (docs/schemas.md).
 * On create, absent fields take the schema's `default` and `x-computed` fields are filled (on update
 * they are computed from the merged record: `mergedRecord`). PATCH checks only the fields sent.
 */
export function prepareBody(def: ResourceDef, body: unknown, mode: WriteMode): Record<string, unknown> {
  if (!isObject(body)) throw badRequest(def.compiled.validate(body) ?? { $: ['Deve ser um objeto.'] });
  const data = def.compiled.normalize(body);
  if (mode === 'create') {
    for (const f of def.business) if (data[f.name] === undefined && f.schema.default !== undefined) data[f.name] = structuredClone(f.schema.default);
  }
  const errors = def.compiled.validate(data, { partial: mode === 'patch' });
  if (errors) throw badRequest(errors);
  const writable = def.compiled.toWritable(data);
  return mode === 'create' ? applyComputed(def.schema, writable) : writable;
}

/**
 * The record as it will be after the write, for checks that need the whole of it: PUT replaces every
 * writable field (absent → empty), PATCH merges into the stored one. Read-only fields keep their value,
 * except `x-computed` ones, recomputed from the result.
 */
export function mergedRecord(def: ResourceDef, stored: Record<string, unknown>, data: Record<string, unknown>, mode: WriteMode): Record<string, unknown> {
  if (mode === 'patch') return applyComputed(def.schema, { ...stored, ...data });
  const out: Record<string, unknown> = { ...stored };
  for (const name of def.compiled.writable) out[name] = data[name] ?? null;
  return applyComputed(def.schema, out);
}

/** PATCH of a schema with conditional rules (`allOf` if/then): the merged record must still be valid. */
export function checkMerged(def: ResourceDef, merged: Record<string, unknown>, mode: WriteMode): void {
  if (mode !== 'patch' || !def.schema.allOf?.length) return;
  const values = def.compiled.toWritable(asJson(merged));
  // An optional field left empty is stored as NULL; to the schema it is simply absent.
  for (const [k, v] of Object.entries(values)) if (v === null && !(Object.hasOwn(def.schema.properties, k) && allowsNull(def.schema.properties[k]))) delete values[k];
  const errors = def.compiled.validate(values);
  if (errors) throw badRequest(errors);
}

/**
 * `x-immutable` / `x-readonly-after` fields the body would change → 400. A PUT replaces every writable field;
 * a locked one it leaves out (a form hides it) keeps its stored value instead of being emptied: `data` gets it.
 */
export function checkLocks(def: ResourceDef, stored: Record<string, unknown>, data: Record<string, unknown>, mode: WriteMode = 'patch'): void {
  const json = asJson(stored);
  if (mode === 'replace') for (const f of lockedFields(def.schema, json)) if (!(f in data) && def.compiled.writable.includes(f)) data[f] = json[f] ?? null;
  const errors = lockViolations(def.schema, json, data);
  if (errors) throw badRequest(errors);
}

export const OUT_OF_SCOPE = 'Fora das organizações e centros de custo do seu acesso.';

/**
 * A write may not put a record where the caller could no longer see it (another organization or cost
 * center, or none): 403 naming the field.
 */
export function checkScopeWrite(def: ResourceDef, record: Record<string, unknown>, principal: Principal): void {
  if (principal.accessLevel === SYSTEM_OWNER) return;
  const errors: FieldErrors = {};
  const pairs = [
    [def.scope.organization, principal.recordScope.organizationIds],
    [def.scope.costCenter, principal.recordScope.costCenterIds],
  ] as const;
  for (const [field, allowed] of pairs) {
    if (!field || allowed === 'all') continue;
    const value = record[field.name];
    if (typeof value !== 'string' || !allowed.includes(value.toLowerCase())) errors[field.name] = [OUT_OF_SCOPE];
  }
  if (Object.keys(errors).length) {
    throw new HttpError(403, 'FORBIDDEN', 'Você não tem permissão para registros desta organização ou centro de custo.', errors);
  }
}

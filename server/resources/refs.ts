import { IMAGE_TYPES } from '../../src/engine/files/file-types.ts';
import { RULE_MESSAGES } from '../../src/i18n/validation.ts';
import type { PropertySchema } from '../../src/engine/schema/index.ts';
import { fileAccess, fileSitesOf, mayRead } from '../commons/file-access.ts';
import type { Queryable } from '../db/index.ts';
import type { FieldErrors } from '../lib/errors.ts';
import type { Principal } from '../lib/principal.ts';
import { isUuid } from './coerce.ts';
import type { Registry } from './registry.ts';
import { refFilterConditions, type RefFilter } from './ref-filter.ts';
import { visibleIds } from './repository.ts';
import { ident } from './fields.ts';
import { Params } from './sql.ts';
import type { ResourceDef } from './types.ts';

interface RefUse {
  path: string;
  target: string;
  id: unknown;
  /** The field's `x-ref-filter` and its message (`x-messages`), when it narrows the records it may hold. */
  filter?: { spec: RefFilter; message: string };
}

/** Every value of a keyword in a body (`x-ref`, `x-file`): top-level fields, arrays of ids, and fields of line items. */
function collect(key: 'x-ref' | 'x-file', schema: PropertySchema, value: unknown, path: string, out: RefUse[]): RefUse[] {
  if (value === null || value === undefined) return out;
  const target = schema[key];
  const spec = key === 'x-ref' ? schema['x-ref-filter'] : undefined;
  const filter = spec && { spec, message: schema['x-messages']?.['x-ref-filter'] ?? RULE_MESSAGES.refFiltered };
  if (target !== undefined) out.push({ path, target: String(target), id: value, ...(filter ? { filter } : {}) });
  else if (Array.isArray(value) && schema.items) value.forEach((v, i) => collect(key, schema.items!, v, `${path}.${i}`, out));
  else if (typeof value === 'object' && schema.properties) {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const child = Object.hasOwn(schema.properties, k) ? schema.properties[k] : undefined;
      if (child) collect(key, child, v, path ? `${path}.${k}` : k, out);
    }
  }
  return out;
}

/** Every `x-ref` value in a body: top-level fields, arrays of ids, and fields of line items. */
export const collectRefs = (schema: PropertySchema, value: unknown, path: string, out: RefUse[] = []): RefUse[] => collect('x-ref', schema, value, path, out);

/** Every `x-file` value in a body (`target` is `true` or `image`). */
export const collectFiles = (schema: PropertySchema, value: unknown, path: string, out: RefUse[] = []): RefUse[] => collect('x-file', schema, value, path, out);

const IMAGE = new Set(IMAGE_TYPES as readonly string[]);

/**
 * `x-file` values that name no complete file of `/api/commons/v1/files` the caller may read (the uploader while
 * the file is unattached, or anyone who reads a record that holds it: commons/file-access.ts) — attaching a file
 * must not be a way to read someone else's — or, for `x-file: "image"`, a file that is not an image.
 */
async function fileErrors(q: Queryable, registry: Registry, principal: Principal, uses: RefUse[], errors: FieldErrors): Promise<void> {
  const valid = uses.filter((u) => {
    if (typeof u.id === 'string' && isUuid(u.id)) return true;
    errors[u.path] = [RULE_MESSAGES.fileNotFound];
    return false;
  });
  if (!valid.length) return;
  const ids = [...new Set(valid.map((u) => (u.id as string).toLowerCase()))];
  const { rows: found } = await q.query<{ id: string; content_type: string; created_by: string }>(
    `SELECT id, content_type, created_by FROM files WHERE id = ANY($1::uuid[]) AND status = 'complete'`,
    [ids],
  );
  const access = await fileAccess(q, fileSitesOf(registry), principal, found.map((r) => r.id));
  const rows = found.filter((r) => mayRead(access, r, principal));
  const types = new Map(rows.map((r) => [r.id.toLowerCase(), r.content_type]));
  for (const u of valid) {
    const type = types.get((u.id as string).toLowerCase());
    if (type === undefined) errors[u.path] = [RULE_MESSAGES.fileNotFound];
    else if (u.target === 'image' && !IMAGE.has(type)) errors[u.path] = [RULE_MESSAGES.fileNotImage];
  }
}

/**
 * Errors for references that do not exist, are deleted, or lie outside the caller's record scope
 * (one query per target resource), and for `x-file` ids of no complete file (one query). References
 * already stored unchanged are not rechecked, so editing another field never fails on a reference the
 * caller cannot see.
 */
export async function refErrors(
  q: Queryable,
  registry: Registry,
  def: ResourceDef,
  data: Record<string, unknown>,
  principal: Principal,
  stored?: Record<string, unknown>,
): Promise<FieldErrors | null> {
  const key = (r: RefUse) => `${r.path}\u0000${String(r.id)}`;
  const kept = new Set(stored ? [...collectRefs(def.schema, stored, ''), ...collectFiles(def.schema, stored, '')].map(key) : []);
  const uses = collectRefs(def.schema, data, '').filter((r) => !kept.has(key(r)));
  const errors: FieldErrors = {};
  const files = collectFiles(def.schema, data, '').filter((r) => !kept.has(key(r)));
  if (files.length) await fileErrors(q, registry, principal, files, errors);
  const byTarget = new Map<string, RefUse[]>();
  for (const u of uses) {
    if (typeof u.id !== 'string' || !isUuid(u.id)) errors[u.path] = [RULE_MESSAGES.refNotFound];
    else byTarget.set(u.target, [...(byTarget.get(u.target) ?? []), u]);
  }
  for (const [target, list] of byTarget) {
    const targetDef = registry.get(target)!;
    const found = await visibleIds(q, targetDef, [...new Set(list.map((u) => (u.id as string).toLowerCase()))], principal);
    for (const u of list) if (!found.has((u.id as string).toLowerCase())) errors[u.path] = [RULE_MESSAGES.refNotFound];
  }
  return Object.keys(errors).length ? errors : null;
}

/**
 * New or changed references outside their field's `x-ref-filter` (a customer in a supplier field), once
 * {@link refErrors} found them all existing and visible. Kept apart so the write still runs its hooks and
 * answers every error at once (writes.ts `withRefFilter`).
 */
export async function refFilterErrors(
  q: Queryable,
  registry: Registry,
  def: ResourceDef,
  data: Record<string, unknown>,
  stored?: Record<string, unknown>,
): Promise<FieldErrors | null> {
  const key = (r: RefUse) => `${r.path}\u0000${String(r.id)}`;
  const kept = new Set(stored ? collectRefs(def.schema, stored, '').map(key) : []);
  const uses = collectRefs(def.schema, data, '').filter((r) => r.filter && !kept.has(key(r)) && typeof r.id === 'string');
  const errors: FieldErrors = {};
  const byTarget = new Map<string, RefUse[]>();
  for (const u of uses) byTarget.set(u.target, [...(byTarget.get(u.target) ?? []), u]);
  for (const [target, list] of byTarget) await filterErrors(q, registry, registry.get(target)!, list, errors);
  return Object.keys(errors).length ? errors : null;
}

/**
 * References outside their field's `x-ref-filter` (a customer in a supplier field): the records exist and are
 * visible, but the field may not hold them. One query per filter (fields of a body rarely share one).
 */
async function filterErrors(q: Queryable, registry: Registry, def: ResourceDef, uses: RefUse[], errors: FieldErrors): Promise<void> {
  const byFilter = new Map<string, RefUse[]>();
  for (const u of uses) byFilter.set(JSON.stringify(u.filter!.spec), [...(byFilter.get(JSON.stringify(u.filter!.spec)) ?? []), u]);
  for (const list of byFilter.values()) {
    const p = new Params();
    const ids = [...new Set(list.map((u) => (u.id as string).toLowerCase()))];
    const where = [`id = ANY(${p.add(ids, 'uuid[]')})`, ...refFilterConditions(registry, def, list[0].filter!.spec, p)];
    const { rows } = await q.query<{ id: string }>(`SELECT id FROM ${ident(def.table)} WHERE ${where.join(' AND ')}`, p.values);
    const ok = new Set(rows.map((r) => r.id));
    for (const u of list) if (!ok.has((u.id as string).toLowerCase())) errors[u.path] = [u.filter!.message];
  }
}

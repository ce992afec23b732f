import { STATUS_MESSAGES } from '../../src/i18n/status.ts';
import { RULE_MESSAGES } from '../../src/i18n/validation.ts';
import type { Db, Queryable } from '../db/index.ts';
import { badRequest, HttpError, notFound, type FieldErrors } from '../lib/errors.ts';
import type { Principal } from '../lib/principal.ts';
import { diffOf, writeAudit } from './audit.ts';
import { WriteEffects, type ResourceHooks } from './hooks.ts';
import type { ActionRegistry } from './record-actions.ts';
import { checkLocks, checkMerged, checkScopeWrite, mergedRecord, prepareBody, type WriteMode } from './body.ts';
import type { CountCache } from './count-cache.ts';
import type { PageCache } from './page-cache.ts';
import { ident } from './fields.ts';
import { refErrors, refFilterErrors } from './refs.ts';
import type { Registry } from './registry.ts';
import { getRecord, presentRow, valueParam } from './repository.ts';
import { Params } from './sql.ts';
import type { ResourceDef, ResourceRecord } from './types.ts';

export interface Engine {
  db: Db;
  registry: Registry;
  counts: CountCache;
  /** Pages of lists, dropped with the totals (server/resources/page-cache.ts, D86); absent: every page is read. */
  pages?: PageCache;
  /** Per resource name: rules its schema cannot say (server/resources/hooks.ts). */
  hooks?: Map<string, ResourceHooks>;
  /** Per resource name: its workflow actions and who may take them now (server/resources/record-actions.ts). */
  actions?: ActionRegistry;
}

/** 409 for a stale If-Match: pt-BR message, the current version in the body and in `ETag`. */
export function versionConflict(current: number): HttpError {
  return new HttpError(
    409,
    'VERSION_CONFLICT',
    `Este registro foi alterado por outra pessoa depois que você o abriu (versão atual: ${current}). Recarregue e tente de novo.`,
    undefined,
    { etag: `W/"${current}"` },
    { currentVersion: current },
  );
}

/** A unique violation (23505) → 409 naming the field of the `x-unique` index (or the column in the detail). */
function uniqueConflict(def: ResourceDef, err: { constraint?: string; detail?: string }): HttpError {
  const unique = def.uniques.find((u) => u.index === err.constraint);
  const column = /^Key \(([^,)]+)/.exec(err.detail ?? '')?.[1]?.replace(/"/g, '');
  const field = unique?.fields[0] ?? [...def.fields.values()].find((f) => f.column === column)?.name;
  return new HttpError(409, 'UNIQUE', STATUS_MESSAGES[409], field ? { [field]: [RULE_MESSAGES.unique] } : undefined);
}

async function inTx<T>(engine: Engine, def: ResourceDef, fn: (q: Queryable, effects: WriteEffects) => Promise<T>): Promise<T> {
  const effects = new WriteEffects();
  let result: T;
  try {
    result = await engine.db.tx((q) => fn(q, effects));
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw uniqueConflict(def, err as { constraint?: string; detail?: string });
    throw err;
  } finally {
    engine.counts.invalidate(def.name);
    for (const r of effects.stale) engine.counts.invalidate(r);
  }
  await effects.afterCommit();
  return result;
}

/**
 * Runs the resource's `beforeWrite` even when references break their `x-ref-filter`, so the answer lists every
 * error at once (a customer as supplier and a delivery date before the issue date); the filter's message wins on
 * its field.
 */
async function withRefFilter(filtered: FieldErrors | null, beforeWrite: () => Promise<void> | undefined): Promise<void> {
  try {
    await beforeWrite();
  } catch (e) {
    if (filtered && e instanceof HttpError && e.statusCode === 400 && e.errors) throw badRequest({ ...e.errors, ...filtered }, e.message);
    throw e;
  }
  if (filtered) throw badRequest(filtered);
}

/** POST: validate, check scope and references, insert, audit — one transaction. */
export async function createRecord(engine: Engine, def: ResourceDef, body: unknown, principal: Principal): Promise<ResourceRecord> {
  const data = prepareBody(def, body, 'create');
  checkScopeWrite(def, data, principal);
  const hooks = engine.hooks?.get(def.name);
  return inTx(engine, def, async (q, effects) => {
    const refs = await refErrors(q, engine.registry, def, data, principal);
    if (refs) throw badRequest(refs);
    const ctx = effects.context({ q, def, action: 'create', record: data, principal });
    await withRefFilter(await refFilterErrors(q, engine.registry, def, data), () => hooks?.beforeWrite?.(ctx));
    const p = new Params();
    const fields = def.business.filter((f) => data[f.name] !== undefined);
    const cols = [...fields.map((f) => ident(f.column)), 'created_by', 'updated_by'];
    const actor = p.add(principal.userId, 'uuid');
    const values = [...fields.map((f) => valueParam(f, data[f.name], p)), actor, actor];
    const { rows } = await q.query<ResourceRecord>(
      `INSERT INTO ${ident(def.table)} (${cols.join(', ')}) VALUES (${values.join(', ')}) RETURNING ${def.selectList}`,
      p.values,
    );
    const row = rows[0];
    await writeAudit(q, def.name, row.id, 'create', principal.userId, diffOf(def, null, row));
    await hooks?.afterWrite?.({ ...ctx, row: presentRow(def, { ...row }) });
    return presentRow(def, row);
  });
}

/**
 * PUT (`replace`) or PATCH: the row is locked, its version compared with If-Match (stale → 409, nothing
 * written), locked fields, scope and changed references checked, then updated with version + 1 and
 * audited. A write that changes nothing returns the record as it is (same version, no audit row).
 */
export async function updateRecord(
  engine: Engine,
  def: ResourceDef,
  id: string,
  expectedVersion: number,
  body: unknown,
  mode: Exclude<WriteMode, 'create'>,
  principal: Principal,
): Promise<ResourceRecord> {
  const data = prepareBody(def, body, mode);
  return inTx(engine, def, (q, effects) => updateLocked(q, effects, engine, def, id, expectedVersion, data, mode, principal));
}

/** The update of one record inside the caller's transaction: lock, version, locks, scope, references, hooks, audit. */
async function updateLocked(
  q: Queryable,
  effects: WriteEffects,
  engine: Engine,
  def: ResourceDef,
  id: string,
  expectedVersion: number,
  data: Record<string, unknown>,
  mode: Exclude<WriteMode, 'create'>,
  principal: Principal,
): Promise<ResourceRecord> {
  const hooks = engine.hooks?.get(def.name);
  await hooks?.beforeLock?.({ q, def, id, principal });
  const stored = await getRecord(q, def, id, principal, { forUpdate: true });
  if (!stored) throw notFound();
  if (stored.version !== expectedVersion) throw versionConflict(stored.version);
  checkLocks(def, stored, data, mode);
  const merged = mergedRecord(def, stored, data, mode);
  checkMerged(def, merged, mode);
  checkScopeWrite(def, merged, principal);
  const refs = await refErrors(q, engine.registry, def, merged, principal, stored);
  if (refs) throw badRequest(refs);
  const ctx = effects.context({ q, def, action: 'update', record: merged, stored, principal });
  await withRefFilter(await refFilterErrors(q, engine.registry, def, merged, stored), () => hooks?.beforeWrite?.(ctx));
  const diff = diffOf(def, stored, merged);
  if (!Object.keys(diff).length) return presentRow(def, stored);
  const p = new Params();
  const sets = Object.keys(diff).map((name) => {
    const f = def.fields.get(name)!;
    return `${ident(f.column)} = ${valueParam(f, merged[name], p)}`;
  });
  const { rows } = await q.query<ResourceRecord>(
    `UPDATE ${ident(def.table)} SET ${sets.join(', ')}, version = version + 1, updated_at = now(), updated_by = ${p.add(principal.userId, 'uuid')}
     WHERE id = ${p.add(id, 'uuid')} RETURNING ${def.selectList}`,
    p.values,
  );
  await writeAudit(q, def.name, id, 'update', principal.userId, diffOf(def, stored, rows[0]));
  await hooks?.afterWrite?.({ ...ctx, row: presentRow(def, { ...rows[0] }) });
  return presentRow(def, rows[0]);
}

/** Most records one bulk edit changes. */
export const BULK_UPDATE_MAX = 500;

/**
 * The same change (`set`, a PATCH body) on many records, all or nothing (a list's bulk edit: "Alterar
 * classificação"). Each record goes through exactly what its own PATCH would — If-Match version, locks
 * (`x-readonly-after`), validation, scope, references, hooks, audit — in one transaction, records locked in id
 * order. Any refusal refuses the whole batch: 409 `BULK_REFUSED` (400 when every refusal is a validation error)
 * with `errors` by record id, nothing written.
 */
export async function bulkUpdateRecords(
  engine: Engine,
  def: ResourceDef,
  items: readonly { id: string; version: number }[],
  set: unknown,
  principal: Principal,
): Promise<ResourceRecord[]> {
  const data = prepareBody(def, set, 'patch');
  if (!Object.keys(data).length) throw badRequest({ set: ['Informe ao menos um campo para alterar.'] });
  const sorted = [...items].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return inTx(engine, def, async (q, effects) => {
    const out: ResourceRecord[] = [];
    const errors: Record<string, string[]> = {};
    let conflict = false;
    for (const item of sorted) {
      try {
        out.push(await updateLocked(q, effects, engine, def, item.id, item.version, { ...data }, 'patch', principal));
      } catch (err) {
        // A refusal (HttpError) is collected; anything else (a database error) ends the batch as it is.
        if (!(err instanceof HttpError)) throw err;
        const fieldErrors = err.errors ? Object.values(err.errors).flat() : [];
        errors[item.id] = fieldErrors.length ? fieldErrors : [err.message];
        if (err.statusCode !== 400) conflict = true;
      }
    }
    const n = Object.keys(errors).length;
    if (n) {
      const message = n === 1 ? 'Um dos registros não pode ser alterado; nada foi alterado.' : `${n} registros não podem ser alterados; nada foi alterado.`;
      throw new HttpError(conflict ? 409 : 400, conflict ? 'BULK_REFUSED' : 'VALIDATION', message, errors);
    }
    return out;
  });
}

/** Live records of other resources that point at this one through a top-level `x-ref`. */
async function usedBy(q: Queryable, engine: Engine, def: ResourceDef, id: string): Promise<string[]> {
  const refs = [...engine.registry.values()].flatMap((other) => other.business.filter((f) => f.ref === def.name).map((f) => ({ other, f })));
  if (!refs.length) return [];
  const checks = refs.map(({ other, f }, i) => `EXISTS (SELECT 1 FROM ${ident(other.table)} WHERE ${ident(f.column)} = $1::uuid AND deleted_at IS NULL) AS e${i}`);
  const { rows } = await q.query<Record<string, boolean>>(`SELECT ${checks.join(', ')}`, [id]);
  return [...new Set(refs.filter((_, i) => rows[0][`e${i}`]).map((r) => r.other.titlePlural))];
}

/**
 * Soft delete: the record leaves every list and read (404 afterwards), its row and history stay.
 * Refused (409) while live records of other resources refer to it. If-Match is optional here.
 */
export async function deleteRecord(engine: Engine, def: ResourceDef, id: string, expectedVersion: number | undefined, principal: Principal): Promise<void> {
  const hooks = engine.hooks?.get(def.name);
  await inTx(engine, def, async (q, effects) => {
    await hooks?.beforeLock?.({ q, def, id, principal });
    const stored = await getRecord(q, def, id, principal, { forUpdate: true });
    if (!stored) throw notFound();
    if (expectedVersion !== undefined && stored.version !== expectedVersion) throw versionConflict(stored.version);
    const ctx = effects.context({ q, def, action: 'delete', record: { ...stored }, stored, principal });
    await hooks?.beforeWrite?.(ctx);
    const users = await usedBy(q, engine, def, id);
    if (users.length) {
      throw new HttpError(409, 'IN_USE', `Este registro não pode ser excluído: ele é usado em ${users.join(', ')}.`);
    }
    await q.query(
      `UPDATE ${ident(def.table)} SET deleted_at = now(), version = version + 1, updated_at = now(), updated_by = $2::uuid WHERE id = $1::uuid`,
      [id, principal.userId],
    );
    await writeAudit(q, def.name, id, 'delete', principal.userId, { deleted: { before: false, after: true } });
    await hooks?.afterWrite?.({ ...ctx, row: stored });
  });
}

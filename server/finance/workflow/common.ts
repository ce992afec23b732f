import { can } from '../../../src/engine/access.ts';
import { transition, type Transition } from '../../../src/engine/finance/status.ts';
import { WORKFLOW_MESSAGES } from '../../../src/i18n/finance-workflow.ts';
import type { Queryable } from '../../db/index.ts';
import { badRequest, HttpError } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import type { Engine } from '../../resources/index.ts';
import type { ResourceDef, ResourceRecord } from '../../resources/types.ts';

/**
 * What every workflow action shares: one transaction (with the lists' totals marked stale afterwards),
 * the permission check with a pt-BR 403, the illegal-transition 409 naming status and action, reasons.
 */

/** `AAAA-MM-DD` of today in São Paulo (the company's calendar, not the server's UTC). */
export const todayInBrazil = (now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(now);

/** `DD/MM/AAAA`. */
export const brDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** Resources whose rows one action wrote: their list totals are invalidated after the transaction. */
export type Touched = Set<string>;

/**
 * Runs `fn` in one transaction. A deadlock or serialization failure between two sessions acting on the
 * same rows (PostgreSQL 40P01/40001) comes back from `db.tx` as a 409 `CONCURRENT_UPDATE` the person can
 * retry (server/db/errors.ts); nothing was written.
 */
export async function inTransaction<T>(engine: Engine, fn: (q: Queryable, touched: Touched) => Promise<T>): Promise<T> {
  const touched: Touched = new Set();
  try {
    return await engine.db.tx((q) => fn(q, touched));
  } finally {
    for (const r of touched) engine.counts.invalidate(r);
  }
}

/** 403 unless the caller has `scope` on `permission` (or on any of several names; SystemOwner always has). */
export function requireCan(principal: Principal, permission: string | readonly string[], scope: string, verb: string, where: string): void {
  const names = typeof permission === 'string' ? [permission] : permission;
  if (!names.some((name) => can(principal, principal.permissions, name, scope))) {
    throw new HttpError(403, 'FORBIDDEN', WORKFLOW_MESSAGES.forbiddenScope(verb, where));
  }
}

/** The pt-BR label of a status value (the schema's `oneOf` title). */
export const statusLabel = (def: ResourceDef, status: unknown) => def.fields.get('status')?.options?.get(status) ?? String(status);

/**
 * The transition of `action` from the record's status, or 409 `INVALID_TRANSITION` with the pt-BR message
 * naming the action and the current status ("Não é possível aprovar um lançamento com a situação …").
 */
export function checkTransition(
  table: Readonly<Record<string, Transition>>,
  action: string,
  def: ResourceDef,
  record: ResourceRecord,
  noun: string,
): Transition {
  const r = transition(table, action, String(record.status), { label: statusLabel(def, record.status), noun });
  if (!r.ok) throw new HttpError(409, 'INVALID_TRANSITION', r.error, undefined, undefined, { status: record.status, action });
  return r.transition;
}

/** A trimmed text of at most `max` characters, or null; required ones give a 400 on `field`. */
export function textOf(body: Record<string, unknown> | undefined, field: string, opts: { required?: string; max?: number } = {}): string | null {
  const raw = body?.[field];
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (!text) {
    if (opts.required) throw badRequest({ [field]: [opts.required] });
    return null;
  }
  const max = opts.max ?? 500;
  if (text.length > max) throw badRequest({ [field]: [`No máximo ${max} caracteres.`] });
  return text;
}

/** A user's display name (messages that name the requester). */
export async function userName(q: Queryable, id: unknown): Promise<string> {
  if (typeof id !== 'string') return '—';
  const { rows } = await q.query<{ name: string }>('SELECT name FROM users WHERE id = $1::uuid', [id]);
  return rows[0]?.name ?? '—';
}

/** Live rows of `def` by id, locked in id order (the same order in every action, so two never deadlock on them). */
export async function lockRows(q: Queryable, def: ResourceDef, ids: readonly string[]): Promise<Map<string, ResourceRecord>> {
  if (!ids.length) return new Map();
  const { rows } = await q.query<ResourceRecord>(
    `SELECT ${def.selectList} FROM "${def.table}" WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL ORDER BY id FOR UPDATE`,
    [[...new Set(ids)]],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The date of the earliest bank line reconciled with any of `movementIds`, or null. A reconciled movement stays as
 * the bank saw it (D81): its estorno waits until the reconciliation is undone.
 */
export async function reconciledOn(q: Queryable, movementIds: readonly string[]): Promise<string | null> {
  if (!movementIds.length) return null;
  const { rows } = await q.query<{ date: string }>(
    `SELECT r.date::text AS date FROM reconcilables r
      WHERE r.deleted_at IS NULL AND r.status = 'CONCILIADO' AND r.transaction_ids ?| $1::text[]
      ORDER BY r.date LIMIT 1`,
    [movementIds],
  );
  return rows[0]?.date ?? null;
}

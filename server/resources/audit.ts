import type { Queryable } from '../db/index.ts';
import type { ResourceDef } from './types.ts';

export type AuditAction = 'create' | 'update' | 'delete';
export type Diff = Record<string, { before: unknown; after: unknown }>;

const json = (v: unknown) => JSON.stringify(v ?? null);
const plain = (v: unknown): unknown => (v instanceof Date ? v.toISOString() : (v ?? null));

/** Field-level before/after of the business fields a write changed (all non-empty ones on create). */
export function diffOf(def: ResourceDef, before: Record<string, unknown> | null, after: Record<string, unknown>): Diff {
  const out: Diff = {};
  for (const f of def.business) {
    const [b, a] = [before?.[f.name], after[f.name]];
    if (json(b) !== json(a)) out[f.name] = { before: plain(b), after: plain(a) };
  }
  return out;
}

/** Appends one audit row; call inside the write's transaction so both commit or neither. */
export async function writeAudit(q: Queryable, resource: string, recordId: string, action: AuditAction, actor: string | null, diff: Diff): Promise<void> {
  await q.query('INSERT INTO audit_log (resource, record_id, action, actor, diff) VALUES ($1, $2, $3, $4, $5::jsonb)', [
    resource,
    recordId,
    action,
    actor,
    JSON.stringify(diff),
  ]);
}

/**
 * Appends one audit row per record in a single statement (a bulk insert of thousands of rows, e.g. a bank statement's
 * lines, wrote one INSERT per row before); same rows, same order as calling `writeAudit` for each.
 */
export async function writeAudits(q: Queryable, resource: string, entries: readonly { recordId: string; diff: Diff }[], action: AuditAction, actor: string | null): Promise<void> {
  if (!entries.length) return;
  await q.query(
    `INSERT INTO audit_log (resource, record_id, action, actor, diff)
     SELECT $1, x.r, $2, $3::uuid, x.d::jsonb FROM unnest($4::uuid[], $5::text[]) WITH ORDINALITY AS x(r, d, n) ORDER BY x.n`,
    [resource, action, actor, entries.map((e) => e.recordId), entries.map((e) => JSON.stringify(e.diff))],
  );
}

export interface HistoryEntry {
  id: number;
  action: AuditAction;
  at: Date;
  actor: { id: string; name: string | null } | null;
  diff: Diff;
}

/** The record's audit trail, oldest first. */
export async function historyOf(q: Queryable, resource: string, recordId: string, limit = 1000): Promise<HistoryEntry[]> {
  const { rows } = await q.query<{ id: number; action: AuditAction; at: Date; actor: string | null; actor_name: string | null; diff: Diff }>(
    `SELECT a.id, a.action, a.at, a.actor, u.name AS actor_name, a.diff
     FROM audit_log a LEFT JOIN users u ON u.id = a.actor
     WHERE a.resource = $1 AND a.record_id = $2 ORDER BY a.id LIMIT ${Math.trunc(limit)}`,
    [resource, recordId],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    action: r.action,
    at: r.at,
    actor: r.actor ? { id: r.actor, name: r.actor_name } : null,
    diff: r.diff,
  }));
}

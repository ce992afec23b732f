import type { Verdict } from '../../../src/engine/procurement/decide.ts';
import { settingsOf, type ProcurementSettings } from '../../../src/engine/procurement/settings.ts';
import { PROCUREMENT_WORKFLOW_MESSAGES as M } from '../../../src/i18n/procurement-workflow.ts';
import type { Db, Queryable } from '../../db/index.ts';
import { badRequest, HttpError, notFound } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import type { Engine } from '../../resources/index.ts';
import { getRecord } from '../../resources/repository.ts';
import type { ResourceDef, ResourceRecord } from '../../resources/types.ts';
import { versionConflict } from '../../resources/writes.ts';
import { updateRow } from '../../finance/rows.ts';

/**
 * What every procurement action shares (the convention of the finance workflow, server/finance/workflow):
 * one transaction, the record locked and checked against If-Match (stale → 409 VERSION_CONFLICT), the pure
 * decision function's verdict (403 / 409 naming the status), audited row updates, list totals invalidated.
 */

export type Row = ResourceRecord;

/** Resources whose rows an action wrote: their list totals are invalidated after the transaction. */
export type Touched = Set<string>;

/**
 * The engine with its database bound to an open transaction `q`: generic writes (`createRecord`, the
 * finance actions) called with it run inside the caller's transaction, hooks included, so a procurement
 * action that creates a payable or moves a payable commits or rolls back as one.
 */
export function joined(engine: Engine, q: Queryable): Engine {
  const db: Db = Object.create(engine.db, {
    query: { value: (sql: string, params?: readonly unknown[]) => q.query(sql, params) },
    exec: { value: (sql: string) => q.exec(sql) },
    tx: { value: <T>(fn: (inner: Queryable) => Promise<T>) => fn(q) },
  });
  return { ...engine, db };
}

/** Runs `fn` in one transaction; the totals of the touched resources are marked stale afterwards. */
export async function inTransaction<T>(engine: Engine, fn: (q: Queryable, touched: Touched) => Promise<T>): Promise<T> {
  const touched: Touched = new Set();
  try {
    return await engine.db.tx((q) => fn(q, touched));
  } finally {
    for (const r of touched) engine.counts.invalidate(r);
  }
}

/** The verdict of a decision function as the HTTP error the API answers (nothing written). */
export function enforce(verdict: Verdict, details?: Record<string, unknown>): void {
  if (!verdict.allowed) throw new HttpError(verdict.status, verdict.code, verdict.reason, undefined, undefined, details);
}

/** The record (in the caller's scope, else 404), locked, at the version the person saw (else 409). */
export async function lockForAction(q: Queryable, def: ResourceDef, id: string, version: number | undefined, principal: Principal): Promise<Row> {
  const row = await getRecord(q, def, id, principal, { forUpdate: true });
  if (!row) throw notFound();
  if (version !== undefined && row.version !== version) throw versionConflict(row.version);
  return row;
}

/** Sets `changes` on a stored row (version + 1, audited) and marks its lists stale. */
export async function save(q: Queryable, def: ResourceDef, row: Row, changes: Record<string, unknown>, actor: string, touched: Touched): Promise<Row> {
  touched.add(def.name);
  return updateRow(q, def, row, changes, actor);
}

/** A trimmed text of at most `max` characters, or null; `required` → 400 on `field` when empty. */
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

/** The reason of an action whose transition requires one (cancel, reject). */
export const reasonOf = (body: Record<string, unknown> | undefined, needed: boolean) =>
  textOf(body, 'comment', needed ? { required: M.reasonRequired } : {});

/**
 * The person an effect of an approval decision acts as (the approval engine hands effects only the
 * approver's id): the decision was already authorized by the queue, so the writes it causes (a payable
 * generated) run with full record scope, audited under the approver.
 */
export const actingAs = (userId: string): Principal => ({
  userId,
  email: '',
  name: '',
  accessLevel: 'SystemOwner',
  organizationId: null,
  tokenType: 'Authorization',
  permissions: { resources: [], acls: [] },
  recordScope: { organizationIds: 'all', costCenterIds: 'all' },
});

/** The organization's procurement settings over the defaults (src/engine/procurement/settings.ts). */
export async function settingsFor(q: Queryable, organizationId: unknown): Promise<ProcurementSettings> {
  const { rows } = await q.query<Record<string, unknown>>(
    `SELECT over_receipt_percent AS "overReceiptPercent", quantity_tolerance_percent AS "quantityTolerancePercent",
            price_tolerance_percent AS "priceTolerancePercent", total_tolerance_amount AS "totalToleranceAmount",
            discount_rate_percent AS "discountRatePercent", portal_link_days AS "portalLinkDays"
       FROM procurement_settings WHERE organization_id = $1::uuid AND deleted_at IS NULL LIMIT 1`,
    [organizationId],
  );
  const r = rows[0];
  return settingsOf(r && Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v === null ? null : Number(v)])));
}

/** `AAAA-MM-DD` of today in São Paulo. */
export const todayInBrazil = (now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(now);

/** The line items of a document (JSON array), never null. */
export const itemsOf = (row: Record<string, unknown>, field = 'items'): Record<string, unknown>[] =>
  (Array.isArray(row[field]) ? (row[field] as Record<string, unknown>[]) : []);

export const num = (v: unknown): number => (typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : 0);

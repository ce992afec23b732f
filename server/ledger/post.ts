import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/index.ts';
import { HttpError } from '../lib/errors.ts';
import { balanced, type EntryInput, type LineInput } from './types.ts';
import { LEDGER_MESSAGES } from './messages.ts';

/**
 * Writing journal entries: each entry balanced (checked here and again by the database's trigger), never in a
 * closed period, inserted with all its lines in one statement — inside the caller's transaction, so the
 * business action and its posting commit or roll back together.
 */

const monthOf = (date: string) => `${date.slice(0, 7)}-01`;

/** The first closed month (`AAAA-MM-01`) of `organizationId` among the months of `dates`, or null. */
export async function closedMonth(q: Queryable, organizationId: string, dates: readonly string[]): Promise<string | null> {
  if (!dates.length) return null;
  const months = [...new Set(dates.map(monthOf))];
  const { rows } = await q.query<{ month: string }>(
    'SELECT month FROM ledger_closings WHERE organization_id = $1::uuid AND month = ANY($2::date[]) ORDER BY month LIMIT 1',
    [organizationId, months],
  );
  return rows[0]?.month ?? null;
}

/** 409 `PERIOD_CLOSED` when any of `dates` falls in a closed month of `organizationId`. */
export async function assertOpen(q: Queryable, organizationId: string, dates: readonly string[]): Promise<void> {
  const month = await closedMonth(q, organizationId, dates);
  if (month) throw new HttpError(409, 'PERIOD_CLOSED', LEDGER_MESSAGES.periodClosed(month));
}

const LINE_COLUMNS = `entry_id uuid, line_no int, organization_id uuid, date date, ledger_account_id uuid, debit bigint, credit bigint,
  cost_center_id uuid, department_id uuid, project_id uuid, bank_account_id uuid, party_id uuid, category_id uuid, dfc_class text,
  dfc_line text, document_resource text, document_id uuid, memo text`;
const ENTRY_COLUMNS = `id uuid, organization_id uuid, date date, competence date, kind text, description text, document_resource text,
  document_id uuid, bank_transaction_id uuid, reversal_of_id uuid, created_by uuid`;

const names = (columns: string) => columns.split(',').map((c) => c.trim().split(/\s+/)[0]);

function lineRow(entryId: string, e: EntryInput, l: LineInput, i: number) {
  return {
    entry_id: entryId,
    line_no: i + 1,
    organization_id: e.organizationId,
    date: e.date,
    ledger_account_id: l.ledgerAccountId,
    debit: l.debit,
    credit: l.credit,
    cost_center_id: l.costCenterId ?? null,
    department_id: l.departmentId ?? null,
    project_id: l.projectId ?? null,
    bank_account_id: l.bankAccountId ?? null,
    party_id: l.partyId ?? null,
    category_id: l.categoryId ?? null,
    dfc_class: l.dfcClass ?? null,
    dfc_line: l.dfcLine ?? null,
    document_resource: e.documentResource,
    document_id: e.documentId,
    memo: l.memo ?? null,
  };
}

/**
 * Inserts entries (already checked) and their lines: one statement per chunk of entries, each entry's lines
 * in the same statement (the trigger checks each entry's balance after it). Returns the ids in order.
 */
export async function insertEntries(q: Queryable, entries: readonly EntryInput[], actor: string | null, chunk = 2000): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < entries.length; start += chunk) {
    const part = entries.slice(start, start + chunk);
    const heads = part.map((e) => {
      const id = e.id ?? randomUUID();
      ids.push(id);
      return {
        id,
        organization_id: e.organizationId,
        date: e.date,
        competence: monthOf(e.date),
        kind: e.kind,
        description: e.description.slice(0, 300),
        document_resource: e.documentResource,
        document_id: e.documentId,
        bank_transaction_id: e.bankTransactionId ?? null,
        reversal_of_id: e.reversalOfId ?? null,
        created_by: actor,
      };
    });
    const lines = part.flatMap((e, k) => e.lines.map((l, i) => lineRow(heads[k].id, e, l, i)));
    await q.query(
      `INSERT INTO journal_entries (${names(ENTRY_COLUMNS).join(', ')}) SELECT r.* FROM jsonb_to_recordset($1::jsonb) AS r(${ENTRY_COLUMNS})`,
      [JSON.stringify(heads)],
    );
    await q.query(
      `INSERT INTO journal_lines (${names(LINE_COLUMNS).join(', ')}) SELECT r.* FROM jsonb_to_recordset($1::jsonb) AS r(${LINE_COLUMNS})`,
      [JSON.stringify(lines)],
    );
  }
  return ids;
}

/** Checks and posts one entry (balanced, open period); returns its id. */
export async function postEntry(q: Queryable, entry: EntryInput, actor: string | null): Promise<string> {
  if (!balanced(entry.lines)) throw new HttpError(500, 'UNBALANCED_ENTRY', LEDGER_MESSAGES.unbalanced);
  await assertOpen(q, entry.organizationId, [entry.date]);
  const [id] = await insertEntries(q, [entry], actor);
  return id;
}

interface StoredLine extends LineInput {
  entryId: string;
}

/** Lines of stored entries (as LineInput), by entry id. */
export async function linesOf(q: Queryable, entryIds: readonly string[]): Promise<Map<string, LineInput[]>> {
  const out = new Map<string, LineInput[]>();
  if (!entryIds.length) return out;
  const { rows } = await q.query<StoredLine>(
    `SELECT entry_id AS "entryId", ledger_account_id AS "ledgerAccountId", debit, credit, cost_center_id AS "costCenterId",
            department_id AS "departmentId", project_id AS "projectId", bank_account_id AS "bankAccountId", party_id AS "partyId",
            category_id AS "categoryId", dfc_class AS "dfcClass", dfc_line AS "dfcLine", memo
       FROM journal_lines WHERE entry_id = ANY($1::uuid[]) ORDER BY entry_id, line_no`,
    [[...entryIds]],
  );
  for (const { entryId, ...l } of rows) {
    const list = out.get(entryId) ?? out.set(entryId, []).get(entryId)!;
    list.push({ ...l, debit: Number(l.debit), credit: Number(l.credit) });
  }
  return out;
}

export interface StoredEntry {
  id: string;
  organizationId: string;
  date: string;
  kind: string;
  description: string;
  documentResource: string;
  documentId: string;
  bankTransactionId: string | null;
}

/** Entries matching `where` (SQL on `e`) that no other entry reverses yet. */
export async function activeEntries(q: Queryable, where: string, params: unknown[]): Promise<StoredEntry[]> {
  const { rows } = await q.query<StoredEntry>(
    `SELECT e.id, e.organization_id AS "organizationId", e.date, e.kind, e.description, e.document_resource AS "documentResource",
            e.document_id AS "documentId", e.bank_transaction_id AS "bankTransactionId"
       FROM journal_entries e
      WHERE ${where} AND e.kind <> 'ESTORNO' AND NOT EXISTS (SELECT 1 FROM journal_entries r WHERE r.reversal_of_id = e.id)
      ORDER BY e.created_at, e.id`,
    params,
  );
  return rows;
}

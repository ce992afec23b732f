import type { Queryable } from '../db/index.ts';
import { todayInBrazil } from '../finance/workflow/common.ts';
import { categoryTarget, loadBankLedgers, loadCategories, loadRoles } from './mapping.ts';
import { HttpError } from '../lib/errors.ts';
import { LEDGER_MESSAGES } from './messages.ts';
import { activeEntries, closedMonth, linesOf, postEntry } from './post.ts';
import { ACCRUED, accrualDate, accrualLines, diffLines, manualLines, openingLines, settlementLines, transferLines, type DocInfo, type DocSide } from './rules.ts';
import { mirrored, signed, type LineInput } from './types.ts';

/**
 * The ledger side of the finance actions, each called INSIDE the action's transaction (a failed posting rolls
 * the action back): the accrual of a lançamento kept in step with its parcelas, the settlement of a parcela
 * with its bank movement, the estorno of a movement, manual movements and opening balances.
 */

const TABLE: Record<DocSide, { header: string; party: string; parcels: string; parent: string; categories: 'expense_categories' | 'revenue_categories' }> = {
  payables: { header: 'payables', party: 'supplier_id', parcels: 'payable_installments', parent: 'payable_id', categories: 'expense_categories' },
  receivables: { header: 'receivables', party: 'customer_id', parcels: 'receivable_installments', parent: 'receivable_id', categories: 'revenue_categories' },
};

/**
 * The lançamento as its entries see it (null when it does not exist). Its category must have a ledger account
 * (409 naming it) — asked only when something is to be posted, so a draft of an unmapped category stays editable.
 */
export async function docInfo(q: Queryable, side: DocSide, id: string): Promise<(DocInfo & { deleted: boolean }) | null> {
  const t = TABLE[side];
  const { rows } = await q.query<Omit<DocInfo, 'side' | 'category'> & { deleted: boolean }>(
    `SELECT id, organization_id AS "organizationId", issue_date AS "issueDate", competence, cost_center_id AS "costCenterId",
            department_id AS "departmentId", project_id AS "projectId", ${t.party} AS "partyId", category_id AS "categoryId", description, deleted_at IS NOT NULL AS deleted
       FROM ${t.header} WHERE id = $1::uuid`,
    [id],
  );
  const r = rows[0];
  if (!r) return null;
  const categories = await loadCategories(q, t.categories, [r.categoryId]);
  return { ...r, side, category: categoryTarget(categories.get(r.categoryId), r.categoryId) };
}

/**
 * Brings the accrual of a lançamento to Σ of its recognized parcelas (approved payables, open or received
 * receivables): the first entry dated in its competence month, later differences (cancelled parcelas, a new
 * plan, another category or cost center) as an adjustment dated today. Nothing when already in step.
 */
export async function syncAccrual(q: Queryable, side: DocSide, id: string, actor: string | null, today = todayInBrazil()): Promise<void> {
  const t = TABLE[side];
  const { rows } = await q.query<{ s: number | null; deleted: boolean }>(
    `SELECT (SELECT sum(i.amount) FROM ${t.parcels} i WHERE i.${t.parent} = h.id AND i.deleted_at IS NULL AND i.status = ANY($2::text[]))::bigint AS s,
            h.deleted_at IS NOT NULL AS deleted
       FROM ${t.header} h WHERE h.id = $1::uuid`,
    [id, [...ACCRUED[side]]],
  );
  if (!rows[0]) return;
  const amount = rows[0].deleted ? 0 : Number(rows[0].s ?? 0);
  const posted = await q.query<{ id: string }>(`SELECT id FROM journal_entries WHERE document_id = $1::uuid AND kind IN ('APROPRIACAO', 'AJUSTE')`, [id]);
  const postedLines = [...(await linesOf(q, posted.rows.map((r) => r.id))).values()].flat();
  if (!amount && !postedLines.length) return;
  const d = await docInfo(q, side, id);
  if (!d) return;
  const roles = await loadRoles(q);
  const lines = diffLines(amount ? accrualLines(d, amount, roles) : [], postedLines);
  if (!lines.length) return;
  const first = !posted.rows.length;
  const verb = side === 'payables' ? 'Despesa' : 'Receita';
  await postEntry(q, {
    organizationId: d.organizationId,
    date: accrualDate(d, first, today),
    kind: first ? 'APROPRIACAO' : 'AJUSTE',
    description: `${first ? `${verb} por competência` : `Ajuste da ${verb.toLowerCase()} por competência`}: ${d.description}`,
    documentResource: side,
    documentId: id,
    lines,
  }, actor);
}

export interface MovementRef {
  id: string;
  organizationId: string;
  bankAccountId: string;
  date: string;
}

/** The settlement entry of a parcela paid or received through `movement` (one entry per bank movement). */
export async function postSettlement(
  q: Queryable,
  side: DocSide,
  headerId: string,
  movement: MovementRef,
  parcel: { amount: number; interest: number; fine: number; discount: number; settled: number; label: string },
  actor: string | null,
): Promise<void> {
  const d = await docInfo(q, side, headerId);
  if (!d) return;
  const roles = await loadRoles(q);
  const bank = (await loadBankLedgers(q, roles, [movement.bankAccountId])).get(movement.bankAccountId)!;
  await postEntry(q, {
    organizationId: movement.organizationId,
    date: movement.date,
    kind: 'BAIXA',
    description: `${side === 'payables' ? 'Pagamento' : 'Recebimento'}: ${parcel.label}`,
    documentResource: side,
    documentId: headerId,
    bankTransactionId: movement.id,
    lines: settlementLines(d, { ...parcel, bankAccountId: movement.bankAccountId, bankLedgerAccountId: bank }, roles),
  }, actor);
}

/** Reverses (mirrors) every active entry of `filter`, each dated `date` or, when null, on its own date. */
async function reverseEntries(q: Queryable, where: string, params: unknown[], date: string | null, extra: { bankTransactionId?: string | null; description: string }, actor: string | null) {
  const entries = await activeEntries(q, where, params);
  const lines = await linesOf(q, entries.map((e) => e.id));
  for (const e of entries) {
    await postEntry(q, {
      organizationId: e.organizationId,
      date: date ?? e.date,
      kind: 'ESTORNO',
      description: `${extra.description}: ${e.description}`,
      documentResource: e.documentResource,
      documentId: e.documentId,
      bankTransactionId: extra.bankTransactionId ?? e.bankTransactionId,
      reversalOfId: e.id,
      lines: mirrored(lines.get(e.id) ?? []),
    }, actor);
  }
}

/** Estorno of a settlement: the entry of the original movement mirrored on the estorno's date, pointing at the new movement. */
export async function postMovementReversal(q: Queryable, originalMovementId: string, reversal: { id: string; date: string }, reason: string, actor: string | null) {
  await reverseEntries(q, 'e.bank_transaction_id = $1::uuid', [originalMovementId], reversal.date, { bankTransactionId: reversal.id, description: `Estorno (${reason})` }, actor);
}

/** Dimensions a line carries besides its account and amount: a change in any of them is a correction too. */
const DIMENSIONS = ['bankAccountId', 'costCenterId', 'departmentId', 'projectId', 'partyId', 'categoryId', 'dfcClass', 'dfcLine'] as const;

/**
 * Same accounts, amounts and dimensions, in order: a manual movement reclassified to another cost center or
 * counterpart, or to a category on the same ledger account, still needs the correction (the reports read them).
 */
const sameLines = (a: readonly LineInput[], b: readonly LineInput[]) =>
  a.length === b.length &&
  a.every((l, i) => l.ledgerAccountId === b[i].ledgerAccountId && signed(l) === signed(b[i]) && DIMENSIONS.every((d) => (l[d] ?? null) === (b[i][d] ?? null)));

/**
 * A manual movement (tarifa, rendimento, ajuste) and its entry kept in step: created → posted; changed → the old
 * entry reversed on its own date (the statement of that day changes too) and the new one posted; deleted → reversed.
 */
export async function syncManualMovement(q: Queryable, movementId: string, actor: string | null): Promise<void> {
  const { rows } = await q.query<MovementRef & { amount: number; description: string; origin: string; live: boolean; expenseCategoryId: string | null; revenueCategoryId: string | null; costCenterId: string | null; companyId: string | null }>(
    `SELECT id, organization_id AS "organizationId", bank_account_id AS "bankAccountId", date, amount, description, origin, deleted_at IS NULL AS live,
            expense_category_id AS "expenseCategoryId", revenue_category_id AS "revenueCategoryId", cost_center_id AS "costCenterId", company_id AS "companyId"
       FROM bank_transactions WHERE id = $1::uuid`,
    [movementId],
  );
  const m = rows[0];
  if (!m || m.origin !== 'MANUAL') return;
  const roles = await loadRoles(q);
  // A rule's movement (D81): the category of its direction, when it has a ledger account, takes the place of the role.
  const categoryId = Number(m.amount) < 0 ? m.expenseCategoryId : m.revenueCategoryId;
  const cat = categoryId ? (await loadCategories(q, Number(m.amount) < 0 ? 'expense_categories' : 'revenue_categories', [categoryId])).get(categoryId) : undefined;
  const category = cat?.ledgerAccountId ? { ledgerAccountId: cat.ledgerAccountId, dfcClass: cat.dfcClass, dfcLine: cat.dfcLine } : null;
  const extras = { category, categoryId, costCenterId: m.costCenterId, partyId: m.companyId };
  const desired = m.live ? manualLines({ amount: Number(m.amount), bankAccountId: m.bankAccountId, bankLedgerAccountId: (await loadBankLedgers(q, roles, [m.bankAccountId])).get(m.bankAccountId)! }, roles, extras) : [];
  const active = await activeEntries(q, 'e.bank_transaction_id = $1::uuid', [movementId]);
  if (active.length === 1 && m.live && active[0].date === m.date && active[0].organizationId === m.organizationId) {
    const current = (await linesOf(q, [active[0].id])).get(active[0].id) ?? [];
    if (sameLines(current, desired)) return;
  }
  if (active.length) {
    // The correction reverses on the old entry's own date: a closed month there (or at the new date) says so for
    // the movement, before anything is posted (the caller's transaction rolls the write back).
    for (const e of active) {
      const closed = await closedMonth(q, e.organizationId, m.live && e.organizationId === m.organizationId ? [e.date, m.date] : [e.date]);
      if (closed) throw new HttpError(409, 'PERIOD_CLOSED', LEDGER_MESSAGES.movementPeriodClosed(closed));
    }
    await reverseEntries(q, 'e.bank_transaction_id = $1::uuid', [movementId], null, { description: m.live ? 'Correção' : 'Exclusão' }, actor);
  }
  if (!desired.length) return;
  await postEntry(q, {
    organizationId: m.organizationId,
    date: m.date,
    kind: 'MOVIMENTO',
    description: m.description,
    documentResource: 'bank-transactions',
    documentId: m.id,
    bankTransactionId: m.id,
    lines: desired,
  }, actor);
}

/** The opening balance of a bank account as an ABERTURA entry on its opening date (re-posted when it changes). */
export async function syncOpening(q: Queryable, bankAccountId: string, actor: string | null): Promise<void> {
  const { rows } = await q.query<{ organizationId: string; amount: number; date: string; name: string; live: boolean }>(
    `SELECT organization_id AS "organizationId", opening_balance AS amount, opening_balance_date AS date, name, deleted_at IS NULL AS live
       FROM bank_accounts WHERE id = $1::uuid`,
    [bankAccountId],
  );
  const a = rows[0];
  if (!a) return;
  const amount = a.live ? Number(a.amount ?? 0) : 0;
  const where = `e.document_id = $1::uuid AND e.kind = 'ABERTURA'`;
  const active = await activeEntries(q, where, [bankAccountId]);
  if (!amount && !active.length) return;
  const roles = await loadRoles(q);
  const ledger = (await loadBankLedgers(q, roles, [bankAccountId])).get(bankAccountId)!;
  const desired = amount && a.date ? openingLines({ amount, bankAccountId, bankLedgerAccountId: ledger }, roles) : [];
  if (active.length === 1 && active[0].date === a.date && active[0].organizationId === a.organizationId) {
    if (sameLines((await linesOf(q, [active[0].id])).get(active[0].id) ?? [], desired)) return;
  }
  if (active.length) await reverseEntries(q, where, [bankAccountId], null, { description: 'Correção do saldo de abertura' }, actor);
  if (!desired.length) return;
  await postEntry(q, {
    organizationId: a.organizationId,
    date: a.date,
    kind: 'ABERTURA',
    description: `Saldo de abertura: ${a.name}`,
    documentResource: 'bank-accounts',
    documentId: bankAccountId,
    lines: desired,
  }, actor);
}

/**
 * A transfer between two bank accounts of one organization: ONE entry (D destination bank / C origin bank) dated on
 * the day the money moved, pointing at the origin's movement; the destination's movement is its pair.
 */
export async function postTransfer(
  q: Queryable,
  t: { organizationId: string; date: string; amount: number; description: string; fromBankAccountId: string; toBankAccountId: string; outMovementId: string },
  actor: string | null,
): Promise<string> {
  const roles = await loadRoles(q);
  const ledgers = await loadBankLedgers(q, roles, [t.fromBankAccountId, t.toBankAccountId]);
  return postEntry(q, {
    organizationId: t.organizationId,
    date: t.date,
    kind: 'MOVIMENTO',
    description: t.description,
    documentResource: 'bank-transactions',
    documentId: t.outMovementId,
    bankTransactionId: t.outMovementId,
    lines: transferLines({
      amount: t.amount,
      from: { bankAccountId: t.fromBankAccountId, ledgerAccountId: ledgers.get(t.fromBankAccountId)! },
      to: { bankAccountId: t.toBankAccountId, ledgerAccountId: ledgers.get(t.toBankAccountId)! },
    }),
  }, actor);
}

import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/index.ts';
import { categoryTarget, loadBankLedgers, loadCategories, loadRoles, type Roles } from './mapping.ts';
import { insertEntries } from './post.ts';
import { ACCRUED, accrualDate, accrualLines, manualLines, openingLines, settlementLines, type DocInfo, type DocSide } from './rules.ts';
import { balanced, mirrored, type EntryInput, type LineInput } from './types.ts';

/**
 * Posts the history that exists before the ledger (the demo's bulk-loaded lançamentos and movements, or a
 * database upgraded to this version) with the SAME rules as the actions (`rules.ts`), set-based: opening
 * balances, the accrual of every recognized lançamento (dated in its competence), one settlement entry per
 * payment or receipt movement, estornos mirrored, manual movements. Skips every document or movement that
 * already has entries, so running it again never posts twice.
 */

const SIDES: Record<DocSide, { parcels: string; parent: string; party: string; categories: 'expense_categories' | 'revenue_categories'; settledAt: string; settled: string; movementField: string }> = {
  payables: { parcels: 'payable_installments', parent: 'payable_id', party: 'supplier_id', categories: 'expense_categories', settledAt: 'paid_at', settled: 'paid_amount', movementField: 'payable_installment_id' },
  receivables: { parcels: 'receivable_installments', parent: 'receivable_id', party: 'customer_id', categories: 'revenue_categories', settledAt: 'received_at', settled: 'received_amount', movementField: 'receivable_installment_id' },
};

type DocRow = Omit<DocInfo, 'side' | 'category'> & { accrued: number | null };

async function docs(q: Queryable, side: DocSide, roles: Roles): Promise<Map<string, DocInfo & { accrued: number }>> {
  const t = SIDES[side];
  const { rows } = await q.query<DocRow>(
    `SELECT h.id, h.organization_id AS "organizationId", h.issue_date AS "issueDate", h.competence, h.cost_center_id AS "costCenterId",
            h.department_id AS "departmentId", h.project_id AS "projectId", h.${t.party} AS "partyId", h.category_id AS "categoryId", h.description,
            (SELECT sum(i.amount) FROM ${t.parcels} i WHERE i.${t.parent} = h.id AND i.deleted_at IS NULL AND i.status = ANY($1::text[]))::bigint AS accrued
       FROM ${side} h WHERE h.deleted_at IS NULL ORDER BY h.issue_date, h.id`,
    [[...ACCRUED[side]]],
  );
  void roles;
  const categories = await loadCategories(q, t.categories);
  const out = new Map<string, DocInfo & { accrued: number }>();
  for (const r of rows) {
    const category = categories.get(r.categoryId);
    // A lançamento whose category has no ledger account is left out of the history (the action would refuse it).
    if (!category?.ledgerAccountId) continue;
    out.set(r.id, { ...r, side, category: categoryTarget(category, r.categoryId), accrued: Number(r.accrued ?? 0) });
  }
  return out;
}

interface MovementRow {
  id: string;
  organizationId: string;
  bankAccountId: string;
  date: string;
  amount: number;
  description: string;
  origin: string;
  reversalOfId: string | null;
  payableInstallmentId: string | null;
  receivableInstallmentId: string | null;
}

interface ParcelRow {
  id: string;
  parent: string;
  label: string;
  amount: number;
  interest: number;
  fine: number;
  discount: number;
  settled: number;
  status: string;
}

async function parcelsOf(q: Queryable, side: DocSide, ids: string[]): Promise<Map<string, ParcelRow>> {
  if (!ids.length) return new Map();
  const t = SIDES[side];
  const { rows } = await q.query<ParcelRow>(
    `SELECT id, ${t.parent} AS parent, label, amount, interest, fine, discount, ${t.settled} AS settled, status FROM ${t.parcels} WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

export async function backfillLedger(q: Queryable, today: string, actor: string | null): Promise<number> {
  const roles = await loadRoles(q);
  const banks = await loadBankLedgers(q, roles);
  const entries: EntryInput[] = [];
  const posted = async (sql: string) => new Set((await q.query<{ id: string }>(sql)).rows.map((r) => r.id));
  const postedDocs = await posted(`SELECT DISTINCT document_id AS id FROM journal_entries`);
  const postedMovements = await posted(`SELECT DISTINCT bank_transaction_id AS id FROM journal_entries WHERE bank_transaction_id IS NOT NULL`);

  // Opening balances of the bank accounts.
  const accounts = await q.query<{ id: string; organizationId: string; amount: number; date: string; name: string }>(
    `SELECT id, organization_id AS "organizationId", opening_balance AS amount, opening_balance_date AS date, name
       FROM bank_accounts WHERE deleted_at IS NULL AND opening_balance <> 0 AND opening_balance_date IS NOT NULL ORDER BY id`,
  );
  for (const a of accounts.rows) {
    if (postedDocs.has(a.id)) continue;
    entries.push({
      organizationId: a.organizationId, date: a.date, kind: 'ABERTURA', description: `Saldo de abertura: ${a.name}`,
      documentResource: 'bank-accounts', documentId: a.id,
      lines: openingLines({ amount: Number(a.amount), bankAccountId: a.id, bankLedgerAccountId: banks.get(a.id)! }, roles),
    });
  }

  // Accruals (competência).
  const bySide = new Map<DocSide, Map<string, DocInfo & { accrued: number }>>();
  for (const side of ['payables', 'receivables'] as const) {
    const list = await docs(q, side, roles);
    bySide.set(side, list);
    for (const d of list.values()) {
      if (!d.accrued || postedDocs.has(d.id)) continue;
      entries.push({
        organizationId: d.organizationId, date: accrualDate(d, true, today), kind: 'APROPRIACAO',
        description: `${side === 'payables' ? 'Despesa' : 'Receita'} por competência: ${d.description}`,
        documentResource: side, documentId: d.id, lines: accrualLines(d, d.accrued, roles),
      });
    }
  }

  // Movements: settlements, their estornos, manual ones — in date order, so an estorno finds its original.
  const { rows: movements } = await q.query<MovementRow>(
    `SELECT id, organization_id AS "organizationId", bank_account_id AS "bankAccountId", date, amount, description, origin,
            reversal_of_id AS "reversalOfId", payable_installment_id AS "payableInstallmentId", receivable_installment_id AS "receivableInstallmentId"
       FROM bank_transactions WHERE deleted_at IS NULL ORDER BY date, created_at, id`,
  );
  const payParcels = await parcelsOf(q, 'payables', movements.flatMap((m) => (m.payableInstallmentId ? [m.payableInstallmentId] : [])));
  const recParcels = await parcelsOf(q, 'receivables', movements.flatMap((m) => (m.receivableInstallmentId ? [m.receivableInstallmentId] : [])));
  const byMovement = new Map<string, { id: string; lines: LineInput[] }>();
  for (const m of movements) {
    if (postedMovements.has(m.id)) continue;
    const amount = Number(m.amount);
    const bankLedgerAccountId = banks.get(m.bankAccountId)!;
    let entry: EntryInput | null = null;
    if (m.origin === 'MANUAL') {
      entry = { organizationId: m.organizationId, date: m.date, kind: 'MOVIMENTO', description: m.description, documentResource: 'bank-transactions', documentId: m.id, lines: manualLines({ amount, bankAccountId: m.bankAccountId, bankLedgerAccountId }, roles) };
    } else if (m.origin === 'ESTORNO') {
      const original = m.reversalOfId ? byMovement.get(m.reversalOfId) : undefined;
      const parcel = m.payableInstallmentId ? payParcels.get(m.payableInstallmentId) : m.receivableInstallmentId ? recParcels.get(m.receivableInstallmentId) : undefined;
      const side: DocSide = m.payableInstallmentId ? 'payables' : 'receivables';
      if (original && parcel) entry = { organizationId: m.organizationId, date: m.date, kind: 'ESTORNO', description: m.description, documentResource: side, documentId: parcel.parent, reversalOfId: original.id, lines: mirrored(original.lines) };
    } else {
      const side: DocSide = m.origin === 'PAGAMENTO' ? 'payables' : 'receivables';
      const parcel = side === 'payables' ? payParcels.get(m.payableInstallmentId ?? '') : recParcels.get(m.receivableInstallmentId ?? '');
      const doc = parcel ? bySide.get(side)!.get(parcel.parent) : undefined;
      if (parcel && doc) {
        const settled = Math.abs(amount);
        // A settlement reversed since: the parcela's fields were cleared; the movement's own amount is what moved.
        const current = parcel.status === (side === 'payables' ? 'PAGO' : 'RECEBIDO') && Number(parcel.settled) === settled;
        const s = current
          ? { amount: Number(parcel.amount), interest: Number(parcel.interest), fine: Number(parcel.fine), discount: Number(parcel.discount), settled }
          : { amount: settled, interest: 0, fine: 0, discount: 0, settled };
        entry = {
          organizationId: m.organizationId, date: m.date, kind: 'BAIXA', description: `${side === 'payables' ? 'Pagamento' : 'Recebimento'}: ${parcel.label}`,
          documentResource: side, documentId: parcel.parent, lines: settlementLines(doc, { ...s, bankAccountId: m.bankAccountId, bankLedgerAccountId }, roles),
        };
      }
    }
    if (!entry || !balanced(entry.lines)) continue;
    entry.bankTransactionId = m.id;
    entry.id = randomUUID();
    byMovement.set(m.id, { id: entry.id, lines: entry.lines });
    entries.push(entry);
  }
  await insertEntries(q, entries, actor);
  return entries.length;
}

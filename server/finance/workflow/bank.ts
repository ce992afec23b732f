import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { WORKFLOW_MESSAGES } from '../../../src/i18n/finance-workflow.ts';
import { isIsoDate } from '../../../src/engine/formats/calendar.ts';
import type { Queryable } from '../../db/index.ts';
import { badRequest, HttpError, notFound, type FieldErrors } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import { csvField, csvText, type Cell } from '../../resources/export-format.ts';
import type { Engine, ResourceHooks } from '../../resources/index.ts';
import { getRecord } from '../../resources/repository.ts';
import type { ResourceRecord } from '../../resources/types.ts';
import { brDate, todayInBrazil } from './common.ts';
import { accountFor } from './settle.ts';

/**
 * Bank movements (`bank-transactions`, docs/resources-finance-ap-ar.md §8.7–§8.8) and the statement of an account.
 * Balance at a date D = the account's opening balance + Σ movements dated from the opening-balance date up
 * to D (domain.md §2.4). Nothing is materialized: every balance is that sum, computed when asked, so a
 * payment, an estorno or a manual movement shows in the balance the moment it commits.
 */

/** What classifies a manual movement in the ledger (D81, D88): the category of its direction, cost center, counterpart. */
export const CLASSIFICATION_FIELDS = ['expenseCategoryId', 'revenueCategoryId', 'costCenterId', 'companyId'] as const;

/** True when `record` differs from `stored` in nothing but the classification fields (a reclassification). */
export function onlyClassification(fields: readonly { name: string }[], stored: ResourceRecord, record: Record<string, unknown>): boolean {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  return fields.every((f) => (CLASSIFICATION_FIELDS as readonly string[]).includes(f.name) || same(stored[f.name], record[f.name]));
}

/**
 * The classification of a manual movement: an expense category only on a debit and a revenue category only on a
 * credit; a newly chosen category must have a ledger account (the entry goes there, D88); cost center and
 * counterpart of the account's organization (categories are shared by all organizations). Analytic and active
 * categories and cost centers are the schema's `x-ref-filter`.
 */
async function classificationErrors(q: Queryable, r: Record<string, unknown>, stored: ResourceRecord | undefined, organizationId: string): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const amount = Number(r.amount);
  const chosen = (field: string) => typeof r[field] === 'string' && r[field] !== stored?.[field];
  if (typeof r.expenseCategoryId === 'string' && amount > 0) errors.expenseCategoryId = [WORKFLOW_MESSAGES.movementExpenseOnCredit];
  if (typeof r.revenueCategoryId === 'string' && amount < 0) errors.revenueCategoryId = [WORKFLOW_MESSAGES.movementRevenueOnDebit];
  for (const [field, table] of [['expenseCategoryId', 'expense_categories'], ['revenueCategoryId', 'revenue_categories']] as const) {
    if (errors[field] || !chosen(field)) continue;
    const { rows } = await q.query<{ name: string; ledger: string | null }>(`SELECT name, ledger_account_id AS ledger FROM ${table} WHERE id = $1::uuid`, [r[field]]);
    if (rows[0] && !rows[0].ledger) errors[field] = [WORKFLOW_MESSAGES.movementCategoryWithoutAccount(rows[0].name)];
  }
  for (const [field, table] of [['costCenterId', 'cost_centers'], ['companyId', 'companies']] as const) {
    if (!chosen(field)) continue;
    const { rows } = await q.query<{ org: string }>(`SELECT organization_id AS org FROM ${table} WHERE id = $1::uuid`, [r[field]]);
    if (rows[0] && rows[0].org !== organizationId) errors[field] = [WORKFLOW_MESSAGES.movementOtherOrganization];
  }
  return errors;
}

/**
 * Manual movements only through the generic API (tarifas, rendimentos, ajustes): origin MANUAL, the
 * account's organization, a date not before the opening balance, never zero, a classification that fits its
 * direction and organization. Movements written by a payment, a receipt or an estorno change only through the
 * estorno of their parcela. The ledger follows in the `afterWrite` (server/ledger/hooks.ts): a reclassified
 * movement's entry is reversed ("Correção") and posted again.
 */
export function bankTransactionHooks(engine: Engine): ResourceHooks {
  return {
    async beforeWrite(ctx) {
      const stored = ctx.stored;
      if (stored && stored.origin !== 'MANUAL') throw new HttpError(409, 'IN_USE', WORKFLOW_MESSAGES.movementLocked);
      if (ctx.action === 'delete') return;
      const r = ctx.record;
      if (Number(r.amount) === 0) throw badRequest({ amount: [WORKFLOW_MESSAGES.movementZero] });
      const account = await accountFor(ctx.q, engine, String(r.bankAccountId), String(r.date), ctx.principal, 'date');
      r.organizationId = account.organizationId;
      r.origin = 'MANUAL';
      r.reversed = false;
      const errors = await classificationErrors(ctx.q, r, stored, String(account.organizationId));
      if (Object.keys(errors).length) throw badRequest(errors);
    },
  };
}

/** The payment-batches API is read-only: batches come from the payment queue's actions. */
export const paymentBatchHooks: ResourceHooks = {
  async beforeWrite() {
    throw new HttpError(405, 'READ_ONLY', WORKFLOW_MESSAGES.batchReadOnly);
  },
};

export interface StatementLine {
  id: string;
  /** For If-Match when the movement is reclassified (PATCH of `bank-transactions`). */
  version: number;
  date: string;
  description: string;
  documentNumber: string | null;
  origin: string;
  amount: number;
  balance: number;
  reversed: boolean;
  reversalOfId: string | null;
  payableInstallmentId: string | null;
  receivableInstallmentId: string | null;
  payableId: string | null;
  receivableId: string | null;
  /** The classification of a manual movement (D81, D88) and the names it shows with. */
  expenseCategoryId: string | null;
  revenueCategoryId: string | null;
  costCenterId: string | null;
  companyId: string | null;
  categoryName: string | null;
  costCenterName: string | null;
  companyName: string | null;
}

export interface Statement {
  bankAccount: { id: string; name: string; openingBalance: number; openingBalanceDate: string; organizationId: string };
  from: string;
  to: string;
  openingBalance: number;
  credits: number;
  debits: number;
  closingBalance: number;
  lines: StatementLine[];
}

export const MAX_STATEMENT_LINES = 20_000;

const firstOfMonth = (today: string) => `${today.slice(0, 8)}01`;
function lastOfMonth(today: string): string {
  const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const d = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${today.slice(0, 8)}${String(d).padStart(2, '0')}`;
}

/** `from`/`to` of the query (default: the current month in São Paulo); 400 when invalid or over 3 years. */
export function periodOf(query: Record<string, unknown>): { from: string; to: string } {
  const today = todayInBrazil();
  const from = typeof query.from === 'string' && query.from ? query.from : firstOfMonth(today);
  const to = typeof query.to === 'string' && query.to ? query.to : lastOfMonth(today);
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
  if (!isIsoDate(from) || !isIsoDate(to) || days < 0 || days > 366 * 3) throw badRequest({ period: [WORKFLOW_MESSAGES.periodInvalid] });
  return { from, to };
}

/** Opening balance before `from`, the period's movements with the balance after each, and the totals. */
export async function statementOf(q: Queryable, engine: Engine, id: string, period: { from: string; to: string }, principal: Principal): Promise<Statement> {
  const account = await getRecord(q, engine.registry.get('bank-accounts')!, id, principal);
  if (!account) throw notFound();
  const start = String(account.openingBalanceDate);
  const opening = Number(account.openingBalance ?? 0);
  const before = await q.query<{ s: number | null }>(
    `SELECT sum(amount)::bigint AS s FROM bank_transactions WHERE bank_account_id = $1::uuid AND deleted_at IS NULL AND date >= $2::date AND date < $3::date`,
    [id, start, period.from],
  );
  const { rows } = await q.query<Omit<StatementLine, 'balance'> & { n: number }>(
    `SELECT t.id, t.version, t.date, t.description, t.document_number AS "documentNumber", t.origin, t.amount, t.reversed,
            t.reversal_of_id AS "reversalOfId", t.payable_installment_id AS "payableInstallmentId",
            t.receivable_installment_id AS "receivableInstallmentId", pi.payable_id AS "payableId", ri.receivable_id AS "receivableId",
            t.expense_category_id AS "expenseCategoryId", t.revenue_category_id AS "revenueCategoryId",
            t.cost_center_id AS "costCenterId", t.company_id AS "companyId",
            coalesce(ec.name, rc.name) AS "categoryName", cc.name AS "costCenterName", co.legal_name AS "companyName"
       FROM bank_transactions t
       LEFT JOIN payable_installments pi ON pi.id = t.payable_installment_id
       LEFT JOIN receivable_installments ri ON ri.id = t.receivable_installment_id
       LEFT JOIN expense_categories ec ON ec.id = t.expense_category_id
       LEFT JOIN revenue_categories rc ON rc.id = t.revenue_category_id
       LEFT JOIN cost_centers cc ON cc.id = t.cost_center_id
       LEFT JOIN companies co ON co.id = t.company_id
      WHERE t.bank_account_id = $1::uuid AND t.deleted_at IS NULL AND t.date >= $2::date AND t.date BETWEEN $3::date AND $4::date
      ORDER BY t.date, t.created_at, t.description, t.id
      LIMIT ${MAX_STATEMENT_LINES + 1}`,
    [id, start, period.from, period.to],
  );
  if (rows.length > MAX_STATEMENT_LINES) throw badRequest({ period: [WORKFLOW_MESSAGES.periodTooLong(MAX_STATEMENT_LINES)] });
  // Before the opening-balance date nothing counts: that balance already holds it.
  const openingBalance = period.to < start ? 0 : opening + Number(before.rows[0]?.s ?? 0);
  let balance = openingBalance;
  let credits = 0;
  let debits = 0;
  const lines = rows.map((r) => {
    const amount = Number(r.amount);
    balance += amount;
    if (amount > 0) credits += amount;
    else debits += amount;
    return { ...r, version: Number(r.version), amount, balance, documentNumber: r.documentNumber ?? null };
  });
  return {
    bankAccount: { id: account.id, name: String(account.name), openingBalance: opening, openingBalanceDate: start, organizationId: String(account.organizationId) },
    from: period.from,
    to: period.to,
    openingBalance,
    credits,
    debits,
    closingBalance: balance,
    lines,
  };
}

/** Balances of many accounts at a date (default today), one query: for the payment dialog and lists. */
export async function balancesOf(q: Queryable, engine: Engine, ids: readonly string[], date: string, principal: Principal) {
  const def = engine.registry.get('bank-accounts')!;
  const out: { id: string; balance: number }[] = [];
  const visible: ResourceRecord[] = [];
  for (const id of ids) {
    const a = await getRecord(q, def, id, principal);
    if (a) visible.push(a);
  }
  if (!visible.length) return out;
  const { rows } = await q.query<{ id: string; s: number | null }>(
    `SELECT a.id, sum(t.amount)::bigint AS s FROM bank_accounts a
       LEFT JOIN bank_transactions t ON t.bank_account_id = a.id AND t.deleted_at IS NULL AND t.date >= a.opening_balance_date AND t.date <= $2::date
      WHERE a.id = ANY($1::uuid[]) GROUP BY a.id`,
    [visible.map((a) => a.id), date],
  );
  const sums = new Map(rows.map((r) => [r.id, Number(r.s ?? 0)]));
  for (const a of visible) out.push({ id: a.id, balance: date < String(a.openingBalanceDate) ? 0 : Number(a.openingBalance ?? 0) + (sums.get(a.id) ?? 0) });
  return out;
}

const ORIGIN_LABEL: Record<string, string> = { MANUAL: 'Manual', PAGAMENTO: 'Pagamento', RECEBIMENTO: 'Recebimento', ESTORNO: 'Estorno', TRANSFERENCIA: 'Transferência' };

/** The statement as rows of cells: opening line, movements with balance, closing line (Excel-BR rules). */
function statementCells(s: Statement): { header: string[]; rows: Cell[][] } {
  const text = (v: string): Cell => ({ t: 'text', v });
  const empty: Cell = { t: 'empty' };
  const rows: Cell[][] = [
    [{ t: 'date', v: s.from }, text('Saldo anterior'), empty, empty, empty, { t: 'money', v: s.openingBalance }],
    ...s.lines.map((l): Cell[] => [
      { t: 'date', v: l.date },
      text(l.description),
      l.documentNumber ? text(l.documentNumber) : empty,
      text(ORIGIN_LABEL[l.origin] ?? l.origin),
      { t: 'money', v: l.amount },
      { t: 'money', v: l.balance },
    ]),
    [{ t: 'date', v: s.to }, text('Saldo final'), empty, empty, empty, { t: 'money', v: s.closingBalance }],
  ];
  return { header: ['Data', 'Histórico', 'Documento', 'Origem', 'Valor', 'Saldo'], rows };
}

const slug = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** CSV (BOM, `;`, CRLF, decimal comma, DD/MM/AAAA) or XLSX (typed numbers and dates) of a statement. */
export async function sendStatement(reply: FastifyReply, s: Statement, format: 'csv' | 'xlsx') {
  const { header, rows } = statementCells(s);
  const name = `extrato-${slug(s.bankAccount.name)}-${s.from}-a-${s.to}.${format}`;
  reply.header('content-disposition', `attachment; filename="${name}"`);
  reply.header('cache-control', 'no-store');
  if (format === 'csv') {
    const body = `\uFEFF${header.map(csvField).join(';')}\r\n${rows.map((r) => `${r.map((c) => csvField(csvText(c))).join(';')}\r\n`).join('')}`;
    reply.type('text/csv; charset=utf-8');
    return reply.send(Readable.from([body]));
  }
  const out = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = book.addWorksheet('Extrato', { views: [{ state: 'frozen', ySplit: 2 }] });
  sheet.columns = [12, 60, 16, 14, 16, 16].map((width) => ({ width }));
  sheet.addRow([`${s.bankAccount.name} — ${brDate(s.from)} a ${brDate(s.to)}`]).commit();
  const head = sheet.addRow(header);
  head.font = { bold: true };
  head.commit();
  for (const cells of rows) {
    const row = sheet.addRow(cells.map((c) => (c.t === 'money' ? c.v / 100 : c.t === 'date' ? new Date(`${c.v}T00:00:00Z`) : c.t === 'text' ? c.v : null)));
    cells.forEach((c, i) => {
      if (c.t === 'money') row.getCell(i + 1).numFmt = '#,##0.00;[Red]-#,##0.00';
      if (c.t === 'date') row.getCell(i + 1).numFmt = 'dd/mm/yyyy';
    });
    row.commit();
  }
  sheet.commit();
  void book.commit().catch((err: unknown) => out.destroy(err as Error));
  reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  return reply.send(out);
}

export const todayPeriodDefault = { firstOfMonth, lastOfMonth };

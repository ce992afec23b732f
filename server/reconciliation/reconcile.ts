import type { Queryable } from '../db/index.ts';
import { badRequest, HttpError, notFound } from '../lib/errors.ts';
import type { Principal } from '../lib/principal.ts';
import { syncManualMovement } from '../ledger/finance.ts';
import { insertRows, updateRow } from '../finance/rows.ts';
import { brDate, inTransaction, requireCan, todayInBrazil, type Touched } from '../finance/workflow/common.ts';
import { accountFor, settleBatchIn } from '../finance/workflow/settle.ts';
import { PAYABLE_SIDE, RECEIVABLE_SIDE } from '../finance/workflow/sides.ts';
import type { Engine } from '../resources/index.ts';
import { getRecord } from '../resources/repository.ts';
import type { ResourceRecord } from '../resources/types.ts';
import { suggest, type BankLine, type Candidate, type Suggestion } from './matching.ts';
import { RECONCILE_PERMISSION } from './permission.ts';

/**
 * The reconciliation of one bank account (docs/reconciliation.md): the workspace (bank lines with suggestions,
 * system movements, balances), and the actions on a line — match (to movements, or to parcelas whose payment is
 * then registered through the pay/receive action so the ledger posts), create the movement (fee, yield: a manual
 * movement posted to the ledger), ignore, unmatch, apply the rules. Each action is one transaction, audited by
 * the row writes, with the line locked.
 */

const WHERE = 'escopo "alterar" de Conciliação bancária (Lançamentos do Extrato)';
/** Bank lines of one period on the screen (the workspace answers the first ones and says it is `truncated`). */
export const MAX_LINES = 5000;

export const RECONCILE_MESSAGES = {
  lineNotFound: 'Lançamento do extrato não encontrado.',
  notPending: (status: string) => `Este lançamento do extrato já está ${status === 'CONCILIADO' ? 'conciliado' : 'ignorado'}: desfaça antes.`,
  notReconciled: 'Este lançamento do extrato está pendente: não há o que desfazer.',
  stale: 'Outra pessoa alterou este lançamento do extrato. Recarregue e tente de novo.',
  nothingToMatch: 'Escolha as movimentações ou as parcelas que correspondem a este lançamento.',
  movementNotFound: 'Movimentação não encontrada nesta conta (ou estornada).',
  movementTaken: 'Esta movimentação já está conciliada com outro lançamento do extrato.',
  sumDiffers: (sum: string, line: string) => `As movimentações somam ${sum}, mas o lançamento do extrato é de ${line}.`,
  badPeriod: 'Use datas AAAA-MM-DD, com o início antes do fim.',
  groupSumDiffers: (n: number, lines: string, movements: string) => `Os ${n} lançamentos do extrato somam ${lines}, mas as movimentações somam ${movements}.`,
  lineOtherAccount: (date: string, amount: string) => `O lançamento do extrato de ${date} (${amount}) é de outra conta financeira.`,
  splitAmount: (sum: string, line: string) => `Para dividir, as movimentações precisam somar parte do lançamento do extrato, no mesmo sentido: somam ${sum} e o lançamento é de ${line}.`,
  bulkTaken: (label: string, date: string, memo: string, amount: string) => `A sugestão "${label}" já foi usada pelo lançamento de ${date} (${memo || 'sem histórico'}, ${amount}) neste mesmo aceite.`,
};

const money = (c: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(c / 100);
const isDate = (s: unknown): s is string => typeof s === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s));
const shift = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function loadAccount(q: Queryable, engine: Engine, id: string, principal: Principal, forUpdate = false): Promise<ResourceRecord> {
  const account = await getRecord(q, engine.registry.get('bank-accounts')!, id, principal, { forUpdate });
  if (!account) throw notFound('Conta financeira não encontrada.');
  return account;
}

export interface RuleRow {
  id: string;
  name: string;
  memoContains: string;
  direction: string;
  amountMin: number | null;
  amountMax: number | null;
  entryDescription: string | null;
  expenseCategoryId: string | null;
  revenueCategoryId: string | null;
  costCenterId: string | null;
  companyId: string | null;
  /** Names for the preview (category of each direction, cost center, counterpart). */
  expenseCategory: string | null;
  revenueCategory: string | null;
  costCenter: string | null;
  company: string | null;
}

/** What a rule's movement carries (D81): the category of the line's direction, cost center, counterpart. */
export interface MovementExtras {
  expenseCategoryId?: string | null;
  revenueCategoryId?: string | null;
  costCenterId?: string | null;
  companyId?: string | null;
}

export function extrasOf(rule: RuleRow, amount: number): MovementExtras {
  return {
    expenseCategoryId: amount < 0 ? rule.expenseCategoryId : null,
    revenueCategoryId: amount > 0 ? rule.revenueCategoryId : null,
    costCenterId: rule.costCenterId,
    companyId: rule.companyId,
  };
}

/** How a rule's hit reads in a preview: rule, the category of the line's direction, cost center, counterpart. */
export function ruleHit(rule: RuleRow, amount: number) {
  return {
    ruleId: rule.id,
    rule: rule.name,
    category: (amount < 0 ? rule.expenseCategory : rule.revenueCategory) ?? null,
    costCenter: rule.costCenter,
    company: rule.company,
  };
}

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase();

export function ruleFor(line: { memo: string; amount: number }, rules: readonly RuleRow[]): RuleRow | null {
  const memo = fold(line.memo);
  const abs = Math.abs(line.amount);
  return (
    rules.find(
      (r) =>
        memo.includes(fold(r.memoContains)) &&
        (r.direction === 'AMBOS' || (r.direction === 'DEBITO') === line.amount < 0) &&
        (r.amountMin === null || abs >= Number(r.amountMin)) &&
        (r.amountMax === null || abs <= Number(r.amountMax)),
    ) ?? null
  );
}

export async function rulesOf(q: Queryable, account: ResourceRecord): Promise<RuleRow[]> {
  const { rows } = await q.query<RuleRow>(
    `SELECT r.id, r.name, r.memo_contains AS "memoContains", r.direction, r.amount_min::int AS "amountMin", r.amount_max::int AS "amountMax", r.entry_description AS "entryDescription",
            r.expense_category_id AS "expenseCategoryId", r.revenue_category_id AS "revenueCategoryId", r.cost_center_id AS "costCenterId", r.company_id AS "companyId",
            ec.name AS "expenseCategory", rc.name AS "revenueCategory", cc.name AS "costCenter", coalesce(co.trade_name, co.legal_name) AS company
       FROM reconciliation_rules r
       LEFT JOIN expense_categories ec ON ec.id = r.expense_category_id
       LEFT JOIN revenue_categories rc ON rc.id = r.revenue_category_id
       LEFT JOIN cost_centers cc ON cc.id = r.cost_center_id
       LEFT JOIN companies co ON co.id = r.company_id
      WHERE r.organization_id = $1::uuid AND (r.bank_account_id IS NULL OR r.bank_account_id = $2::uuid) AND r.active AND r.deleted_at IS NULL
      ORDER BY r.position, r.created_at`,
    [account.organizationId, account.id],
  );
  return rows;
}

async function candidatesFor(q: Queryable, account: ResourceRecord, from: string, to: string): Promise<{ movements: (Candidate & { reconciledBy: string | null; origin: string })[]; parcels: Candidate[] }> {
  const { rows: moves } = await q.query<{ id: string; date: string; amount: number; description: string; documentNumber: string | null; origin: string; batchId: string | null; party: string | null; reconciledBy: string | null }>(
    // Which line reconciled each movement: the account's links unnested once and joined (a subquery per movement
    // scanned every line's jsonb: 16 s for 10,000 lines and 3,300 movements, scripts/bench/reconciliation.ts).
    `WITH links AS (
       SELECT DISTINCT ON (x.tid) x.tid, r.id
         FROM reconcilables r CROSS JOIN LATERAL jsonb_array_elements_text(r.transaction_ids) AS x(tid)
        WHERE r.bank_account_id = $1::uuid AND r.deleted_at IS NULL AND jsonb_typeof(r.transaction_ids) = 'array' AND r.transaction_ids <> '[]'::jsonb
        ORDER BY x.tid, r.id)
     SELECT t.id, t.date::text AS date, t.amount::int AS amount, t.description, t.document_number AS "documentNumber", t.origin, t.payment_batch_id AS "batchId",
            c.document AS party, links.id AS "reconciledBy"
       FROM bank_transactions t
       LEFT JOIN links ON links.tid = t.id::text
       LEFT JOIN payable_installments pi ON pi.id = t.payable_installment_id
       LEFT JOIN receivable_installments ri ON ri.id = t.receivable_installment_id
       LEFT JOIN companies c ON c.id = coalesce(pi.supplier_id, ri.customer_id)
      WHERE t.bank_account_id = $1::uuid AND t.deleted_at IS NULL AND NOT t.reversed AND t.reversal_of_id IS NULL AND t.date BETWEEN $2::date AND $3::date
      ORDER BY t.date, t.created_at LIMIT ${MAX_LINES}`,
    [account.id, shift(from, -10), shift(to, 10)],
  );
  const movements = moves.map((m) => ({
    kind: 'transaction' as const, id: m.id, date: m.date, amount: Number(m.amount), label: m.description, documents: [m.documentNumber].filter((d): d is string => !!d),
    partyDocument: m.party, batchId: m.batchId, reconciledBy: m.reconciledBy, origin: m.origin,
  }));
  const parcelsSql = (side: 'payable' | 'receivable') => {
    const t = side === 'payable' ? { p: 'payable_installments', h: 'payables', fk: 'payable_id', party: 'supplier_id', open: `('APROVADO', 'AUTORIZADO')` } : { p: 'receivable_installments', h: 'receivables', fk: 'receivable_id', party: 'customer_id', open: `('ABERTO')` };
    return `SELECT p.id, p.version, p.due_date::text AS date, p.amount::int AS amount, p.label, h.document_number AS doc, ${side === 'receivable' ? 'p.nosso_numero' : 'NULL'} AS nosso, c.document AS party
              FROM ${t.p} p JOIN ${t.h} h ON h.id = p.${t.fk} LEFT JOIN companies c ON c.id = h.${t.party}
             WHERE p.organization_id = $1::uuid AND p.deleted_at IS NULL AND p.status IN ${t.open} AND (p.bank_account_id IS NULL OR p.bank_account_id = $2::uuid)
               AND p.due_date BETWEEN $3::date AND $4::date
             ORDER BY p.due_date LIMIT ${MAX_LINES}`;
  };
  const params = [account.organizationId, account.id, shift(from, -30), shift(to, 5)];
  type P = { id: string; version: number; date: string; amount: number; label: string; doc: string | null; nosso: string | null; party: string | null };
  const pay = (await q.query<P>(parcelsSql('payable'), params)).rows;
  const rec = (await q.query<P>(parcelsSql('receivable'), params)).rows;
  const parcels: Candidate[] = [
    ...pay.map((p) => ({ kind: 'payable-installment' as const, id: p.id, version: p.version, date: p.date, amount: -Number(p.amount), label: `A pagar ${p.label}`, documents: [p.doc, p.nosso].filter((d): d is string => !!d), partyDocument: p.party })),
    ...rec.map((p) => ({ kind: 'receivable-installment' as const, id: p.id, version: p.version, date: p.date, amount: Number(p.amount), label: `A receber ${p.label}`, documents: [p.doc, p.nosso].filter((d): d is string => !!d), partyDocument: p.party })),
  ];
  return { movements, parcels };
}

async function balanceAt(q: Queryable, account: ResourceRecord, date: string): Promise<number> {
  const { rows } = await q.query<{ s: string | number | null }>(
    `SELECT coalesce(sum(amount), 0) AS s FROM bank_transactions WHERE bank_account_id = $1::uuid AND deleted_at IS NULL AND date >= $2::date AND date <= $3::date`,
    [account.id, account.openingBalanceDate, date],
  );
  return Number(account.openingBalance ?? 0) + Number(rows[0].s ?? 0);
}

export interface WorkspaceLine extends BankLine {
  status: string;
  version: number;
  transactionIds: string[];
  suggestions: Suggestion[];
  rule: { id: string; name: string } | null;
  /** The other lines reconciled with the same movements (N:1), when there are. */
  group?: string[];
}

/** The period of a request (default: the 90 days up to today), 400 when malformed. */
function periodOf(query: { from?: string; to?: string }): { from: string; to: string } {
  const to = query.to ?? todayInBrazil();
  const from = query.from ?? shift(to, -90);
  if (!isDate(from) || !isDate(to) || from > to) throw badRequest({ from: [RECONCILE_MESSAGES.badPeriod] });
  return { from, to };
}

/** The account's lines in the period, the pending ones with their suggestions and rule; the movements around it. */
async function linesOf(q: Queryable, account: ResourceRecord, from: string, to: string) {
  const { rows } = await q.query<{ id: string; version: number; date: string; amount: number; memo: string; documentNumber: string | null; counterpartDocument: string | null; status: string; transactionIds: string[] }>(
    `SELECT id, version, date::text AS date, amount::int AS amount, memo, document_number AS "documentNumber", counterpart_document AS "counterpartDocument", status, transaction_ids AS "transactionIds"
       FROM reconcilables WHERE bank_account_id = $1::uuid AND deleted_at IS NULL AND date BETWEEN $2::date AND $3::date
      ORDER BY date, amount, id LIMIT ${MAX_LINES + 1}`,
    [account.id, from, to],
  );
  // One more than the cap tells that the period holds more lines than the screen shows (it says so).
  const truncated = rows.length > MAX_LINES;
  if (truncated) rows.length = MAX_LINES;
  const { movements, parcels } = await candidatesFor(q, account, from, to);
  const free = movements.filter((m) => !m.reconciledBy);
  const rules = await rulesOf(q, account);
  const lines: WorkspaceLine[] = rows.map((r) => {
    const line = { ...r, amount: Number(r.amount), transactionIds: r.transactionIds ?? [] };
    if (r.status !== 'PENDENTE') return { ...line, suggestions: [], rule: null };
    const rule = ruleFor(line, rules);
    return { ...line, suggestions: suggest(line, [...free, ...parcels]), rule: rule ? { id: rule.id, name: rule.name } : null };
  });
  return { lines, movements, truncated };
}

/** `GET bank-accounts/{id}/reconciliation?from&to`: both panes, suggestions, balances and "conciliado até". */
export async function workspace(engine: Engine, bankAccountId: string, query: { from?: string; to?: string }, principal: Principal) {
  requireCan(principal, RECONCILE_PERMISSION, 'read', 'ver a conciliação', 'escopo "ler" de Conciliação bancária');
  const q = engine.db;
  const account = await loadAccount(q, engine, bankAccountId, principal);
  const { from, to } = periodOf(query);
  const { lines, movements, truncated } = await linesOf(q, account, from, to);
  // N:1 groups (D79): the other lines reconciled with the same movements.
  const reconciled = lines.filter((l) => l.status === 'CONCILIADO' && l.transactionIds.length).map((l) => l.id);
  if (reconciled.length) {
    const { rows: groups } = await q.query<{ id: string; others: string[] }>(
      `SELECT a.id, array_agg(b.id::text ORDER BY b.date, b.id) AS others
         FROM reconcilables a
         JOIN reconcilables b ON b.bank_account_id = a.bank_account_id AND b.id <> a.id AND b.deleted_at IS NULL
                             AND b.transaction_ids ?| ARRAY(SELECT jsonb_array_elements_text(a.transaction_ids))
        WHERE a.id = ANY($1::uuid[]) GROUP BY a.id`,
      [reconciled],
    );
    const byId = new Map(groups.map((g) => [g.id, g.others]));
    for (const l of lines) if (byId.has(l.id)) l.group = byId.get(l.id);
  }
  const { rows: bal } = await q.query<{ amount: string | number; date: string }>(
    `SELECT bank_balance AS amount, bank_balance_date::text AS date FROM statement_imports
      WHERE bank_account_id = $1::uuid AND deleted_at IS NULL AND bank_balance_date IS NOT NULL AND bank_balance_date <= $2::date
      ORDER BY bank_balance_date DESC, created_at DESC LIMIT 1`,
    [account.id, to],
  );
  const bankBalance = bal[0] ? { amount: Number(bal[0].amount), date: bal[0].date } : null;
  const systemAtBank = bankBalance ? await balanceAt(q, account, bankBalance.date) : null;
  // "Conciliado até": the day before the oldest pending line, once something before it was reconciled.
  const { rows: until } = await q.query<{ pending: string | null; first: string | null; last: string | null }>(
    `SELECT min(date) FILTER (WHERE status = 'PENDENTE')::text AS pending, min(date)::text AS first, max(date)::text AS last
       FROM reconcilables WHERE bank_account_id = $1::uuid AND deleted_at IS NULL`,
    [account.id],
  );
  const u = until[0];
  const reconciledUntil = !u?.last ? null : !u.pending ? u.last : u.pending > u.first! ? shift(u.pending, -1) : null;
  return {
    bankAccount: { id: account.id, name: account.name, organizationId: account.organizationId },
    from,
    to,
    lines,
    movements: movements.filter((m) => m.date >= from && m.date <= to).map((m) => ({ id: m.id, date: m.date, amount: m.amount, description: m.label, documentNumber: m.documents[0] ?? null, origin: m.origin, reconciledBy: m.reconciledBy })),
    totals: {
      bank: lines.reduce((s, l) => s + l.amount, 0),
      bankPending: lines.filter((l) => l.status === 'PENDENTE').reduce((s, l) => s + l.amount, 0),
      system: movements.filter((m) => m.date >= from && m.date <= to).reduce((s, m) => s + m.amount, 0),
    },
    balances: bankBalance ? { bank: bankBalance.amount, system: systemAtBank!, date: bankBalance.date, difference: bankBalance.amount - systemAtBank! } : null,
    reconciledUntil: reconciledUntil && reconciledUntil >= String(account.openingBalanceDate) ? reconciledUntil : null,
    /** The period holds more than `limit` bank lines: only the first `limit` (by date) are in `lines`. */
    truncated: truncated ? { limit: MAX_LINES } : null,
  };
}

async function lockLine(q: Queryable, engine: Engine, id: string, principal: Principal, version: number | undefined): Promise<ResourceRecord> {
  const line = await getRecord(q, engine.registry.get('reconcilables')!, id, principal, { forUpdate: true });
  if (!line) throw notFound(RECONCILE_MESSAGES.lineNotFound);
  if (version !== undefined && line.version !== version) throw new HttpError(409, 'VERSION_CONFLICT', RECONCILE_MESSAGES.stale, undefined, undefined, { currentVersion: line.version });
  return line;
}

function requirePending(line: ResourceRecord): void {
  if (line.status !== 'PENDENTE') throw new HttpError(409, 'INVALID_TRANSITION', RECONCILE_MESSAGES.notPending(String(line.status)));
}

/**
 * Reconciles `lines` (one, or several for N:1, D79) with the movements `ids`: every movement of this account,
 * live, not reconciled by any other line; the sum of the movements is the sum of the lines. Each line keeps the
 * ids of all the movements, so the lines sharing a movement are the group that is undone together.
 */
async function reconcileWith(q: Queryable, engine: Engine, lines: readonly ResourceRecord[], ids: readonly string[], principal: Principal, touched: Touched) {
  const unique = [...new Set(ids.map((i) => i.toLowerCase()))];
  if (!unique.length) throw badRequest({ transactionIds: [RECONCILE_MESSAGES.nothingToMatch] });
  const { rows } = await q.query<{ id: string; amount: number; taken: string | null }>(
    `SELECT t.id, t.amount::int AS amount,
            (SELECT r.id FROM reconcilables r WHERE r.bank_account_id = t.bank_account_id AND r.deleted_at IS NULL AND r.id <> ALL($3::uuid[]) AND r.transaction_ids ? t.id::text LIMIT 1) AS taken
       FROM bank_transactions t
      WHERE t.id = ANY($1::uuid[]) AND t.bank_account_id = $2::uuid AND t.deleted_at IS NULL AND NOT t.reversed
      ORDER BY t.id FOR UPDATE OF t`,
    [unique, lines[0].bankAccountId, lines.map((l) => l.id)],
  );
  const errors: Record<string, string[]> = {};
  for (const id of unique) {
    const r = rows.find((x) => x.id === id);
    if (!r) errors[id] = [RECONCILE_MESSAGES.movementNotFound];
    else if (r.taken) errors[id] = [RECONCILE_MESSAGES.movementTaken];
  }
  if (Object.keys(errors).length) throw new HttpError(409, 'MATCH_REFUSED', Object.values(errors)[0][0], errors);
  const sum = rows.reduce((s, r) => s + Number(r.amount), 0);
  const total = lines.reduce((s, l) => s + Number(l.amount), 0);
  if (sum !== total) {
    const message = lines.length === 1 ? RECONCILE_MESSAGES.sumDiffers(money(sum), money(total)) : RECONCILE_MESSAGES.groupSumDiffers(lines.length, money(total), money(sum));
    throw new HttpError(409, 'MATCH_AMOUNT', message, undefined, undefined, { linesTotal: total, movementsTotal: sum });
  }
  touched.add('reconcilables');
  const def = engine.registry.get('reconcilables')!;
  const now = new Date().toISOString();
  const out: ResourceRecord[] = [];
  for (const line of lines) out.push(await updateRow(q, def, line, { status: 'CONCILIADO', transactionIds: unique, reconciledAt: now, reconciledBy: principal.userId }, principal.userId));
  return out;
}

export interface MatchInput {
  version?: number;
  transactionIds?: string[];
  installments?: { kind: 'payable' | 'receivable'; id: string; version: number }[];
}

/** The match of one locked, pending line: parcelas are paid/received first (the queue's action), then reconciled. */
async function matchIn(q: Queryable, engine: Engine, line: ResourceRecord, input: MatchInput, principal: Principal, touched: Touched) {
  requirePending(line);
  const ids = [...(input.transactionIds ?? [])];
  for (const side of [PAYABLE_SIDE, RECEIVABLE_SIDE]) {
    const items = (input.installments ?? []).filter((i) => (i.kind === 'payable') === (side === PAYABLE_SIDE)).map((i) => ({ id: i.id, version: i.version }));
    if (!items.length) continue;
    const out = await settleBatchIn(q, touched, engine, side, { items, date: String(line.date), bankAccountId: String(line.bankAccountId), comment: `Conciliação: ${String(line.memo)}`.slice(0, 500) }, principal);
    ids.push(...out.transactions.map((t) => t.id));
  }
  const [record] = await reconcileWith(q, engine, [line], ids, principal, touched);
  return record;
}

/** `POST reconcilables/{id}/match`: to movements already in the system, or to parcelas paid/received now. */
export async function matchLine(engine: Engine, id: string, input: MatchInput, principal: Principal) {
  requireCan(principal, RECONCILE_PERMISSION, 'update', 'conciliar', WHERE);
  return inTransaction(engine, async (q, touched) => {
    const line = await lockLine(q, engine, id, principal, input.version);
    return matchIn(q, engine, line, input, principal, touched);
  });
}

/**
 * `POST bank-accounts/{id}/reconciliation/match-many` (N:1, D79): several pending lines of this account settled by
 * the same movement(s) — the bank split one payment in two debits, two deposits for one receipt. The lines are
 * locked in id order, each at the version the client saw.
 */
export async function matchMany(engine: Engine, bankAccountId: string, input: { lines: { id: string; version: number }[]; transactionIds: string[] }, principal: Principal) {
  requireCan(principal, RECONCILE_PERMISSION, 'update', 'conciliar', WHERE);
  return inTransaction(engine, async (q, touched) => {
    const account = await loadAccount(q, engine, bankAccountId, principal, true);
    const def = engine.registry.get('reconcilables')!;
    const lines: ResourceRecord[] = [];
    for (const item of [...input.lines].sort((x, y) => x.id.localeCompare(y.id))) {
      const line = await getRecord(q, def, item.id, principal, { forUpdate: true });
      if (!line) throw notFound(RECONCILE_MESSAGES.lineNotFound);
      if (line.bankAccountId !== account.id) throw new HttpError(409, 'MATCH_REFUSED', RECONCILE_MESSAGES.lineOtherAccount(brDate(String(line.date)), money(Number(line.amount))), { [item.id]: [RECONCILE_MESSAGES.lineOtherAccount(brDate(String(line.date)), money(Number(line.amount)))] });
      if (line.version !== item.version) throw new HttpError(409, 'VERSION_CONFLICT', RECONCILE_MESSAGES.stale, undefined, undefined, { id: line.id, currentVersion: line.version });
      requirePending(line);
      lines.push(line);
    }
    lines.sort((x, y) => String(x.date).localeCompare(String(y.date)) || Number(x.amount) - Number(y.amount));
    return { records: await reconcileWith(q, engine, lines, input.transactionIds, principal, touched) };
  });
}

interface BulkLine {
  lineId: string;
  date: string;
  amount: number;
  memo: string;
}

/**
 * `POST bank-accounts/{id}/reconciliation/accept-suggestions` (D79): every pending line of the period whose best
 * suggestion has high confidence (≥ 80) is matched to it, in one transaction. A suggestion whose movement or
 * parcela an earlier line of the same batch took is skipped (never two lines on one target); a line the match
 * refuses (a parcela changed meanwhile, no permission to pay) is skipped with the reason, its writes undone by a
 * savepoint. `preview` rehearses the very same work inside a savepoint it then rolls back: its lists — including the
 * lines a settlement would refuse (a parcela changed meanwhile, no permission to receive) — are what the accept
 * would answer at that moment, and nothing is written.
 */
export async function acceptSuggestions(engine: Engine, bankAccountId: string, input: { from?: string; to?: string; preview: boolean }, principal: Principal) {
  requireCan(principal, RECONCILE_PERMISSION, 'update', 'conciliar', WHERE);
  const { from, to } = periodOf(input);
  return inTransaction(engine, async (q, touched) => {
    const account = await loadAccount(q, engine, bankAccountId, principal, true);
    const { lines } = await linesOf(q, account, from, to);
    if (input.preview) await q.query('SAVEPOINT accept_preview');
    const used = new Map<string, WorkspaceLine>();
    const matched: (BulkLine & { suggestion: { kind: Suggestion['kind']; ids: string[]; label: string; score: number } })[] = [];
    const skipped: (BulkLine & { reason: string })[] = [];
    for (const line of lines) {
      const best = line.status === 'PENDENTE' ? line.suggestions[0] : undefined;
      if (!best || best.confidence !== 'alta') continue;
      const about: BulkLine = { lineId: line.id, date: line.date, amount: line.amount, memo: line.memo };
      const taken = best.ids.map((id) => used.get(id)).find(Boolean);
      if (taken) {
        skipped.push({ ...about, reason: RECONCILE_MESSAGES.bulkTaken(best.label, brDate(taken.date), taken.memo, money(taken.amount)) });
        continue;
      }
      await q.query('SAVEPOINT accept_suggestion');
      try {
        const locked = await lockLine(q, engine, line.id, principal, line.version);
        await matchIn(q, engine, locked, inputOf(best), principal, touched);
        await q.query('RELEASE SAVEPOINT accept_suggestion');
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        await q.query('ROLLBACK TO SAVEPOINT accept_suggestion');
        skipped.push({ ...about, reason: err.message });
        continue;
      }
      for (const id of best.ids) used.set(id, line);
      matched.push({ ...about, suggestion: { kind: best.kind, ids: best.ids, label: best.label, score: best.score } });
    }
    if (input.preview) await q.query('ROLLBACK TO SAVEPOINT accept_preview');
    return { preview: input.preview, from, to, matched, skipped, total: matched.reduce((s, m) => s + m.amount, 0) };
  });
}

/** The match body of a suggestion, as the screen sends it. */
function inputOf(s: Suggestion): MatchInput {
  if (s.kind === 'transaction' || s.kind === 'batch') return { transactionIds: s.ids };
  return { installments: [{ kind: s.kind === 'payable-installment' ? 'payable' : 'receivable', id: s.ids[0], version: s.version ?? 0 }] };
}

/** A manual movement of `amount` on the line's date (fee, IOF, yield, the rest of a split), posted to the ledger. */
async function manualMovement(q: Queryable, engine: Engine, line: ResourceRecord, amount: number, description: string | null, principal: Principal, touched: Touched, extras: MovementExtras = {}): Promise<string> {
  const account = await accountFor(q, engine, String(line.bankAccountId), String(line.date), principal, 'date');
  const [movement] = await insertRows(q, engine.registry.get('bank-transactions')!, [
    {
      organizationId: account.organizationId,
      bankAccountId: account.id,
      date: line.date,
      amount,
      description: (description || String(line.memo) || 'Lançamento do extrato').slice(0, 300),
      documentNumber: line.documentNumber ? String(line.documentNumber).slice(0, 60) : null,
      origin: 'MANUAL',
      reversed: false,
      expenseCategoryId: extras.expenseCategoryId ?? null,
      revenueCategoryId: extras.revenueCategoryId ?? null,
      costCenterId: extras.costCenterId ?? null,
      companyId: extras.companyId ?? null,
    },
  ], principal.userId);
  await syncManualMovement(q, movement.id, principal.userId);
  touched.add('bank-transactions');
  return movement.id;
}

/** A manual movement for the line (fee, IOF, yield), posted to the ledger, and the line reconciled with it. */
export async function createEntryIn(q: Queryable, engine: Engine, line: ResourceRecord, description: string | null, principal: Principal, touched: Touched, extras: MovementExtras = {}) {
  requirePending(line);
  const id = await manualMovement(q, engine, line, Number(line.amount), description, principal, touched, extras);
  const [record] = await reconcileWith(q, engine, [line], [id], principal, touched);
  return record;
}

/**
 * `POST reconcilables/{id}/split` (D80): the line is part one or more movements already in the system, and the rest
 * (same direction, smaller) a new manual movement on the line's date posted to the ledger — a debit that paid a
 * supplier and a fee together. One transaction: the movements are checked, the rest created, the line reconciled
 * with all of them.
 */
export async function splitLine(engine: Engine, id: string, input: { version?: number; transactionIds: string[]; description?: string | null }, principal: Principal) {
  requireCan(principal, RECONCILE_PERMISSION, 'update', 'conciliar', WHERE);
  return inTransaction(engine, async (q, touched) => {
    const line = await lockLine(q, engine, id, principal, input.version);
    requirePending(line);
    const unique = [...new Set(input.transactionIds.map((i) => i.toLowerCase()))];
    const { rows } = await q.query<{ id: string; amount: number }>(
      `SELECT id, amount::int AS amount FROM bank_transactions WHERE id = ANY($1::uuid[]) AND bank_account_id = $2::uuid AND deleted_at IS NULL AND NOT reversed`,
      [unique, line.bankAccountId],
    );
    const missing = unique.find((m) => !rows.some((r) => r.id === m));
    if (missing) throw new HttpError(409, 'MATCH_REFUSED', RECONCILE_MESSAGES.movementNotFound, { [missing]: [RECONCILE_MESSAGES.movementNotFound] });
    const sum = rows.reduce((s, r) => s + Number(r.amount), 0);
    const amount = Number(line.amount);
    const rest = amount - sum;
    if (rest === 0 || Math.sign(rest) !== Math.sign(amount) || Math.sign(sum) !== Math.sign(amount)) {
      throw new HttpError(409, 'MATCH_AMOUNT', RECONCILE_MESSAGES.splitAmount(money(sum), money(amount)), undefined, undefined, { linesTotal: amount, movementsTotal: sum });
    }
    const restId = await manualMovement(q, engine, line, rest, input.description ?? null, principal, touched);
    const [record] = await reconcileWith(q, engine, [line], [...unique, restId], principal, touched);
    return { record, created: { id: restId, amount: rest } };
  });
}

export async function createEntry(engine: Engine, id: string, input: { version?: number; description?: string | null }, principal: Principal) {
  requireCan(principal, RECONCILE_PERMISSION, 'update', 'conciliar', WHERE);
  return inTransaction(engine, async (q, touched) => {
    const line = await lockLine(q, engine, id, principal, input.version);
    return createEntryIn(q, engine, line, input.description ?? null, principal, touched);
  });
}

export async function setIgnored(engine: Engine, id: string, version: number | undefined, principal: Principal) {
  requireCan(principal, RECONCILE_PERMISSION, 'update', 'conciliar', WHERE);
  return inTransaction(engine, async (q, touched) => {
    const line = await lockLine(q, engine, id, principal, version);
    requirePending(line);
    touched.add('reconcilables');
    return updateRow(q, engine.registry.get('reconcilables')!, line, { status: 'IGNORADO', reconciledAt: new Date().toISOString(), reconciledBy: principal.userId }, principal.userId);
  });
}

/**
 * `POST reconcilables/{id}/unmatch`: back to pending; the movements stay (a manual one is deleted through its own
 * API). The other lines reconciled with the same movements (an N:1 group, D79) go back to pending with it.
 */
export async function unmatchLine(engine: Engine, id: string, version: number | undefined, principal: Principal) {
  requireCan(principal, RECONCILE_PERMISSION, 'update', 'desfazer conciliações', WHERE);
  return inTransaction(engine, async (q, touched) => {
    const line = await lockLine(q, engine, id, principal, version);
    if (line.status === 'PENDENTE') throw new HttpError(409, 'INVALID_TRANSITION', RECONCILE_MESSAGES.notReconciled);
    const def = engine.registry.get('reconcilables')!;
    const ids = ((line.transactionIds as string[] | null) ?? []).map(String);
    const { rows } = ids.length
      ? await q.query<{ id: string }>(
          `SELECT id FROM reconcilables WHERE bank_account_id = $1::uuid AND deleted_at IS NULL AND id <> $2::uuid AND status = 'CONCILIADO' AND transaction_ids ?| $3::text[] ORDER BY id`,
          [line.bankAccountId, line.id, ids],
        )
      : { rows: [] };
    touched.add('reconcilables');
    const back = { status: 'PENDENTE', transactionIds: [], reconciledAt: null, reconciledBy: null };
    const record = await updateRow(q, def, line, back, principal.userId);
    const group: string[] = [];
    for (const r of rows) {
      const other = await getRecord(q, def, r.id, principal, { forUpdate: true });
      if (!other) continue;
      await updateRow(q, def, other, back, principal.userId);
      group.push(other.id);
    }
    return { record, group };
  });
}

/** `POST bank-accounts/{id}/reconciliation/apply-rules`: every pending line a rule catches becomes its movement, all in one transaction. */
export async function applyRules(engine: Engine, bankAccountId: string, preview: boolean, principal: Principal) {
  requireCan(principal, RECONCILE_PERMISSION, 'update', 'conciliar', WHERE);
  return inTransaction(engine, async (q, touched) => {
    const account = await loadAccount(q, engine, bankAccountId, principal, !preview);
    const rules = await rulesOf(q, account);
    const def = engine.registry.get('reconcilables')!;
    const { rows } = await q.query<{ id: string }>(`SELECT id FROM reconcilables WHERE bank_account_id = $1::uuid AND status = 'PENDENTE' AND deleted_at IS NULL ORDER BY date, id`, [account.id]);
    const hits: (ReturnType<typeof ruleHit> & { lineId: string; amount: number; memo: string })[] = [];
    for (const { id } of rows) {
      const line = (await getRecord(q, def, id, principal, { forUpdate: !preview }))!;
      const amount = Number(line.amount);
      const rule = ruleFor({ memo: String(line.memo), amount }, rules);
      if (!rule) continue;
      hits.push({ lineId: id, ...ruleHit(rule, amount), amount, memo: String(line.memo) });
      if (!preview) await createEntryIn(q, engine, line, rule.entryDescription, principal, touched, extrasOf(rule, amount));
    }
    return { preview, applied: hits };
  });
}

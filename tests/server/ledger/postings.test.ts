import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, loginOk } from '../identity/helpers.ts';
import { createTestApp, type TestContext } from '../helper.ts';
import { apiFor, demoRefs, workflowUsers, type Api } from '../finance/workflow-helpers.ts';
import { cashAgainstStatements, ledgerInvariants } from './helpers.ts';

type Json = Record<string, unknown> & { id: string; version: number };
type Line = { code: string; debit: number; credit: number; bank: string | null };

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
const FR = '/api/finance-reporting/v1';

/**
 * The finance actions post to the general ledger in their own transaction (server/ledger): accrual on approval,
 * settlement with its bank movement, estorno mirrored, cancellation adjusted, manual movements, opening balances;
 * a posting refused (no mapping, closed period) undoes the action.
 */
describe('ledger postings of the finance actions', () => {
  let ctx: TestContext;
  let clerk: Api, approver: Api, treasurer: Api, admin: Api;
  let refs: Awaited<ReturnType<typeof demoRefs>>;
  let account: string;
  let body: Record<string, unknown>;

  /** Lines of the entries of a document (or of entries matching `where`), with the account code, in posting order. */
  const linesOf = async (where: string, params: unknown[]) =>
    (await ctx.db.query<{ kind: string; date: string; lines: Line[] }>(
      `SELECT e.kind, e.date, json_agg(json_build_object('code', a.code, 'debit', l.debit, 'credit', l.credit, 'bank', l.bank_account_id) ORDER BY l.line_no) AS lines
         FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id JOIN ledger_accounts a ON a.id = l.ledger_account_id
        WHERE ${where} GROUP BY e.id, e.kind, e.date, e.created_at ORDER BY e.created_at, min(l.id)`,
      params,
    )).rows;
  const categoryCode = async (table: string, id: string) =>
    (await ctx.db.query<{ code: string }>(`SELECT a.code FROM ${table} c JOIN ledger_accounts a ON a.id = c.ledger_account_id WHERE c.id = $1`, [id])).rows[0].code;
  const parcels = async (payableId: string) => clerk.json<Json[]>(`/payable-installments?filter[payableId][eq]=${payableId}&sort=number`);

  async function approvedPayable(extra: Record<string, unknown> = {}) {
    let p = (await clerk.post('/payables', { ...body, ...extra })).json() as Json;
    p = (await clerk.post(`/payables/${p.id}/submit`, {}, p.version)).json().record;
    const res = await approver.post(`/payables/${p.id}/approve`, { comment: 'Ok' }, p.version);
    return { res, p: res.statusCode === 200 ? (res.json().record as Json) : p };
  }

  beforeAll(async () => {
    ctx = await createTestApp();
    const users = await workflowUsers(ctx);
    [clerk, approver, treasurer] = [users.clerk, users.approver, users.treasurer].map((u) => apiFor(ctx, u.token));
    admin = apiFor(ctx, (await loginOk(ctx.app, ADMIN)).accessToken);
    refs = await demoRefs(ctx);
    const created = await admin.post('/bank-accounts', {
      organizationId: refs.organizationId, name: 'Conta do teste do razão', type: 'CAIXA', openingBalance: 500000, openingBalanceDate: '2025-01-01', active: true,
    });
    if (created.statusCode !== 201) throw new Error(`conta do teste: ${created.body}`);
    account = created.json().id;
    body = {
      organizationId: refs.organizationId, supplierId: refs.supplierId, documentType: 'BOLETO', documentNumber: 'NF 7001', issueDate: '2025-03-10',
      competence: '2025-03', description: 'Consultoria contábil', amount: 100000, installmentCount: 1, firstDueDate: '2025-04-10',
      costCenterId: refs.costCenterId, categoryId: refs.expenseCategoryId, paymentMethod: 'BOLETO',
    };
  }, 180_000);
  afterAll(() => ctx.close());

  it('posts the opening balance of a new bank account against the equity, not as a cash flow', async () => {
    expect(await linesOf('e.document_id = $1', [account])).toEqual([
      { kind: 'ABERTURA', date: '2025-01-01', lines: [{ code: '1.1.01.002', debit: 500000, credit: 0, bank: account }, { code: '2.3.01.001', debit: 0, credit: 500000, bank: null }] },
    ]);
  });

  it('accrues on approval (in the competence month), settles with the payment, mirrors the estorno and adjusts on cancel', async () => {
    const expense = await categoryCode('expense_categories', refs.expenseCategoryId);
    const { res, p } = await approvedPayable();
    expect(res.statusCode).toBe(200);
    expect(await linesOf('e.document_id = $1', [p.id])).toEqual([
      { kind: 'APROPRIACAO', date: '2025-03-10', lines: [{ code: expense, debit: 100000, credit: 0, bank: null }, { code: '2.1.01.001', debit: 0, credit: 100000, bank: null }] },
    ]);
    let [one] = await parcels(p.id);
    one = (await treasurer.post('/payable-installments/authorize', { items: [{ id: one.id, version: one.version }] })).json().installments[0];
    const pay = await treasurer.post('/payable-installments/pay', { items: [{ id: one.id, version: one.version, interest: 500, fine: 300, discount: 200 }], paidAt: today, bankAccountId: account });
    expect(pay.statusCode).toBe(201);
    const movement = pay.json().transactions[0] as Json;
    expect(movement.amount).toBe(-100600);
    const settlement = await linesOf('e.bank_transaction_id = $1', [movement.id]);
    expect(settlement).toEqual([{
      kind: 'BAIXA', date: today,
      lines: [
        { code: '2.1.01.001', debit: 100000, credit: 0, bank: null },
        { code: '4.3.01.001', debit: 800, credit: 0, bank: null },
        { code: '3.4.01.002', debit: 0, credit: 200, bank: null },
        { code: '1.1.01.002', debit: 0, credit: 100600, bank: account },
      ],
    }]);

    one = pay.json().installments[0];
    const rev = await treasurer.post(`/payable-installments/${one.id}/reverse`, { comment: 'Pago em duplicidade' }, one.version);
    expect(rev.statusCode).toBe(200);
    const estorno = await linesOf(`e.kind = 'ESTORNO' AND e.document_id = $1`, [p.id]);
    expect(estorno).toEqual([{ kind: 'ESTORNO', date: today, lines: settlement[0].lines.map((l) => ({ ...l, debit: l.credit, credit: l.debit })) }]);

    const header = await clerk.json<Json>(`/payables/${p.id}`);
    expect((await admin.post(`/payables/${p.id}/cancel`, { comment: 'Serviço não prestado' }, header.version)).statusCode).toBe(200);
    const adjust = await linesOf(`e.kind = 'AJUSTE' AND e.document_id = $1`, [p.id]);
    expect(adjust).toEqual([{ kind: 'AJUSTE', date: today, lines: [{ code: expense, debit: 0, credit: 100000, bank: null }, { code: '2.1.01.001', debit: 100000, credit: 0, bank: null }] }]);
    // Every account of the document nets to zero: nothing recognized, nothing paid.
    const net = await ctx.db.query<{ s: number }>(`SELECT ledger_account_id, sum(debit - credit)::bigint AS s FROM journal_lines WHERE document_id = $1 GROUP BY 1 HAVING sum(debit - credit) <> 0`, [p.id]);
    expect(net.rows).toEqual([]);
  });

  it('recognizes a receivable when registered and a manual movement when written; edits reverse and re-post', async () => {
    const r = await clerk.post('/receivables', {
      organizationId: refs.organizationId, customerId: refs.supplierId, documentType: 'NFSE', issueDate: '2025-05-20', competence: '2025-05',
      description: 'Projeto de implantação', amount: 250000, installmentCount: 2, firstDueDate: '2025-06-20', costCenterId: refs.costCenterId,
      categoryId: refs.revenueCategoryId, paymentMethod: 'BOLETO',
    });
    expect(r.statusCode).toBe(201);
    const revenue = await categoryCode('revenue_categories', refs.revenueCategoryId);
    expect(await linesOf('e.document_id = $1', [r.json().id])).toEqual([
      { kind: 'APROPRIACAO', date: '2025-05-20', lines: [{ code: '1.1.02.001', debit: 250000, credit: 0, bank: null }, { code: revenue, debit: 0, credit: 250000, bank: null }] },
    ]);

    const fee = await admin.post('/transactions', { bankAccountId: account, date: '2025-06-05', amount: -4590, description: 'Tarifa de TED' });
    expect(fee.statusCode).toBe(201);
    const m = fee.json() as Json;
    expect(await linesOf('e.bank_transaction_id = $1', [m.id])).toEqual([
      { kind: 'MOVIMENTO', date: '2025-06-05', lines: [{ code: '1.1.01.002', debit: 0, credit: 4590, bank: account }, { code: '4.3.01.002', debit: 4590, credit: 0, bank: null }] },
    ]);
    expect((await admin.patch(`/transactions/${m.id}`, { amount: -4990 }, m.version)).statusCode).toBe(200);
    const after = await linesOf('e.bank_transaction_id = $1', [m.id]);
    expect(after.map((e) => [e.kind, e.date, e.lines[0]])).toEqual([
      ['MOVIMENTO', '2025-06-05', { code: '1.1.01.002', debit: 0, credit: 4590, bank: account }],
      ['ESTORNO', '2025-06-05', { code: '1.1.01.002', debit: 4590, credit: 0, bank: account }],
      ['MOVIMENTO', '2025-06-05', { code: '1.1.01.002', debit: 0, credit: 4990, bank: account }],
    ]);
    expect((await cashAgainstStatements(ctx, '2025-06-30')).filter((x) => x.ledger !== x.bank)).toEqual([]);
  });

  it('rolls the action back when its posting is refused (no ledger account for suppliers)', async () => {
    const saved = (await ctx.db.query('SELECT * FROM ledger_posting_accounts WHERE role = $1', ['FORNECEDORES'])).rows[0] as Record<string, unknown>;
    await ctx.db.query(`DELETE FROM ledger_posting_accounts WHERE role = 'FORNECEDORES'`);
    try {
      const { res, p } = await approvedPayable({ description: 'Sem conta de fornecedores' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'LEDGER_NOT_CONFIGURED', message: 'A conta contábil de "Fornecedores" não está configurada nas regras de contabilização.' });
      expect((await clerk.json<Json>(`/payables/${p.id}`)).status).toBe('ABERTO');
      expect((await parcels(p.id)).map((x) => x.status)).toEqual(['ABERTO']);
      expect(await linesOf('e.document_id = $1', [p.id])).toEqual([]);
    } finally {
      await ctx.db.query('INSERT INTO ledger_posting_accounts (role, ledger_account_id) VALUES ($1, $2)', ['FORNECEDORES', saved.ledger_account_id]);
    }
  });

  it('keeps a draft of a category without ledger account editable, and refuses its approval naming the category', async () => {
    const { rows } = await ctx.db.query<{ id: string }>(
      `INSERT INTO expense_categories (code, name, type, dfc_class, dfc_line, active) VALUES ('9.99', 'Categoria sem conta', 'A', 'OPERACIONAL', 'PAGAMENTOS_FORNECEDORES', true) RETURNING id`,
    );
    let p = (await clerk.post('/payables', { ...body, categoryId: rows[0].id, description: 'Sem conta contábil' })).json() as Json;
    const edited = await clerk.patch(`/payables/${p.id}`, { description: 'Sem conta contábil (revisto)' }, p.version);
    expect(edited.statusCode).toBe(200);
    p = (await clerk.post(`/payables/${p.id}/submit`, {}, edited.json().version)).json().record;
    const res = await approver.post(`/payables/${p.id}/approve`, {}, p.version);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A categoria "Categoria sem conta" não tem conta contábil: informe a conta contábil da categoria antes de continuar.');
    expect((await clerk.json<Json>(`/payables/${p.id}`)).status).toBe('ABERTO');
  });

  it('refuses postings into a closed period (the action with them) and takes them again once reopened', async () => {
    const { p } = await approvedPayable({ description: 'Pagamento no período fechado' });
    let [one] = await parcels(p.id);
    one = (await treasurer.post('/payable-installments/authorize', { items: [{ id: one.id, version: one.version }] })).json().installments[0];
    const month = today.slice(0, 7);
    expect((await approver.post(`${FR}/ledger-closings`, { organizationId: refs.organizationId, month })).statusCode).toBe(403);
    expect((await admin.post(`${FR}/ledger-closings`, { organizationId: refs.organizationId, month: '2025-13' })).statusCode).toBe(400);
    expect((await admin.post(`${FR}/ledger-closings`, { organizationId: refs.organizationId, month })).statusCode).toBe(201);
    expect((await admin.post(`${FR}/ledger-closings`, { organizationId: refs.organizationId, month })).statusCode).toBe(409);

    const movementsBefore = (await ctx.db.query('SELECT count(*)::int AS n FROM bank_transactions')).rows[0];
    const pay = await treasurer.post('/payable-installments/pay', { items: [{ id: one.id, version: one.version }], paidAt: today, bankAccountId: account });
    expect(pay.statusCode).toBe(409);
    expect(pay.json().code).toBe('PERIOD_CLOSED');
    expect(pay.json().message).toContain(`O período ${month.slice(5, 7)}/${month.slice(0, 4)} está fechado`);
    expect((await ctx.db.query('SELECT count(*)::int AS n FROM bank_transactions')).rows[0]).toEqual(movementsBefore);
    expect((await parcels(p.id))[0].status).toBe('AUTORIZADO');
    const manual = await admin.post('/transactions', { bankAccountId: account, date: today, amount: 1000, description: 'Rendimento' });
    expect(manual.statusCode).toBe(409);
    // The database refuses it too, whatever the path.
    await expect(ctx.db.query(
      `INSERT INTO journal_entries (organization_id, date, competence, kind, description, document_resource, document_id) VALUES ($1, $2, $3, 'MOVIMENTO', 'x', 'bank-transactions', $1)`,
      [refs.organizationId, today, `${month}-01`],
    )).rejects.toThrow(/está fechado/);

    expect((await admin.del(`${FR}/ledger-closings/${refs.organizationId}/${month}`)).statusCode).toBe(204);
    expect((await treasurer.post('/payable-installments/pay', { items: [{ id: one.id, version: one.version }], paidAt: today, bankAccountId: account })).statusCode).toBe(201);
  });

  it('keeps every invariant after all of it', async () => {
    const inv = await ledgerInvariants(ctx);
    expect(inv).toEqual({ unbalanced: [], trial: 0, summaryDrift: [] });
    expect((await cashAgainstStatements(ctx, '2100-01-01')).filter((x) => x.ledger !== x.bank)).toEqual([]);
  });
});

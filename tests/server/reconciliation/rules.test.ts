import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helper.ts';
import { createUser } from '../resources/helpers.ts';
import { apiFor, count, demoRefs, freshAccount, type Api } from '../finance/workflow-helpers.ts';
import { upload } from './helpers.ts';
import { ADMIN, loginOk } from '../identity/helpers.ts';

type Json = Record<string, unknown> & { id: string; version: number };
type Line = Json & { amount: number; status: string; memo: string; transactionIds: string[] };

const READ = (...names: string[]) => names.map((name) => ({ name, scopes: ['read'] }));

function ofx(lines: { date: string; amount: number; memo: string }[], tag: string): Buffer {
  const trn = lines
    .map((l, i) => `<STMTTRN>\n<TRNTYPE>${l.amount < 0 ? 'DEBIT' : 'CREDIT'}\n<DTPOSTED>${l.date.replaceAll('-', '')}\n<TRNAMT>${(l.amount / 100).toFixed(2)}\n<FITID>${tag}-${i}\n<MEMO>${l.memo}\n</STMTTRN>`)
    .join('\n');
  return Buffer.from(
    `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nCHARSET:1252\n\n<OFX>\n<BANKMSGSRSV1>\n<STMTTRNRS>\n<STMTRS>\n<CURDEF>BRL\n<BANKACCTFROM>\n<BANKID>0341\n<BRANCHID>1234\n<ACCTID>567890\n</BANKACCTFROM>\n<BANKTRANLIST>\n${trn}\n</BANKTRANLIST>\n</STMTRS>\n</STMTTRNRS>\n</BANKMSGSRSV1>\n</OFX>\n`,
  );
}

/** Rules with category, cost center and counterpart (D81), applied on import with a preview; no estorno of a reconciled receipt. */
describe('reconciliation rules (D81)', () => {
  let ctx: TestContext;
  let token: string;
  let api: Api, admin: Api;
  let importerToken: string;
  let refs: Awaited<ReturnType<typeof demoRefs>>;
  let expense: { id: string; name: string; ledger: string };
  let revenue: { id: string; name: string; ledger: string };
  let company: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    refs = await demoRefs(ctx);
    const refsRead = READ('bank-transactions', 'statement-imports', 'bank-accounts', 'receivable-installments', 'companies', 'cost-centers', 'expense-categories', 'revenue-categories', 'organizations');
    token = (await createUser(ctx, { resources: [{ name: 'reconcilables', scopes: ['create', 'read', 'update'] }, { name: 'receivables', scopes: ['create', 'read', 'update'] }, { name: 'reconciliation-rules', scopes: ['create', 'read', 'update', 'delete'] }, ...refsRead] })).token;
    api = apiFor(ctx, token);
    importerToken = (await createUser(ctx, { resources: [{ name: 'reconcilables', scopes: ['create', 'read'] }, ...refsRead] })).token;
    admin = apiFor(ctx, (await loginOk(ctx.app, ADMIN)).accessToken);
    const one = async <T,>(sql: string, params: unknown[] = []) => (await ctx.db.query<T>(sql, params)).rows[0];
    expense = await one(`SELECT id, name, ledger_account_id AS ledger FROM expense_categories WHERE type = 'A' AND active AND ledger_account_id IS NOT NULL AND deleted_at IS NULL ORDER BY code LIMIT 1`);
    revenue = await one(`SELECT id, name, ledger_account_id AS ledger FROM revenue_categories WHERE type = 'A' AND active AND ledger_account_id IS NOT NULL AND deleted_at IS NULL ORDER BY code LIMIT 1`);
    company = refs.supplierId;
  });
  afterAll(() => ctx.close());

  const board = async (account: string) => (await api.json<{ lines: Line[] }>(`/bank-accounts/${account}/reconciliation?from=2026-03-01&to=2026-03-31`)).lines;

  async function rule(account: string, body: Record<string, unknown>) {
    const res = await api.post('/reconciliation-rules', { organizationId: refs.organizationId, bankAccountId: account, position: 1, direction: 'AMBOS', active: true, ...body });
    expect(res.statusCode).toBe(201);
    return res.json() as Json;
  }

  it('a rule with category, cost center and counterpart: the preview names it; the import applies it; the entry goes to the category account', async () => {
    const account = await freshAccount(ctx, refs.organizationId, 'Regras na importação');
    await rule(account, { name: 'Tarifa PIX', memoContains: 'tarifa pix', direction: 'DEBITO', amountMax: 1000, entryDescription: 'Tarifa PIX', expenseCategoryId: expense.id, costCenterId: refs.costCenterId, companyId: company });
    await rule(account, { name: 'Rendimento', position: 2, memoContains: 'rendimento', direction: 'CREDITO', revenueCategoryId: revenue.id, costCenterId: refs.costCenterId });
    const file = ofx([
      { date: '2026-03-03', amount: -350, memo: 'TARIFA PIX ENVIADO' },
      { date: '2026-03-04', amount: -99000, memo: 'TARIFA PIX LOTE' },
      { date: '2026-03-05', amount: 1234, memo: 'RENDIMENTO APLIC AUT' },
      { date: '2026-03-06', amount: -50000, memo: 'PAGAMENTO BOLETO' },
    ], `rules${Date.now()}`);

    const preview = await upload(ctx, token, account, 'extrato.ofx', file, { preview: 'true' });
    expect(preview.statusCode).toBe(200);
    const p = preview.json();
    expect(p.ruleHits).toEqual({ count: 2, total: -350 + 1234 });
    expect(p.items.map((i: Json) => [i.amount, (i.rule as Json | null)?.rule ?? null, (i.rule as Json | null)?.category ?? null])).toEqual([
      [-350, 'Tarifa PIX', expense.name],
      [-99000, null, null], // above "valor até"
      [1234, 'Rendimento', revenue.name],
      [-50000, null, null],
    ]);
    expect(await count(ctx, 'reconcilables', 'bank_account_id = $1', [account])).toBe(0);

    // Without update on the lines, applying the rules on import is refused (and nothing is written).
    const refused = await upload(ctx, importerToken, account, 'extrato.ofx', file, { applyRules: 'true' });
    expect(refused.statusCode).toBe(403);
    expect(await count(ctx, 'reconcilables', 'bank_account_id = $1', [account])).toBe(0);
    expect((await upload(ctx, token, account, 'extrato.ofx', file, { applyRules: 'talvez' })).statusCode).toBe(400);

    const res = await upload(ctx, token, account, 'extrato.ofx', file, { applyRules: 'true' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ lines: 4, ruled: 2 });
    const lines = await board(account);
    expect(lines.map((l) => [l.amount, l.status])).toEqual([[-350, 'CONCILIADO'], [-99000, 'PENDENTE'], [1234, 'CONCILIADO'], [-50000, 'PENDENTE']]);

    const fee = lines.find((l) => l.amount === -350)!;
    const [move] = await admin.json<Json[]>(`/transactions?filter[id][eq]=${fee.transactionIds[0]}`);
    expect(move).toMatchObject({ origin: 'MANUAL', amount: -350, date: '2026-03-03', description: 'Tarifa PIX', expenseCategoryId: expense.id, revenueCategoryId: null, costCenterId: refs.costCenterId, companyId: company });
    const { rows: jl } = await ctx.db.query<{ ledger: string; debit: number; credit: number; cc: string | null; party: string | null; cat: string | null; bank: string | null }>(
      `SELECT l.ledger_account_id AS ledger, l.debit::int AS debit, l.credit::int AS credit, l.cost_center_id AS cc, l.party_id AS party, l.category_id AS cat, l.bank_account_id AS bank
         FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id WHERE e.bank_transaction_id = $1 ORDER BY l.debit DESC`,
      [move.id],
    );
    expect(jl).toEqual([
      { ledger: expense.ledger, debit: 350, credit: 0, cc: refs.costCenterId, party: company, cat: expense.id, bank: null },
      expect.objectContaining({ debit: 0, credit: 350, bank: account }),
    ]);

    const yieldLine = lines.find((l) => l.amount === 1234)!;
    const { rows: yl } = await ctx.db.query<{ ledger: string; credit: number; cat: string | null }>(
      `SELECT l.ledger_account_id AS ledger, l.credit::int AS credit, l.category_id AS cat FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id WHERE e.bank_transaction_id = $1 AND l.credit > 0`,
      [yieldLine.transactionIds[0]],
    );
    expect(yl).toEqual([{ ledger: revenue.ledger, credit: 1234, cat: revenue.id }]);
  });

  it('without "aplicar regras" the new lines stay pending; apply-rules later uses the category too; a rule without category keeps the fee account', async () => {
    const account = await freshAccount(ctx, refs.organizationId, 'Regras depois');
    await rule(account, { name: 'IOF', memoContains: 'iof', direction: 'DEBITO', expenseCategoryId: expense.id });
    await rule(account, { name: 'Juros', position: 2, memoContains: 'juros', direction: 'DEBITO' });
    const res = await upload(ctx, token, account, 'extrato.ofx', ofx([{ date: '2026-03-10', amount: -1200, memo: 'IOF ADICIONAL' }, { date: '2026-03-11', amount: -800, memo: 'JUROS CHEQUE ESPECIAL' }], `later${Date.now()}`));
    expect(res.json()).toMatchObject({ lines: 2, ruled: 0 });
    expect((await board(account)).every((l) => l.status === 'PENDENTE')).toBe(true);
    const preview = await api.post(`/bank-accounts/${account}/reconciliation/apply-rules`, { preview: true });
    expect(preview.json().applied.map((h: Json) => [h.rule, h.category])).toEqual([['IOF', expense.name], ['Juros', null]]);
    await api.post(`/bank-accounts/${account}/reconciliation/apply-rules`, {});
    const lines = await board(account);
    const ledgerOf = async (line: Line) =>
      (await ctx.db.query<{ ledger: string }>(`SELECT l.ledger_account_id AS ledger FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id WHERE e.bank_transaction_id = $1 AND l.debit > 0`, [line.transactionIds[0]])).rows[0].ledger;
    const { rows: role } = await ctx.db.query<{ ledger: string }>(`SELECT ledger_account_id AS ledger FROM ledger_posting_accounts WHERE role = 'MOVIMENTO_SAIDA'`);
    expect(await ledgerOf(lines.find((l) => l.amount === -1200)!)).toBe(expense.ledger);
    expect(await ledgerOf(lines.find((l) => l.amount === -800)!)).toBe(role[0].ledger);
  });

  it('refuses a rule whose "valor de" is above "valor até", and an unknown field', async () => {
    const account = await freshAccount(ctx, refs.organizationId, 'Regra inválida');
    const bad = await api.post('/reconciliation-rules', { organizationId: refs.organizationId, bankAccountId: account, name: 'X', position: 1, memoContains: 'xx', direction: 'AMBOS', amountMin: 500, amountMax: 100, active: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.amountMax).toBeDefined();
    expect((await api.post('/reconciliation-rules', { organizationId: refs.organizationId, name: 'Z', position: 1, memoContains: 'zz', direction: 'AMBOS', active: true, categoria: 'x' })).statusCode).toBe(400);
  });

  it('refuses the estorno of a receipt reconciled with the bank statement (409); after unmatch it goes through', async () => {
    const account = await freshAccount(ctx, refs.organizationId, 'Estorno conciliado');
    const imported = await upload(ctx, token, account, 'extrato.ofx', ofx([{ date: '2026-03-05', amount: 77700, memo: 'PIX RECEBIDO CLIENTE' }], `rev${Date.now()}`));
    expect(imported.statusCode).toBe(201);
    const created = await api.post('/receivables', {
      organizationId: refs.organizationId, customerId: refs.supplierId, documentType: 'NFSE', documentNumber: `EST-${Date.now()}`, issueDate: '2026-02-01', competence: '2026-02',
      description: 'Serviço recebido por PIX', amount: 77700, installmentCount: 1, firstDueDate: '2026-03-05', costCenterId: refs.costCenterId, categoryId: refs.revenueCategoryId, paymentMethod: 'PIX',
    });
    expect(created.statusCode).toBe(201);
    const [parcel] = await api.json<Json[]>(`/receivable-installments?filter[receivableId][eq]=${created.json().id}`);
    const [line] = await board(account);
    const matched = await api.post(`/reconcilables/${line.id}/match`, { version: line.version, installments: [{ kind: 'receivable', id: parcel.id, version: parcel.version }] });
    expect(matched.statusCode).toBe(200);

    const received = await admin.json<Json>(`/receivable-installments/${parcel.id}`);
    const refused = await admin.post(`/receivable-installments/${parcel.id}/reverse`, { comment: 'Cliente contestou', date: '2026-03-10' }, received.version);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'RECONCILED' });
    expect(refused.json().message).toMatch(/está conciliada com o extrato do banco em 05\/03\/2026; desfaça a conciliação primeiro\.$/);
    expect((await admin.json<Json>(`/receivable-installments/${parcel.id}`)).status).toBe('RECEBIDO');

    const now = (await board(account))[0];
    expect((await api.post(`/reconcilables/${now.id}/unmatch`, { version: now.version })).statusCode).toBe(200);
    const ok = await admin.post(`/receivable-installments/${parcel.id}/reverse`, { comment: 'Cliente contestou', date: '2026-03-10' }, received.version);
    expect(ok.statusCode).toBe(200);
    expect((await admin.json<Json>(`/receivable-installments/${parcel.id}`)).status).toBe('ABERTO');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKFLOW_MESSAGES } from '../../../src/i18n/finance-workflow.ts';
import { LEDGER_MESSAGES } from '../../../server/ledger/messages.ts';
import { ADMIN, loginOk } from '../identity/helpers.ts';
import { createTestApp, type TestContext } from '../helper.ts';
import { cashAgainstStatements, ledgerInvariants } from '../ledger/helpers.ts';
import { upload } from '../reconciliation/helpers.ts';
import { apiFor, demoRefs, type Api } from './workflow-helpers.ts';

type Json = Record<string, unknown> & { id: string; version: number };
type Entry = { kind: string; date: string; description: string; lines: { ledger: string; debit: number; credit: number; bank: string | null; cc: string | null; party: string | null; cat: string | null }[] };

const FR = '/api/finance-reporting/v1';

/**
 * Reclassifying a manual bank movement (D88): category of its direction, cost center and counterpart are written
 * through the generic API (`PATCH transactions/{id}`), the ledger corrects itself (the old entry reversed as
 * "Correção", the new one on the category's ledger account), and what cannot be done is refused with nothing written.
 */
describe('reclassifying manual bank movements', () => {
  let ctx: TestContext;
  let admin: Api;
  let refs: Awaited<ReturnType<typeof demoRefs>>;
  let account: string;
  let feeAccount: string;
  const cat: Record<'expense' | 'expense2' | 'revenue' | 'synthetic' | 'noLedger', { id: string; name: string; ledger: string | null }> = {} as never;
  let costCenter2: string;
  let foreignCostCenter: string;

  const one = async <T,>(sql: string, params: unknown[] = []) => (await ctx.db.query<T>(sql, params)).rows[0];
  /** Entries of a movement in posting order (a correction's reversal and new entry share the transaction's time: reversal first). */
  const entries = async (movement: string) =>
    (await ctx.db.query<Entry>(
      `SELECT e.kind, e.date, e.description,
              json_agg(json_build_object('ledger', l.ledger_account_id, 'debit', l.debit, 'credit', l.credit, 'bank', l.bank_account_id,
                                         'cc', l.cost_center_id, 'party', l.party_id, 'cat', l.category_id) ORDER BY l.line_no) AS lines
         FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id
        WHERE e.bank_transaction_id = $1 GROUP BY e.id, e.kind, e.date, e.description, e.created_at
        ORDER BY e.created_at, e.kind <> 'ESTORNO', e.id`,
      [movement],
    )).rows;
  const entryCount = async () => Number((await one<{ n: number }>('SELECT count(*)::int AS n FROM journal_entries')).n);
  const fee = async (body: Record<string, unknown> = {}) => {
    const res = await admin.post('/transactions', { bankAccountId: account, date: '2025-06-05', amount: -4590, description: 'Tarifa de TED', ...body });
    expect(res.statusCode).toBe(201);
    return res.json() as Json;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = apiFor(ctx, (await loginOk(ctx.app, ADMIN)).accessToken);
    refs = await demoRefs(ctx);
    // Through the API, so its opening balance is posted too (the cash check below compares ledger and statement).
    const created = await admin.post('/bank-accounts', {
      organizationId: refs.organizationId, name: 'Conta da reclassificação', type: 'CAIXA', openingBalance: 1000000, openingBalanceDate: '2025-01-01', active: true,
    });
    if (created.statusCode !== 201) throw new Error(`conta do teste: ${created.body}`);
    account = created.json().id;
    feeAccount = (await one<{ id: string }>(`SELECT ledger_account_id AS id FROM ledger_posting_accounts WHERE role = 'MOVIMENTO_SAIDA'`)).id;
    const category = (table: string, where: string) =>
      one<{ id: string; name: string; ledger: string | null }>(`SELECT id, name, ledger_account_id AS ledger FROM ${table} WHERE deleted_at IS NULL AND ${where} ORDER BY code LIMIT 1`);
    cat.expense = await category('expense_categories', `type = 'A' AND active AND ledger_account_id IS NOT NULL AND ledger_account_id <> '${feeAccount}'`);
    cat.expense2 = await category('expense_categories', `type = 'A' AND active AND ledger_account_id = '${cat.expense.ledger}' AND id <> '${cat.expense.id}'`)
      ?? await category('expense_categories', `type = 'A' AND active AND ledger_account_id IS NOT NULL AND id <> '${cat.expense.id}'`);
    cat.revenue = await category('revenue_categories', `type = 'A' AND active AND ledger_account_id IS NOT NULL`);
    cat.synthetic = await category('expense_categories', `type = 'S'`);
    cat.noLedger = await one(
      `INSERT INTO expense_categories (code, name, type, dfc_class, dfc_line, active) VALUES ('9.98', 'Categoria sem conta contábil', 'A', 'OPERACIONAL', 'OUTROS_PAGAMENTOS_OPERACIONAIS', true)
       RETURNING id, name, ledger_account_id AS ledger`,
    );
    costCenter2 = (await one<{ id: string }>(`SELECT id FROM cost_centers WHERE organization_id = $1 AND type = 'A' AND active AND deleted_at IS NULL AND id <> $2 ORDER BY code LIMIT 1`, [refs.organizationId, refs.costCenterId])).id;
    // The demo's second organization (server/seed/demo/70-second-organization.ts).
    foreignCostCenter = (await one<{ id: string }>(`SELECT id FROM cost_centers WHERE organization_id <> $1 AND type = 'A' AND active AND deleted_at IS NULL ORDER BY code LIMIT 1`, [refs.organizationId])).id;
  }, 180_000);
  afterAll(() => ctx.close());

  it('reclassifies a fee: the old entry reversed as "Correção", the new one on the category account with cost center and counterpart', async () => {
    const m = await fee();
    const [first] = await entries(m.id);
    expect(first.lines.map((l) => [l.bank, l.debit, l.credit])).toEqual([[account, 0, 4590], [null, 4590, 0]]);
    expect(first.lines[1].ledger).toBe(feeAccount);

    // The statement gives the dialog what it needs.
    const june = async () => (await admin.json<{ lines: Json[] }>(`/bank-accounts/${account}/statement?from=2025-06-01&to=2025-06-30`)).lines.find((l) => l.id === m.id)!;
    expect(await june()).toMatchObject({ version: m.version, origin: 'MANUAL', expenseCategoryId: null, revenueCategoryId: null, costCenterId: null, companyId: null, categoryName: null });

    const res = await admin.patch(`/transactions/${m.id}`, { expenseCategoryId: cat.expense.id, costCenterId: refs.costCenterId, companyId: refs.supplierId }, m.version);
    expect(res.statusCode).toBe(200);
    const after = await entries(m.id);
    expect(after.map((e) => [e.kind, e.date, e.description])).toEqual([
      ['MOVIMENTO', '2025-06-05', 'Tarifa de TED'],
      ['ESTORNO', '2025-06-05', 'Correção: Tarifa de TED'],
      ['MOVIMENTO', '2025-06-05', 'Tarifa de TED'],
    ]);
    expect(after[1].lines.map((l) => [l.ledger, l.debit, l.credit])).toEqual(first.lines.map((l) => [l.ledger, l.credit, l.debit]));
    const bankLedger = first.lines[0].ledger;
    expect(after[2].lines).toEqual([
      { ledger: bankLedger, debit: 0, credit: 4590, bank: account, cc: refs.costCenterId, party: refs.supplierId, cat: cat.expense.id },
      { ledger: cat.expense.ledger, debit: 4590, credit: 0, bank: null, cc: refs.costCenterId, party: refs.supplierId, cat: cat.expense.id },
    ]);
    // Net: the fee account back to zero, the category's account carries the fee.
    const net = await ctx.db.query<{ ledger: string; s: number }>(
      `SELECT l.ledger_account_id AS ledger, sum(l.debit - l.credit)::int AS s FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
        WHERE e.bank_transaction_id = $1 GROUP BY 1 HAVING sum(l.debit - l.credit) <> 0 ORDER BY 2`,
      [m.id],
    );
    expect(net.rows).toEqual([{ ledger: bankLedger, s: -4590 }, { ledger: cat.expense.ledger, s: 4590 }]);
    expect(await june()).toMatchObject({
      version: m.version + 1, expenseCategoryId: cat.expense.id, costCenterId: refs.costCenterId, companyId: refs.supplierId, categoryName: cat.expense.name,
      costCenterName: expect.any(String), companyName: expect.any(String),
    });

    // Another cost center only (same account, same amount): corrected too — the reports by cost center read the lines.
    let version = res.json().version as number;
    const cc = await admin.patch(`/transactions/${m.id}`, { costCenterId: costCenter2 }, version);
    expect(cc.statusCode).toBe(200);
    version = cc.json().version;
    let corrected = await entries(m.id);
    expect(corrected).toHaveLength(5);
    expect(corrected[4].lines.map((l) => [l.ledger, l.cc, l.cat])).toEqual([[bankLedger, costCenter2, cat.expense.id], [cat.expense.ledger, costCenter2, cat.expense.id]]);
    // Another category.
    const other = await admin.patch(`/transactions/${m.id}`, { expenseCategoryId: cat.expense2.id }, version);
    expect(other.statusCode).toBe(200);
    version = other.json().version;
    corrected = await entries(m.id);
    expect(corrected).toHaveLength(7);
    expect(corrected[6].lines.map((l) => [l.ledger, l.cat])).toEqual([[bankLedger, cat.expense2.id], [cat.expense2.ledger, cat.expense2.id]]);
    // The same values again: nothing to correct, nothing written (not even a new version).
    const same = await admin.patch(`/transactions/${m.id}`, { costCenterId: costCenter2 }, version);
    expect(same.json().version).toBe(version);
    // A description edit keeps the entry as it is.
    const described = await admin.patch(`/transactions/${m.id}`, { description: 'Tarifa de TED (junho)' }, version);
    expect(described.statusCode).toBe(200);
    version = described.json().version;
    expect(await entries(m.id)).toHaveLength(7);
    // Back to no category: the fee account again.
    const cleared = await admin.patch(`/transactions/${m.id}`, { expenseCategoryId: null }, version);
    expect(cleared.statusCode).toBe(200);
    expect((await entries(m.id)).at(-1)!.lines.map((l) => [l.ledger, l.cat])).toEqual([[bankLedger, null], [feeAccount, null]]);

    // A yield takes a revenue category.
    const y = await fee({ amount: 1234, description: 'Rendimento da aplicação' });
    const yr = await admin.patch(`/transactions/${y.id}`, { revenueCategoryId: cat.revenue.id }, y.version);
    expect(yr.statusCode).toBe(200);
    expect((await entries(y.id)).at(-1)!.lines.map((l) => [l.ledger, l.debit, l.credit])).toEqual([[bankLedger, 1234, 0], [cat.revenue.ledger, 0, 1234]]);

    expect(await ledgerInvariants(ctx)).toEqual({ unbalanced: [], trial: 0, summaryDrift: [] });
    expect((await cashAgainstStatements(ctx, '2025-06-30')).filter((x) => x.ledger !== x.bank)).toEqual([]);
  });

  it('refuses with nothing written: a non-manual movement, a category of the other direction, a synthetic or unmapped category, another organization, a stale version', async () => {
    const m = await fee({ date: '2025-06-10' });
    const before = await entryCount();
    const patch = (body: Record<string, unknown>, version = m.version) => admin.patch(`/transactions/${m.id}`, body, version);

    const paid = await one<{ id: string; version: number }>(`SELECT id, version FROM bank_transactions WHERE origin = 'PAGAMENTO' AND deleted_at IS NULL ORDER BY date DESC LIMIT 1`);
    const locked = await admin.patch(`/transactions/${paid.id}`, { expenseCategoryId: cat.expense.id }, paid.version);
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({ code: 'IN_USE', message: WORKFLOW_MESSAGES.movementLocked });

    const credit = await fee({ amount: 5000, description: 'Crédito avulso', date: '2025-06-10' });
    const wrongSide = await admin.patch(`/transactions/${credit.id}`, { expenseCategoryId: cat.expense.id }, credit.version);
    expect(wrongSide.statusCode).toBe(400);
    expect(wrongSide.json().errors).toEqual({ expenseCategoryId: [WORKFLOW_MESSAGES.movementExpenseOnCredit] });
    expect((await patch({ revenueCategoryId: cat.revenue.id })).json().errors).toEqual({ revenueCategoryId: [WORKFLOW_MESSAGES.movementRevenueOnDebit] });
    // The sign flipped under a category of the old direction is refused on the category too.
    expect((await patch({ amount: 4590, expenseCategoryId: cat.expense.id })).json().errors).toEqual({ expenseCategoryId: [WORKFLOW_MESSAGES.movementExpenseOnCredit] });

    const synthetic = await patch({ expenseCategoryId: cat.synthetic.id });
    expect(synthetic.statusCode).toBe(400);
    expect(synthetic.json().errors).toEqual({ expenseCategoryId: ['Escolha uma categoria de despesa analítica e ativa.'] });
    expect((await patch({ expenseCategoryId: cat.noLedger.id })).json().errors).toEqual({ expenseCategoryId: [WORKFLOW_MESSAGES.movementCategoryWithoutAccount(cat.noLedger.name)] });
    const { id: syntheticCc } = await one<{ id: string }>(`SELECT id FROM cost_centers WHERE organization_id = $1 AND type = 'S' AND deleted_at IS NULL LIMIT 1`, [refs.organizationId]);
    expect((await patch({ costCenterId: syntheticCc })).json().errors).toEqual({ costCenterId: ['Escolha um centro de custos analítico e ativo.'] });
    expect((await patch({ costCenterId: foreignCostCenter })).json().errors).toEqual({ costCenterId: [WORKFLOW_MESSAGES.movementOtherOrganization] });

    const ok = await patch({ expenseCategoryId: cat.expense.id });
    expect(ok.statusCode).toBe(200);
    const stale = await patch({ expenseCategoryId: cat.expense2.id });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('VERSION_CONFLICT');
    // Only the one accepted change moved the ledger (its reversal and new entry).
    expect(await entryCount()).toBe(before + 1 + 2);
    expect((await admin.json<Json>(`/transactions/${m.id}`)).expenseCategoryId).toBe(cat.expense.id);
  });

  it('reclassifies a movement the reconciliation created (reconciled); its amount stays locked', async () => {
    const file = Buffer.from(
      `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nCHARSET:1252\n\n<OFX>\n<BANKMSGSRSV1>\n<STMTTRNRS>\n<STMTRS>\n<CURDEF>BRL\n<BANKACCTFROM>\n<BANKID>0341\n<BRANCHID>1234\n<ACCTID>567890\n</BANKACCTFROM>\n<BANKTRANLIST>\n` +
        `<STMTTRN>\n<TRNTYPE>DEBIT\n<DTPOSTED>20250612\n<TRNAMT>-12.00\n<FITID>classify-${Date.now()}\n<MEMO>IOF ADICIONAL\n</STMTTRN>\n</BANKTRANLIST>\n</STMTRS>\n</STMTTRNRS>\n</BANKMSGSRSV1>\n</OFX>\n`,
    );
    const token = (await loginOk(ctx.app, ADMIN)).accessToken;
    const imported = await upload(ctx, token, account, 'extrato.ofx', file);
    expect(imported.statusCode).toBe(201);
    const [line] = (await admin.json<{ lines: Json[] }>(`/bank-accounts/${account}/reconciliation?from=2025-06-01&to=2025-06-30`)).lines;
    const created = await admin.post(`/reconcilables/${line.id}/create-entry`, { version: line.version, description: 'IOF' });
    expect(created.statusCode).toBe(200);
    const movementId = (created.json().record.transactionIds as string[])[0];
    const m = await admin.json<Json>(`/transactions/${movementId}`);
    const res = await admin.patch(`/transactions/${m.id}`, { expenseCategoryId: cat.expense.id, costCenterId: refs.costCenterId }, m.version);
    expect(res.statusCode).toBe(200);
    expect((await entries(m.id)).at(-1)!.lines[1]).toMatchObject({ ledger: cat.expense.ledger, debit: 1200, cc: refs.costCenterId });
    const amount = await admin.patch(`/transactions/${m.id}`, { amount: -1300 }, res.json().version);
    expect(amount.statusCode).toBe(409);
    expect(amount.json().code).toBe('RECONCILED');
  });

  it('refuses a movement whose entry is in a closed month with a 409 that says so, and nothing written', async () => {
    const m = await fee({ date: '2025-07-15', description: 'Tarifa de julho' });
    expect((await admin.post(`${FR}/ledger-closings`, { organizationId: refs.organizationId, month: '2025-07' })).statusCode).toBe(201);
    try {
      const before = await entryCount();
      const res = await admin.patch(`/transactions/${m.id}`, { expenseCategoryId: cat.expense.id }, m.version);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'PERIOD_CLOSED', message: LEDGER_MESSAGES.movementPeriodClosed('2025-07-01') });
      expect(res.json().message).toContain('07/2025');
      expect(await entryCount()).toBe(before);
      expect(await admin.json<Json>(`/transactions/${m.id}`)).toMatchObject({ version: m.version, expenseCategoryId: null });
      // Moving it out of the closed month is refused the same way (the correction reverses on the old date).
      expect((await admin.patch(`/transactions/${m.id}`, { date: '2025-08-01' }, m.version)).json().code).toBe('PERIOD_CLOSED');
    } finally {
      expect((await admin.del(`${FR}/ledger-closings/${refs.organizationId}/2025-07`)).statusCode).toBe(204);
    }
    expect((await admin.patch(`/transactions/${m.id}`, { expenseCategoryId: cat.expense.id }, m.version)).statusCode).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKFLOW_MESSAGES } from '../../../src/i18n/finance-workflow.ts';
import { ADMIN, loginOk } from '../identity/helpers.ts';
import { createTestApp, type TestContext } from '../helper.ts';
import { apiFor, demoRefs, freshAccount, workflowUsers, type Api } from './workflow-helpers.ts';

type Json = Record<string, unknown> & { id: string; version: number };

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

/** Receipts, manual movements, the statement of an account and its export (docs/resources-finance-ap-ar.md §8.7–§8.8). */
describe('receivables, bank movements and the statement', () => {
  let ctx: TestContext;
  let admin: Api, clerk: Api, reader: Api, treasurer: Api;
  let refs: Awaited<ReturnType<typeof demoRefs>>;
  let account: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    const users = await workflowUsers(ctx);
    [clerk, reader, treasurer] = [users.clerk, users.reader, users.treasurer].map((u) => apiFor(ctx, u.token));
    admin = apiFor(ctx, (await loginOk(ctx.app, ADMIN)).accessToken);
    refs = await demoRefs(ctx);
    account = await freshAccount(ctx, refs.organizationId, 'Caixa do teste de extrato');
  });
  afterAll(() => ctx.close());

  const receivable = (extra: Record<string, unknown> = {}) =>
    clerk.post('/receivables', {
      organizationId: refs.organizationId, customerId: refs.supplierId, documentType: 'NFSE', issueDate: '2025-03-01', competence: '2025-03',
      description: 'Serviço de instalação', amount: 300000, installmentCount: 3, firstDueDate: '2025-03-20', costCenterId: refs.costCenterId,
      categoryId: refs.revenueCategoryId, paymentMethod: 'BOLETO', ...extra,
    });
  const parcels = async (id: string) => clerk.json<Json[]>(`/receivable-installments?filter[receivableId][eq]=${id}&sort=number`);

  it('receives parcelas in one batch as credits, reverses one back to ABERTO, cancels the rest', async () => {
    const r = (await receivable()).json() as Json;
    const [a, b, c] = await parcels(r.id);
    expect((await reader.post('/receivable-installments/receive', { items: [{ id: a.id, version: a.version }], receivedAt: '2025-03-20', bankAccountId: account })).statusCode).toBe(403);
    const res = await clerk.post('/receivable-installments/receive', {
      items: [{ id: a.id, version: a.version, interest: 150 }, { id: b.id, version: b.version }],
      receivedAt: '2025-03-20',
      bankAccountId: account,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().batch).toMatchObject({ kind: 'RECEBIMENTO', itemCount: 2, total: 200150 });
    expect(res.json().transactions.map((t: Json) => [t.amount, t.origin, t.receivableInstallmentId])).toEqual([[100150, 'RECEBIMENTO', a.id], [100000, 'RECEBIMENTO', b.id]]);
    expect(await clerk.json(`/receivables/${r.id}`)).toMatchObject({ status: 'RECEBIDO_PARCIAL', receivedAmount: 200150, nextDueDate: c.dueDate });
    const again = await clerk.post('/receivable-installments/receive', { items: [{ id: a.id, version: a.version + 1 }], receivedAt: '2025-03-21', bankAccountId: account });
    expect(again.json().errors[a.id]).toEqual([`Não é possível receber a parcela ${String(a.label)} com a situação "Recebido".`]);

    const [ra] = res.json().installments as Json[];
    const early = await clerk.post(`/receivable-installments/${ra.id}/reverse`, { comment: 'Cheque devolvido', date: '2025-03-19' }, ra.version);
    expect(early.json().errors).toEqual({ date: [WORKFLOW_MESSAGES.reverseBeforePayment('20/03/2025')] });
    const rev = await clerk.post(`/receivable-installments/${ra.id}/reverse`, { comment: 'Cheque devolvido', date: '2025-03-25' }, ra.version);
    expect(rev.json().record).toMatchObject({ status: 'ABERTO', receivedAmount: 0, statusReason: 'Cheque devolvido' });
    const header = await clerk.json<Json>(`/receivables/${r.id}`);
    expect(header).toMatchObject({ status: 'RECEBIDO_PARCIAL', receivedAmount: 100000 });
    const cancel = await clerk.post(`/receivables/${r.id}/cancel`, { comment: 'x' }, header.version);
    expect(cancel.json().message).toBe('Não é possível cancelar um lançamento a receber com a situação "Recebido parcialmente".');
    const [, , cc] = await parcels(r.id);
    expect((await clerk.post(`/receivable-installments/${cc.id}/cancel`, { comment: 'Cliente desistiu' }, cc.version)).json().record.status).toBe('CANCELADO');

    // March: +100.150 +100.000 on the 20th, −100.150 on the 25th; the running balance after each.
    const s = await treasurer.json<Json>(`/bank-accounts/${account}/statement?from=2025-03-01&to=2025-03-31`);
    expect(s).toMatchObject({ from: '2025-03-01', to: '2025-03-31', openingBalance: 1000000, credits: 200150, debits: -100150, closingBalance: 1100000 });
    expect((s.lines as Json[]).map((l) => [l.date, l.origin, l.amount, l.balance])).toEqual([
      ['2025-03-20', 'RECEBIMENTO', 100150, 1100150],
      ['2025-03-20', 'RECEBIMENTO', 100000, 1200150],
      ['2025-03-25', 'ESTORNO', -100150, 1100000],
    ]);
    // April starts from March's closing balance.
    expect(await treasurer.json(`/bank-accounts/${account}/statement?from=2025-04-01&to=2025-04-30`)).toMatchObject({ openingBalance: 1100000, closingBalance: 1100000, lines: [] });
  });

  it('takes manual movements (fees, yields) through the generic API: never zero, never before the opening balance', async () => {
    const base = { bankAccountId: account, date: '2025-02-05', amount: -5990, description: 'Tarifa de manutenção' };
    const fee = await admin.post('/transactions', { ...base, origin: 'PAGAMENTO' });
    expect(fee.statusCode).toBe(201);
    expect(fee.json()).toMatchObject({ origin: 'MANUAL', organizationId: refs.organizationId, reversed: false, amount: -5990 });
    expect((await admin.post('/transactions', { ...base, amount: 0 })).json().errors).toEqual({ amount: [WORKFLOW_MESSAGES.movementZero] });
    expect((await admin.post('/transactions', { ...base, date: '2024-12-31' })).json().errors).toEqual({ date: [WORKFLOW_MESSAGES.beforeOpening('01/01/2025')] });
    const edited = await admin.patch(`/transactions/${fee.json().id}`, { amount: -6990 }, fee.json().version);
    expect(edited.json().amount).toBe(-6990);
    const feb = await treasurer.json<Json>(`/bank-accounts/${account}/statement?from=2025-02-01&to=2025-02-28`);
    expect(feb).toMatchObject({ openingBalance: 1000000, closingBalance: 993010 });
    const balances = await treasurer.json<{ id: string; balance: number }[]>(`/bank-account-balances?id=${account}&date=2025-02-28`);
    expect(balances).toEqual([{ id: account, balance: 993010 }]);
    expect((await admin.del(`/transactions/${fee.json().id}`)).statusCode).toBe(204);
    expect((await treasurer.json<Json>(`/bank-accounts/${account}/statement?from=2025-02-01&to=2025-02-28`)).closingBalance).toBe(1000000);
  });

  it('exports the statement for Excel-BR (CSV) and as XLSX; needs export on the accounts', async () => {
    const csv = await treasurer.get(`/bank-accounts/${account}/statement/export?format=csv&from=2025-03-01&to=2025-03-31`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="extrato-caixa-do-teste-de-extrato-2025-03-01-a-2025-03-31.csv"');
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFFData;Histórico;Documento;Origem;Valor;Saldo');
    expect(lines[1]).toBe('01/03/2025;Saldo anterior;;;;10000,00');
    expect(lines[2]).toMatch(/^20\/03\/2025;Recebimento: .*;Recebimento;1001,50;11001,50$/);
    expect(lines.at(-2)).toBe('31/03/2025;Saldo final;;;;11000,00');
    const xlsx = await treasurer.get(`/bank-accounts/${account}/statement/export?format=xlsx&from=2025-03-01&to=2025-03-31`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await reader.get(`/bank-accounts/${account}/statement/export?format=csv`)).statusCode).toBe(403);
    expect((await treasurer.get(`/bank-accounts/${account}/statement?from=2025-03-31&to=2025-03-01`)).json().errors).toEqual({ period: [WORKFLOW_MESSAGES.periodInvalid] });
    expect((await treasurer.get(`/bank-accounts/${refs.supplierId}/statement`)).statusCode).toBe(404);
    // Default period: the current month.
    const current = await treasurer.json<Json>(`/bank-accounts/${account}/statement`);
    expect([current.from, String(current.to).slice(0, 7)]).toEqual([`${today.slice(0, 8)}01`, today.slice(0, 7)]);
  });

  it('keeps payment batches read-only in the generic API', async () => {
    expect((await admin.post('/batch', {})).statusCode).toBe(405);
    const list = await admin.get('/batch?filter[kind][eq]=RECEBIMENTO');
    expect(list.statusCode).toBe(200);
    expect(list.json().length).toBeGreaterThan(0);
  });

  it('seeds the demo accounts with a movement per paid parcela', async () => {
    const { rows } = await ctx.db.query<{ paid: number; moved: number }>(
      `SELECT (SELECT count(*)::int FROM payable_installments WHERE status = 'PAGO' AND deleted_at IS NULL) AS paid,
              (SELECT count(*)::int FROM bank_transactions t JOIN payable_installments i ON i.id = t.payable_installment_id
                 WHERE t.origin = 'PAGAMENTO' AND t.amount = -i.paid_amount AND t.date = i.paid_at AND t.bank_account_id = i.bank_account_id) AS moved`,
    );
    expect(rows[0].paid).toBeGreaterThan(100);
    expect(rows[0].moved).toBe(rows[0].paid);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helper.ts';
import { createUser } from '../resources/helpers.ts';
import { apiFor, count, demoRefs, freshAccount, type Api } from '../finance/workflow-helpers.ts';
import { fixture, upload } from './helpers.ts';
import { ADMIN, loginOk } from '../identity/helpers.ts';

type Json = Record<string, unknown> & { id: string; version: number };
type Line = Json & { amount: number; status: string; suggestions: Json[]; rule: Json | null; transactionIds: string[] };

const READ = (...names: string[]) => names.map((name) => ({ name, scopes: ['read'] }));

/** Matching and reconciling (docs/reconciliation.md): suggestions, match to a parcela or a movement, rules, undo, balances. */
describe('reconciliation', () => {
  let ctx: TestContext;
  let token: string;
  let api: Api, reader: Api, admin: Api;
  let refs: Awaited<ReturnType<typeof demoRefs>>;
  let account: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    refs = await demoRefs(ctx);
    token = (
      await createUser(ctx, {
        resources: [
          { name: 'reconcilables', scopes: ['create', 'read', 'update'] },
          { name: 'receivables', scopes: ['create', 'read', 'update'] },
          { name: 'reconciliation-rules', scopes: ['create', 'read', 'update', 'delete'] },
          ...READ('bank-transactions'),
          ...READ('statement-imports', 'bank-accounts', 'receivable-installments', 'companies', 'cost-centers', 'revenue-categories', 'organizations'),
        ],
      })
    ).token;
    api = apiFor(ctx, token);
    admin = apiFor(ctx, (await loginOk(ctx.app, ADMIN)).accessToken);
    reader = apiFor(ctx, (await createUser(ctx, { resources: READ('reconcilables', 'bank-accounts') })).token);
    account = await freshAccount(ctx, refs.organizationId, 'Conta do teste de conciliação');
    const imported = await upload(ctx, token, account, 'itau.ofx', fixture('ofx1-itau-1252.ofx'));
    if (imported.statusCode !== 201) throw new Error(`import failed: ${imported.body}`);
  });
  afterAll(() => ctx.close());

  const board = (q = '?from=2026-03-01&to=2026-03-31') => api.json<{ lines: Line[]; movements: Json[]; balances: Json | null; reconciledUntil: string | null; totals: Json }>(`/bank-accounts/${account}/reconciliation${q}`);
  const lineOf = async (amount: number) => (await board()).lines.find((l) => l.amount === amount)!;

  it('suggests the open parcela of a credit and, confirmed, receives it through the receipt action (ledger posted)', async () => {
    const created = await api.post('/receivables', {
      organizationId: refs.organizationId, customerId: refs.supplierId, documentType: 'NFSE', documentNumber: `PIX-${Date.now()}`, issueDate: '2026-02-01', competence: '2026-02',
      description: 'Serviço pago por PIX', amount: 150000, installmentCount: 1, firstDueDate: '2026-03-05', costCenterId: refs.costCenterId,
      categoryId: refs.revenueCategoryId, paymentMethod: 'PIX',
    });
    expect(created.statusCode).toBe(201);
    const [parcel] = await api.json<Json[]>(`/receivable-installments?filter[receivableId][eq]=${created.json().id}`);
    const credit = await lineOf(150000);
    const s = credit.suggestions.find((x) => (x.ids as string[])[0] === parcel.id)!;
    expect(s).toMatchObject({ kind: 'receivable-installment', reasons: ['valor exato', 'mesma data'] });
    expect((await reader.post(`/reconcilables/${credit.id}/match`, { installments: [{ kind: 'receivable', id: parcel.id, version: parcel.version }] })).statusCode).toBe(403);
    const res = await api.post(`/reconcilables/${credit.id}/match`, { version: credit.version, installments: [{ kind: 'receivable', id: parcel.id, version: parcel.version }] });
    expect(res.statusCode).toBe(200);
    expect(res.json().record).toMatchObject({ status: 'CONCILIADO' });
    expect(await api.json(`/receivable-installments/${parcel.id}`)).toMatchObject({ status: 'RECEBIDO', receivedAt: '2026-03-05', bankAccountId: account });
    const [movement] = res.json().record.transactionIds as string[];
    expect(await count(ctx, 'journal_entries', 'bank_transaction_id = $1', [movement])).toBe(1);
    // Already reconciled: a second match is refused; the suggestion is gone from the other lines.
    expect((await api.post(`/reconcilables/${credit.id}/match`, { transactionIds: [movement] })).json().code).toBe('INVALID_TRANSITION');
  });

  it('applies a saved rule (preview first): the fee line becomes a manual movement posted to the ledger', async () => {
    const rule = await api.post('/reconciliation-rules', { organizationId: refs.organizationId, bankAccountId: account, name: 'Tarifas bancárias', position: 1, memoContains: 'tarifa bancaria', direction: 'DEBITO', amountMin: null, amountMax: 10000, entryDescription: 'Tarifa bancária', active: true });
    expect(rule.statusCode).toBe(201);
    expect((await lineOf(-4590)).rule).toEqual({ id: rule.json().id, name: 'Tarifas bancárias' });
    const preview = await api.post(`/bank-accounts/${account}/reconciliation/apply-rules`, { preview: true });
    expect(preview.json().applied.map((h: Json) => [h.amount, h.rule])).toEqual([[-4590, 'Tarifas bancárias']]);
    expect((await lineOf(-4590)).status).toBe('PENDENTE');
    const applied = await api.post(`/bank-accounts/${account}/reconciliation/apply-rules`, {});
    expect(applied.json().applied).toHaveLength(1);
    const fee = await lineOf(-4590);
    expect(fee.status).toBe('CONCILIADO');
    const moves = await api.json<Json[]>(`/transactions?filter[id][eq]=${fee.transactionIds[0]}`);
    expect(moves[0]).toMatchObject({ origin: 'MANUAL', amount: -4590, date: '2026-03-02', description: 'Tarifa bancária' });
    expect(await count(ctx, 'journal_entries', 'bank_transaction_id = $1', [fee.transactionIds[0]])).toBe(1);
  });

  it('matches a movement already in the system, refuses a wrong sum, undoes; balances and "conciliado até"', async () => {
    const move = await admin.post('/transactions', { bankAccountId: account, date: '2026-03-08', amount: -120050, description: 'Pagamento fornecedor NF4521', documentNumber: 'NF4521' });
    expect(move.statusCode).toBe(201);
    const debit = await lineOf(-120050);
    expect(debit.suggestions[0]).toMatchObject({ kind: 'transaction', ids: [move.json().id], reasons: ['valor exato', '1 dia depois', 'documento NF4521 no histórico'], confidence: 'alta' });
    const fee = await admin.post('/transactions', { bankAccountId: account, date: '2026-03-09', amount: -990, description: 'Outra coisa' });
    const wrong = await api.post(`/reconcilables/${debit.id}/match`, { transactionIds: [move.json().id, fee.json().id] });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toMatch(/^As movimentações somam -R\$\s1\.210,40, mas o lançamento do extrato é de -R\$\s1\.200,50\.$/);
    expect((await api.post(`/reconcilables/${debit.id}/match`, { transactionIds: [move.json().id] })).json().record.status).toBe('CONCILIADO');
    // Reconciled, the movement is locked until the reconciliation is undone.
    const locked = await admin.patch(`/transactions/${move.json().id}`, { description: 'Outra descrição' }, move.json().version);
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({ code: 'RECONCILED' });
    expect((await admin.del(`/transactions/${move.json().id}`)).statusCode).toBe(409);
    let b = await board();
    expect(b.reconciledUntil).toBe('2026-03-09');
    // Opening R$ 10.000,00 + 1.500,00 − 45,90 − 1.200,50 − 9,90 on 10/03 in the system; the bank says R$ 8.254,60.
    expect(b.balances).toEqual({ bank: 825460, system: 1024370, date: '2026-03-10', difference: 825460 - 1024370 });
    const debitNow = await lineOf(-120050);
    const undo = await api.post(`/reconcilables/${debitNow.id}/unmatch`, { version: debitNow.version });
    expect(undo.json().record).toMatchObject({ status: 'PENDENTE', transactionIds: [] });
    expect((await api.post(`/reconcilables/${debitNow.id}/unmatch`, {})).statusCode).toBe(409);
    expect((await admin.patch(`/transactions/${move.json().id}`, { description: 'Pagamento fornecedor NF4521 (corrigido)' }, move.json().version)).statusCode).toBe(200);
    b = await board();
    expect(b.reconciledUntil).toBe('2026-03-08');
    expect((await api.post(`/reconcilables/${debitNow.id}/match`, { transactionIds: [move.json().id], color: 1 })).json().errors).toEqual({ color: ['Campo não permitido.'] });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../server/seed/demo-users.ts';
import { createTestApp, type TestContext } from './helper.ts';
import { ADMIN, COMPRAS, bearer, loginOk } from './identity/helpers.ts';
import { AP, apiFor, demoRefs, workflowUsers } from './finance/workflow-helpers.ts';

type Item = { key: string; title: string; to: string; count: number };
const INBOX = '/api/identity/v1/users/me/inbox';
const DIRETORIA = DEMO_USERS.find((u) => u.email === 'diretoria@demo.com.br')!;
const TESOURARIA = DEMO_USERS.find((u) => u.email === 'tesouraria@demo.com.br')!;

/** The home page's work inbox (issue 17): only the cards a person may see, counts by the actions' own rules. */
describe('work inbox', () => {
  let ctx: TestContext;
  const inboxOf = async (user: { email: string; password: string }) => {
    const res = await ctx.app.inject({ url: INBOX, headers: bearer((await loginOk(ctx.app, user)).accessToken) });
    expect(res.statusCode).toBe(200);
    return res.json() as Item[];
  };
  const byKey = (items: Item[]) => Object.fromEntries(items.map((i) => [i.key, i.count]));

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('shows each person only the cards of what they may do', async () => {
    expect((await inboxOf(ADMIN)).map((i) => i.key)).toEqual(expect.arrayContaining(['approvals.waitingForMe', 'finance.toApprove', 'finance.toAuthorize', 'procurement.toReceive']));
    // Compras requests (so confirms what is registered in its name) and receives what its orders bring.
    expect((await inboxOf(COMPRAS)).map((i) => i.key)).toEqual(['finance.requesterChecks', 'procurement.toQuote', 'procurement.toOrder', 'procurement.toReceive']);
    // The demo's cycle leaves approved lines to quote and an award without its purchase order (D45): the buyer's queues.
    const compras = await inboxOf(COMPRAS);
    expect(compras.find((i) => i.key === 'procurement.toQuote')).toMatchObject({ to: '/cotacoes/fila', count: expect.any(Number) });
    expect(byKey(compras)['procurement.toQuote']).toBeGreaterThan(0);
    expect(byKey(compras)['procurement.toOrder']).toBeGreaterThan(0);
    expect((await inboxOf(DIRETORIA)).map((i) => i.key)).toEqual(['approvals.waitingForMe', 'finance.toApprove', 'finance.overduePayables', 'finance.overdueReceivables']);
    const treasury = await inboxOf(TESOURARIA);
    expect(treasury.map((i) => i.key)).toEqual(['finance.toAuthorize', 'finance.toPay', 'finance.overduePayables', 'finance.overdueReceivables']);
    expect(treasury.find((i) => i.key === 'finance.toPay')?.to).toBe('/fila-de-pagamentos/parcelamentos/autorizados');
    expect((await ctx.app.inject({ url: INBOX })).statusCode).toBe(401);
  });

  it('counts what waits: a payable sent for direct approval appears for the board, not for whoever registered it', async () => {
    const users = await workflowUsers(ctx);
    const clerk = apiFor(ctx, users.clerk.token);
    const refs = await demoRefs(ctx);
    const before = byKey(await inboxOf(DIRETORIA));
    const p = (await clerk.post('/payables', {
      organizationId: refs.organizationId, supplierId: refs.supplierId, documentType: 'BOLETO', issueDate: '2026-01-05', competence: '2026-01',
      description: 'Para a diretoria', amount: 10000, installmentCount: 1, firstDueDate: '2026-02-10', costCenterId: refs.costCenterId,
      categoryId: refs.expenseCategoryId, paymentMethod: 'BOLETO',
    })).json();
    await clerk.post(`/payables/${p.id}/submit`, {}, p.version);
    expect(byKey(await inboxOf(DIRETORIA))['finance.toApprove']).toBe(before['finance.toApprove'] + 1);
    // Approved by the board, its parcela waits for the treasury — and is not the board's to authorize.
    const board = apiFor(ctx, (await loginOk(ctx.app, DIRETORIA)).accessToken);
    const sent = await board.json<Record<string, unknown> & { version: number }>(`${AP}/payables/${p.id}`);
    const treasuryBefore = byKey(await inboxOf(TESOURARIA))['finance.toAuthorize'];
    expect((await board.post(`/payables/${p.id}/approve`, {}, sent.version)).statusCode).toBe(200);
    expect(byKey(await inboxOf(TESOURARIA))['finance.toAuthorize']).toBe(treasuryBefore + 1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helper.ts';
import { createUser } from '../resources/helpers.ts';
import { apiOf, procurementFixture, SM, type Rec } from './workflow-helpers.ts';

const APPROVALS = '/api/approvals/v1';

interface Analytics {
  total: { count: number; amount: number };
  byStatus: { status: string; count: number; amount: number }[];
  byAge: { minDays: number; maxDays: number | null; fromDate: string | null; toDate: string; count: number; amount: number }[];
  byAmount: { min: number; max: number | null; count: number; amount: number }[];
  byApprover: { approvalName: string; stageName: string; approvers: string[]; count: number; amount: number; orders: { id: string; number: string; amount: number }[] }[];
}

/** /pedidos/analises' data: the orders of the caller (or of their scope) by status, age, amount and the approval stage they wait in. */
describe('order analytics', () => {
  let ctx: TestContext;
  let f: Awaited<ReturnType<typeof procurementFixture>>;
  let buyer: ReturnType<typeof apiOf>;
  const orders: Rec[] = [];
  beforeAll(async () => {
    ctx = await createTestApp();
    f = await procurementFixture(ctx);
    buyer = apiOf(ctx, f.buyer.token);
    const admin = apiOf(ctx, f.admin);
    const queue = await admin.create(`${APPROVALS}/approvals`, { name: `Análise ${f.tag}`, priority: 1, allowSelfApproval: false, onReject: 'DEVOLVER', organizationId: f.org, active: true });
    await admin.create(`${APPROVALS}/approval-stages`, { approvalId: queue.id, order: 1, name: 'Gestor da área', rule: 'ANY', approverUserIds: [f.manager.id], approverGroupIds: [], active: true });
    await admin.create(`${APPROVALS}/approval-triggers`, { approvalId: queue.id, name: `Pedidos ${f.tag}`, resourceName: 'orders', costCenterId: f.costCenterId, active: true });
    // 10 × 25,00 + 100 × 1,50 = 400,00 each; one a draft, two sent (waiting in the stage).
    for (let i = 0; i < 3; i++) orders.push(await buyer.create(`${SM}/orders`, f.order({ title: `Pedido ${i}` })));
    await buyer.done(`${SM}/orders`, orders[1], 'submit');
    await buyer.done(`${SM}/orders`, orders[2], 'submit');
  });
  afterAll(() => ctx.close());

  it('counts and sums the requester’s orders by status, age, amount and approval stage', async () => {
    const a = await buyer.get<Analytics>(`${SM}/orders/analytics?mine=true`);
    expect(a.total).toEqual({ count: 3, amount: 120_000 });
    expect(a.byStatus).toEqual([{ status: 'ENVIADO', count: 2, amount: 80_000 }, { status: 'RASCUNHO', count: 1, amount: 40_000 }]);
    // Open orders are the sent ones, all requested today.
    expect(a.byAge[0]).toMatchObject({ minDays: 0, maxDays: 7, count: 2, amount: 80_000 });
    expect(a.byAge.slice(1).every((b) => b.count === 0)).toBe(true);
    expect(a.byAmount[0]).toMatchObject({ min: 0, max: 100_000, count: 3, amount: 120_000 });
    expect(a.byApprover).toHaveLength(1);
    expect(a.byApprover[0]).toMatchObject({ approvalName: `Análise ${f.tag}`, stageName: 'Gestor da área', count: 2, amount: 80_000 });
    expect(a.byApprover[0].approvers).toEqual([expect.any(String)]);
    expect(a.byApprover[0].orders.map((o) => o.id).sort()).toEqual([orders[1].id, orders[2].id].sort());
  });

  it('keeps to the caller: another requester sees none of these as theirs; a period before today sees nothing', async () => {
    const other = apiOf(ctx, (await createUser(ctx, { resources: [{ name: 'orders', scopes: ['read', 'create'] }] })).token);
    expect((await other.get<Analytics>(`${SM}/orders/analytics?mine=true`)).total).toEqual({ count: 0, amount: 0 });
    expect((await buyer.get<Analytics>(`${SM}/orders/analytics?mine=true&to=2000-01-01`)).total.count).toBe(0);
  });

  it('refuses bad parameters and callers without orders:read', async () => {
    const bad = await buyer.send('GET', `${SM}/orders/analytics?from=2026-13-45&x=1`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['from', 'x']);
    expect((await buyer.send('GET', `${SM}/orders/analytics?from=2026-02-01&to=2026-01-01`)).json().errors).toEqual({ to: ['O fim do período não pode ser antes do início.'] });
    const stranger = apiOf(ctx, (await createUser(ctx, { resources: [{ name: 'products', scopes: ['read'] }] })).token);
    expect((await stranger.send('GET', `${SM}/orders/analytics`)).statusCode).toBe(403);
  });
});

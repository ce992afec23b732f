import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helper.ts';
import { createOrganization, createUser } from '../resources/helpers.ts';
import { apiOf, PR, procurementFixture, SM, type Rec, approvedOrder as approvedOrderOf } from './workflow-helpers.ts';

/**
 * `POST pricing/v1/quotes/{id}/lines` (D72): queued order lines appended to an open quote, one transaction;
 * only "Aberta" quotes; only lines still in the quotation queue; If-Match; scope and record scope checked.
 */
describe('adding queued order lines to an open quote', () => {
  let ctx: TestContext;
  let f: Awaited<ReturnType<typeof procurementFixture>>;
  let buyer: ReturnType<typeof apiOf>;
  let manager: ReturnType<typeof apiOf>;
  beforeAll(async () => {
    ctx = await createTestApp();
    f = await procurementFixture(ctx);
    buyer = apiOf(ctx, f.buyer.token);
    manager = apiOf(ctx, f.manager.token);
  });
  afterAll(() => ctx.close());

  const approvedOrder = () => approvedOrderOf(buyer, manager, f);
  const queuedKeys = async () => {
    const queue = await buyer.get<{ groups: { lines: { orderId: string; line: number }[] }[] }>(`${PR}/quotation-queue`);
    return new Set(queue.groups.flatMap((g) => g.lines.map((l) => `${l.orderId}#${l.line}`)));
  };
  const lines = (quote: Rec) => (quote.items as Rec[]).map((i) => [i.orderId, i.orderLine, i.total]);

  it('appends queued lines of another order, moves that order to quotation and takes the lines out of the queue', async () => {
    const a = await approvedOrder();
    const b = await approvedOrder();
    const quote = await buyer.create(`${PR}/quotes/from-order-lines`, { lines: [{ orderId: a.id, line: 1 }], invitedSupplierIds: [f.suppliers.a] });
    expect((await queuedKeys()).has(`${b.id}#2`)).toBe(true);
    const res = await buyer.send('POST', `${PR}/quotes/${quote.id}/lines`, { lines: [{ orderId: b.id, line: 2 }, { orderId: a.id, line: 2 }, { orderId: b.id, line: 2 }] }, quote.version);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe(`W/"${quote.version + 1}"`);
    const updated = res.json().record as Rec;
    expect(lines(updated)).toEqual([[a.id, 1, 25000], [b.id, 2, 15000], [a.id, 2, 15000]]);
    expect(updated).toMatchObject({ estimatedTotal: 55000, orderIds: [a.id, b.id], status: 'ABERTA' });
    expect((await buyer.get(`${SM}/orders/${b.id}`)).status).toBe('EM_COTACAO');
    const keys = await queuedKeys();
    expect([`${a.id}#2`, `${b.id}#2`].some((k) => keys.has(k))).toBe(false);
    expect(keys.has(`${b.id}#1`)).toBe(true);
    const history = await buyer.get<{ action: string }[]>(`${PR}/quotes/${quote.id}/history`);
    expect(history.map((h) => h.action)).toContain('update');
  });

  it('refuses lines already quoted, a stale version, a quote no longer open and a caller without the scope, writing nothing', async () => {
    const a = await approvedOrder();
    const other = await buyer.create(`${PR}/quotes/from-order-lines`, { lines: [{ orderId: a.id, line: 1 }], invitedSupplierIds: [f.suppliers.a] });
    const b = await approvedOrder();
    let quote = await buyer.create(`${PR}/quotes/from-order-lines`, { lines: [{ orderId: b.id, line: 1 }], invitedSupplierIds: [f.suppliers.a] });
    const snapshot = async () => (await ctx.db.query('SELECT version, items FROM quotes WHERE id = $1', [quote.id])).rows[0];
    const before = await snapshot();
    // Already in the other quote (and the same line of this one): 400, nothing written.
    const quoted = await buyer.send('POST', `${PR}/quotes/${quote.id}/lines`, { lines: [{ orderId: b.id, line: 2 }, { orderId: a.id, line: 1 }] }, quote.version);
    expect(quoted.statusCode).toBe(400);
    expect(quoted.json().errors.lines[0]).toMatch(/item 1 do pedido .* não está aguardando cotação/);
    expect((await buyer.send('POST', `${PR}/quotes/${quote.id}/lines`, { lines: [{ orderId: b.id, line: 1 }] }, quote.version)).statusCode).toBe(400);
    expect((await buyer.send('POST', `${PR}/quotes/${quote.id}/lines`, { lines: [] }, quote.version)).json().errors).toEqual({ lines: ['Escolha pelo menos um item.'] });
    // A draft order's lines are not queued.
    const draft = await buyer.create(`${SM}/orders`, f.order());
    expect((await buyer.send('POST', `${PR}/quotes/${quote.id}/lines`, { lines: [{ orderId: draft.id, line: 1 }] }, quote.version)).json().errors.lines[0]).toMatch(/Rascunho/);
    // Stale and missing If-Match.
    expect((await buyer.send('POST', `${PR}/quotes/${quote.id}/lines`, { lines: [{ orderId: b.id, line: 2 }] }, quote.version + 1)).json()).toMatchObject({ code: 'VERSION_CONFLICT', currentVersion: quote.version });
    expect((await buyer.send('POST', `${PR}/quotes/${quote.id}/lines`, { lines: [{ orderId: b.id, line: 2 }] })).statusCode).toBe(428);
    // Without quotes:update → 403; a quote out of the caller's record scope → 404.
    expect((await apiOf(ctx, f.reader.token).send('POST', `${PR}/quotes/${quote.id}/lines`, { lines: [{ orderId: b.id, line: 2 }] }, quote.version)).statusCode).toBe(403);
    const outsider = await createUser(ctx, { resources: [{ name: 'quotes', scopes: ['read', 'update'] }, { name: 'orders', scopes: ['read'] }], organizations: [await createOrganization(ctx.db, 'Filial Sul')] });
    expect((await apiOf(ctx, outsider.token).send('POST', `${PR}/quotes/${quote.id}/lines`, { lines: [{ orderId: b.id, line: 2 }] }, quote.version)).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
    // Sent to the suppliers: the items are locked, 409 naming the status.
    quote = await buyer.done(`${PR}/quotes`, quote, 'send', { supplierIds: [f.suppliers.a] });
    const closed = await buyer.send('POST', `${PR}/quotes/${quote.id}/lines`, { lines: [{ orderId: b.id, line: 2 }] }, quote.version);
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ code: 'INVALID_TRANSITION', message: 'A cotação está "Aguardando orçamentos": só se acrescentam itens a uma cotação aberta (antes do envio aos fornecedores).' });
    expect((await queuedKeys()).has(`${b.id}#2`)).toBe(true);
    expect(other.status).toBe('ABERTA');
  });
});

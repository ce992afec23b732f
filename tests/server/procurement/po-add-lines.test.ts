import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helper.ts';
import { createOrganization, createUser } from '../resources/helpers.ts';
import { apiOf, PR, procurementFixture, type Rec, approvedOrder as approvedOrderOf } from './workflow-helpers.ts';

/**
 * `POST pricing/v1/purchase-orders/{id}/lines` (D77): awarded quote lines waiting in the purchase-order queue
 * appended to a draft purchase order, one transaction; only lines awarded to the order's supplier and in no live
 * purchase order; only "Rascunho"; If-Match; scope and record scope checked. The queue goes line by line.
 */
describe('adding awarded quote lines to a draft purchase order', () => {
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
  /** A quote of both lines of a new approved order, awarded: to one supplier, or line by line (`[line 1, line 2]`). */
  const awarded = async (winners: [string, string]) => {
    const o = await approvedOrder();
    const suppliers = [...new Set(winners)];
    let quote = await buyer.create(`${PR}/quotes/from-order-lines`, { lines: [{ orderId: o.id, line: 1 }, { orderId: o.id, line: 2 }], invitedSupplierIds: suppliers, minimumQuotes: 1 });
    for (const s of suppliers) quote = await buyer.done(`${PR}/quotes`, quote, 'proposals', { supplierId: s, items: [{ quoteLine: 1, unitPrice: 2400 }, { quoteLine: 2, unitPrice: 140 }] });
    quote = await buyer.done(`${PR}/quotes`, quote, 'award', suppliers.length === 1
      ? { mode: 'FORNECEDOR', supplierId: suppliers[0] }
      : { mode: 'ITEM', lines: winners.map((s, i) => ({ line: i + 1, supplierId: s })), justification: 'Entrega mais rápida.' });
    return { order: o, quote };
  };
  const requestOf = async (quoteId: string, supplierId: string) =>
    (await ctx.db.query<{ id: string }>('SELECT id FROM quote_requests WHERE quote_id = $1 AND supplier_id = $2', [quoteId, supplierId])).rows[0].id;
  const proposalPo = async (quoteId: string, supplierId: string) => buyer.create(`${PR}/quote-requests/${await requestOf(quoteId, supplierId)}/purchase-order`, {});
  const queuedKeys = async () => {
    const queue = await buyer.get<{ groups: { lines: { quoteId: string; quoteLine: number }[] }[] }>(`${PR}/purchase-order-queue`);
    return new Set(queue.groups.flatMap((g) => g.lines.map((l) => `${l.quoteId}#${l.quoteLine}`)));
  };
  const lines = (po: Rec) => (po.items as Rec[]).map((i) => [i.quoteId, i.quoteLine, i.unitPrice, i.total]);

  it('appends awarded lines of another quote at the awarded price, recomputes the totals and takes the lines out of the queue', async () => {
    const first = await awarded([f.suppliers.a, f.suppliers.a]);
    const po = await proposalPo(first.quote.id, f.suppliers.a);
    expect(lines(po)).toEqual([[first.quote.id, 1, 2400, 24000], [first.quote.id, 2, 140, 14000]]);
    const second = await awarded([f.suppliers.a, f.suppliers.a]);
    let keys = await queuedKeys();
    expect([`${second.quote.id}#1`, `${second.quote.id}#2`].every((k) => keys.has(k))).toBe(true);
    expect(keys.has(`${first.quote.id}#1`)).toBe(false);

    // Line 1 picked twice counts once.
    const res = await buyer.send('POST', `${PR}/purchase-orders/${po.id}/lines`, { lines: [{ quoteId: second.quote.id, line: 1 }, { quoteId: second.quote.id, line: 1 }] }, po.version);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe(`W/"${po.version + 1}"`);
    const updated = res.json().record as Rec;
    expect(lines(updated)).toEqual([[first.quote.id, 1, 2400, 24000], [first.quote.id, 2, 140, 14000], [second.quote.id, 1, 2400, 24000]]);
    expect((updated.items as Rec[])[2]).toMatchObject({ description: 'Papel A4', quantity: 10, unit: 'UN', orderId: second.order.id, orderLine: 1, productId: f.products.paper });
    expect(updated).toMatchObject({ status: 'RASCUNHO', itemsTotal: 62000, quoteId: first.quote.id, orderIds: [first.order.id, second.order.id] });
    expect(updated.totalAmount).toBe(62000 + Number(updated.freightAmount ?? 0) + Number(updated.otherCosts ?? 0) - Number(updated.discount ?? 0));
    const history = await buyer.get<{ action: string }[]>(`${PR}/purchase-orders/${po.id}/history`);
    expect(history.map((h) => h.action)).toContain('update');

    // Line by line: line 1 left the queue, line 2 of the same proposal is still there…
    keys = await queuedKeys();
    expect(keys.has(`${second.quote.id}#1`)).toBe(false);
    expect(keys.has(`${second.quote.id}#2`)).toBe(true);
    // …and the proposal's own purchase order takes only what is left.
    const rest = await proposalPo(second.quote.id, f.suppliers.a);
    expect(lines(rest)).toEqual([[second.quote.id, 2, 140, 14000]]);
    expect((await queuedKeys()).has(`${second.quote.id}#2`)).toBe(false);
    const again = await buyer.send('POST', `${PR}/quote-requests/${await requestOf(second.quote.id, f.suppliers.a)}/purchase-order`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_ORDERED' });
    // Cancelling the draft puts its lines back in the queue.
    await buyer.done(`${PR}/purchase-orders`, updated, 'cancel', { comment: 'Refazer' });
    keys = await queuedKeys();
    expect([`${first.quote.id}#1`, `${first.quote.id}#2`, `${second.quote.id}#1`].every((k) => keys.has(k))).toBe(true);
  });

  it('keeps an order made before the per-line quote (only quote_id, lines without quoteLine) holding its whole proposal', async () => {
    const old = await awarded([f.suppliers.a, f.suppliers.a]);
    const legacy = await proposalPo(old.quote.id, f.suppliers.a);
    await ctx.db.query(`UPDATE purchase_orders SET items = (SELECT jsonb_agg(i - 'quoteId' - 'quoteLine') FROM jsonb_array_elements(items) i) WHERE id = $1`, [legacy.id]);
    const keys = await queuedKeys();
    expect(keys.has(`${old.quote.id}#1`) || keys.has(`${old.quote.id}#2`)).toBe(false);
    const other = await awarded([f.suppliers.a, f.suppliers.a]);
    const po = await proposalPo(other.quote.id, f.suppliers.a);
    const held = await buyer.send('POST', `${PR}/purchase-orders/${po.id}/lines`, { lines: [{ quoteId: old.quote.id, line: 2 }] }, po.version);
    expect(held.statusCode).toBe(400);
    expect(held.json().errors.lines).toEqual([`O item 2 da cotação ${String(old.quote.number)} já está na ordem de compra ${String(legacy.number)}.`]);
  });

  it('refuses another supplier’s line, a line already ordered, unknown fields, a stale or missing If-Match, a caller without the scope and a submitted order, writing nothing', async () => {
    const mixed = await awarded([f.suppliers.b, f.suppliers.a]);
    const po = await proposalPo(mixed.quote.id, f.suppliers.a);
    expect(lines(po)).toEqual([[mixed.quote.id, 2, 140, 14000]]);
    const ordered = await awarded([f.suppliers.a, f.suppliers.a]);
    const holder = await proposalPo(ordered.quote.id, f.suppliers.a);
    const open = await buyer.create(`${PR}/quotes/from-order-lines`, { lines: [{ orderId: (await approvedOrder()).id, line: 1 }], invitedSupplierIds: [f.suppliers.a] });
    const snapshot = async () => (await ctx.db.query('SELECT version, items, order_ids FROM purchase_orders WHERE id = $1', [po.id])).rows[0];
    const before = await snapshot();
    const post = (body: unknown, version?: number, who = buyer) => who.send('POST', `${PR}/purchase-orders/${po.id}/lines`, body, version);
    const errorsOf = async (body: unknown) => {
      const res = await post(body, po.version);
      expect(res.statusCode).toBe(400);
      return res.json().errors as Record<string, string[]>;
    };

    // Line 1 of the mixed quote went to B: a purchase order has one supplier.
    expect((await errorsOf({ lines: [{ quoteId: mixed.quote.id, line: 1 }] })).lines[0])
      .toBe(`O item 1 da cotação ${String(mixed.quote.number)} foi adjudicado a outro fornecedor (Distribuidora Beta ${f.tag}): uma ordem de compra tem um só fornecedor.`);
    // Already in a live purchase order (another one, or this one).
    expect((await errorsOf({ lines: [{ quoteId: ordered.quote.id, line: 1 }] })).lines[0])
      .toBe(`O item 1 da cotação ${String(ordered.quote.number)} já está na ordem de compra ${String(holder.number)}.`);
    expect((await errorsOf({ lines: [{ quoteId: mixed.quote.id, line: 2 }] })).lines[0]).toMatch(/já está na ordem de compra/);
    // Not awarded, missing line, unknown quote, nothing picked, unknown fields.
    expect((await errorsOf({ lines: [{ quoteId: open.id, line: 1 }] })).lines[0]).toBe(`A cotação ${String(open.number)} está "Aberta": só itens de cotação adjudicada vão para ordem de compra.`);
    expect((await errorsOf({ lines: [{ quoteId: ordered.quote.id, line: 9 }] })).lines[0]).toBe(`A cotação ${String(ordered.quote.number)} não tem o item 9.`);
    expect((await errorsOf({ lines: [{ quoteId: '00000000-0000-4000-8000-000000000000', line: 1 }] })).lines).toEqual(['Cotação não encontrada.']);
    expect(await errorsOf({ lines: [] })).toEqual({ lines: ['Escolha pelo menos um item.'] });
    expect((await errorsOf({ lines: [{ quoteId: ordered.quote.id, line: 2 }], unitPrice: 1 })).unitPrice[0]).toMatch(/Campo desconhecido: unitPrice/);
    expect((await errorsOf({ lines: [{ quoteId: ordered.quote.id, line: 2, unitPrice: 1 }] })).lines[0]).toMatch(/Campo desconhecido: unitPrice/);
    // Stale and missing If-Match.
    expect((await post({ lines: [{ quoteId: mixed.quote.id, line: 1 }] }, po.version + 1)).json()).toMatchObject({ code: 'VERSION_CONFLICT', currentVersion: po.version });
    expect((await post({ lines: [{ quoteId: mixed.quote.id, line: 1 }] })).statusCode).toBe(428);
    // Without purchase-orders:update → 403; an order out of the caller's record scope → 404.
    expect((await post({ lines: [{ quoteId: mixed.quote.id, line: 1 }] }, po.version, apiOf(ctx, f.reader.token))).statusCode).toBe(403);
    const outsider = await createUser(ctx, { resources: [{ name: 'purchase-orders', scopes: ['read', 'update'] }, { name: 'quotes', scopes: ['read'] }], organizations: [await createOrganization(ctx.db, 'Filial Oeste')] });
    expect((await post({ lines: [{ quoteId: mixed.quote.id, line: 1 }] }, po.version, apiOf(ctx, outsider.token))).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);

    // Submitted for approval: the items are locked, 409 naming the status; the line stays queued.
    const free = await awarded([f.suppliers.a, f.suppliers.a]);
    const submitted = await buyer.done(`${PR}/purchase-orders`, po, 'submit');
    expect(submitted.status).not.toBe('RASCUNHO');
    const closed = await buyer.send('POST', `${PR}/purchase-orders/${po.id}/lines`, { lines: [{ quoteId: free.quote.id, line: 1 }] }, submitted.version);
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ code: 'INVALID_TRANSITION', message: 'A ordem de compra está "Aguardando aprovação": só se acrescentam itens a uma ordem de compra em rascunho (antes do envio para aprovação).' });
    expect((await queuedKeys()).has(`${free.quote.id}#1`)).toBe(true);
  });
});

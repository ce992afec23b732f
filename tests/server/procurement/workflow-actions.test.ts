import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInSaoPaulo } from '../../../server/approvals/store.ts';
import { shiftDays } from '../approvals/helpers.ts';
import { createTestApp, type TestContext } from '../helper.ts';
import { createUser } from '../resources/helpers.ts';
import { apiOf, PR, procurementFixture, SM, type Rec, approvedOrder as approvedOrderOf } from './workflow-helpers.ts';

const APPROVALS = '/api/approvals/v1';

/**
 * The rules every action keeps: wrong status → 409 naming it; stale If-Match → 409 VERSION_CONFLICT; no
 * scope → 403; requester or registrant never approves; documents in an approval queue are decided there (by
 * its approvers or a substitute in their period); a refused action writes nothing.
 */
describe('procurement actions: status, concurrency, permissions, segregation and approval queues', () => {
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

  it('answers a wrong status with 409 naming it, a stale version with VERSION_CONFLICT, and writes nothing', async () => {
    const o = await buyer.create(`${SM}/orders`, f.order());
    const wrong = await manager.act(`${SM}/orders`, o, 'approve');
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_TRANSITION', message: 'Não é possível aprovar um pedido com a situação "Rascunho".', status: 'RASCUNHO', action: 'approve' });
    const stale = await buyer.act(`${SM}/orders`, { id: o.id, version: o.version + 1 }, 'submit');
    expect(stale.json()).toMatchObject({ statusCode: 409, code: 'VERSION_CONFLICT', currentVersion: o.version });
    const missing = await buyer.send('POST', `${SM}/orders/${o.id}/submit`, {});
    expect(missing.statusCode).toBe(428);
    expect(await buyer.get(`${SM}/orders/${o.id}`)).toMatchObject({ status: 'RASCUNHO', version: o.version });
    const history = await buyer.get<unknown[]>(`${SM}/orders/${o.id}/history`);
    expect(history).toHaveLength(1);
  });

  it('checks the scope of each action (403 in pt-BR) and keeps the requester from deciding', async () => {
    const reader = apiOf(ctx, f.reader.token);
    let o = await buyer.create(`${SM}/orders`, f.order());
    expect((await reader.act(`${SM}/orders`, o, 'submit')).json()).toMatchObject({ statusCode: 403, message: 'Você não tem permissão para enviar pedidos para aprovação (Pedidos).' });
    o = await buyer.done(`${SM}/orders`, o, 'submit');
    // A manager who is also the requester: segregation of duties.
    const both = await createUser(ctx, { resources: [{ name: 'orders', scopes: ['create', 'read', 'update', 'approve'] }, { name: 'cost-centers', scopes: ['read'] }, { name: 'products', scopes: ['read'] }, { name: 'expense-categories', scopes: ['read'] }, { name: 'organizations', scopes: ['read'] }] });
    const self = apiOf(ctx, both.token);
    let own = await self.create(`${SM}/orders`, f.order());
    own = await self.done(`${SM}/orders`, own, 'submit');
    expect((await self.act(`${SM}/orders`, own, 'approve')).json()).toMatchObject({ statusCode: 403, code: 'SEGREGATION_OF_DUTIES' });
    // Reject needs the reason; return to draft by the requester; cancel with the reason.
    expect((await manager.act(`${SM}/orders`, o, 'reject')).json().errors).toEqual({ comment: ['Informe o motivo.'] });
    o = await manager.done(`${SM}/orders`, o, 'reject', { comment: 'Sem orçamento este mês.' });
    expect(o).toMatchObject({ status: 'REPROVADO', statusReason: 'Sem orçamento este mês.' });
    o = await buyer.done(`${SM}/orders`, o, 'return');
    expect(o.status).toBe('RASCUNHO');
    o = await buyer.done(`${SM}/orders`, o, 'cancel', { comment: 'Comprado por outro setor.' });
    expect(o.status).toBe('CANCELADO');
  });

  it('routes orders and purchase orders to the queue their trigger chooses; a substitute decides in the period', async () => {
    const queue = await apiOf(ctx, f.admin).create(`${APPROVALS}/approvals`, { name: `Compras ${f.tag}`, priority: 1, allowSelfApproval: false, onReject: 'DEVOLVER', organizationId: f.org, active: true });
    const substitute = await createUser(ctx, { resources: [{ name: 'approval-requests', scopes: ['read', 'approve'] }, { name: 'orders', scopes: ['read'] }] });
    const stage = await apiOf(ctx, f.admin).create(`${APPROVALS}/approval-stages`, {
      approvalId: queue.id, order: 1, name: 'Gestor', rule: 'ANY', approverUserIds: [f.manager.id, f.buyer.id], approverGroupIds: [], active: true,
      substituteUserId: substitute.id, substituteFrom: shiftDays(-1), substituteUntil: shiftDays(1),
    });
    const triggers: Rec[] = [];
    for (const resourceName of ['orders', 'purchase-orders']) {
      triggers.push(await apiOf(ctx, f.admin).create(`${APPROVALS}/approval-triggers`, { approvalId: queue.id, name: `${resourceName} do centro ${f.tag}`, resourceName, costCenterId: f.costCenterId, active: true }));
    }
    let o = await buyer.create(`${SM}/orders`, f.order());
    const sent = await buyer.act(`${SM}/orders`, o, 'submit');
    expect(sent.json().approvalQueue).toBe(`Compras ${f.tag}`);
    o = sent.json().record;
    expect(o).toMatchObject({ status: 'ENVIADO', approvalQueueId: queue.id });
    // Decided in the queue, not directly.
    expect((await manager.act(`${SM}/orders`, o, 'approve')).json()).toMatchObject({ statusCode: 409, code: 'IN_APPROVAL_QUEUE' });
    const { rows } = await ctx.db.query<{ id: string }>(`SELECT id FROM approval_requests WHERE record_id = $1 AND status = 'PENDENTE'`, [o.id]);
    const decide = (token: string) => apiOf(ctx, token).send('POST', `${APPROVALS}/approval-requests/${rows[0].id}/decisions`, { stageId: stage.id, decision: 'APROVAR' });
    // The requester is on the stage but never decides on their own order.
    expect((await decide(f.buyer.token)).json()).toMatchObject({ statusCode: 403, code: 'SELF_APPROVAL' });
    expect((await decide(substitute.token)).statusCode).toBe(201);
    o = await buyer.get(`${SM}/orders/${o.id}`);
    expect(o).toMatchObject({ status: 'APROVADO', approvedBy: substitute.id });
    expect(todayInSaoPaulo()).toBe(shiftDays(0));

    // A rejection by the queue returns the order to the requester's draft (DEVOLVER).
    let again = await buyer.done(`${SM}/orders`, await buyer.create(`${SM}/orders`, f.order()), 'submit');
    const req2 = (await ctx.db.query<{ id: string }>(`SELECT id FROM approval_requests WHERE record_id = $1 AND status = 'PENDENTE'`, [again.id])).rows[0].id;
    expect((await apiOf(ctx, f.manager.token).send('POST', `${APPROVALS}/approval-requests/${req2}/decisions`, { stageId: stage.id, decision: 'REJEITAR', comment: 'Rever quantidades' })).statusCode).toBe(201);
    again = await buyer.get(`${SM}/orders/${again.id}`);
    expect(again).toMatchObject({ status: 'RASCUNHO', statusReason: 'Rever quantidades' });
    // The other tests decide directly: the queue stops routing this cost center.
    for (const t of triggers) expect((await apiOf(ctx, f.admin).send('PATCH', `${APPROVALS}/approval-triggers/${t.id}`, { active: false }, t.version)).statusCode).toBe(200);
  });

  it('keeps a quoted order from being cancelled and cancels a quote back to the queue', async () => {
    const o = await approvedOrder();
    const quote = await buyer.create(`${PR}/quotes/from-order-lines`, { lines: [{ orderId: o.id, line: 1 }], invitedSupplierIds: [f.suppliers.a] });
    const current = await buyer.get(`${SM}/orders/${o.id}`);
    expect(current.status).toBe('EM_COTACAO');
    expect((await buyer.act(`${SM}/orders`, current, 'cancel', { comment: 'x' })).json().code).toBe('INVALID_TRANSITION');
    // The same line cannot go to a second quote while the first is alive.
    expect((await buyer.send('POST', `${PR}/quotes/from-order-lines`, { lines: [{ orderId: o.id, line: 1 }], invitedSupplierIds: [f.suppliers.a] })).statusCode).toBe(400);
    await buyer.done(`${PR}/quotes`, quote, 'cancel', { comment: 'Refazer com mais fornecedores' });
    expect((await buyer.get(`${SM}/orders/${o.id}`)).status).toBe('APROVADO');
  });

  it('awards by line with a justification when it is not the lowest, and refuses an incomplete award whole', async () => {
    const o = await approvedOrder();
    let quote = await buyer.create(`${PR}/quotes/from-order-lines`, { lines: [{ orderId: o.id, line: 1 }, { orderId: o.id, line: 2 }], invitedSupplierIds: [f.suppliers.a, f.suppliers.b], minimumQuotes: 2 });
    quote = await buyer.done(`${PR}/quotes`, quote, 'proposals', { supplierId: f.suppliers.a, items: [{ quoteLine: 1, unitPrice: 2000 }, { quoteLine: 2, unitPrice: 100 }] });
    quote = await buyer.done(`${PR}/quotes`, quote, 'proposals', { supplierId: f.suppliers.b, channel: 'PDF', items: [{ quoteLine: 1, unitPrice: 2100 }] });
    const before = await ctx.db.query('SELECT status, version FROM quote_requests WHERE quote_id = $1 ORDER BY id', [quote.id]);
    // B did not price line 2: the award is refused whole, nothing changes.
    const bad = await buyer.act(`${PR}/quotes`, quote, 'award', { mode: 'ITEM', lines: [{ line: 1, supplierId: f.suppliers.b }, { line: 2, supplierId: f.suppliers.b }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors['lines.2'][0]).toMatch(/não cotou o item 2/);
    expect((await ctx.db.query('SELECT status, version FROM quote_requests WHERE quote_id = $1 ORDER BY id', [quote.id])).rows).toEqual(before.rows);
    expect(await buyer.get(`${PR}/quotes/${quote.id}`)).toMatchObject({ status: 'EM_ANALISE', version: quote.version });
    // Line 1 to B costs more than A's: justification required, then accepted.
    const body = { mode: 'ITEM', lines: [{ line: 1, supplierId: f.suppliers.b }, { line: 2, supplierId: f.suppliers.a }] };
    expect((await buyer.act(`${PR}/quotes`, quote, 'award', body)).json().errors.justification).toHaveLength(1);
    quote = await buyer.done(`${PR}/quotes`, quote, 'award', { ...body, justification: 'B entrega em 24 h; o papel falta no estoque.' });
    expect((quote.items as Rec[]).map((i) => [i.awardedSupplierId, i.awardedUnitPrice])).toEqual([[f.suppliers.b, 2100], [f.suppliers.a, 100]]);
    expect(quote).toMatchObject({ awardMode: 'ITEM', winningSupplierId: f.suppliers.b, awardJustification: 'B entrega em 24 h; o papel falta no estoque.' });
    const states = await ctx.db.query<{ supplier_id: string; status: string }>('SELECT supplier_id, status FROM quote_requests WHERE quote_id = $1', [quote.id]);
    expect(states.rows.every((r) => r.status === 'VENCEDOR')).toBe(true);
    // One purchase order per winner; a bad body writes nothing.
    const queue = await buyer.get<{ groups: { key: string; lines: { supplierId: string }[] }[] }>(`${PR}/purchase-order-queue`);
    const fromB = queue.groups.find((g) => g.lines[0].supplierId === f.suppliers.b)!.key;
    const countPos = async () => Number((await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM purchase_orders WHERE quote_id = $1', [quote.id])).rows[0].n);
    const refused = await buyer.send('POST', `${PR}/quote-requests/${fromB}/purchase-order`, { costCenterId: '00000000-0000-4000-8000-000000000000' });
    expect(refused.statusCode).toBe(400);
    expect(await countPos()).toBe(0);
    const po = await buyer.create(`${PR}/quote-requests/${fromB}/purchase-order`, {});
    expect((po.items as Rec[]).map((i) => [i.quoteLine, i.unitPrice, i.orderLine])).toEqual([[1, 2100, 1]]);
    expect(await countPos()).toBe(1);
  });

  it('closes a partly received purchase order only with a reason', async () => {
    const o = await approvedOrder();
    const quote = await buyer.create(`${PR}/quotes/from-order-lines`, { lines: [{ orderId: o.id, line: 1 }], invitedSupplierIds: [f.suppliers.a], minimumQuotes: 1 });
    const priced = await buyer.done(`${PR}/quotes`, quote, 'proposals', { supplierId: f.suppliers.a, items: [{ quoteLine: 1, unitPrice: 2500 }] });
    await buyer.done(`${PR}/quotes`, priced, 'award', { mode: 'FORNECEDOR', supplierId: f.suppliers.a });
    const requestId = (await ctx.db.query<{ id: string }>('SELECT id FROM quote_requests WHERE quote_id = $1', [quote.id])).rows[0].id;
    let po = await buyer.create(`${PR}/quote-requests/${requestId}/purchase-order`, {});
    po = await buyer.done(`${PR}/purchase-orders`, po, 'submit');
    // The buyer of the order never approves it.
    expect((await buyer.act(`${PR}/purchase-orders`, po, 'approve')).statusCode).toBe(403);
    po = await manager.done(`${PR}/purchase-orders`, po, 'approve');
    const over = await buyer.create(`${PR}/purchase-orders/${po.id}/receipts`, { items: [{ purchaseOrderLine: 1, quantity: 11 }] });
    expect((await buyer.act(`${PR}/receipts`, over, 'confirm')).json().errors).toEqual({ 'items.0.quantity': ['Item 1: a quantidade aceita passa do saldo a receber mais a tolerância (máximo 10,5).'] });
    const refusedPart = await buyer.create(`${PR}/purchase-orders/${po.id}/receipts`, { items: [{ purchaseOrderLine: 1, quantity: 5, rejectedQuantity: 1, rejectionReason: 'Caixa amassada' }] });
    expect((await buyer.act(`${PR}/receipts`, refusedPart, 'confirm')).json().errors).toEqual({ notes: ['Descreva a divergência nas observações.'] });
    expect((await buyer.done(`${PR}/receipts`, refusedPart, 'confirm', { notes: 'Uma resma devolvida.' })).status).toBe('COM_DIVERGENCIA');
    po = await buyer.get(`${PR}/purchase-orders/${po.id}`);
    expect((po.items as Rec[])[0]).toMatchObject({ receivedQuantity: 4, receiptStatus: 'PARCIAL' });
    expect((await buyer.act(`${PR}/purchase-orders`, po, 'close')).json().errors).toEqual({ comment: ['A ordem ainda tem itens a receber: informe o motivo do encerramento.'] });
    po = await buyer.done(`${PR}/purchase-orders`, po, 'close', { comment: 'Fornecedor sem estoque do restante.' });
    expect(po.status).toBe('ENCERRADA');
  });
});

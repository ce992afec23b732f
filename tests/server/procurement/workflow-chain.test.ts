import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInSaoPaulo } from '../../../server/approvals/store.ts';
import { createTestApp, type TestContext } from '../helper.ts';
import { apiFor, freshAccount, workflowUsers } from '../finance/workflow-helpers.ts';
import { outbox } from '../identity/helpers.ts';
import { apiOf, PR, procurementFixture, SM, type Rec } from './workflow-helpers.ts';

/**
 * The whole procure-to-pay chain through the actions, as people do it: order submitted and approved → quote
 * from its lines → invitations → two proposals (one through the supplier's own link) → award → purchase order
 * from the proposal → approved → sent (PDF e-mailed) → partial and final receipt → invoice from the order →
 * matched → approved (payable generated, linked both ways) → the finance flow to "Pago".
 */
describe('procure-to-pay: from the order to the paid payable', () => {
  let ctx: TestContext;
  let f: Awaited<ReturnType<typeof procurementFixture>>;
  beforeAll(async () => {
    ctx = await createTestApp();
    f = await procurementFixture(ctx);
  });
  afterAll(() => ctx.close());

  it('runs every step through its action', async () => {
    const buyer = apiOf(ctx, f.buyer.token);
    const manager = apiOf(ctx, f.manager.token);
    const fiscal = apiOf(ctx, f.fiscal.token);

    // Order: submitted, then approved by the manager (no queue for small amounts).
    let order = await buyer.create(`${SM}/orders`, f.order());
    order = await buyer.done(`${SM}/orders`, order, 'submit');
    expect(order).toMatchObject({ status: 'ENVIADO' });
    expect((await buyer.act(`${SM}/orders`, order, 'approve')).statusCode).toBe(403);
    order = await manager.done(`${SM}/orders`, order, 'approve', { comment: 'Ok' });
    expect(order).toMatchObject({ status: 'APROVADO', approvedBy: f.manager.id });

    // The quotation queue has both lines; a quote takes them.
    const queue = await buyer.get<{ groups: { lines: { orderId: string; line: number }[] }[] }>(`${PR}/quotation-queue`);
    const mine = queue.groups.flatMap((g) => g.lines).filter((l) => l.orderId === order.id);
    expect(mine.map((l) => l.line)).toEqual([1, 2]);
    let quote = await buyer.create(`${PR}/quotes/from-order-lines`, {
      lines: mine.map((l) => ({ orderId: l.orderId, line: l.line })), invitedSupplierIds: [f.suppliers.a, f.suppliers.b, f.suppliers.c], minimumQuotes: 2,
    });
    expect(quote).toMatchObject({ status: 'ABERTA', orderIds: [order.id] });
    expect((quote.items as Rec[]).map((i) => [i.orderLine, i.quantity])).toEqual([[1, 10], [2, 100]]);
    expect((await buyer.get(`${SM}/orders/${order.id}`)).status).toBe('EM_COTACAO');

    // Invitations: two e-mails with a link each; the supplier without e-mail is reported.
    const sent = await buyer.act(`${PR}/quotes`, quote, 'send');
    expect(sent.statusCode).toBe(200);
    expect(sent.json().skipped).toHaveLength(1);
    quote = sent.json().record;
    expect(quote.status).toBe('ENVIADA');
    const [invite] = await outbox(ctx.app, `alfa-${f.tag}@fornecedor.com.br`);
    const token = /\/fornecedor\/cotacao\/([A-Za-z0-9_-]+)/.exec(invite.text)![1];

    // Supplier A answers through its link (no login): the page and the JSON endpoint.
    const page = await ctx.app.inject({ method: 'GET', url: `/fornecedor/cotacao/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Enviar orçamento');
    const answer = await ctx.app.inject({
      method: 'POST', url: `${PR}/portal/quote-requests/${token}/proposal`,
      payload: { items: [{ quoteLine: 1, unitPrice: 2400 }, { quoteLine: 2, unitPrice: 140 }], paymentTerms: '30 DDL', deliveryDays: 5, freightAmount: 0 },
    });
    expect(answer.statusCode).toBe(200);
    // Supplier B by phone, recorded by the buyer: cheaper paper, dearer pens, freight.
    quote = await buyer.get(`${PR}/quotes/${quote.id}`);
    quote = await buyer.done(`${PR}/quotes`, quote, 'proposals', {
      supplierId: f.suppliers.b, channel: 'TELEFONE', items: [{ quoteLine: 1, unitPrice: 2300 }, { quoteLine: 2, unitPrice: 160 }], freightAmount: 1000, paymentTerms: 'à vista',
    });
    expect(quote.status).toBe('EM_ANALISE');

    // The comparison map: best price per line, A is the lowest complete total.
    const map = await buyer.get<{ map: { lines: { bestSupplierIds: string[] }[]; lowestSupplierId: string } }>(`${PR}/quotes/${quote.id}/comparison`);
    expect(map.map.lines.map((l) => l.bestSupplierIds)).toEqual([[f.suppliers.b], [f.suppliers.a]]);
    expect(map.map.lowestSupplierId).toBe(f.suppliers.a);
    // Awarding B (not the lowest) needs a justification; A is accepted as is.
    const notLowest = await buyer.act(`${PR}/quotes`, quote, 'award', { mode: 'FORNECEDOR', supplierId: f.suppliers.b });
    expect(notLowest.statusCode).toBe(400);
    expect(notLowest.json().errors.justification[0]).toMatch(/não é o menor custo total/);
    expect((await buyer.get(`${PR}/quotes/${quote.id}`)).status).toBe('EM_ANALISE');
    quote = await buyer.done(`${PR}/quotes`, quote, 'award', { mode: 'FORNECEDOR', supplierId: f.suppliers.a });
    expect(quote).toMatchObject({ status: 'APROVADA', winningSupplierId: f.suppliers.a, awardedAmount: 24000 + 14000 });
    expect((await buyer.get(`${SM}/orders/${order.id}`)).status).toBe('COTADO');

    // The purchase order of the winning proposal, in one step.
    const poQueue = await buyer.get<{ groups: { key: string; lines: { quoteId: string }[] }[] }>(`${PR}/purchase-order-queue`);
    const requestId = poQueue.groups.find((g) => g.lines[0].quoteId === quote.id)!.key;
    let po = await buyer.create(`${PR}/quote-requests/${requestId}/purchase-order`, { categoryId: f.categoryId });
    expect(po).toMatchObject({ status: 'RASCUNHO', supplierId: f.suppliers.a, quoteId: quote.id, quoteRequestId: requestId, paymentTerms: '30 DDL', itemsTotal: 38000 });
    expect((await buyer.send('POST', `${PR}/quote-requests/${requestId}/purchase-order`, {})).statusCode).toBe(409);
    expect((await buyer.get(`${SM}/orders/${order.id}`)).status).toBe('PEDIDO_GERADO');

    po = await buyer.done(`${PR}/purchase-orders`, po, 'submit');
    const stale = await manager.act(`${PR}/purchase-orders`, { id: po.id, version: po.version - 1 }, 'approve');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('VERSION_CONFLICT');
    po = await manager.done(`${PR}/purchase-orders`, po, 'approve');
    po = await buyer.done(`${PR}/purchase-orders`, po, 'send');
    expect(po).toMatchObject({ status: 'ENVIADA', sentTo: `alfa-${f.tag}@fornecedor.com.br` });
    expect(typeof po.pdfFileId).toBe('string');
    const pdf = await ctx.db.query<{ content_type: string; head: string }>(
      `SELECT f.content_type, encode(substr(c.data, 1, 5), 'escape') AS head FROM files f JOIN file_chunks c ON c.file_id = f.id AND c.index = 0 WHERE f.id = $1`, [po.pdfFileId]);
    expect(pdf.rows[0]).toEqual({ content_type: 'application/pdf', head: '%PDF-' });
    const mails = await outbox(ctx.app, `alfa-${f.tag}@fornecedor.com.br`);
    expect(mails[0].subject).toContain(String(po.number));

    // Partial, then final receipt: the order lines move line by line.
    let receipt = await buyer.create(`${PR}/purchase-orders/${po.id}/receipts`, { items: [{ purchaseOrderLine: 1, quantity: 4 }] });
    expect(receipt).toMatchObject({ status: 'EM_CONFERENCIA' });
    receipt = await buyer.done(`${PR}/receipts`, receipt, 'confirm');
    expect(receipt.status).toBe('CONFERIDO');
    po = await buyer.get(`${PR}/purchase-orders/${po.id}`);
    expect(po.status).toBe('PARCIALMENTE_RECEBIDA');
    expect((po.items as Rec[]).map((i) => [i.receivedQuantity, i.receiptStatus])).toEqual([[4, 'PARCIAL'], [0, 'PENDENTE']]);
    expect((await buyer.get(`${SM}/orders/${order.id}`)).status).toBe('PARCIALMENTE_ATENDIDO');
    expect((await buyer.act(`${PR}/purchase-orders`, po, 'cancel', { comment: 'Desisti' })).json()).toMatchObject({
      statusCode: 409, code: 'INVALID_TRANSITION', message: 'Não é possível cancelar uma ordem de compra com a situação "Parcialmente recebida".',
    });
    const rest = await buyer.create(`${PR}/purchase-orders/${po.id}/receipts`, {});
    expect((rest.items as Rec[]).map((i) => [i.purchaseOrderLine, i.quantity])).toEqual([[1, 6], [2, 100]]);
    await buyer.done(`${PR}/receipts`, rest, 'confirm');
    po = await buyer.get(`${PR}/purchase-orders/${po.id}`);
    expect(po.status).toBe('RECEBIDA');
    expect((await buyer.get(`${SM}/orders/${order.id}`)).status).toBe('CONCLUIDO');

    // Invoice from the order: matched within tolerance, approved by the fiscal → payable.
    let invoice = await buyer.create(`${PR}/invoices/from-purchase-order`, { purchaseOrderId: po.id, number: '88001', series: '1', documentType: 'FATURA' });
    expect(invoice).toMatchObject({ status: 'EM_CONFERENCIA', productsAmount: 38000, netAmount: 38000 });
    expect(invoice.installments).toEqual([{ number: '001', dueDate: expect.any(String), amount: 38000 }]);
    invoice = await buyer.done(`${PR}/invoices`, invoice, 'match');
    expect(invoice).toMatchObject({ status: 'CONFERIDO', mismatches: [] });
    invoice = await fiscal.done(`${PR}/invoices`, invoice, 'approve');
    expect(invoice.status).toBe('LANCADO');
    const payableId = String(invoice.payableId);
    const people = await workflowUsers(ctx);
    const finance = apiFor(ctx, people.approver.token);
    let payable = (await finance.get(`/payables/${payableId}`)).json() as Rec;
    expect(payable).toMatchObject({
      status: 'RASCUNHO', invoiceId: invoice.id, purchaseOrderId: po.id, netAmount: 38000, costCenterId: f.costCenterId, categoryId: f.categoryId,
      supplierId: f.suppliers.a, requesterId: f.buyer.id, requesterCheck: 'PENDENTE',
    });
    expect((await buyer.get(`${PR}/purchase-orders/${po.id}`)).status).toBe('FATURADA');

    // The finance flow takes it: the requester (the buyer) confirms, someone else approves, treasury pays.
    const buyerFinance = apiFor(ctx, f.buyer.token);
    payable = (await buyerFinance.post(`/payables/${payableId}/confirm`, {}, payable.version)).json().record;
    expect(payable.status).toBe('ABERTO');
    payable = (await finance.post(`/payables/${payableId}/approve`, {}, payable.version)).json().record;
    expect(payable.status).toBe('APROVADO');
    const treasurer = apiFor(ctx, people.treasurer.token);
    const parcels = (await treasurer.get(`/payable-installments?filter[payableId]=${payableId}`)).json() as Rec[];
    await treasurer.post('/payable-installments/authorize', { items: parcels.map((p) => ({ id: p.id, version: p.version })) });
    const authorized = (await treasurer.get(`/payable-installments?filter[payableId]=${payableId}`)).json() as Rec[];
    const account = await freshAccount(ctx, f.org, `Conta ${f.tag}`);
    const paid = await treasurer.post('/payable-installments/pay', {
      items: authorized.map((p) => ({ id: p.id, version: p.version, paidAmount: p.amount })), paidAt: todayInSaoPaulo(), bankAccountId: account,
    });
    expect({ status: paid.statusCode, body: paid.statusCode === 201 ? 'ok' : paid.json() }).toEqual({ status: 201, body: 'ok' });
    expect((await finance.get(`/payables/${payableId}`)).json().status).toBe('PAGO');
  });
});

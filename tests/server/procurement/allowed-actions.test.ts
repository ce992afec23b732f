import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCUREMENT_CREATE_FROM as C } from '../../../src/i18n/procurement-workflow.ts';
import { createTestApp, type TestContext } from '../helper.ts';
import { apiOf, PR, procurementFixture, SM, type Rec } from './workflow-helpers.ts';

type Verdict = { allowed: boolean; reason?: string; code?: string };
type Answer = { actions?: string[]; records: { id: string; actions?: Record<string, Verdict> }[] };

/**
 * The procurement documents' allowed actions (docs/screens.md §5.1, D56): `GET …/permissions?id=` answers, per
 * record, the workflow actions and the "criar a partir de" steps the caller may take now — the same verdicts the
 * actions themselves give — so a record page offers only buttons that can succeed.
 */
describe('procurement allowed actions', () => {
  let ctx: TestContext;
  let f: Awaited<ReturnType<typeof procurementFixture>>;
  let buyer: ReturnType<typeof apiOf>;
  let manager: ReturnType<typeof apiOf>;
  let reader: ReturnType<typeof apiOf>;

  const actionsOf = async (api: ReturnType<typeof apiOf>, path: string, id: string) => {
    const answer = await api.get<Answer>(`${path}/permissions?id=${id}`);
    return Object.assign({ ...answer.records[0].actions! }, { keys: answer.actions! }) as Record<string, Verdict> & { keys: string[] };
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    f = await procurementFixture(ctx);
    buyer = apiOf(ctx, f.buyer.token);
    manager = apiOf(ctx, f.manager.token);
    reader = apiOf(ctx, f.reader.token);
  });
  afterAll(() => ctx.close());

  it('orders: the requester sends and cancels a draft; the manager approves; nobody approves their own; quote once approved', async () => {
    let o = await buyer.create(`${SM}/orders`, f.order());
    const draft = await actionsOf(buyer, `${SM}/orders`, o.id);
    expect(draft.keys).toEqual(['submit', 'approve', 'reject', 'return', 'cancel', 'quote']);
    expect(draft.submit).toEqual({ allowed: true });
    expect(draft.cancel).toEqual({ allowed: true });
    expect(draft.approve).toMatchObject({ allowed: false, code: 'scope' });
    expect(draft.quote).toEqual({ allowed: false, code: 'status', reason: C.notQuotable });
    expect((await actionsOf(manager, `${SM}/orders`, o.id)).approve).toEqual({ allowed: false, code: 'status', reason: 'Não é possível aprovar um pedido com a situação "Rascunho".' });

    o = await buyer.done(`${SM}/orders`, o, 'submit');
    const sent = await actionsOf(manager, `${SM}/orders`, o.id);
    expect(sent.approve).toEqual({ allowed: true });
    expect(sent.reject).toEqual({ allowed: true });
    expect((await actionsOf(buyer, `${SM}/orders`, o.id)).return).toEqual({ allowed: true });
    // The verdict is the one the action gives: a reader may do nothing.
    const { keys: _k, ...none } = await actionsOf(reader, `${SM}/orders`, o.id);
    expect(Object.values(none).filter((v) => v.allowed)).toEqual([]);
    expect((await reader.act(`${SM}/orders`, o, 'approve')).statusCode).toBe(403);

    o = await manager.done(`${SM}/orders`, o, 'approve');
    expect((await actionsOf(buyer, `${SM}/orders`, o.id)).quote).toEqual({ allowed: true });
    expect((await actionsOf(reader, `${SM}/orders`, o.id)).quote).toEqual({ allowed: false, code: 'scope', reason: C.forbiddenQuote });

    // Once a live quote holds its lines: cancel is blocked (shown disabled with the reason), nothing left to quote.
    const quote = await buyer.create(`${PR}/quotes/from-order-lines`, { lines: [{ orderId: o.id, line: 1 }, { orderId: o.id, line: 2 }], invitedSupplierIds: [f.suppliers.a] });
    const held = await actionsOf(buyer, `${SM}/orders`, o.id);
    expect(held.cancel).toEqual({ allowed: false, code: 'status', reason: 'Não é possível cancelar um pedido com a situação "Em cotação".' });
    expect(held.quote.allowed).toBe(false);
    const q = await actionsOf(buyer, `${PR}/quotes`, quote.id);
    expect(q.keys).toEqual(['send', 'proposals', 'award', 'cancel', 'purchaseOrder']);
    expect(q.send).toEqual({ allowed: true });
    expect(q.award).toMatchObject({ allowed: false, code: 'status' });
    expect(q.purchaseOrder).toEqual({ allowed: false, code: 'status', reason: C.notOrderable });
  });

  it('purchase orders, receipts and invoices: approve segregated from the buyer; receive and invoice while something is open', async () => {
    let o = await buyer.create(`${SM}/orders`, f.order());
    o = await manager.done(`${SM}/orders`, await buyer.done(`${SM}/orders`, o, 'submit'), 'approve');
    let quote = await buyer.create(`${PR}/quotes/from-order-lines`, { lines: [{ orderId: o.id, line: 1 }, { orderId: o.id, line: 2 }], invitedSupplierIds: [f.suppliers.a, f.suppliers.b] });
    quote = await buyer.done(`${PR}/quotes`, quote, 'proposals', { supplierId: f.suppliers.a, channel: 'TELEFONE', items: [{ quoteLine: 1, unitPrice: 2400 }, { quoteLine: 2, unitPrice: 140 }], paymentTerms: '30 DDL' });
    quote = await buyer.done(`${PR}/quotes`, quote, 'award', { mode: 'FORNECEDOR', supplierId: f.suppliers.a, justification: 'Único orçamento recebido a tempo.' });
    expect((await actionsOf(buyer, `${PR}/quotes`, quote.id)).purchaseOrder).toEqual({ allowed: true });

    const poQueue = await buyer.get<{ groups: { key: string; lines: { quoteId: string }[] }[] }>(`${PR}/purchase-order-queue`);
    const requestId = poQueue.groups.find((g) => g.lines[0].quoteId === quote.id)!.key;
    let po = await buyer.create(`${PR}/quote-requests/${requestId}/purchase-order`, { categoryId: f.categoryId });
    expect((await actionsOf(buyer, `${PR}/quotes`, quote.id)).purchaseOrder.allowed).toBe(false);

    const draft = await actionsOf(buyer, `${PR}/purchase-orders`, po.id);
    expect(draft.keys).toEqual(['submit', 'approve', 'reject', 'return', 'send', 'cancel', 'close', 'receipts', 'invoice', 'lines']);
    expect(draft.submit).toEqual({ allowed: true });
    expect(draft.lines).toEqual({ allowed: true });
    expect(draft.receipts).toMatchObject({ allowed: false, code: 'status' });
    po = await buyer.done(`${PR}/purchase-orders`, po, 'submit');
    expect((await actionsOf(manager, `${PR}/purchase-orders`, po.id)).approve).toEqual({ allowed: true });
    po = await manager.done(`${PR}/purchase-orders`, po, 'approve');
    const approved = await actionsOf(buyer, `${PR}/purchase-orders`, po.id);
    expect(approved.send).toEqual({ allowed: true });
    expect(approved.lines).toEqual({ allowed: false, code: 'status', reason: C.notOpenToLines });
    expect(approved.receipts).toEqual({ allowed: true });
    expect(approved.invoice).toEqual({ allowed: false, code: 'status', reason: C.notInvoiceable });

    let receipt = await buyer.create(`${PR}/purchase-orders/${po.id}/receipts`, { items: [{ purchaseOrderLine: 1, quantity: 4 }] });
    const open = await actionsOf(buyer, `${PR}/receipts`, receipt.id);
    expect(open.keys).toEqual(['confirm', 'invoice']);
    expect(open.confirm).toEqual({ allowed: true });
    expect(open.invoice.allowed).toBe(false);
    receipt = await buyer.done(`${PR}/receipts`, receipt, 'confirm');
    expect((await actionsOf(buyer, `${PR}/receipts`, receipt.id)).confirm).toMatchObject({ allowed: false, code: 'status' });
    expect((await actionsOf(buyer, `${PR}/receipts`, receipt.id)).invoice).toEqual({ allowed: true });
    const partly = await actionsOf(buyer, `${PR}/purchase-orders`, po.id);
    expect(partly.invoice).toEqual({ allowed: true });
    expect(partly.receipts).toEqual({ allowed: true });
    expect(partly.cancel).toMatchObject({ allowed: false, code: 'status' });

    let invoice: Rec = await buyer.create(`${PR}/invoices/from-purchase-order`, { purchaseOrderId: po.id, receiptId: receipt.id, number: String(Date.now()).slice(-8), series: '1', documentType: 'FATURA' });
    const inv = await actionsOf(buyer, `${PR}/invoices`, invoice.id);
    expect(inv.keys).toEqual(['match', 'approve', 'reject']);
    expect(inv.match).toEqual({ allowed: true });
    // Approving invoices is the fiscal's scope, from Conferido on.
    expect(inv.approve).toMatchObject({ allowed: false, code: 'scope' });
    const fiscal = apiOf(ctx, f.fiscal.token);
    expect((await actionsOf(fiscal, `${PR}/invoices`, invoice.id)).approve).toMatchObject({ allowed: false, code: 'status' });
    invoice = await buyer.done(`${PR}/invoices`, invoice, 'match');
    expect(invoice.status).toBe('CONFERIDO');
    expect((await actionsOf(fiscal, `${PR}/invoices`, invoice.id)).approve).toEqual({ allowed: true });
    expect((await actionsOf(fiscal, `${PR}/invoices`, invoice.id)).reject).toEqual({ allowed: true });
  });
});

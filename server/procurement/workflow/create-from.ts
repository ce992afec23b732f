import { lineTotal } from '../../../src/engine/procurement/comparison.ts';
import { qty } from '../../../src/engine/procurement/receiving.ts';
import { installmentsFromTerms } from '../../../src/engine/procurement/terms.ts';
import { ORDER_STATUS_LABELS, PO_STATUS_LABELS, PROCUREMENT_WORKFLOW_MESSAGES as M, QUOTE_STATUS_LABELS } from '../../../src/i18n/procurement-workflow.ts';
import type { Queryable } from '../../db/index.ts';
import { badRequest, HttpError, notFound } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import { createRecord, type Engine } from '../../resources/index.ts';
import { getRecord } from '../../resources/repository.ts';
import { updateRow } from '../../finance/rows.ts';
import { inTransaction, itemsOf, joined, num, todayInBrazil, type Row } from './common.ts';
import { syncOrders } from './orders.ts';
import { orderedQuoteLines } from './queues.ts';
import { RECEIVABLE_PO } from './receipts.ts';

/**
 * "Criar a partir de" (docs/resources-procurement.md): each new document is created through the generic
 * write (its schema, hooks, numbering and audit) with what the source already says copied and linked, in one
 * transaction with the source's status. Bodies carry only what the source cannot know.
 */

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const QUOTABLE = new Set(['APROVADO', 'EM_COTACAO']);

/** One picked order line: `{ orderId, line }` (1-based), as the quotation queue lists them. */
export type LinePick = { orderId?: unknown; line?: unknown };

/**
 * The picked order lines as quote items, inside the caller's transaction: each order in the caller's scope,
 * locked, approved (or already in quotation) and each line still in the quotation queue (no live quote holds it);
 * a line picked twice counts once. Anything else is a 400 naming the order and line; nothing is written.
 */
export async function pickQueuedLines(q: Queryable, engine: Engine, body: Record<string, unknown>, principal: Principal) {
  const raw = Array.isArray(body.lines) ? (body.lines as LinePick[]) : [];
  const seen = new Set<string>();
  const picks = raw.filter((p) => {
    const k = `${String(p?.orderId ?? '').toLowerCase()}#${Number(p?.line)}`;
    return seen.has(k) ? false : (seen.add(k), true);
  });
  if (!picks.length) throw badRequest({ lines: [M.noLines] });
  const ordersDef = engine.registry.get('orders')!;
  const orders = new Map<string, Row>();
  for (const id of [...new Set(picks.map((p) => String(p.orderId ?? '').toLowerCase()))].sort()) {
    const o = /^[0-9a-f-]{36}$/.test(id) ? await getRecord(q, ordersDef, id, principal, { forUpdate: true }) : undefined;
    if (!o) throw badRequest({ lines: ['Pedido não encontrado.'] });
    if (!QUOTABLE.has(String(o.status))) throw badRequest({ lines: [M.orderNotQuotable(String(o.number), ORDER_STATUS_LABELS[String(o.status)] ?? String(o.status))] });
    orders.set(id, o);
  }
  const queued = await queuedLineKeys(q, [...orders.keys()]);
  const items = picks.map((p) => {
    const o = orders.get(String(p.orderId).toLowerCase())!;
    const line = Number(p.line);
    const it = Number.isInteger(line) ? itemsOf(o)[line - 1] : undefined;
    if (!it || !queued.has(`${o.id}#${line}`)) throw badRequest({ lines: [M.lineNotQueued(String(o.number), line)] });
    return { productId: it.productId ?? null, variantId: it.variantId ?? null, description: it.description, quantity: it.quantity, unit: it.unit, unitPrice: it.unitPrice, orderId: o.id, orderLine: line };
  });
  return { orders, items };
}

/** `POST pricing/v1/quotes/from-order-lines`: a quote from approved order lines (the quotation queue). */
export async function quoteFromOrderLines(engine: Engine, body: Record<string, unknown>, principal: Principal) {
  return inTransaction(engine, async (q, touched) => {
    const { orders, items } = await pickQueuedLines(q, engine, body, principal);
    const first = [...orders.values()][0];
    const today = todayInBrazil();
    const deadline = str(body.responseDeadline) ?? new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const quote = await createRecord(joined(engine, q), engine.registry.get('quotes')!, {
      organizationId: first.organizationId,
      title: str(body.title) ?? `Cotação de ${[...orders.values()].map((o) => String(o.number)).join(', ')}`.slice(0, 120),
      openingDate: today,
      responseDeadline: deadline,
      criterion: body.criterion ?? 'MENOR_PRECO',
      minimumQuotes: body.minimumQuotes ?? 3,
      invitedSupplierIds: Array.isArray(body.invitedSupplierIds) && body.invitedSupplierIds.length ? body.invitedSupplierIds : await suggestedSuppliers(q, items),
      orderIds: [...orders.keys()],
      items,
      notes: str(body.notes) ?? null,
    }, principal);
    touched.add('quotes');
    await syncOrders(q, engine, [...orders.keys()], principal.userId, touched);
    return quote;
  });
}

/** Suppliers to invite by default: the preferred suppliers of the lines' products (at least one is needed). */
async function suggestedSuppliers(q: Queryable, items: { productId: unknown }[]): Promise<string[]> {
  const ids = items.map((i) => i.productId).filter((v): v is string => typeof v === 'string');
  if (!ids.length) return [];
  const { rows } = await q.query<{ id: string }>('SELECT DISTINCT preferred_supplier_id AS id FROM products WHERE id = ANY($1::uuid[]) AND preferred_supplier_id IS NOT NULL', [ids]);
  return rows.map((r) => r.id);
}

/** `orderId#line` of the approved order lines no live quote holds yet. */
async function queuedLineKeys(q: Queryable, orderIds: string[]): Promise<Set<string>> {
  const { rows } = await q.query<{ k: string }>(
    `SELECT o.id || '#' || n AS k FROM orders o, generate_series(1, jsonb_array_length(o.items)) n
      WHERE o.id = ANY($1::uuid[]) AND NOT EXISTS (
        SELECT 1 FROM quotes qt, jsonb_array_elements(qt.items) i
         WHERE qt.deleted_at IS NULL AND qt.status <> 'CANCELADA' AND i->>'orderId' = o.id::text AND (i->>'orderLine')::int = n)`,
    [orderIds],
  );
  return new Set(rows.map((r) => r.k));
}

/**
 * `POST pricing/v1/quote-requests/{id}/purchase-order`: the purchase order of a winning proposal in one step —
 * the lines awarded to that supplier (and not yet in a live purchase order, D77) at the awarded prices, its terms, freight and delivery, the quote's
 * orders, linked to the quote and the proposal. Body: `{ costCenterId?, categoryId?, paymentMethod?, issueDate?,
 * expectedDeliveryDate?, deliveryAddress? }` (cost center and category default to the orders').
 */
export async function purchaseOrderFromProposal(engine: Engine, requestId: string, body: Record<string, unknown>, principal: Principal) {
  return inTransaction(engine, async (q, touched) => {
    const request = await getRecord(q, engine.registry.get('quote-requests')!, requestId, principal, { forUpdate: true });
    if (!request) throw notFound();
    const quote = await getRecord(q, engine.registry.get('quotes')!, String(request.quoteId), principal, { forUpdate: true });
    if (!quote) throw notFound();
    if (quote.status !== 'APROVADA') throw new HttpError(409, 'INVALID_TRANSITION', M.quoteNotAwarded(QUOTE_STATUS_LABELS[String(quote.status)] ?? String(quote.status)));
    const supplierId = String(request.supplierId);
    const awarded = itemsOf(quote).map((it, i) => ({ it, line: i + 1 })).filter(({ it }) => it.awardedSupplierId === supplierId);
    if (!awarded.length) throw new HttpError(409, 'INVALID_TRANSITION', M.supplierNotWinner);
    // Line by line (D77): a line already added to another purchase order of this supplier stays there.
    const ordered = await orderedQuoteLines(q, [String(quote.id)]);
    const won = awarded.filter(({ line }) => !ordered.has(`${String(quote.id)}#${line}`));
    if (!won.length) throw new HttpError(409, 'ALREADY_ORDERED', M.alreadyOrdered(ordered.get(`${String(quote.id)}#${awarded[0].line}`)!));
    const firstOrder = won.map(({ it }) => it.orderId).find((v) => typeof v === 'string');
    const order = firstOrder ? (await q.query<Row>('SELECT cost_center_id AS "costCenterId", department_id AS "departmentId", delivery_location AS "deliveryLocation", items FROM orders WHERE id = $1::uuid', [firstOrder])).rows[0] : undefined;
    const orderLine = order ? itemsOf(order)[num(won[0].it.orderLine) - 1] : undefined;
    const today = todayInBrazil();
    const po = await createRecord(joined(engine, q), engine.registry.get('purchase-orders')!, {
      organizationId: quote.organizationId,
      supplierId,
      quoteId: quote.id,
      orderIds: [...new Set(won.map(({ it }) => it.orderId).filter((v): v is string => typeof v === 'string'))],
      costCenterId: str(body.costCenterId) ?? order?.costCenterId,
      categoryId: str(body.categoryId) ?? orderLine?.categoryId ?? null,
      issueDate: str(body.issueDate) ?? today,
      expectedDeliveryDate: str(body.expectedDeliveryDate) ?? (typeof request.deliveryDays === 'number' ? new Date(Date.now() + request.deliveryDays * 86_400_000).toISOString().slice(0, 10) : null),
      paymentTerms: (request.paymentTerms as string) ?? 'A combinar',
      paymentMethod: str(body.paymentMethod) ?? 'BOLETO',
      freightType: (request.freightType as string) ?? (num(request.freightAmount) ? 'CIF' : 'SEM_FRETE'),
      freightAmount: num(request.freightAmount) || null,
      discount: num(request.discount) || null,
      deliveryAddress: str(body.deliveryAddress) ?? order?.deliveryLocation ?? null,
      items: won.map(({ it, line }) => ({
        productId: it.productId ?? null, variantId: it.variantId ?? null, description: it.description, quantity: it.quantity, unit: it.unit,
        unitPrice: it.awardedUnitPrice, orderId: it.orderId ?? null, orderLine: it.orderLine ?? null, quoteId: quote.id, quoteLine: line,
      })),
      notes: str(body.notes) ?? null,
    }, principal);
    const linked = await updateRow(q, engine.registry.get('purchase-orders')!, po, { quoteRequestId: request.id }, principal.userId);
    touched.add('purchase-orders');
    await syncOrders(q, engine, linked.orderIds as string[], principal.userId, touched);
    return linked;
  });
}

/**
 * `POST pricing/v1/purchase-orders/{id}/receipts`: a receipt with the order's open quantities copied (only
 * what arrived is typed). Body: `{ receivedAt?, invoiceNumber?, invoiceSeries?, accessKey?, notes?,
 * items?: [{ purchaseOrderLine, quantity, rejectedQuantity?, rejectionReason? }] }` — without items, every open
 * line in full.
 */
export async function receiptFromPurchaseOrder(engine: Engine, poId: string, body: Record<string, unknown>, principal: Principal) {
  return inTransaction(engine, async (q, touched) => {
    const po = await getRecord(q, engine.registry.get('purchase-orders')!, poId, principal, { forUpdate: true });
    if (!po) throw notFound();
    if (!RECEIVABLE_PO.has(String(po.status))) throw new HttpError(409, 'INVALID_TRANSITION', `A ordem de compra está "${PO_STATUS_LABELS[String(po.status)]}": só se registra entrega de ordem aprovada, enviada ou parcialmente recebida.`);
    const lines = itemsOf(po);
    const open = lines.map((it, i) => ({ it, line: i + 1, open: qty(num(it.quantity) - num(it.receivedQuantity)) })).filter((l) => l.open > 0);
    const typed = Array.isArray(body.items) ? (body.items as Record<string, unknown>[]) : null;
    const items = (typed ?? open.map((l): Record<string, unknown> => ({ purchaseOrderLine: l.line, quantity: l.open }))).map((t) => {
      const line = Number(t.purchaseOrderLine);
      const it = lines[line - 1];
      if (!it) throw badRequest({ items: [M.receiptLine(line)] });
      return { productId: it.productId ?? null, description: it.description, unit: it.unit, purchaseOrderLine: line, quantity: t.quantity, rejectedQuantity: t.rejectedQuantity ?? 0, rejectionReason: t.rejectionReason ?? null };
    });
    if (!items.length) throw new HttpError(409, 'NOTHING_OPEN', M.nothingOpen);
    const receipt = await createRecord(joined(engine, q), engine.registry.get('receipts')!, {
      organizationId: po.organizationId,
      purchaseOrderId: po.id,
      receivedAt: str(body.receivedAt) ?? todayInBrazil(),
      invoiceNumber: str(body.invoiceNumber) ?? null,
      invoiceSeries: str(body.invoiceSeries) ?? null,
      accessKey: str(body.accessKey) ?? null,
      items,
      notes: str(body.notes) ?? null,
    }, principal);
    touched.add('receipts');
    return receipt;
  });
}

/**
 * `POST pricing/v1/invoices/from-purchase-order`: an invoice with the received and not yet invoiced
 * quantities at the order's prices (or a receipt's accepted ones), linked to the order line by line, its
 * duplicatas from the order's payment terms. Body: `{ purchaseOrderId, receiptId?, number, series?,
 * documentType?, accessKey?, issueDate?, entryDate?, freightAmount?, ... }`.
 */
export async function invoiceFromPurchaseOrder(engine: Engine, body: Record<string, unknown>, principal: Principal) {
  return inTransaction(engine, async (q, touched) => {
    const po = await getRecord(q, engine.registry.get('purchase-orders')!, String(body.purchaseOrderId ?? ''), principal, { forUpdate: true });
    if (!po) throw badRequest({ purchaseOrderId: ['Ordem de compra não encontrada.'] });
    const receipt = str(body.receiptId) ? await getRecord(q, engine.registry.get('receipts')!, String(body.receiptId), principal) : undefined;
    if (str(body.receiptId) && (!receipt || receipt.purchaseOrderId !== po.id)) throw badRequest({ receiptId: ['Entrega não encontrada nesta ordem de compra.'] });
    const lines = itemsOf(po);
    const quantities = receipt
      ? itemsOf(receipt).map((r) => ({ line: num(r.purchaseOrderLine), quantity: qty(num(r.quantity) - num(r.rejectedQuantity)) }))
      : lines.map((it, i) => ({ line: i + 1, quantity: qty(num(it.receivedQuantity) - num(it.invoicedQuantity)) }));
    const items = quantities.filter((x) => x.quantity > 0 && lines[x.line - 1]).map((x) => {
      const it = lines[x.line - 1];
      return { productId: it.productId ?? null, variantId: it.variantId ?? null, description: it.description, quantity: x.quantity, unit: it.unit, unitPrice: it.unitPrice, purchaseOrderId: po.id, purchaseOrderLine: x.line };
    });
    if (!items.length) throw new HttpError(409, 'NOTHING_OPEN', 'Não há quantidade recebida a faturar nesta ordem de compra.');
    const products = items.reduce((s, i) => s + lineTotal(num(i.quantity), num(i.unitPrice)), 0);
    const issueDate = str(body.issueDate) ?? todayInBrazil();
    const freight = typeof body.freightAmount === 'number' ? body.freightAmount : 0;
    const invoice = await createRecord(joined(engine, q), engine.registry.get('invoices')!, {
      organizationId: po.organizationId,
      supplierId: po.supplierId,
      purchaseOrderIds: [po.id],
      documentType: body.documentType ?? 'NFE',
      number: body.number,
      series: body.series ?? '1',
      accessKey: body.accessKey ?? null,
      issueDate,
      entryDate: str(body.entryDate) ?? issueDate,
      paymentTerms: po.paymentTerms,
      productsAmount: products,
      servicesAmount: 0,
      freightAmount: freight || null,
      items,
      installments: installmentsFromTerms(products + freight, issueDate, po.paymentTerms as string).map((p) => ({ number: String(p.number).padStart(3, '0'), dueDate: p.dueDate, amount: p.amount })),
      notes: str(body.notes) ?? null,
    }, principal);
    touched.add('invoices');
    return invoice;
  });
}

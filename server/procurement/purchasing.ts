import { formatMoney } from '../../src/engine/formats/money.ts';
import { PROCUREMENT_MESSAGES as M } from '../../src/i18n/procurement.ts';
import type { ResourceHooks, WriteContext } from '../resources/index.ts';
import { PROCUREMENT_WORKFLOW_MESSAGES as WM } from '../../src/i18n/procurement-workflow.ts';
import { added, checkAllocations, checkItemVariants, checkLinkedOrders, checkSupplier, Errors, notBefore, PO_STATUS_TITLES, rowsById, stampNew } from './documents.ts';

const num = (v: unknown) => (typeof v === 'number' ? v : 0);

/**
 * Ordens de compra: numbered `OC-…`, start as rascunho with the creator as buyer. The supplier is a
 * supplier-like company (a carrier for FOB freight), the quote (if any) is approved and won by this
 * supplier, linked orders are approved, the delivery is not before the issue, and the discount does not
 * exceed items + freight + other costs (the total, `x-computed`, is never negative); the expense category
 * is analytic.
 */
export const purchaseOrderHooks: ResourceHooks = {
  async beforeWrite(ctx) {
    if (ctx.action === 'delete') return;
    const r = ctx.record;
    const errors = new Errors();
    await checkSupplier(ctx, errors, 'supplierId');
    if (r.carrierId) await checkSupplier(ctx, errors, 'carrierId', new Set(['TRANSPORTADORA']), M.notCarrier);
    if (added(r.quoteId, ctx.stored?.quoteId).length || (r.quoteId && added(r.supplierId, ctx.stored?.supplierId).length)) {
      const quote = (await rowsById(ctx.q, 'quotes', [r.quoteId], 'number, status, winning_supplier_id, items')).get(String(r.quoteId));
      // An award by line has several winners (`winning_supplier_id` is only the first): the supplier won some line.
      const won = (quote?.items as { awardedSupplierId?: unknown }[] | null | undefined)?.some((i) => i.awardedSupplierId === r.supplierId);
      if (quote && quote.status !== 'APROVADA') errors.add('quoteId', M.quoteNotApproved(String(quote.number)));
      else if (quote?.winning_supplier_id && quote.winning_supplier_id !== r.supplierId && !won) errors.add('supplierId', M.quoteOtherWinner(String(quote.number)));
    }
    await checkLinkedOrders(ctx, errors);
    if (!notBefore(r.expectedDeliveryDate, r.issueDate)) errors.add('expectedDeliveryDate', M.deliveryBeforeIssue);
    const gross = num(r.itemsTotal) + num(r.freightAmount) + num(r.otherCosts);
    if (num(r.discount) > gross) errors.add('discount', M.discountTooHigh(formatMoney(gross)));
    await checkItemVariants(ctx, errors);
    await checkAllocations(ctx, errors, { categoryId: true });
    errors.throwIfAny();
    keepReceiving(r, ctx.stored);
    await stampNew(ctx, 'OC', 'RASCUNHO', 'buyerId');
  },
};

/**
 * What the receipts and invoices wrote on each line (received and invoiced quantities, receipt progress) is
 * the server's: a client's value is replaced by the stored one (lines are locked once the order leaves draft).
 */
function keepReceiving(r: Record<string, unknown>, stored: Record<string, unknown> | undefined): void {
  if (!Array.isArray(r.items)) return;
  const before = Array.isArray(stored?.items) ? (stored.items as Record<string, unknown>[]) : [];
  r.items = (r.items as Record<string, unknown>[]).map((item, i) => ({
    ...item,
    receivedQuantity: before[i]?.receivedQuantity ?? 0,
    invoicedQuantity: before[i]?.invoicedQuantity ?? 0,
    receiptStatus: before[i]?.receiptStatus ?? 'PENDENTE',
  }));
}

const RECEIVABLE = new Set(['APROVADA', 'ENVIADA', 'PARCIALMENTE_RECEBIDA']);

/**
 * Entregas: numbered `ENT-…` with the creator as receiver; a new receipt is against an approved, sent or
 * partly received purchase order of the same organization; refused quantities are at most the received
 * ones and carry a reason. It starts "em conferência"; the confirmation gives the result.
 */
export const receiptHooks: ResourceHooks = {
  async beforeWrite(ctx) {
    if (ctx.action === 'delete') return;
    const r = ctx.record;
    const errors = new Errors();
    if (ctx.action === 'create') {
      const po = (await rowsById(ctx.q, 'purchase_orders', [r.purchaseOrderId], 'number, status, organization_id')).get(String(r.purchaseOrderId));
      if (po && po.organization_id !== r.organizationId) errors.add('purchaseOrderId', M.otherOrganization(`A ordem de compra ${String(po.number)}`));
      else if (po && !RECEIVABLE.has(String(po.status))) {
        errors.add('purchaseOrderId', M.poNotReceivable(String(po.number), PO_STATUS_TITLES[String(po.status)] ?? String(po.status)));
      }
    }
    if (typeof r.receivedAt === 'string' && r.receivedAt > new Date().toISOString().slice(0, 10)) errors.add('receivedAt', M.futureDate);
    const items = Array.isArray(r.items) ? (r.items as Record<string, unknown>[]) : [];
    items.forEach((item, i) => {
      const rejected = num(item.rejectedQuantity);
      if (rejected > num(item.quantity)) errors.add(`items.${i}.rejectedQuantity`, M.rejectedOverReceived);
      if (rejected > 0) {
        if (!item.rejectionReason) errors.add(`items.${i}.rejectionReason`, M.rejectionReason);
      }
    });
    if (items.length && items.every((item) => num(item.quantity) === 0)) errors.add('items', M.nothingReceived);
    await tieToOrderLines(ctx.q, r, items, errors);
    errors.throwIfAny();
    // The result of the conference comes from the confirmation (POST …/receipts/{id}/confirm).
    if (ctx.action === 'create') r.status = 'EM_CONFERENCIA';
    await stampNew(ctx, 'ENT', null, 'receivedById');
  },
};

/**
 * Each received line names the purchase order line it delivers (`purchaseOrderLine`, 1-based; filled from
 * the product when only one line of the order has it) and shows the quantity still to receive there.
 */
async function tieToOrderLines(q: WriteContext['q'], r: Record<string, unknown>, items: Record<string, unknown>[], errors: Errors): Promise<void> {
  if (typeof r.purchaseOrderId !== 'string' || !items.length) return;
  const { rows } = await q.query<{ items: Record<string, unknown>[] | null }>('SELECT items FROM purchase_orders WHERE id = $1::uuid', [r.purchaseOrderId]);
  const lines = rows[0]?.items ?? [];
  r.items = items.map((item, i) => {
    let line = typeof item.purchaseOrderLine === 'number' ? item.purchaseOrderLine : null;
    if (line === null && item.productId) {
      const same = lines.map((l, k) => (l.productId === item.productId ? k + 1 : 0)).filter(Boolean);
      if (same.length === 1) line = same[0];
    }
    if (line !== null && !lines[line - 1]) {
      errors.add(`items.${i}.purchaseOrderLine`, WM.receiptLine(line));
      return item;
    }
    const ordered = line ? lines[line - 1] : undefined;
    return { ...item, purchaseOrderLine: line, pendingQuantity: ordered ? Math.max(0, num(ordered.quantity) - num(ordered.receivedQuantity)) : null };
  });
}

import { formatMoney } from '../../src/engine/formats/money.ts';
import { PROCUREMENT_MESSAGES as M } from '../../src/i18n/procurement.ts';
import type { ResourceHooks } from '../resources/index.ts';
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
      const quote = (await rowsById(ctx.q, 'quotes', [r.quoteId], 'number, status, winning_supplier_id')).get(String(r.quoteId));
      if (quote && quote.status !== 'APROVADA') errors.add('quoteId', M.quoteNotApproved(String(quote.number)));
      else if (quote?.winning_supplier_id && quote.winning_supplier_id !== r.supplierId) errors.add('supplierId', M.quoteOtherWinner(String(quote.number)));
    }
    await checkLinkedOrders(ctx, errors);
    if (!notBefore(r.expectedDeliveryDate, r.issueDate)) errors.add('expectedDeliveryDate', M.deliveryBeforeIssue);
    const gross = num(r.itemsTotal) + num(r.freightAmount) + num(r.otherCosts);
    if (num(r.discount) > gross) errors.add('discount', M.discountTooHigh(formatMoney(gross)));
    await checkItemVariants(ctx, errors);
    await checkAllocations(ctx, errors, { categoryId: true });
    errors.throwIfAny();
    await stampNew(ctx, 'OC', 'RASCUNHO', 'buyerId');
  },
};

const RECEIVABLE = new Set(['APROVADA', 'ENVIADA', 'PARCIALMENTE_RECEBIDA']);

/**
 * Entregas: numbered `ENT-…` with the creator as receiver; a new receipt is against an approved, sent or
 * partly received purchase order of the same organization; refused quantities are at most the received
 * ones and carry a reason, and any refusal makes the conference "com divergência" or "recusado".
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
    let anyRejected = false;
    items.forEach((item, i) => {
      const rejected = num(item.rejectedQuantity);
      if (rejected > num(item.quantity)) errors.add(`items.${i}.rejectedQuantity`, M.rejectedOverReceived);
      if (rejected > 0) {
        anyRejected = true;
        if (!item.rejectionReason) errors.add(`items.${i}.rejectionReason`, M.rejectionReason);
      }
    });
    if (items.length && items.every((item) => num(item.quantity) === 0)) errors.add('items', M.nothingReceived);
    if (anyRejected && r.status === 'CONFERIDO') errors.add('status', M.rejectedButChecked);
    errors.throwIfAny();
    await stampNew(ctx, 'ENT', null, 'receivedById');
  },
};

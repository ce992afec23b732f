import { PROCUREMENT_MESSAGES as M } from '../../src/i18n/procurement.ts';
import type { ResourceHooks } from '../resources/index.ts';
import { checkAllocations, checkItemVariants, checkLinkedOrders, Errors, notBefore, stampNew } from './documents.ts';

/**
 * Pedidos: numbered `PED-…`, start as rascunho with the creator as requester; need date after the request;
 * an item's own cost center (of the order's organization) and expense category are analytic.
 */
export const orderHooks: ResourceHooks = {
  async beforeWrite(ctx) {
    if (ctx.action === 'delete') return;
    const r = ctx.record;
    const errors = new Errors();
    if (!notBefore(r.neededBy, r.requestDate)) errors.add('neededBy', M.neededBeforeRequest);
    await checkItemVariants(ctx, errors);
    await checkAllocations(ctx, errors);
    errors.throwIfAny();
    await stampNew(ctx, 'PED', 'RASCUNHO', 'requesterId');
  },
};

/**
 * Cotações: numbered `COT-…`, start aberta with the creator as buyer; the deadline is not before the
 * opening; only approved orders are quoted (an item's order joins the quote's orders); the award is the
 * award action's (POST …/quotes/{id}/award).
 */
export const quoteHooks: ResourceHooks = {
  async beforeWrite(ctx) {
    if (ctx.action === 'delete') return;
    const r = ctx.record;
    const errors = new Errors();
    if (!notBefore(r.responseDeadline, r.openingDate)) errors.add('responseDeadline', M.deadlineBeforeOpening);
    linkItemOrders(r);
    await checkLinkedOrders(ctx, errors);
    await checkItemVariants(ctx, errors);
    errors.throwIfAny();
    keepAward(r, ctx.stored);
    await stampNew(ctx, 'COT', 'ABERTA', 'buyerId');
  },
};

/** An item's source order is one of the quote's orders (added when missing), so the order rules apply to it. */
function linkItemOrders(r: Record<string, unknown>): void {
  const ids = new Set(Array.isArray(r.orderIds) ? r.orderIds.map(String) : []);
  for (const item of Array.isArray(r.items) ? (r.items as Record<string, unknown>[]) : []) if (typeof item.orderId === 'string') ids.add(item.orderId);
  r.orderIds = [...ids];
}

/** The award of each line is the award action's: a client's value is replaced by the stored one. */
function keepAward(r: Record<string, unknown>, stored: Record<string, unknown> | undefined): void {
  if (!Array.isArray(r.items)) return;
  const before = Array.isArray(stored?.items) ? (stored.items as Record<string, unknown>[]) : [];
  r.items = (r.items as Record<string, unknown>[]).map((item, i) => ({
    ...item,
    awardedSupplierId: before[i]?.awardedSupplierId ?? null,
    awardedUnitPrice: before[i]?.awardedUnitPrice ?? null,
  }));
}

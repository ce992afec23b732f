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
 * opening; only approved orders are quoted; the winner is one of the invited suppliers.
 */
export const quoteHooks: ResourceHooks = {
  async beforeWrite(ctx) {
    if (ctx.action === 'delete') return;
    const r = ctx.record;
    const errors = new Errors();
    if (!notBefore(r.responseDeadline, r.openingDate)) errors.add('responseDeadline', M.deadlineBeforeOpening);
    const invited = Array.isArray(r.invitedSupplierIds) ? r.invitedSupplierIds.map(String) : [];
    if (r.winningSupplierId && !invited.includes(String(r.winningSupplierId))) errors.add('winningSupplierId', M.winnerNotInvited);
    await checkLinkedOrders(ctx, errors);
    await checkItemVariants(ctx, errors);
    errors.throwIfAny();
    await stampNew(ctx, 'COT', 'ABERTA', 'buyerId');
  },
};

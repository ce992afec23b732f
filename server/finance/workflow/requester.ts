import type { ResourceHooks } from '../../resources/index.ts';

/**
 * The requester's confirmation of a lançamento a pagar (Fila do Solicitante), kept by write hooks of the
 * generic API: registered by the requester themself → CONFIRMADO; in someone else's name → PENDENTE until
 * that person confirms. An edit by anyone but the requester to what the requester vouches for (supplier,
 * values, plan, classification, requester) asks for the confirmation again.
 */

/** Fields whose change by another person needs the requester's confirmation again. */
const VOUCHED = ['requesterId', 'supplierId', 'documentType', 'documentNumber', 'description', 'amount', 'interest', 'fine', 'discount', 'installmentCount', 'firstDueDate', 'costCenterId', 'categoryId', 'competence'];

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export function requesterHooks(): ResourceHooks {
  return {
    async beforeWrite(ctx) {
      if (ctx.action === 'delete') return;
      const r = ctx.record;
      const me = ctx.principal.userId;
      if (ctx.action === 'create') {
        r.requesterId ??= me;
        const mine = String(r.requesterId).toLowerCase() === me.toLowerCase();
        r.requesterCheck = mine ? 'CONFIRMADO' : 'PENDENTE';
        r.requesterCheckedAt = mine ? new Date().toISOString() : null;
        r.requesterComment = null;
        r.approvalQueueId = null;
        return;
      }
      const s = ctx.stored!;
      const byRequester = String(r.requesterId).toLowerCase() === me.toLowerCase();
      if (byRequester || !VOUCHED.some((f) => !same(r[f], s[f]))) return;
      r.requesterCheck = 'PENDENTE';
      r.requesterCheckedAt = null;
    },
  };
}

/** Runs several hook sets in order (the plan rules, then these), each in the same transaction. */
export function composeHooks(...sets: (ResourceHooks | undefined)[]): ResourceHooks {
  const list = sets.filter((s): s is ResourceHooks => !!s);
  return {
    async beforeLock(ctx) {
      for (const h of list) await h.beforeLock?.(ctx);
    },
    async beforeWrite(ctx) {
      for (const h of list) await h.beforeWrite?.(ctx);
    },
    async afterWrite(ctx) {
      for (const h of list) await h.afterWrite?.(ctx);
    },
  };
}

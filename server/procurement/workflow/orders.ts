import { orderProgress, type LineTrace } from '../../../src/engine/procurement/progress.ts';
import { decideOrderAction, ORDER_TRANSITIONS } from '../../../src/engine/procurement/status.ts';
import type { Queryable } from '../../db/index.ts';
import type { Principal } from '../../lib/principal.ts';
import type { Engine } from '../../resources/index.ts';
import { pendingQueueOf, registerDocumentTarget, routeDocument, withdraw } from './approval.ts';
import { enforce, inTransaction, itemsOf, lockForAction, num, reasonOf, save, type Row, type Touched } from './common.ts';

/**
 * Pedidos (docs/resources-procurement.md "Pedidos"): `POST supply-management/v1/orders/{id}/{action}` with
 * If-Match. submit → ENVIADO and into the approval queue its triggers choose (none: someone with `approve`,
 * not the requester, approves directly); approve / reject; return to draft (withdraws a pending request);
 * cancel (not while a live quote holds its lines).
 */

export type OrderAction = keyof typeof ORDER_TRANSITIONS;

/** The number of a live quote (not cancelled) that holds some line of the order, if any. */
async function liveQuoteOf(q: Queryable, orderId: string): Promise<string | null> {
  const { rows } = await q.query<{ number: string }>(
    `SELECT number FROM quotes WHERE deleted_at IS NULL AND status <> 'CANCELADA'
        AND (order_ids ? $1 OR EXISTS (SELECT 1 FROM jsonb_array_elements(items) i WHERE i->>'orderId' = $1)) ORDER BY number LIMIT 1`,
    [orderId],
  );
  return rows[0]?.number ?? null;
}

export async function runOrderAction(engine: Engine, action: string, id: string, version: number, body: Record<string, unknown>, principal: Principal) {
  const def = engine.registry.get('orders')!;
  return inTransaction(engine, async (q, touched) => {
    const row = await lockForAction(q, def, id, version, principal);
    const pendingQueue = await pendingQueueOf(q, 'orders', id);
    const liveQuote = action === 'cancel' ? await liveQuoteOf(q, id) : null;
    enforce(decideOrderAction(principal, { status: String(row.status), createdBy: row.createdBy as string, requesterId: row.requesterId as string, pendingQueue, liveQuote }, action), { status: row.status, action });
    const t = ORDER_TRANSITIONS[action as OrderAction];
    const comment = reasonOf(body, !!('reason' in t && t.reason));
    const me = principal.userId;
    switch (action as OrderAction) {
      case 'submit': {
        const sent = await save(q, def, row, { status: 'ENVIADO', submittedAt: new Date().toISOString(), statusReason: comment, approvalQueueId: null }, me, touched);
        const routed = await routeDocument(q, engine, 'orders', sent, principal);
        touched.add('approval-requests');
        return { record: routed.row, queue: routed.queue };
      }
      case 'approve':
        return { record: await save(q, def, row, { status: 'APROVADO', approvedBy: me, approvedAt: new Date().toISOString(), statusReason: comment }, me, touched), queue: null };
      case 'reject':
        return { record: await save(q, def, row, { status: 'REPROVADO', statusReason: comment }, me, touched), queue: null };
      case 'return':
      case 'cancel': {
        if (await withdraw(q, 'orders', id, principal, comment ?? 'Devolvido ao rascunho pelo solicitante.')) touched.add('approval-requests');
        const status = action === 'cancel' ? 'CANCELADO' : 'RASCUNHO';
        return { record: await save(q, def, row, { status, statusReason: comment, approvalQueueId: null }, me, touched), queue: null };
      }
    }
  });
}

/** Orders in the approval engine: amount = estimated total; decisions move ENVIADO → APROVADO / RASCUNHO / REPROVADO. */
export function registerOrderTarget(engine: Engine): void {
  const def = () => engine.registry.get('orders')!;
  registerDocumentTarget(engine, {
    resource: 'orders',
    waiting: 'ENVIADO',
    amountOf: (r) => num(r.estimatedTotal),
    requesterOf: (r) => (r.requesterId as string) ?? (r.createdBy as string) ?? null,
    labelOf: (r) => `${String(r.number)} — ${String(r.title ?? '')}`,
    approve: async (q, row, actor) => void (await save(q, def(), row, { status: 'APROVADO', approvedBy: actor, approvedAt: new Date().toISOString() }, actor, new Set())),
    reject: async (q, row, actor, reason, mode) =>
      void (await save(q, def(), row, { status: mode === 'ENCERRAR' ? 'REPROVADO' : 'RASCUNHO', statusReason: reason, approvalQueueId: null }, actor, new Set())),
  });
}

/**
 * Recomputes the status of approved orders from where their lines are (quotes, purchase orders, receipts),
 * after an action that moved them; orders not yet approved or cancelled are left alone.
 */
export async function syncOrders(q: Queryable, engine: Engine, orderIds: readonly unknown[], actor: string, touched: Touched): Promise<void> {
  const ids = [...new Set(orderIds.filter((v): v is string => typeof v === 'string'))].sort();
  if (!ids.length) return;
  const def = engine.registry.get('orders')!;
  const { rows } = await q.query<Row & { traces: LineTrace[] | null }>(
    `SELECT ${def.selectList},
       (SELECT coalesce(jsonb_agg(t), '[]'::jsonb) FROM (
          SELECT (i->>'orderLine')::int AS line, CASE WHEN qt.status = 'APROVADA' THEN 'AWARDED' ELSE 'OPEN' END AS quote, NULL AS receipt
            FROM quotes qt, jsonb_array_elements(qt.items) i
           WHERE qt.deleted_at IS NULL AND qt.status <> 'CANCELADA' AND i->>'orderId' = orders.id::text AND i->>'orderLine' IS NOT NULL
          UNION ALL
          SELECT (i->>'orderLine')::int, NULL, coalesce(i->>'receiptStatus', 'PENDENTE')
            FROM purchase_orders po, jsonb_array_elements(po.items) i
           WHERE po.deleted_at IS NULL AND po.status NOT IN ('CANCELADA', 'REPROVADA') AND i->>'orderId' = orders.id::text AND i->>'orderLine' IS NOT NULL
       ) t) AS traces
     FROM orders WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL ORDER BY id FOR UPDATE`,
    [ids],
  );
  for (const { traces, ...row } of rows) {
    const next = orderProgress(String(row.status), itemsOf(row).length, (traces ?? []).map((t) => ({ line: t.line, quote: t.quote ?? undefined, receipt: t.receipt ?? undefined })));
    if (next !== row.status) await save(q, def, row as Row, { status: next }, actor, touched);
  }
}

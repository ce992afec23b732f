import type { Verdict } from '../../../src/engine/procurement/decide.ts';
import { qty } from '../../../src/engine/procurement/receiving.ts';
import {
  allowedActions, CREATE_FROM_ACTIONS, INVOICE_TRANSITIONS, ORDER_TRANSITIONS, PO_TRANSITIONS, QUOTE_TRANSITIONS, RECEIPT_TRANSITIONS,
} from '../../../src/engine/procurement/status.ts';
import { PROCUREMENT_CREATE_FROM as C } from '../../../src/i18n/procurement-workflow.ts';
import type { Queryable } from '../../db/index.ts';
import type { Principal } from '../../lib/principal.ts';
import type { Engine } from '../../resources/index.ts';
import { allow, canAny, deny, type ActionRecord, type ActionRefusal, type ActionVerdict, type RecordActions } from '../../resources/record-actions.ts';
import { PO_OPEN_TO_LINES } from './add-lines.ts';
import { itemsOf, num } from './common.ts';
import { proposalQueued } from './queues.ts';
import { RECEIVABLE_PO } from './receipts.ts';

/**
 * Which procurement actions a user may take now on each record (docs/screens.md §5.1, D56): the workflow
 * actions through the same pure decision functions the actions call (src/engine/procurement/status.ts), with
 * the facts they need read for the whole page in a few queries (approval queues holding the records, live
 * quotes holding an order's lines); and the "criar a partir de" steps the record page offers (`quote` of an
 * order, `purchase-order` of an awarded quote, `receipts` and `invoice` of a purchase order, `invoice` of a
 * receipt), allowed when the caller may create the new document and there is something left to carry over.
 */

const CODES: Record<string, ActionRefusal> = {
  FORBIDDEN: 'scope', INVALID_TRANSITION: 'status', SEGREGATION_OF_DUTIES: 'segregation', IN_APPROVAL_QUEUE: 'approval-queue', IN_USE: 'blocked',
};

/** A decision function's verdict in the allowed-actions contract. */
export const toVerdict = (v: Verdict): ActionVerdict => (v.allowed ? allow() : deny(CODES[v.code] ?? 'blocked', v.reason));

const str = (v: unknown) => (typeof v === 'string' ? v : null);
const ids = (records: readonly ActionRecord[]) => records.map((r) => r.id);

/** The approval queue each record still waits in (one query): record id → queue name. */
async function pendingQueues(q: Queryable, resource: string, recordIds: readonly string[]): Promise<Map<string, string>> {
  if (!recordIds.length) return new Map();
  const { rows } = await q.query<{ recordId: string; name: string }>(
    `SELECT r.record_id AS "recordId", a.name FROM approval_requests r JOIN approvals a ON a.id = r.approval_id
      WHERE r.resource_name = $1 AND r.record_id = ANY($2::uuid[]) AND r.status = 'PENDENTE' AND r.deleted_at IS NULL`,
    [resource, [...new Set(recordIds)]],
  );
  return new Map(rows.map((r) => [r.recordId, r.name]));
}

/** Per order: the first live quote holding some of its lines, and how many of its lines no live quote holds. */
async function orderQuoteFacts(q: Queryable, orderIds: readonly string[]) {
  const { rows } = await q.query<{ id: string; liveQuote: string | null; free: number }>(
    `SELECT o.id,
            (SELECT qt.number FROM quotes qt WHERE qt.deleted_at IS NULL AND qt.status <> 'CANCELADA'
                AND (qt.order_ids ? o.id::text OR EXISTS (SELECT 1 FROM jsonb_array_elements(qt.items) i WHERE i->>'orderId' = o.id::text))
              ORDER BY qt.number LIMIT 1) AS "liveQuote",
            (SELECT count(*)::int FROM jsonb_array_elements(o.items) WITH ORDINALITY AS x(i, n)
              WHERE NOT EXISTS (SELECT 1 FROM quotes qt, jsonb_array_elements(qt.items) qi
                                 WHERE qt.deleted_at IS NULL AND qt.status <> 'CANCELADA' AND qi->>'orderId' = o.id::text AND (qi->>'orderLine')::int = n)) AS free
       FROM orders o WHERE o.id = ANY($1::uuid[])`,
    [[...orderIds]],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** Per awarded quote: how many winning proposals still have an awarded line without a live purchase order (D77). */
async function quotesAwaitingOrder(q: Queryable, quoteIds: readonly string[]): Promise<Map<string, number>> {
  if (!quoteIds.length) return new Map();
  const { rows } = await q.query<{ quoteId: string; n: number }>(
    `SELECT r.quote_id AS "quoteId", count(*)::int AS n FROM quote_requests r
      WHERE r.quote_id = ANY($1::uuid[]) AND r.deleted_at IS NULL AND r.status = 'VENCEDOR'
        AND ${proposalQueued('r.quote_id', 'r.supplier_id')}
      GROUP BY r.quote_id`,
    [[...quoteIds]],
  );
  return new Map(rows.map((r) => [r.quoteId, r.n]));
}

/** Quantity received and not yet invoiced on some line of a purchase order. */
const toInvoice = (po: Record<string, unknown>) => itemsOf(po).some((it) => qty(num(it.receivedQuantity) - num(it.invoicedQuantity)) > 0);
const toReceive = (po: Record<string, unknown>) => itemsOf(po).some((it) => qty(num(it.quantity) - num(it.receivedQuantity)) > 0);

/** `create` on the new document's resource (hidden without it), then the source's own condition (hidden when not met). */
const createFrom = (me: Principal, resource: string, forbidden: string, ok: boolean, why: string): ActionVerdict =>
  !canAny(me, resource, 'create') ? deny('scope', forbidden) : ok ? allow() : deny('status', why);

const keysOf = (table: object, extra: readonly string[]) => [...Object.keys(table), ...extra];

export function registerProcurementActions(engine: Engine): void {
  const registry = engine.actions;
  if (!registry) return;
  const has = (r: string) => engine.registry.has(r);

  if (has('orders')) {
    registry.set('orders', {
      keys: keysOf(ORDER_TRANSITIONS, CREATE_FROM_ACTIONS.orders),
      async evaluate({ q, principal: me, records }) {
        const queues = await pendingQueues(q, 'orders', ids(records.filter((r) => r.status === 'ENVIADO')));
        const facts = await orderQuoteFacts(q, ids(records));
        const verdicts = allowedActions.orders(me, records.map((r) => ({
          status: String(r.status), createdBy: str(r.createdBy), requesterId: str(r.requesterId), pendingQueue: queues.get(r.id) ?? null, liveQuote: facts.get(r.id)?.liveQuote ?? null,
        })));
        return new Map(records.map((r, i) => {
          const quotable = (r.status === 'APROVADO' || r.status === 'EM_COTACAO') && (facts.get(r.id)?.free ?? 0) > 0;
          const out: RecordActions = Object.fromEntries(Object.entries(verdicts[i]).map(([k, v]) => [k, toVerdict(v)]));
          out.quote = createFrom(me, 'quotes', C.forbiddenQuote, quotable, C.notQuotable);
          return [r.id, out];
        }));
      },
    });
  }

  if (has('quotes')) {
    registry.set('quotes', {
      keys: keysOf(QUOTE_TRANSITIONS, CREATE_FROM_ACTIONS.quotes),
      async evaluate({ q, principal: me, records }) {
        const awaiting = await quotesAwaitingOrder(q, ids(records.filter((r) => r.status === 'APROVADA')));
        const verdicts = allowedActions.quotes(me, records.map((r) => ({ status: String(r.status), createdBy: str(r.createdBy) })));
        return new Map(records.map((r, i) => {
          const out: RecordActions = Object.fromEntries(Object.entries(verdicts[i]).map(([k, v]) => [k, toVerdict(v)]));
          out.purchaseOrder = createFrom(me, 'purchase-orders', C.forbiddenPurchaseOrder, (awaiting.get(r.id) ?? 0) > 0, C.notOrderable);
          return [r.id, out];
        }));
      },
    });
  }

  if (has('purchase-orders')) {
    registry.set('purchase-orders', {
      keys: keysOf(PO_TRANSITIONS, CREATE_FROM_ACTIONS['purchase-orders']),
      async evaluate({ q, principal: me, records }) {
        const queues = await pendingQueues(q, 'purchase-orders', ids(records.filter((r) => r.status === 'AGUARDANDO_APROVACAO')));
        const verdicts = allowedActions['purchase-orders'](me, records.map((r) => ({
          status: String(r.status), createdBy: str(r.createdBy), buyerId: str(r.buyerId), pendingQueue: queues.get(r.id) ?? null,
          anyReceived: itemsOf(r).some((it) => num(it.receivedQuantity) > 0),
        })));
        return new Map(records.map((r, i) => {
          const out: RecordActions = Object.fromEntries(Object.entries(verdicts[i]).map(([k, v]) => [k, toVerdict(v)]));
          out.receipts = createFrom(me, 'receipts', C.forbiddenReceipt, RECEIVABLE_PO.has(String(r.status)) && toReceive(r), C.notReceivable);
          out.invoice = createFrom(me, 'invoices', C.forbiddenInvoice, r.status !== 'CANCELADA' && r.status !== 'ENCERRADA' && toInvoice(r), C.notInvoiceable);
          // Awarded lines of the purchase-order queue into this draft (`POST …/purchase-orders/{id}/lines`, D77).
          out.lines = !canAny(me, 'purchase-orders', 'update') ? deny('scope', C.forbiddenLines) : PO_OPEN_TO_LINES.has(String(r.status)) ? allow() : deny('status', C.notOpenToLines);
          return [r.id, out];
        }));
      },
    });
  }

  if (has('receipts')) {
    registry.set('receipts', {
      keys: keysOf(RECEIPT_TRANSITIONS, CREATE_FROM_ACTIONS.receipts),
      async evaluate({ q, principal: me, records }) {
        const poIds = [...new Set(records.map((r) => str(r.purchaseOrderId)).filter((v): v is string => !!v))];
        const { rows } = poIds.length
          ? await q.query<{ id: string; items: unknown; status: string }>('SELECT id, items, status FROM purchase_orders WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL', [poIds])
          : { rows: [] };
        const pos = new Map(rows.map((p) => [p.id, p as Record<string, unknown>]));
        const verdicts = allowedActions.receipts(me, records.map((r) => ({ status: String(r.status), createdBy: str(r.createdBy) })));
        return new Map(records.map((r, i) => {
          const out: RecordActions = Object.fromEntries(Object.entries(verdicts[i]).map(([k, v]) => [k, toVerdict(v)]));
          const po = pos.get(String(r.purchaseOrderId));
          const ok = (r.status === 'CONFERIDO' || r.status === 'COM_DIVERGENCIA') && !!po && po.status !== 'CANCELADA' && toInvoice(po);
          out.invoice = createFrom(me, 'invoices', C.forbiddenInvoice, ok, C.notInvoiceable);
          return [r.id, out];
        }));
      },
    });
  }

  if (has('invoices')) {
    registry.set('invoices', {
      keys: Object.keys(INVOICE_TRANSITIONS),
      async evaluate({ q, principal: me, records }) {
        const queues = await pendingQueues(q, 'invoices', ids(records.filter((r) => r.status === 'COM_DIVERGENCIA')));
        const verdicts = allowedActions.invoices(me, records.map((r) => ({ status: String(r.status), createdBy: str(r.createdBy), pendingQueue: queues.get(r.id) ?? null })));
        return new Map(records.map((r, i) => [r.id, Object.fromEntries(Object.entries(verdicts[i]).map(([k, v]) => [k, toVerdict(v)]))]));
      },
    });
  }
}

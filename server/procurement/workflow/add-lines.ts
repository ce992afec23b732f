import { PO_STATUS_LABELS, PROCUREMENT_WORKFLOW_MESSAGES as M, QUOTE_STATUS_LABELS } from '../../../src/i18n/procurement-workflow.ts';
import { badRequest, HttpError } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import { updateRecord, type Engine } from '../../resources/index.ts';
import { getRecord } from '../../resources/repository.ts';
import { inTransaction, itemsOf, joined, lockForAction, type Row } from './common.ts';
import { pickQueuedLines } from './create-from.ts';
import { syncOrders } from './orders.ts';
import { orderedQuoteLines } from './queues.ts';

/** Quote statuses that still take lines: the items lock from "Aguardando orçamentos" on (`x-readonly-after`). */
export const QUOTE_OPEN_TO_LINES = new Set(['ABERTA']);

/**
 * `POST pricing/v1/quotes/{id}/lines` (If-Match; body `{ lines: [{ orderId, line }] }`): approved order lines
 * waiting in the quotation queue appended to an open quote, in one transaction — the quote locked at the
 * version the buyer saw (stale → 409 VERSION_CONFLICT), in their record scope, still "Aberta" (else 409 naming
 * the status), each line still queued (else 400), the orders of the quote's organization; the quote is saved
 * through the generic update (schema, hooks, totals, audit) and the orders move to "Em cotação".
 */
export async function addLinesToQuote(engine: Engine, quoteId: string, version: number | undefined, body: Record<string, unknown>, principal: Principal): Promise<{ record: Row; queue: null }> {
  return inTransaction(engine, async (q, touched) => {
    const def = engine.registry.get('quotes')!;
    const quote = await lockForAction(q, def, quoteId, version, principal);
    const status = String(quote.status);
    if (!QUOTE_OPEN_TO_LINES.has(status)) {
      throw new HttpError(409, 'INVALID_TRANSITION', M.quoteClosedToLines(QUOTE_STATUS_LABELS[status] ?? status), undefined, undefined, { status, action: 'lines' });
    }
    const { orders, items } = await pickQueuedLines(q, engine, body, principal);
    for (const o of orders.values()) if (o.organizationId !== quote.organizationId) throw badRequest({ lines: [M.otherOrganization(String(o.number))] });
    const orderIds = [...new Set([...((quote.orderIds as string[] | null) ?? []), ...orders.keys()])];
    const record = await updateRecord(joined(engine, q), def, quote.id, quote.version, { items: [...itemsOf(quote), ...items], orderIds }, 'patch', principal);
    touched.add('quotes');
    await syncOrders(q, engine, [...orders.keys()], principal.userId, touched);
    return { record, queue: null };
  });
}

/** Purchase-order statuses that still take lines: the items lock from "Aguardando aprovação" on (`x-readonly-after`). */
export const PO_OPEN_TO_LINES = new Set(['RASCUNHO']);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PICK_FIELDS = new Set(['quoteId', 'line']);

/** The body's picks `[{ quoteId, line }]`, deduplicated; any other member (of the body or of a pick) is a 400. */
function quoteLinePicks(body: Record<string, unknown>): { quoteId: string; line: number }[] {
  for (const k of Object.keys(body)) if (k !== 'lines') throw badRequest({ [k]: [M.poLinesUnknownField(k)] });
  const raw = Array.isArray(body.lines) ? (body.lines as unknown[]) : [];
  const seen = new Set<string>();
  const picks: { quoteId: string; line: number }[] = [];
  for (const p of raw) {
    if (!p || typeof p !== 'object' || Array.isArray(p)) throw badRequest({ lines: [M.poLinesUnknownField(String(p))] });
    for (const k of Object.keys(p)) if (!PICK_FIELDS.has(k)) throw badRequest({ lines: [M.poLinesUnknownField(k)] });
    const { quoteId, line } = p as { quoteId?: unknown; line?: unknown };
    const id = String(quoteId ?? '').toLowerCase();
    if (!UUID.test(id)) throw badRequest({ lines: [M.poLineQuoteNotFound] });
    const n = Number(line);
    const key = `${id}#${n}`;
    if (seen.has(key)) continue;
    seen.add(key);
    picks.push({ quoteId: id, line: n });
  }
  if (!picks.length) throw badRequest({ lines: [M.noLines] });
  return picks;
}

/**
 * `POST pricing/v1/purchase-orders/{id}/lines` (If-Match; body `{ lines: [{ quoteId, line }] }`, D77): awarded
 * quote lines waiting in the purchase-order queue appended to a draft purchase order, in one transaction — the
 * order locked at the version the buyer saw (stale → 409 VERSION_CONFLICT), in their record scope, still
 * "Rascunho" (else 409 naming the status); each quote in their record scope, approved, of the order's
 * organization, each line awarded to the order's supplier (a purchase order has one supplier) and in no live
 * purchase order yet (else 400 naming the quote, the line and the order holding it). The lines go at the
 * awarded price with their quote (`quoteId`, `quoteLine`) and order line, saved through the generic update
 * (schema, hooks, `x-computed` totals, audit); their orders join `orderIds` and move on (`syncOrders`).
 */
export async function addLinesToPurchaseOrder(engine: Engine, poId: string, version: number | undefined, body: Record<string, unknown>, principal: Principal): Promise<{ record: Row; queue: null }> {
  const picks = quoteLinePicks(body);
  return inTransaction(engine, async (q, touched) => {
    const def = engine.registry.get('purchase-orders')!;
    const po = await lockForAction(q, def, poId, version, principal);
    const status = String(po.status);
    if (!PO_OPEN_TO_LINES.has(status)) {
      throw new HttpError(409, 'INVALID_TRANSITION', M.poClosedToLines(PO_STATUS_LABELS[status] ?? status), undefined, undefined, { status, action: 'lines' });
    }
    const quotesDef = engine.registry.get('quotes')!;
    const quotes = new Map<string, Row>();
    for (const id of [...new Set(picks.map((p) => p.quoteId))].sort()) {
      const quote = await getRecord(q, quotesDef, id, principal, { forUpdate: true });
      if (!quote) throw badRequest({ lines: [M.poLineQuoteNotFound] });
      const number = String(quote.number);
      if (quote.status !== 'APROVADA') throw badRequest({ lines: [M.poLineQuoteNotAwarded(number, QUOTE_STATUS_LABELS[String(quote.status)] ?? String(quote.status))] });
      if (quote.organizationId !== po.organizationId) throw badRequest({ lines: [M.poLineOtherOrganization(number)] });
      quotes.set(id, quote);
    }
    const ordered = await orderedQuoteLines(q, [...quotes.keys()]);
    const others = await supplierNames(q, picks.map((p) => itemsOf(quotes.get(p.quoteId)!)[p.line - 1]?.awardedSupplierId));
    const items = picks.map(({ quoteId, line }) => {
      const quote = quotes.get(quoteId)!;
      const number = String(quote.number);
      const it = Number.isInteger(line) && line >= 1 ? itemsOf(quote)[line - 1] : undefined;
      if (!it) throw badRequest({ lines: [M.poLineMissing(number, line)] });
      if (typeof it.awardedSupplierId !== 'string' || typeof it.awardedUnitPrice !== 'number') throw badRequest({ lines: [M.poLineNotAwarded(number, line)] });
      if (it.awardedSupplierId !== po.supplierId) throw badRequest({ lines: [M.poLineOtherSupplier(number, line, others.get(it.awardedSupplierId) ?? it.awardedSupplierId)] });
      const holder = ordered.get(`${quote.id}#${line}`);
      if (holder) throw badRequest({ lines: [M.poLineOrdered(number, line, holder)] });
      return {
        productId: it.productId ?? null, variantId: it.variantId ?? null, description: it.description, quantity: it.quantity, unit: it.unit,
        unitPrice: it.awardedUnitPrice, orderId: it.orderId ?? null, orderLine: it.orderLine ?? null, quoteId: quote.id, quoteLine: line,
      };
    });
    const newOrders = items.map((i) => i.orderId).filter((v): v is string => typeof v === 'string');
    const orderIds = [...new Set([...((po.orderIds as string[] | null) ?? []), ...newOrders])];
    const record = await updateRecord(joined(engine, q), def, po.id, po.version, { items: [...itemsOf(po), ...items], orderIds }, 'patch', principal);
    touched.add('purchase-orders');
    await syncOrders(q, engine, newOrders, principal.userId, touched);
    return { record, queue: null };
  });
}

/** Company names by id (for the "awarded to another supplier" message). */
async function supplierNames(q: Parameters<typeof orderedQuoteLines>[0], ids: unknown[]): Promise<Map<string, string>> {
  const list = [...new Set(ids.filter((v): v is string => typeof v === 'string' && UUID.test(v)))];
  if (!list.length) return new Map();
  const { rows } = await q.query<{ id: string; name: string }>('SELECT id, legal_name AS name FROM companies WHERE id = ANY($1::uuid[])', [list]);
  return new Map(rows.map((r) => [r.id, r.name]));
}

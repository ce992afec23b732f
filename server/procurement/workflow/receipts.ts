import { confirmReceipt } from '../../../src/engine/procurement/receiving.ts';
import { decideReceiptAction } from '../../../src/engine/procurement/status.ts';
import { PO_STATUS_LABELS, PROCUREMENT_WORKFLOW_MESSAGES as M } from '../../../src/i18n/procurement-workflow.ts';
import { PROCUREMENT_MESSAGES } from '../../../src/i18n/procurement.ts';
import { badRequest, HttpError } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import type { Engine } from '../../resources/index.ts';
import { rowById } from '../../finance/rows.ts';
import { enforce, inTransaction, itemsOf, lockForAction, num, save, settingsFor, textOf } from './common.ts';
import { syncOrders } from './orders.ts';

export const RECEIVABLE_PO = new Set(['APROVADA', 'ENVIADA', 'PARCIALMENTE_RECEBIDA']);

/**
 * Entregas: `POST pricing/v1/receipts/{id}/confirm` with If-Match, body `{ notes?, comment? }`. The accepted
 * quantities (received − refused) add to the purchase order line by line, up to the ordered quantity plus
 * the organization's over-receipt tolerance; each line becomes "parcialmente recebido" or "recebido", the
 * order "parcialmente recebida" or "recebida", the requisitions follow; the receipt gets its result
 * (conferido, com divergência, recusado — the last two need the notes). All in one transaction.
 */
export async function confirmReceiptAction(engine: Engine, id: string, version: number, body: Record<string, unknown>, principal: Principal) {
  const def = engine.registry.get('receipts')!;
  const poDef = engine.registry.get('purchase-orders')!;
  return inTransaction(engine, async (q, touched) => {
    const row = await lockForAction(q, def, id, version, principal);
    enforce(decideReceiptAction(principal, { status: String(row.status), createdBy: row.createdBy as string }, 'confirm'), { status: row.status, action: 'confirm' });
    const po = (await rowById(q, poDef, String(row.purchaseOrderId)))!;
    if (!RECEIVABLE_PO.has(String(po.status))) {
      throw new HttpError(409, 'INVALID_TRANSITION', PROCUREMENT_MESSAGES.poNotReceivable(String(po.number), PO_STATUS_LABELS[String(po.status)] ?? String(po.status)));
    }
    const lines = itemsOf(row);
    const missing: Record<string, string[]> = {};
    lines.forEach((l, i) => {
      if (typeof l.purchaseOrderLine !== 'number') missing[`items.${i}.purchaseOrderLine`] = ['Indique o item da ordem de compra.'];
    });
    if (Object.keys(missing).length) throw badRequest(missing);
    const settings = await settingsFor(q, row.organizationId);
    const poItems = itemsOf(po);
    const result = confirmReceipt(
      poItems.map((it, i) => ({ line: i + 1, quantity: num(it.quantity), receivedQuantity: num(it.receivedQuantity) })),
      lines.map((l) => ({ purchaseOrderLine: Number(l.purchaseOrderLine), quantity: num(l.quantity), rejectedQuantity: num(l.rejectedQuantity) })),
      settings.overReceiptPercent,
    );
    if (!result.ok) throw badRequest(result.errors);
    const notes = textOf(body, 'notes', { max: 2000 }) ?? (row.notes as string | null);
    if (result.receiptStatus !== 'CONFERIDO' && !notes) throw badRequest({ notes: [M.divergenceNotes] });
    const items = poItems.map((it, i) => ({ ...it, receivedQuantity: result.received[i + 1], receiptStatus: result.lineStatus[i + 1] }));
    await save(q, poDef, po, { items, status: result.orderStatus }, principal.userId, touched);
    const record = await save(q, def, row, { status: result.receiptStatus, confirmedAt: new Date().toISOString(), confirmedBy: principal.userId, notes }, principal.userId, touched);
    await syncOrders(q, engine, [...poItems.map((i) => i.orderId), ...(Array.isArray(po.orderIds) ? po.orderIds : [])], principal.userId, touched);
    return { record, queue: null };
  });
}

/**
 * Confirming a receipt against its purchase order, line by line (docs/resources-procurement.md "Entregas"):
 * the accepted quantity (received − refused) adds to the order line, up to what was ordered plus the
 * over-receipt tolerance; the line becomes partly received or received, the order partly received or
 * received, and the receipt conferido, com divergência (something refused) or recusado (nothing accepted).
 */
import { PROCUREMENT_WORKFLOW_MESSAGES as M } from '../../i18n/procurement-workflow.ts';

/** Quantities may have decimals (2,5 kg): compare and add them at 6 places, never raw floats. */
export const qty = (n: number) => Math.round(n * 1e6) / 1e6;

const fmt = (n: number) => String(qty(n)).replace('.', ',');

export interface OrderedLine {
  /** 1-based line of the purchase order. */
  line: number;
  quantity: number;
  receivedQuantity: number;
}

export interface ReceivedLine {
  purchaseOrderLine: number;
  /** What arrived. */
  quantity: number;
  /** Of it, what was refused at the conference. */
  rejectedQuantity: number;
}

export type LineReceipt = 'PENDENTE' | 'PARCIAL' | 'RECEBIDO';

export type ConfirmResult =
  | { ok: false; errors: Record<string, string[]> }
  | {
      ok: true;
      /** Received quantity of each order line after the receipt. */
      received: Record<number, number>;
      lineStatus: Record<number, LineReceipt>;
      orderStatus: 'PARCIALMENTE_RECEBIDA' | 'RECEBIDA';
      receiptStatus: 'CONFERIDO' | 'COM_DIVERGENCIA' | 'RECUSADO';
    };

export const lineReceipt = (ordered: number, received: number): LineReceipt => (qty(received) <= 0 ? 'PENDENTE' : qty(received) < qty(ordered) ? 'PARCIAL' : 'RECEBIDO');

/**
 * @example confirmReceipt([{ line: 1, quantity: 10, receivedQuantity: 0 }], [{ purchaseOrderLine: 1, quantity: 4, rejectedQuantity: 0 }], 5)
 * // { ok: true, received: { 1: 4 }, lineStatus: { 1: 'PARCIAL' }, orderStatus: 'PARCIALMENTE_RECEBIDA', receiptStatus: 'CONFERIDO' }
 */
export function confirmReceipt(ordered: readonly OrderedLine[], lines: readonly ReceivedLine[], overReceiptPercent: number): ConfirmResult {
  const byLine = new Map(ordered.map((l) => [l.line, l]));
  const received: Record<number, number> = Object.fromEntries(ordered.map((l) => [l.line, qty(l.receivedQuantity)]));
  const errors: Record<string, string[]> = {};
  let accepted = 0;
  let refused = 0;
  lines.forEach((r, i) => {
    const o = byLine.get(r.purchaseOrderLine);
    if (!o) return void (errors[`items.${i}.purchaseOrderLine`] = [M.receiptLine(r.purchaseOrderLine)]);
    const ok = qty(r.quantity - r.rejectedQuantity);
    const max = qty(o.quantity * (1 + overReceiptPercent / 100));
    if (qty(received[o.line] + ok) > max) errors[`items.${i}.quantity`] = [M.overReceipt(o.line, fmt(qty(max - received[o.line])))];
    received[o.line] = qty(received[o.line] + ok);
    accepted = qty(accepted + ok);
    refused = qty(refused + r.rejectedQuantity);
  });
  if (Object.keys(errors).length) return { ok: false, errors };
  const lineStatus = Object.fromEntries(ordered.map((l) => [l.line, lineReceipt(l.quantity, received[l.line])])) as Record<number, LineReceipt>;
  const done = Object.values(lineStatus).every((s) => s === 'RECEBIDO');
  return {
    ok: true,
    received,
    lineStatus,
    orderStatus: done ? 'RECEBIDA' : 'PARCIALMENTE_RECEBIDA',
    receiptStatus: accepted <= 0 ? 'RECUSADO' : refused > 0 ? 'COM_DIVERGENCIA' : 'CONFERIDO',
  };
}

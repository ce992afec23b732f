/**
 * Three-way match of an invoice (domain.md §2.2): per line, purchase order × received quantity × invoiced
 * quantity and price, within the tolerances of the organization's procurement settings. Every line out of
 * tolerance is reported with what was expected, what came and the difference (quantity, unit price in
 * centavos, or total); the invoice is then held (approval with a reason, or the queue) — never paid silently.
 */
import { lineTotal } from './comparison.ts';
import { qty } from './receiving.ts';
import type { ProcurementSettings } from './settings.ts';

export interface MatchOrderLine {
  purchaseOrderId: string;
  /** Number of the purchase order, for messages. */
  purchaseOrderNumber: string;
  line: number;
  description: string;
  quantity: number;
  unitPrice: number;
  receivedQuantity: number;
  /** Invoiced by other invoices already approved. */
  invoicedQuantity: number;
}

export interface MatchInvoiceLine {
  purchaseOrderId: string | null;
  purchaseOrderLine: number | null;
  description: string;
  quantity: number;
  unitPrice: number;
}

export type MismatchKind = 'SEM_PEDIDO' | 'QUANTIDADE' | 'PRECO' | 'TOTAL';

export interface Mismatch {
  /** 1-based invoice line; 0 for the whole invoice. */
  line: number;
  purchaseOrderLine: number | null;
  description: string;
  kind: MismatchKind;
  /** Quantity, unit price (centavos) or total (centavos), as the kind says. */
  expected: number;
  actual: number;
  difference: number;
  /** The difference in money (centavos): what would be paid beyond what the order and the receipt justify. */
  amount: number;
}

export interface MatchResult {
  withinTolerance: boolean;
  mismatches: Mismatch[];
  /** Σ of what the order and the receipts justify for the invoiced lines (centavos). */
  expectedTotal: number;
}

type Tolerances = Pick<ProcurementSettings, 'quantityTolerancePercent' | 'priceTolerancePercent' | 'totalToleranceAmount'>;

const key = (poId: string | null, line: number | null) => `${poId ?? ''}#${line ?? ''}`;

/**
 * @param invoiceTotal the invoice's products + services value (centavos)
 * @example threeWayMatch([{ …, line: 1, quantity: 10, unitPrice: 1000, receivedQuantity: 10, invoicedQuantity: 0 }],
 *   [{ purchaseOrderId, purchaseOrderLine: 1, quantity: 10, unitPrice: 1100, description: 'Papel' }], 11000, tolerances)
 * // { withinTolerance: false, mismatches: [{ kind: 'PRECO', expected: 1000, actual: 1100, difference: 100, amount: 1000, … }, …] }
 */
export function threeWayMatch(order: readonly MatchOrderLine[], invoice: readonly MatchInvoiceLine[], invoiceTotal: number, tol: Tolerances): MatchResult {
  const lines = new Map(order.map((l) => [key(l.purchaseOrderId, l.line), l]));
  const mismatches: Mismatch[] = [];
  let expectedTotal = 0;
  if (!invoice.length) {
    // No items on the invoice: the value received and not yet invoiced of the linked orders.
    expectedTotal = order.reduce((s, l) => s + lineTotal(Math.max(0, qty(l.receivedQuantity - l.invoicedQuantity)), l.unitPrice), 0);
    if (!order.length) mismatches.push({ line: 0, purchaseOrderLine: null, description: 'Nota sem ordem de compra', kind: 'SEM_PEDIDO', expected: 0, actual: invoiceTotal, difference: invoiceTotal, amount: invoiceTotal });
  }
  const invoicedHere = new Map<string, number>();
  invoice.forEach((l, i) => {
    const o = lines.get(key(l.purchaseOrderId, l.purchaseOrderLine));
    const n = i + 1;
    if (!o) {
      const amount = lineTotal(l.quantity, l.unitPrice);
      mismatches.push({ line: n, purchaseOrderLine: l.purchaseOrderLine, description: l.description, kind: 'SEM_PEDIDO', expected: 0, actual: l.quantity, difference: l.quantity, amount });
      return;
    }
    expectedTotal += lineTotal(l.quantity, o.unitPrice);
    const k = key(o.purchaseOrderId, o.line);
    const invoiced = qty((invoicedHere.get(k) ?? 0) + l.quantity);
    invoicedHere.set(k, invoiced);
    const available = qty(o.receivedQuantity - o.invoicedQuantity);
    const slack = qty((o.quantity * tol.quantityTolerancePercent) / 100);
    if (invoiced > qty(available + slack)) {
      const over = qty(invoiced - available);
      mismatches.push({ line: n, purchaseOrderLine: o.line, description: l.description, kind: 'QUANTIDADE', expected: available, actual: invoiced, difference: over, amount: lineTotal(over, l.unitPrice) });
    }
    const priceDiff = l.unitPrice - o.unitPrice;
    if (Math.abs(priceDiff) * 100 > o.unitPrice * tol.priceTolerancePercent) {
      mismatches.push({ line: n, purchaseOrderLine: o.line, description: l.description, kind: 'PRECO', expected: o.unitPrice, actual: l.unitPrice, difference: priceDiff, amount: lineTotal(l.quantity, priceDiff) });
    }
  });
  const totalDiff = invoiceTotal - expectedTotal;
  if (Math.abs(totalDiff) > tol.totalToleranceAmount && (invoice.length || order.length)) {
    mismatches.push({ line: 0, purchaseOrderLine: null, description: 'Total da nota', kind: 'TOTAL', expected: expectedTotal, actual: invoiceTotal, difference: totalDiff, amount: totalDiff });
  }
  return { withinTolerance: mismatches.length === 0, mismatches, expectedTotal };
}

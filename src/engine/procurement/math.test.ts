import { describe, expect, it } from 'vitest';
import { awardCost, compareProposals, lowestAward, type Proposal } from './comparison.ts';
import { threeWayMatch, type MatchOrderLine } from './match.ts';
import { confirmReceipt } from './receiving.ts';
import { settingsOf, DEFAULT_PROCUREMENT_SETTINGS } from './settings.ts';
import { installmentsFromTerms, paymentDays, presentValueFactor } from './terms.ts';

describe('payment terms', () => {
  it('reads the usual conditions', () => {
    expect(paymentDays('28 DDL')).toEqual([28]);
    expect(paymentDays('30/60/90 DDL')).toEqual([30, 60, 90]);
    expect(paymentDays('À vista')).toEqual([0]);
    expect(paymentDays('Entrada + 30/60')).toEqual([0, 30, 60]);
    expect(paymentDays('3x')).toEqual([30, 60, 90]);
    expect(paymentDays('combinar')).toBeNull();
  });
  it('splits in centavos with the remainder on the last and dates from the invoice', () => {
    expect(installmentsFromTerms(100000, '2026-03-10', '30/60/90')).toEqual([
      { number: 1, dueDate: '2026-04-09', amount: 33333 },
      { number: 2, dueDate: '2026-05-09', amount: 33333 },
      { number: 3, dueDate: '2026-06-08', amount: 33334 },
    ]);
  });
  it('brings later payments to present value', () => {
    expect(presentValueFactor('à vista', 0.01)).toBe(1);
    expect(presentValueFactor('30 DDL', 0.01)).toBeCloseTo(1 / 1.01, 10);
    expect(presentValueFactor('30/60', 0)).toBe(1);
  });
});

describe('comparison map', () => {
  const lines = [{ line: 1, description: 'Papel', quantity: 10, }, { line: 2, description: 'Caneta', quantity: 100 }];
  const p = (supplierId: string, prices: Record<number, number | null>, extra: Partial<Proposal> = {}): Proposal => ({
    supplierId, prices, freightAmount: 0, discount: 0, paymentTerms: 'à vista', deliveryDays: 5, validUntil: null, ...extra,
  });
  const a = p('A', { 1: 2500, 2: 150 });
  const b = p('B', { 1: 2400, 2: 160 }, { freightAmount: 500 });
  const c = p('C', { 1: 2300, 2: null });

  it('highlights the best price per line and the lowest complete supplier', () => {
    const map = compareProposals(lines, [a, b, c], { monthlyRate: 0.01, today: '2026-03-10' });
    expect(map.lines).toEqual([{ line: 1, bestPrice: 2300, bestSupplierIds: ['C'] }, { line: 2, bestPrice: 150, bestSupplierIds: ['A'] }]);
    expect(map.suppliers.map((s) => [s.supplierId, s.total, s.complete])).toEqual([['A', 40000, true], ['B', 40500, true], ['C', 23000, false]]);
    expect(map.lowestSupplierId).toBe('A');
  });
  it('longer terms can beat a lower face value', () => {
    const late = p('L', { 1: 2520, 2: 151 }, { paymentTerms: '90 DDL' });
    expect(compareProposals(lines, [a, late], { monthlyRate: 0.02, today: '2026-03-10' }).lowestSupplierId).toBe('L');
  });
  it('an expired proposal never wins', () => {
    const cheap = p('X', { 1: 100, 2: 1 }, { validUntil: '2026-03-01' });
    expect(compareProposals(lines, [a, cheap], { monthlyRate: 0.01, today: '2026-03-10' }).lowestSupplierId).toBe('A');
  });
  it('the lowest award splits by line when that is cheaper, counting each freight once', () => {
    const best = lowestAward(lines, [a, b, c], { monthlyRate: 0, today: '2026-03-10' });
    expect(best).toEqual({ award: { 1: 'C', 2: 'A' }, cost: 23000 + 15000 });
    expect(awardCost(lines, [a, b, c], { 1: 'B', 2: 'B' }, 0)).toBe(40500);
  });
});

describe('receiving', () => {
  const po = [{ line: 1, quantity: 10, receivedQuantity: 0 }, { line: 2, quantity: 2.5, receivedQuantity: 0 }];
  it('a partial receipt, then the rest', () => {
    const first = confirmReceipt(po, [{ purchaseOrderLine: 1, quantity: 4, rejectedQuantity: 0 }], 5);
    expect(first).toMatchObject({ ok: true, received: { 1: 4, 2: 0 }, lineStatus: { 1: 'PARCIAL', 2: 'PENDENTE' }, orderStatus: 'PARCIALMENTE_RECEBIDA', receiptStatus: 'CONFERIDO' });
    const rest = confirmReceipt([{ line: 1, quantity: 10, receivedQuantity: 4 }, { line: 2, quantity: 2.5, receivedQuantity: 0 }], [
      { purchaseOrderLine: 1, quantity: 7, rejectedQuantity: 1 }, { purchaseOrderLine: 2, quantity: 2.5, rejectedQuantity: 0 },
    ], 5);
    expect(rest).toMatchObject({ ok: true, received: { 1: 10, 2: 2.5 }, orderStatus: 'RECEBIDA', receiptStatus: 'COM_DIVERGENCIA' });
  });
  it('over-receipt beyond the tolerance is refused on the line', () => {
    expect(confirmReceipt(po, [{ purchaseOrderLine: 1, quantity: 10.6, rejectedQuantity: 0 }], 5)).toEqual({
      ok: false, errors: { 'items.0.quantity': ['Item 1: a quantidade aceita passa do saldo a receber mais a tolerância (máximo 10,5).'] },
    });
    expect(confirmReceipt(po, [{ purchaseOrderLine: 1, quantity: 10.5, rejectedQuantity: 0 }], 5)).toMatchObject({ ok: true, lineStatus: { 1: 'RECEBIDO' } });
    expect(confirmReceipt(po, [{ purchaseOrderLine: 9, quantity: 1, rejectedQuantity: 0 }], 5)).toMatchObject({ ok: false });
  });
  it('everything refused is a refused receipt', () => {
    expect(confirmReceipt(po, [{ purchaseOrderLine: 1, quantity: 3, rejectedQuantity: 3 }], 5)).toMatchObject({ ok: true, receiptStatus: 'RECUSADO', received: { 1: 0 } });
  });
});

describe('three-way match', () => {
  const tol = DEFAULT_PROCUREMENT_SETTINGS;
  const order: MatchOrderLine[] = [
    { purchaseOrderId: 'po', purchaseOrderNumber: 'OC-1', line: 1, description: 'Papel', quantity: 10, unitPrice: 2500, receivedQuantity: 10, invoicedQuantity: 0 },
    { purchaseOrderId: 'po', purchaseOrderNumber: 'OC-1', line: 2, description: 'Caneta', quantity: 100, unitPrice: 150, receivedQuantity: 60, invoicedQuantity: 0 },
  ];
  const inv = (l1: [number, number], l2: [number, number]) => [
    { purchaseOrderId: 'po', purchaseOrderLine: 1, description: 'Papel', quantity: l1[0], unitPrice: l1[1] },
    { purchaseOrderId: 'po', purchaseOrderLine: 2, description: 'Caneta', quantity: l2[0], unitPrice: l2[1] },
  ];
  it('within tolerance', () => {
    expect(threeWayMatch(order, inv([10, 2520], [60, 150]), 25200 + 9000, tol)).toEqual({ withinTolerance: true, mismatches: [], expectedTotal: 34000 });
  });
  it('reports each mismatched line with its difference', () => {
    const r = threeWayMatch(order, inv([10, 2800], [80, 150]), 28000 + 12000, tol);
    expect(r.withinTolerance).toBe(false);
    expect(r.mismatches).toEqual([
      { line: 1, purchaseOrderLine: 1, description: 'Papel', kind: 'PRECO', expected: 2500, actual: 2800, difference: 300, amount: 3000 },
      { line: 2, purchaseOrderLine: 2, description: 'Caneta', kind: 'QUANTIDADE', expected: 60, actual: 80, difference: 20, amount: 3000 },
      { line: 0, purchaseOrderLine: null, description: 'Total da nota', kind: 'TOTAL', expected: 37000, actual: 40000, difference: 3000, amount: 3000 },
    ]);
  });
  it('a line of no order and an invoice without order are held', () => {
    expect(threeWayMatch(order, [{ purchaseOrderId: null, purchaseOrderLine: null, description: 'Brinde', quantity: 1, unitPrice: 500 }], 500, tol).mismatches[0]).toMatchObject({ kind: 'SEM_PEDIDO', amount: 500 });
    expect(threeWayMatch([], [], 9900, tol).mismatches[0]).toMatchObject({ kind: 'SEM_PEDIDO', line: 0 });
  });
  it('settings fall back to the defaults field by field', () => {
    expect(settingsOf({ priceTolerancePercent: 2, totalToleranceAmount: null })).toEqual({ ...DEFAULT_PROCUREMENT_SETTINGS, priceTolerancePercent: 2 });
  });
});

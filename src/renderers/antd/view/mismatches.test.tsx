import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { metadata } from '../../../react/metadata.ts';
import { resolveCell } from '../cells/registry.ts';
import { LineItemsTable } from './LineItemsTable.tsx';

const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent?.replace(/\u00a0/g, ' '));

/** The invoice's three-way-match mismatches: each line in its own unit, and no total that counts a difference twice. */
describe('mismatches table (x-money-when, x-total)', () => {
  const schema = metadata.resources.invoices.properties.mismatches;
  const value = [
    { line: 1, purchaseOrderLine: 1, description: 'Toner', kind: 'PRECO', expected: 10000, actual: 10800, difference: 800, amount: 3200 },
    { line: 2, purchaseOrderLine: 2, description: 'Papel', kind: 'QUANTIDADE', expected: 4, actual: 6.5, difference: 2.5, amount: 6250 },
    { line: 0, purchaseOrderLine: null, description: 'Total da nota', kind: 'TOTAL', expected: 40000, actual: 43200, difference: 3200, amount: 3200 },
    // A line without its order is a quantity; the whole invoice without an order (line 0) is money.
    { line: 3, purchaseOrderLine: null, description: 'Caneta', kind: 'SEM_PEDIDO', expected: 0, actual: 12, difference: 12, amount: 1800 },
    { line: 0, purchaseOrderLine: null, description: 'Nota sem ordem de compra', kind: 'SEM_PEDIDO', expected: 0, actual: 43200, difference: 43200, amount: 43200 },
  ];

  it('picks the money-when cell for the expected, invoiced and difference columns', () => {
    for (const k of ['expected', 'actual', 'difference']) expect(resolveCell({ schema: schema.items!.properties![k], path: `mismatches.0.${k}` }).name).toBe('money-when');
  });

  it('shows R$ on price and total lines, quantities on quantity lines, and no footer total', () => {
    render(<LineItemsTable field="mismatches" schema={schema} value={value} labels={{}} />);
    const rows = within(screen.getByRole('table', { name: 'Divergências da conferência' })).getAllByRole('row');
    expect(rows).toHaveLength(6);
    expect(cells(rows[1]).slice(5)).toEqual(['R$ 100,00', 'R$ 108,00', 'R$ 8,00', 'R$ 32,00']);
    expect(cells(rows[2]).slice(5)).toEqual(['4', '6,5', '2,5', 'R$ 62,50']);
    expect(cells(rows[3]).slice(5)).toEqual(['R$ 400,00', 'R$ 432,00', 'R$ 32,00', 'R$ 32,00']);
    expect(cells(rows[4]).slice(5)).toEqual(['0', '12', '12', 'R$ 18,00']);
    expect(cells(rows[5]).slice(5)).toEqual(['R$ 0,00', 'R$ 432,00', 'R$ 432,00', 'R$ 432,00']);
    expect(screen.queryByText('Total')).toBeNull();
  });
});

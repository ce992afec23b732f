import { screen as dom, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../../tests/fixtures/render-screen.tsx';
import { cells } from '../cells/registry.ts';
import { widgetRegistry } from '../widgets/registry.ts';
import { bestSample } from './sample-fields.ts';
import TablePage from './TablePage.tsx';
import TestsPage from './TestsPage.tsx';

describe('developer pages', () => {
  it('/table shows a column of every kind with a real cell (no Unknown)', async () => {
    const { container } = renderScreen(<TablePage />, { url: '/table' });
    const table = await dom.findByRole('table', { name: 'Tabela (todas as células)' });
    expect(within(table).getAllByRole('columnheader').length).toBeGreaterThanOrEqual(20);
    await waitFor(() => expect(container.querySelectorAll('tbody tr').length).toBeGreaterThan(5));
    expect(container.querySelector('[data-unknown-cell]')).toBeNull();
    expect(within(table).getAllByText(/^-?R\$\s[\d.]+,\d{2}$/).length).toBeGreaterThan(0);
  });

  it('every registered cell and widget has a sample field it ranks on', () => {
    const missing = [
      ...cells.entries().filter((e) => !bestSample(e.tester, () => false, e.name)).map((e) => `cell ${e.name}`),
      ...widgetRegistry.entries().filter((e) => !bestSample(e.tester, () => false, e.name)).map((e) => `widget ${e.name}`),
    ];
    expect(missing).toEqual([]);
  });

  it('/tests lists every cell with its rank and a live sample', async () => {
    renderScreen(<TestsPage />, { url: '/tests' });
    const card = (await dom.findByText('Células')).closest('.ant-card') as HTMLElement;
    for (const e of cells.entries()) expect(within(card).getByText(e.name)).toBeTruthy();
    expect(within(card).getByText('R$ 1.234,56')).toBeTruthy();
  });
});

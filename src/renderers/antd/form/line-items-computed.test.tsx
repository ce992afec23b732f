import { cleanup, fireEvent, screen as dom, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScreenFile } from '../../../engine/schema/screen-types.ts';
import type { ResourceSchema } from '../../../engine/schema/types.ts';
import { engineHarness } from '../../../../tests/fixtures/engine-harness.tsx';
import { ResourceForm, type ResourceFormProps } from './ResourceForm.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const schema: ResourceSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'orders',
  title: 'Pedido',
  type: 'object',
  'x-resource': { name: 'orders', service: 'supply-management', path: 'orders', titlePlural: 'Pedidos', labelField: 'title' },
  properties: {
    title: { type: 'string', title: 'Título' },
    items: {
      type: 'array',
      title: 'Itens',
      minItems: 1,
      items: {
        type: 'object',
        properties: {
          description: { type: 'string', title: 'Descrição', minLength: 1 },
          quantity: { type: 'number', title: 'Quantidade', exclusiveMinimum: 0 },
          unitPrice: { type: 'integer', title: 'Preço unitário', format: 'money', minimum: 0 },
          total: { type: 'integer', title: 'Total do item', format: 'money', readOnly: true, 'x-computed': { product: ['quantity', 'unitPrice'] } },
        },
        required: ['description', 'quantity', 'unitPrice'],
        additionalProperties: false,
      },
    },
    itemsTotal: { type: 'integer', title: 'Total', format: 'money', readOnly: true, 'x-computed': { sum: ['items[].total'] } },
  },
  required: ['title', 'items'],
  additionalProperties: false,
};
const screen: ScreenFile = { resource: 'orders', route: { base: '/pedidos', idParam: 'orderId' } };

describe('line items with computed columns', () => {
  it('shows quantity × unit price per row, read-only, and totals only the computed column', async () => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(900);
    const onSave = vi.fn<ResourceFormProps['onSave']>(async () => undefined);
    engineHarness().render(
      <ResourceForm screen={screen} schema={schema} mode="add" initial={{ title: 'Papel', items: [{ description: 'Resma A4', quantity: 3, unitPrice: 2590 }] }} onSave={onSave} onCancel={() => undefined} />,
    );
    const table = dom.getByRole('table');
    const row = () => within(table).getAllByRole('row')[1];
    await waitFor(() => expect(within(row()).getByLabelText('Total do item').textContent?.replace(/\u00a0/g, ' ')).toBe('R$ 77,70'));
    // The footer totals the line totals, not the unit prices.
    const footer = within(table).getAllByRole('row').at(-2)!;
    expect(footer.textContent?.replace(/\u00a0/g, ' ')).toContain('R$ 77,70');
    expect(footer.textContent?.replace(/\u00a0/g, ' ')).not.toContain('R$ 25,90');
    expect(within(row()).getByLabelText('Total do item').querySelector('input')).toBeNull(); // shown, not typed

    fireEvent.click(dom.getByRole('button', { name: /Adicionar linha/ }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(5));
    const second = within(table).getAllByRole('row')[2];
    expect(within(second).getByLabelText('Total do item').textContent).toBe('—');
  });
});

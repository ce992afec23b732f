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

// happy-dom lays nothing out: give the table's scroll box a size so the virtualizer mounts rows.
const sized = () => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(900);
};

const schema: ResourceSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'invoices',
  title: 'Fatura',
  type: 'object',
  'x-resource': { name: 'invoices', service: 'pricing', path: 'invoices', titlePlural: 'Faturas', labelField: 'number' },
  properties: {
    number: { type: 'string', title: 'Número' },
    items: {
      type: 'array',
      title: 'Itens',
      minItems: 1,
      items: {
        type: 'object',
        properties: { description: { type: 'string', title: 'Descrição', minLength: 1 }, amount: { type: 'integer', title: 'Valor', format: 'money', minimum: 1 } },
        required: ['description', 'amount'],
        additionalProperties: false,
      },
    },
  },
  required: ['number', 'items'],
  additionalProperties: false,
};
const screen: ScreenFile = { resource: 'invoices', route: { base: '/faturas', idParam: 'invoiceId' } };

describe('line items table', () => {
  it('adds, edits, moves and removes rows; totals money in integer centavos; validates items on save', async () => {
    sized();
    const onSave = vi.fn<ResourceFormProps['onSave']>(async () => undefined);
    const h = engineHarness();
    h.render(<ResourceForm screen={screen} schema={schema} mode="add" initial={{ number: '1', items: [{ description: 'Papel', amount: 1050 }] }} onSave={onSave} onCancel={() => undefined} />);
    const table = dom.getByRole("table");
    fireEvent.click(dom.getByRole('button', { name: /Adicionar linha/ }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(5)); // header, 2 rows, totals, the add-line row
    const cells = within(table).getAllByRole('textbox') as HTMLInputElement[];
    fireEvent.change(cells[2], { target: { value: 'Toner' } });
    fireEvent.change(cells[3], { target: { value: '25099' } });
    await waitFor(() => expect(within(table).getByText(/^R\$\s261,49$/)).toBeTruthy());

    fireEvent.click(within(table).getAllByRole('button', { name: 'Mover para cima' })[1]);
    await waitFor(() => expect((within(table).getAllByRole('textbox')[0] as HTMLInputElement).value).toBe('Toner'));

    fireEvent.click(dom.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0][0].items).toEqual([{ description: 'Toner', amount: 25099 }, { description: 'Papel', amount: 1050 }]);

    fireEvent.click(within(table).getAllByRole('button', { name: 'Remover linha' })[0]);
    fireEvent.click(within(table).getAllByRole('button', { name: 'Remover linha' })[0]);
    // The button's loading icon may still be fading out ("loading Salvar").
    fireEvent.click(dom.getByRole('button', { name: /Salvar$/ }));
    await waitFor(() => expect(dom.getByText('Informe pelo menos 1 item.')).toBeTruthy());
    expect(onSave).toHaveBeenCalledTimes(1);
  });
});

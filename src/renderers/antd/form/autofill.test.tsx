import { fireEvent, screen as dom, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ScreenFile } from '../../../engine/schema/screen-types.ts';
import type { ResourceSchema } from '../../../engine/schema/types.ts';
import { engineHarness } from '../../../../tests/fixtures/engine-harness.tsx';
import { ResourceForm, type ResourceFormProps } from './ResourceForm.tsx';

const schema: ResourceSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'suppliers',
  title: 'Fornecedor',
  type: 'object',
  'x-resource': { name: 'suppliers', service: 'pricing', path: 'suppliers', titlePlural: 'Fornecedores', labelField: 'name' },
  properties: {
    name: { type: 'string', title: 'Nome' },
    zip: { type: ['string', 'null'], title: 'CEP', format: 'cep' },
    street: { type: ['string', 'null'], title: 'Logradouro' },
    district: { type: ['string', 'null'], title: 'Bairro' },
    city: { type: ['string', 'null'], title: 'Cidade' },
    state: { type: ['string', 'null'], title: 'UF' },
    cityCode: { type: ['string', 'null'], title: 'Código IBGE' },
    slip: { type: ['string', 'null'], title: 'Boleto', format: 'boleto' },
    amount: { type: ['integer', 'null'], title: 'Valor', format: 'money' },
    dueDate: { type: ['string', 'null'], title: 'Vencimento', format: 'date' },
  },
  required: ['name'],
  additionalProperties: false,
};
const screen: ScreenFile = {
  resource: 'suppliers',
  route: { base: '/fornecedores', idParam: 'supplierId' },
  form: {
    sections: [
      { title: 'Endereço', fields: ['name', 'zip', 'street', 'district', 'city', 'state', 'cityCode'] },
      { title: 'Cobrança', fields: ['slip', 'amount', 'dueDate'] },
    ],
    uiSchema: {
      zip: { 'ui:options': { autofill: { logradouro: 'street', bairro: 'district', localidade: 'city', uf: 'state', ibge: 'cityCode' } } },
      slip: { 'ui:options': { amountField: 'amount', dueDateField: 'dueDate' } },
    },
  },
};
const SE = { cep: '01001-000', logradouro: 'Praça da Sé', complemento: 'lado ímpar', unidade: '', bairro: 'Sé', localidade: 'São Paulo', uf: 'SP', estado: 'São Paulo', regiao: 'Sudeste', ibge: '3550308', gia: '1004', ddd: '11', siafi: '7107' };
const field = (label: string) => dom.getByLabelText(new RegExp(`^${label}$`)) as HTMLInputElement;

describe('widgets that fill other fields', () => {
  it('CEP: a complete CEP fills street, district, city, UF and IBGE code of other fields through the lookup', async () => {
    const h = engineHarness((url) => (url.endsWith('/api/commons/v1/addresses/cep/01001000') ? { body: SE, headers: { 'x-source': 'viacep' } } : undefined));
    const onSave = vi.fn<ResourceFormProps['onSave']>(async () => undefined);
    h.render(<ResourceForm screen={screen} schema={schema} mode="add" initial={{}} onSave={onSave} onCancel={() => undefined} />);
    fireEvent.change(field('CEP'), { target: { value: '01001000' } });
    expect(field('CEP').value).toBe('01001-000');
    await waitFor(() => expect(field('Logradouro').value).toBe('Praça da Sé'));
    expect([field('Bairro').value, field('Cidade').value, field('UF').value, field('Código IBGE').value]).toEqual(['Sé', 'São Paulo', 'SP', '3550308']);
    expect(h.calls.filter((c) => c.includes('/addresses/cep/'))).toEqual(['GET /api/commons/v1/addresses/cep/01001000']);
    fireEvent.change(field('Nome'), { target: { value: 'ACME' } });
    fireEvent.click(dom.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0][0]).toMatchObject({ zip: '01001000', street: 'Praça da Sé', city: 'São Paulo', state: 'SP', cityCode: '3550308' });
  });

  it('CEP: says so when the CEP does not exist, and leaves the address to the user', async () => {
    const h = engineHarness((url) => (url.includes('/addresses/cep/') ? { status: 404, body: { statusCode: 404, message: 'CEP não encontrado.' } } : undefined));
    h.render(<ResourceForm screen={screen} schema={schema} mode="add" initial={{}} onSave={vi.fn<ResourceFormProps['onSave']>()} onCancel={() => undefined} />);
    fireEvent.change(field('CEP'), { target: { value: '99999-999' } });
    await waitFor(() => expect(dom.getByText('CEP não encontrado. Preencha o endereço manualmente.')).toBeTruthy());
    expect(field('Logradouro').value).toBe('');
  });

  it('boleto: fills amount and due date from a valid linha digitável on request', async () => {
    const h = engineHarness();
    h.render(<ResourceForm screen={screen} schema={schema} mode="add" initial={{}} onSave={vi.fn<ResourceFormProps['onSave']>()} onCancel={() => undefined} />);
    fireEvent.change(field('Boleto'), { target: { value: '00190500954014481606906809350314337370000000100' } });
    fireEvent.click(await dom.findByRole('button', { name: 'Preencher valor e vencimento' }));
    await waitFor(() => expect(field('Valor').value).toBe('R$\u00a01,00'));
    expect(field('Vencimento').value).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });
});

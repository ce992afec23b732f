import { fireEvent, screen as dom, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConflictError } from '../../../engine/data/errors.ts';
import { HttpError } from '../../../engine/http/errors.ts';
import { metadata } from '../../../react/metadata.ts';
import { engineHarness } from '../../../../tests/fixtures/engine-harness.tsx';
import { ResourceForm, type ResourceFormProps } from './ResourceForm.tsx';

const screen = metadata.screens.banks;
const schema = metadata.resources.banks;
const ID = '6f1c1f0e-3c1a-4a7e-9a53-0c3f1b6f2a10';
const record = { id: ID, version: 2, compe: '341', ispb: '60701190', name: 'Itaú', fullName: 'Itaú Unibanco S.A.', participatesCompe: true, active: true };

function renderForm(onSave: ResourceFormProps['onSave'], extra: Partial<ResourceFormProps> = {}) {
  const h = engineHarness();
  return h.render(<ResourceForm screen={screen} schema={schema} mode="edit" initial={record} record={record} onSave={onSave} onCancel={vi.fn<() => void>()} {...extra} />);
}
// The required mark (*) is aria-hidden: part of the label's text, not of its accessible name.
const input = (label: string) => dom.getByLabelText(new RegExp(`^${label}\\*?$`)) as HTMLInputElement;

describe('ResourceForm', () => {
  it('sends the edited body and validates a field on blur with the server’s message', async () => {
    const onSave = vi.fn<ResourceFormProps['onSave']>(async () => undefined);
    renderForm(onSave);
    fireEvent.change(input('ISPB'), { target: { value: '123' } });
    fireEvent.blur(input('ISPB'));
    await waitFor(() => expect(dom.getByText('Informe os 8 dígitos do ISPB.')).toBeTruthy());
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.change(input('ISPB'), { target: { value: '60701191' } });
    fireEvent.click(dom.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]).toEqual([{ compe: '341', ispb: '60701191', name: 'Itaú', fullName: 'Itaú Unibanco S.A.', participatesCompe: true, active: true }, { version: undefined }]);
  });

  it('shows server 400 errors inline per field and as the bulleted list of messages', async () => {
    const err = new HttpError(400, 'Os dados enviados são inválidos.', { statusCode: 400, code: 'VALIDATION', errors: { ispb: ['Já existe um registro com este valor.'], $: ['Corpo inválido.'] } });
    renderForm(async () => Promise.reject(err));
    fireEvent.click(dom.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(dom.getAllByText('Já existe um registro com este valor.')).toHaveLength(2));
    const list = [...document.querySelectorAll('.text-small li')].map((li) => li.textContent);
    expect(list).toEqual(['Já existe um registro com este valor.', 'Corpo inválido.']);
  });

  it('on a stale save keeps what was typed, and overwrites on request with the current version', async () => {
    const onSave = vi.fn<ResourceFormProps['onSave']>(async (_body, options) => {
      if (options.version === undefined) throw new ConflictError('Este registro foi alterado por outra pessoa.', 5);
    });
    renderForm(onSave);
    fireEvent.change(input('Nome reduzido'), { target: { value: 'Itaú Matriz' } });
    fireEvent.click(dom.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(dom.getByText('Este registro foi alterado por outra pessoa enquanto você editava.')).toBeTruthy());
    expect(input('Nome reduzido').value).toBe('Itaú Matriz');
    fireEvent.click(dom.getByRole('button', { name: 'Salvar por cima' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(2));
    expect(onSave.mock.calls[1][0].name).toBe('Itaú Matriz');
    expect(onSave.mock.calls[1][1]).toEqual({ version: 5 });
  });

  it('after loading the other version, lists the user’s values and re-applies them', async () => {
    const onSave = vi.fn<ResourceFormProps['onSave']>(async () => Promise.reject(new ConflictError('x', 3)));
    const onReload = vi.fn<() => Promise<Record<string, unknown>>>(async () => ({ ...record, version: 3, name: 'Itaú Unibanco', fullName: 'Itaú Unibanco Holding S.A.' }));
    renderForm(onSave, { onReload });
    fireEvent.change(input('Nome reduzido'), { target: { value: 'Meu nome' } });
    fireEvent.click(dom.getByRole('button', { name: 'Salvar' }));
    fireEvent.click(await dom.findByRole('button', { name: 'Carregar a versão atual' }));
    await waitFor(() => expect(input('Nome reduzido').value).toBe('Itaú Unibanco'));
    expect(dom.getByText('Nome reduzido: Meu nome')).toBeTruthy();
    fireEvent.click(dom.getByRole('button', { name: 'Reaplicar minhas alterações' }));
    await waitFor(() => expect(input('Nome reduzido').value).toBe('Meu nome'));
    expect(input('Nome extenso').value).toBe('Itaú Unibanco Holding S.A.');
  });

  it('reports dirtiness for the navigation guard', async () => {
    const onDirtyChange = vi.fn<(d: boolean) => void>();
    renderForm(vi.fn<ResourceFormProps['onSave']>(), { onDirtyChange });
    fireEvent.change(input('Nome reduzido'), { target: { value: 'Outro' } });
    await waitFor(() => expect(onDirtyChange).toHaveBeenLastCalledWith(true));
    fireEvent.change(input('Nome reduzido'), { target: { value: 'Itaú' } });
    await waitFor(() => expect(onDirtyChange).toHaveBeenLastCalledWith(false));
  });
});

describe('ResourceForm rules', () => {
  it('keeps a hidden field out of the page even when the record has a value for it', async () => {
    // A product (not a service) that once had a service code: the rule hides the field, and no stray input shows it.
    const product = { id: ID, version: 1, type: 'PRODUTO', sku: 'P-1', name: 'Papel A4', unit: 'UN', serviceCode: '17.01', active: true };
    const onSave = vi.fn<ResourceFormProps['onSave']>(async () => undefined);
    const h = engineHarness();
    const { container } = h.render(
      <ResourceForm screen={metadata.screens.products} schema={metadata.resources.products} mode="edit" initial={product} record={product} onSave={onSave} onCancel={vi.fn<() => void>()} />,
    );
    expect(container.querySelector('[id$="_serviceCode"]')).toBeNull();
    expect(container.querySelector('input[value="17.01"]')).toBeNull();
    expect(dom.queryByText('serviceCode')).toBeNull();
  });
});

describe('ResourceForm layout and keys', () => {
  it('shows one tab per section with layout "tabs", every field mounted', () => {
    const tabbed = { ...screen, form: { ...screen.form!, layout: 'tabs' as const } };
    const h = engineHarness();
    h.render(<ResourceForm screen={tabbed} schema={schema} mode="edit" initial={record} record={record} onSave={vi.fn<ResourceFormProps['onSave']>()} onCancel={vi.fn<() => void>()} />);
    expect(dom.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Identificação', 'Situação']);
    expect(input('Nome reduzido').value).toBe('Itaú');
  });

  it('Ctrl+S saves and Esc cancels', async () => {
    const onSave = vi.fn<ResourceFormProps['onSave']>(async () => undefined);
    const onCancel = vi.fn<() => void>();
    renderForm(onSave, { onCancel });
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('on leaving a field checks the rules that span fields, ties the error to the control, and shows only left fields', async () => {
    const h = engineHarness();
    const accounts = { screen: metadata.screens['bank-accounts'], schema: metadata.resources['bank-accounts'] };
    const initial = { type: 'CONTA_CORRENTE', active: true };
    h.render(<ResourceForm screen={accounts.screen} schema={accounts.schema} mode="add" initial={initial} onSave={vi.fn<ResourceFormProps['onSave']>()} onCancel={vi.fn<() => void>()} />);
    // Agência is required only for a bank account (an `allOf` if/else of the schema): the field alone is valid.
    fireEvent.blur(input('Agência'));
    await waitFor(() => expect(dom.getByText('Campo obrigatório.')).toBeTruthy());
    const agency = input('Agência');
    expect(agency.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(agency.getAttribute('aria-describedby')!);
    expect(described?.textContent).toBe('Campo obrigatório.');
    // Fields not left yet show nothing (the name is also required).
    expect(dom.getAllByText('Campo obrigatório.')).toHaveLength(1);
  });

  it('is a real form: Enter in a field saves, not inside a textarea', async () => {
    const onSave = vi.fn<ResourceFormProps['onSave']>(async () => undefined);
    renderForm(onSave);
    expect(document.querySelector('form.bo-resource-form')).toBeTruthy();
    fireEvent.submit(input('ISPB').closest('form')!);
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
  });
});

import { fireEvent, screen as dom, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { metadata } from '../../../react/metadata.ts';
import { engineHarness } from '../../../../tests/fixtures/engine-harness.tsx';
import { ResourceForm, type ResourceFormProps } from '../form/ResourceForm.tsx';
import { toggleScopes } from './ScopeMatrixField.tsx';

const APP = '11111111-1111-4111-8111-111111111111';
const CRUD = ['create', 'read', 'update', 'delete'];
const RESOURCES = [
  { id: 'a', applicationId: APP, name: 'orders', title: 'Pedidos', scopes: [...CRUD, 'approve', 'export'] },
  { id: 'b', applicationId: APP, name: 'receivables', title: 'Contas a Receber', scopes: [...CRUD, 'export'] },
];
const policy = {
  id: '33333333-3333-4333-8333-333333333333',
  version: 4,
  applicationId: APP,
  name: 'Compras',
  resources: [{ name: 'orders', scopes: ['create', 'read'] }, { name: 'gone', scopes: ['read'] }],
  acls: [],
};

function setup() {
  return engineHarness((url) => {
    if (url.includes('/application-resources?')) return { body: RESOURCES, headers: { 'x-total-count': '2' } };
    if (url.includes('/application-acls?')) return { body: [], headers: { 'x-total-count': '0' } };
    if (url.includes('/applications/labels')) return { body: [{ id: APP, label: 'Back Office' }] };
    return undefined;
  });
}

const rows = RESOURCES.map((r) => ({ name: r.name, title: r.title, declared: new Set(r.scopes) }));

describe('scope matrix', () => {
  it('toggles scopes in the rows’ order, drops emptied entries and keeps unknown ones', () => {
    const value = [{ name: 'gone', scopes: ['read'] }, { name: 'receivables', scopes: ['read'] }];
    expect(toggleScopes(value, rows, 'orders', ['read', 'create'], true)).toEqual([
      { name: 'orders', scopes: ['create', 'read'] },
      { name: 'receivables', scopes: ['read'] },
      { name: 'gone', scopes: ['read'] },
    ]);
    expect(toggleScopes(value, rows, 'receivables', ['read'], false)).toEqual([{ name: 'gone', scopes: ['read'] }]);
  });

  it('shows a box only where the resource declares the scope, and edits the policy’s resources', async () => {
    const h = setup();
    const onSave = vi.fn<ResourceFormProps['onSave']>().mockResolvedValue(undefined);
    h.render(
      <ResourceForm screen={metadata.screens['application-policies']} schema={metadata.resources['application-policies']} mode="edit" initial={policy} record={policy} onSave={onSave} onCancel={() => undefined} />,
    );
    const create = await dom.findByRole('checkbox', { name: 'Contas a Receber: Criar' });
    expect((create as HTMLInputElement).checked).toBe(false);
    expect((dom.getByRole('checkbox', { name: 'Pedidos: Criar' }) as HTMLInputElement).checked).toBe(true);
    expect(dom.getByRole('checkbox', { name: 'Pedidos: Aprovar' })).toBeTruthy();
    expect(dom.queryByRole('checkbox', { name: 'Contas a Receber: Aprovar' })).toBeNull();
    // The stale entry is listed apart, to be removed.
    expect(dom.getByText('gone')).toBeTruthy();
    fireEvent.click(create);
    fireEvent.click(dom.getByRole('checkbox', { name: 'Pedidos: todos os escopos' }));
    fireEvent.click(dom.getByRole('button', { name: 'Remover' }));
    fireEvent.click(dom.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0][0].resources).toEqual([
      { name: 'orders', scopes: [...CRUD, 'approve', 'export'] },
      { name: 'receivables', scopes: ['create'] },
    ]);
  });
});

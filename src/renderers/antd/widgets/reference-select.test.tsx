import { fireEvent, screen as dom, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { metadata } from '../../../react/metadata.ts';
import { engineHarness } from '../../../../tests/fixtures/engine-harness.tsx';
import { ResourceForm, type ResourceFormProps } from '../form/ResourceForm.tsx';

const ORG = '11111111-1111-4111-8111-111111111111';
const BANK = '22222222-2222-4222-8222-222222222222';
const record = { id: '33333333-3333-4333-8333-333333333333', version: 1, organizationId: ORG, name: 'Itaú Matriz', type: 'CONTA_CORRENTE', bankId: BANK, agency: '0001', account: '1', accountDigit: '2', openingBalance: 0, openingBalanceDate: '2026-01-01', active: true };

function setup() {
  return engineHarness((url) => {
    if (url.includes('/organizations/labels')) return { body: [{ id: ORG, label: 'Demo Comércio e Serviços Ltda' }] };
    if (url.includes('/banks/labels')) return { body: [{ id: BANK, label: 'ITAÚ UNIBANCO S.A.' }] };
    if (url.includes('/banks?')) return { body: [{ id: BANK, name: 'ITAÚ UNIBANCO S.A.' }], headers: { 'x-total-count': '1' } };
    return undefined;
  });
}

describe('reference select', () => {
  it('shows the current labels with one labels call per referenced resource', async () => {
    const h = setup();
    h.render(<ResourceForm screen={metadata.screens['bank-accounts']} schema={metadata.resources['bank-accounts']} mode="edit" initial={record} record={record} onSave={vi.fn<ResourceFormProps['onSave']>()} onCancel={() => undefined} />);
    await waitFor(() => expect(dom.getByText('ITAÚ UNIBANCO S.A.')).toBeTruthy());
    expect(dom.getByText('Demo Comércio e Serviços Ltda')).toBeTruthy();
    const labels = h.calls.filter((c) => c.includes('/labels'));
    expect(labels.filter((c) => c.includes('/organizations/labels'))).toHaveLength(1);
    expect(labels.filter((c) => c.includes('/banks/labels'))).toHaveLength(1);
  });

  it('searches the target’s q once typing pauses for 300 ms', async () => {
    const h = setup();
    h.render(<ResourceForm screen={metadata.screens['bank-accounts']} schema={metadata.resources['bank-accounts']} mode="add" initial={{ type: 'CONTA_CORRENTE' }} onSave={vi.fn<ResourceFormProps['onSave']>()} onCancel={() => undefined} />);
    const input = document.getElementById('s1_bankId') as HTMLInputElement;
    fireEvent.mouseDown(input);
    for (const text of ['i', 'it', 'ita']) fireEvent.change(input, { target: { value: text } });
    await waitFor(() => expect(h.calls.some((c) => c.includes('/banks?') && c.includes('q=ita'))).toBe(true));
    const searches = h.calls.filter((c) => c.includes('/banks?') && /[?&]q=/.test(c));
    expect(searches.map((c) => /q=([^&]*)/.exec(c)?.[1])).toEqual(['ita']);
  });

  it('offers only active records of a resource with an `active` flag', async () => {
    const h = setup();
    h.render(<ResourceForm screen={metadata.screens['bank-accounts']} schema={metadata.resources['bank-accounts']} mode="add" initial={{ type: 'CONTA_CORRENTE' }} onSave={vi.fn<ResourceFormProps['onSave']>()} onCancel={() => undefined} />);
    fireEvent.mouseDown(document.getElementById('s1_bankId') as HTMLInputElement);
    await waitFor(() => expect(h.calls.some((c) => c.includes('/banks?'))).toBe(true));
    const search = decodeURIComponent(h.calls.find((c) => c.includes('/banks?')) ?? '');
    expect(search).toContain('filter[active][eq]=true');
  });

  it('asks for the records a field with x-ref-filter may hold (refOf: the server applies the filter)', async () => {
    const h = engineHarness((url) => (url.includes('/companies?') ? { body: [], headers: { 'x-total-count': '0' } } : undefined));
    h.render(<ResourceForm screen={metadata.screens['purchase-orders']} schema={metadata.resources['purchase-orders']} mode="add" initial={{}} onSave={vi.fn<ResourceFormProps['onSave']>()} onCancel={() => undefined} />);
    await waitFor(() => expect(document.querySelector('input[id$="_supplierId"]')).toBeTruthy());
    fireEvent.mouseDown(document.querySelector('input[id$="_supplierId"]') as HTMLInputElement);
    await waitFor(() => expect(h.calls.some((c) => c.includes('/companies?'))).toBe(true));
    expect(decodeURIComponent(h.calls.find((c) => c.includes('/companies?')) ?? '')).toContain('refOf=purchase-orders.supplierId');
  });
});

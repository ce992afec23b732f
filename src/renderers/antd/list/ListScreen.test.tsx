import { act, fireEvent, screen as dom, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../../tests/fixtures/render-screen.tsx';
import { ListScreen } from './ListScreen.tsx';

const COST_CENTERS = '/api/accounts-payable/v1/cost-centers';
const listCalls = (calls: string[]) => calls.filter((c) => c.startsWith(`GET ${COST_CENTERS}?`));
const search = (router: { state: { location: { search: string } } }) => decodeURIComponent(router.state.location.search);

async function open(url = '/configuracoes/centros-de-custos', options: Parameters<typeof renderScreen>[1] extends infer O ? Partial<O> : never = {}) {
  const r = renderScreen(<ListScreen screenKey="cost-centers" />, { url, rowsPerResource: 6, ...options });
  await dom.findByRole('table', { name: 'Centros de Custos' });
  // The toolbar (search, filters, views) is its own chunk, loaded after the rows' first paint.
  await dom.findByRole('region', { name: 'Filtros' }, { timeout: 5000 });
  return r;
}

describe('list screen', () => {
  it('asks the API for the default state: page 1, 25 rows, default sort and default filters', async () => {
    const { api } = await open();
    expect(listCalls(api.calls)).toEqual([`GET ${COST_CENTERS}?page=1&pageSize=25&sort=code&filter[active][eq]=true`]);
  });

  it('keeps search (debounced), sort and paging in the URL and reads them back', async () => {
    const { router, api } = await open();
    fireEvent.change(dom.getByRole('searchbox'), { target: { value: 'Nome' } });
    expect(search(router)).toBe('');
    await waitFor(() => expect(search(router)).toBe('?q=Nome'), { timeout: 2000 });
    // The page has re-rendered with the new state once it asked the API for it.
    await waitFor(() => expect(listCalls(api.calls).at(-1)).toContain('q=Nome'));
    fireEvent.click(within(dom.getByRole('table')).getByRole('button', { name: /^Nome/ }));
    await waitFor(() => expect(search(router)).toBe('?q=Nome&sort=name'));
    await waitFor(() => expect(listCalls(api.calls).at(-1)).toContain('sort=name&'));
    fireEvent.click(within(dom.getByRole('table')).getByRole('button', { name: /^Tipo/ }), { shiftKey: true });
    await waitFor(() => expect(search(router)).toBe('?q=Nome&sort=name,type'));
    await waitFor(() => expect(listCalls(api.calls).at(-1)).toBe(`GET ${COST_CENTERS}?page=1&pageSize=25&sort=name%2Ctype&q=Nome&filter[active][eq]=true`));
    await act(() => router.navigate('/configuracoes/centros-de-custos?q=Nome&sort=-name&pageSize=10&page=2'));
    await waitFor(() => expect(listCalls(api.calls).at(-1)).toBe(`GET ${COST_CENTERS}?page=2&pageSize=10&sort=-name&q=Nome&filter[active][eq]=true`));
    expect((dom.getByRole('searchbox') as HTMLInputElement).value).toBe('Nome');
  });

  it('shows the empty state and clears the filters from it', async () => {
    const { router } = renderScreen(<ListScreen screenKey="cost-centers" />, { url: '/configuracoes/centros-de-custos?q=nada-disso' });
    expect(await dom.findByText('Nenhum registro encontrado')).toBeTruthy();
    fireEvent.click(within(dom.getByText('Nenhum registro encontrado').closest('.ant-empty')!).getByRole('button', { name: 'Limpar filtros' }));
    await waitFor(() => expect(search(router)).toBe(''));
    expect(await dom.findByRole('table')).toBeTruthy();
  });

  it('shows a load error with a retry', async () => {
    renderScreen(<ListScreen screenKey="cost-centers" />, { url: '/configuracoes/centros-de-custos', fail: { count: 3, pattern: /cost-centers\?/ } });
    // The HTTP client retries a GET twice on 500 before the screen sees the failure.
    expect(await dom.findByText('Não foi possível carregar a lista.', {}, { timeout: 4000 })).toBeTruthy();
    fireEvent.click(dom.getByRole('button', { name: /Tentar novamente/ }));
    expect(await dom.findByRole('table', { name: 'Centros de Custos' })).toBeTruthy();
  });

  it('deletes a selection after confirming "Excluir 3 registros?"', async () => {
    const { api } = await open();
    const rowBoxes = () => dom.getAllByRole('checkbox', { name: /^Selecionar (?!todos)/ });
    await waitFor(() => expect(rowBoxes().length).toBe(3));
    const boxes = rowBoxes();
    for (const b of boxes.slice(0, 3)) fireEvent.click(b);
    expect(await dom.findByText('3 selecionados')).toBeTruthy();
    fireEvent.click(within(dom.getByRole('region', { name: '3 selecionados' })).getByRole('button', { name: /Excluir/ }));
    expect((await dom.findAllByText('Excluir 3 registros?')).length).toBeGreaterThan(0);
    fireEvent.click(within(dom.getByRole('dialog')).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(api.calls.filter((c) => c.startsWith('DELETE')).length).toBe(3));
  });

  it('exports the visible columns, or every field, of all filtered rows', async () => {
    const { api } = await open('/configuracoes/centros-de-custos?q=Nome');
    const exports = () => api.calls.filter((c) => c.startsWith(`GET ${COST_CENTERS}/export?`)).map(decodeURIComponent);
    fireEvent.click(dom.getByRole('button', { name: 'Exportar' }));
    const menu = await dom.findByRole('menu');
    expect(within(menu).getByText('Colunas visíveis')).toBeTruthy();
    fireEvent.click(within(menu).getAllByRole('menuitem', { name: 'CSV (Excel)' })[0]);
    await waitFor(() => expect(exports()).toHaveLength(1));
    expect(exports()[0]).toContain('format=csv');
    expect(exports()[0]).toContain('q=Nome');
    expect(exports()[0]).toContain('fields=code,name,type,parentId,organizationId,monthlyBudget,active');
    fireEvent.click(dom.getByRole('button', { name: /Exportar|Gerando/ }));
    fireEvent.click(within(await dom.findByRole('menu')).getAllByRole('menuitem', { name: 'Planilha XLSX' })[1]);
    await waitFor(() => expect(exports()).toHaveLength(2));
    expect(exports()[1]).toContain('format=xlsx');
    expect(exports()[1]).not.toContain('fields=');
  });

  it('hides "Novo", selection and delete from a user who may only read', async () => {
    await open(undefined, { accessLevel: 'User', permissions: { resources: [{ name: 'cost-centers', scopes: ['read'] }], acls: [] } });
    await waitFor(() => expect(document.querySelectorAll('tbody tr').length).toBeGreaterThan(0));
    expect(dom.queryByRole('link', { name: /Novo centro de custos/ })).toBeNull();
    expect(dom.queryByRole('checkbox', { name: /^Selecionar / })).toBeNull();
    expect(dom.queryByRole('button', { name: 'Exportar' })).toBeNull();
  });

  it('offers "Novo centro de custos" with create scope and links every row to its record', async () => {
    await open();
    // A link styled as a button (never a <button> inside an <a>).
    const add = dom.getByRole('link', { name: /Novo centro de custos/ });
    expect(add.getAttribute('href')).toBe('/configuracoes/centros-de-custos/adicionar');
    expect(add.querySelector('button')).toBeNull();
    await waitFor(() => expect(document.querySelector('tbody a.bo-row-link')?.getAttribute('href')).toMatch(/^\/configuracoes\/centros-de-custos\/[0-9a-f-]{36}$/));
  });

  it('opens a record from its row link in the app; Ctrl+click and middle click are left to the browser (new tab)', async () => {
    const { router } = await open();
    const link = document.querySelector<HTMLAnchorElement>('tbody a.bo-row-link')!;
    // Whether the page handled each click (after the table's handler; stops jsdom's own navigation).
    const handled: boolean[] = [];
    const after = (e: MouseEvent) => (handled.push(e.defaultPrevented), e.preventDefault());
    document.addEventListener('click', after);
    try {
      fireEvent.click(link, { ctrlKey: true });
      fireEvent.click(link, { button: 1 });
      expect(router.state.location.pathname).toBe('/configuracoes/centros-de-custos');
      fireEvent.click(link);
    } finally {
      document.removeEventListener('click', after);
    }
    expect(handled).toEqual([false, false, true]);
    await waitFor(() => expect(router.state.location.pathname).toBe(link.getAttribute('href')));
  });

  it('shows a filter that came in a link as a removable tag', async () => {
    const bank = '00000000-0000-4000-8000-000000000900';
    const { router } = renderScreen(<ListScreen screenKey="bank-accounts" />, { url: `/contas-financeiras/lista?filter[bankId][in]=${bank}` });
    const tag = await dom.findByText(/^Banco: Registro 900$/);
    fireEvent.click((tag.closest('.ant-tag') as HTMLElement).querySelector('.ant-tag-close-icon')!);
    await waitFor(() => expect(search(router)).toBe(''));
  });
});

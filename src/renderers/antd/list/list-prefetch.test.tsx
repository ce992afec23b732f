import { screen as dom, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../../tests/fixtures/render-screen.tsx';
import { ListScreen } from './ListScreen.tsx';
import { prefetchScreenList } from '../../../react/list-prefetch.ts';

const COST_CENTERS = '/api/accounts-payable/v1/cost-centers';
const listCalls = (calls: string[]) => calls.filter((c) => c.startsWith(`GET ${COST_CENTERS}?`));

describe('prefetchScreenList', () => {
  it('asks for the page the list asks for on its first render, so the page sends no second request', async () => {
    const url = '/configuracoes/centros-de-custos?q=Nome&sort=-name&page=2&pageSize=10';
    let started = false;
    const { api } = renderScreen(<ListScreen screenKey="cost-centers" />, {
      url,
      rowsPerResource: 30,
      beforeRender: ({ engine, client }) => {
        started = prefetchScreenList(engine, client, 'cost-centers', '?q=Nome&sort=-name&page=2&pageSize=10');
      },
    });
    expect(started).toBe(true);
    await dom.findByRole('table', { name: 'Centros de Custos' });
    await waitFor(() => expect(listCalls(api.calls)).toHaveLength(1));
    expect(listCalls(api.calls)[0]).toBe(`GET ${COST_CENTERS}?page=2&pageSize=10&sort=-name&q=Nome&filter[active][eq]=true`);
    // Nothing else follows once the rows are there.
    await dom.findByRole('region', { name: 'Filtros' }, { timeout: 5000 });
    expect(listCalls(api.calls)).toHaveLength(1);
  });

  it('asks nothing for a user who may not read the screen', () => {
    let started = true;
    const { api } = renderScreen(<div />, {
      url: '/',
      accessLevel: 'User',
      permissions: { resources: [], acls: [] },
      beforeRender: ({ engine, client }) => {
        started = prefetchScreenList(engine, client, 'cost-centers', '');
      },
    });
    expect(started).toBe(false);
    expect(listCalls(api.calls)).toEqual([]);
  });

  it('asks nothing for a nested screen or a screen without a list', () => {
    let results: boolean[] = [];
    renderScreen(<div />, {
      url: '/',
      beforeRender: ({ engine, client }) => {
        results = ['application-acls', 'no-such-screen'].map((s) => prefetchScreenList(engine, client, s, ''));
      },
    });
    expect(results).toEqual([false, false]);
  });
});

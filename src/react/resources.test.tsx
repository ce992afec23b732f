import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createEngine } from '../engine/create-engine.ts';
import { ConflictError } from '../engine/data/errors.ts';
import { SessionStore } from '../engine/session/store.ts';
import { EngineProvider } from './EngineProvider.tsx';
import { metadata } from './metadata.ts';
import { useLabels, useResourceDelete, useResourceList, useResourceUpdate } from './resources.ts';

const ID = '6f1c1f0e-3c1a-4a7e-9a53-0c3f1b6f2a10';

function setup(handler: (url: string, init: RequestInit) => { status?: number; body?: unknown; headers?: Record<string, string> }) {
  const urls: string[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    urls.push(`${init?.method ?? 'GET'} ${url}`);
    const r = handler(url, init ?? {});
    return new Response(r.body === undefined ? null : JSON.stringify(r.body), { status: r.status ?? 200, headers: { 'content-type': 'application/json', ...r.headers } });
  });
  const session = new SessionStore({ local: localStorage, session: sessionStorage });
  session.patch({ accessToken: 'tok' });
  const engine = createEngine({ config: { version: '1', projectId: 'demo', services: { accountsPayable: '/ap' }, appParams: {} }, session, fetch: fetchMock as unknown as typeof fetch });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <EngineProvider engine={engine}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </EngineProvider>
  );
  return { urls, wrapper, client };
}

describe('resource hooks', () => {
  it('loads the bundled schema and screen files by name', () => {
    expect(metadata.resources.banks['x-resource'].path).toBe('banks');
    expect(metadata.screens.banks.route.base).toBe('/configuracoes/bancos');
  });

  it('lists through the provider and refetches the list after an update (one prefix)', async () => {
    let name = 'Itaú';
    const { urls, wrapper } = setup((_url, init) => {
      if (init.method === 'PUT') {
        name = 'Itaú Unibanco';
        return { body: { id: ID, name, version: 2 } };
      }
      return { body: [{ id: ID, name, version: 1 }], headers: { 'x-total-count': '1' } };
    });
    const { result } = renderHook(() => ({ list: useResourceList({ resource: 'banks', page: 1, pageSize: 25 }), update: useResourceUpdate('banks') }), { wrapper });
    await waitFor(() => expect(result.current.list.data?.rows[0].name).toBe('Itaú'));
    expect(result.current.list.data?.total).toBe(1);
    await act(() => result.current.update.mutateAsync({ id: ID, version: 1, data: { name: 'Itaú Unibanco' } }));
    await waitFor(() => expect(result.current.list.data?.rows[0].name).toBe('Itaú Unibanco'));
    expect(urls).toEqual(['GET /ap/banks?page=1&pageSize=25', `PUT /ap/banks/${ID}`, 'GET /ap/banks?page=1&pageSize=25']);
  });

  it('surfaces a stale update as ConflictError', async () => {
    const { wrapper } = setup(() => ({ status: 409, body: { code: 'VERSION_CONFLICT', message: 'Alterado por outra pessoa.', currentVersion: 5 } }));
    const { result } = renderHook(() => useResourceUpdate('banks'), { wrapper });
    const err = await result.current.mutateAsync({ id: ID, version: 1, data: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConflictError);
    expect((err as ConflictError).currentVersion).toBe(5);
  });

  it('resolves labels of a page in one call', async () => {
    const other = '0a0b2c3d-4e5f-4a7e-9a53-0c3f1b6f2a11';
    const { urls, wrapper } = setup(() => ({ body: [{ id: ID, label: 'Itaú' }] }));
    const { result } = renderHook(() => useLabels('banks', [ID, other, null, ID]), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual({ [ID]: 'Itaú', [other]: null }));
    expect(urls).toEqual([`GET /ap/banks/labels?id=${ID}&id=${other}`]);
  });

  it('deletes many records and reports the ones that failed', async () => {
    const { wrapper } = setup((url) => (url.endsWith('/b') ? { status: 409, body: { message: 'Em uso.' } } : { status: 204 }));
    const { result } = renderHook(() => useResourceDelete('banks'), { wrapper });
    const out = await result.current.mutateAsync([{ id: 'a' }, { id: 'b' }, { id: 'c' }]);
    expect(out.deleted).toBe(2);
    expect(out.failed.map((f) => [f.id, (f.error as Error).message])).toEqual([['b', 'Em uso.']]);
  });
});

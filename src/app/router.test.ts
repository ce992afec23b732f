import { describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '../../tests/fixtures/jwt.ts';
import { createEngine } from '../engine/create-engine.ts';
import { SessionStore } from '../engine/session/store.ts';
import type { RoutePrefetchContext } from '../react/plugin.ts';
import { createAppRouter, guardShouldRun } from './router.tsx';

const u = (s: string) => new URL(s, 'http://localhost');

describe('guardShouldRun', () => {
  it('runs the guard when the path changes', () => {
    expect(guardShouldRun({ currentUrl: u('/contas-financeiras/lista'), nextUrl: u('/configuracoes/bancos') })).toBe(true);
    expect(guardShouldRun({ currentUrl: u('/configuracoes/bancos/'), nextUrl: u('/configuracoes/bancos') })).toBe(true);
  });
  it('skips it when only the query string changes (list filters, sort, page)', () => {
    expect(guardShouldRun({ currentUrl: u('/configuracoes/bancos?page=1'), nextUrl: u('/configuracoes/bancos?page=2&q=itau') })).toBe(false);
  });
});

describe('route prefetch', () => {
  const NOW = Date.now();
  const session = (tokenType: 'Authorization' | 'PreAuthorization') => ({
    accessToken: fakeJwt({ projectId: 'demo' }),
    accessTokenExpireAt: new Date(NOW + 600_000).toISOString(),
    tokenType,
    refreshToken: 'r',
    refreshTokenExpireAt: new Date(NOW + 86_400_000).toISOString(),
    loggedUser: { id: 'u', email: 'c@demo.com.br', accessLevel: 'SystemOwner' },
  });

  function setup(tokenType: 'Authorization' | 'PreAuthorization') {
    const store = new SessionStore({ local: localStorage, session: sessionStorage });
    store.patch(session(tokenType));
    const engine = createEngine({ config: { version: '1', projectId: 'demo', services: {}, appParams: {} }, session: store, fetch: () => new Promise<Response>(() => undefined) });
    // The renewal never answers: whatever the page starts must start before it.
    const refresh = vi.spyOn(engine.auth, 'refresh').mockReturnValue(new Promise(() => undefined));
    const prefetch = vi.fn<(ctx: RoutePrefetchContext) => void>();
    const router = createAppRouter(engine, [{ path: '/lista/:tab', layout: 'default', load: async () => ({ default: () => null }), prefetch }], {});
    return { router, prefetch, refresh };
  }

  it("starts the page's request beside the guard's renewal, with the URL's query and params", async () => {
    const { router, prefetch, refresh } = setup('Authorization');
    void router.navigate('/lista/abertos?page=2&sort=-issueDate');
    await vi.waitFor(() => expect(refresh).toHaveBeenCalled());
    expect(prefetch).toHaveBeenCalledWith(expect.objectContaining({ search: '?page=2&sort=-issueDate', params: { tab: 'abertos' } }));
    router.dispose();
  });

  it('starts nothing before the second factor is done', async () => {
    const { router, prefetch } = setup('PreAuthorization');
    await router.navigate('/lista/abertos');
    expect(prefetch).not.toHaveBeenCalled();
    router.dispose();
  });
});

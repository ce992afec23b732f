import { describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '../../../tests/fixtures/jwt.ts';
import type { AppConfig } from '../config/app-config.ts';
import { EMPTY_SESSION, type SessionState } from '../session/types.ts';
import { createRedirectResolver, runRouteGuard, type GuardServices, type MatchedRoute } from './route-guard.ts';
import { safeRedirectTarget } from './paths.ts';
import { HttpError } from '../http/errors.ts';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const iso = (s: number) => new Date(NOW + s * 1000).toISOString();

const config: AppConfig = {
  version: '1',
  projectId: 'demo',
  services: {},
  appParams: {
    useProjectId: 'demo',
    composables: {
      useModuleNavigation: {
        groups: [{ key: 'compras', title: 'Compras', order: 1 }, { key: 'fin', title: 'Financeiro', order: 2 }],
        modules: [
          { key: 'orders', title: 'Pedidos', path: '/pedidos', resourceName: 'orders', group: 'compras' },
          { key: 'payables', title: 'Contas a Pagar', path: '/contas-a-pagar', resourceName: 'payables', group: 'fin' },
          { key: 'me', title: 'Minha Conta', path: '/minha-conta' },
        ],
      },
    },
  },
};

const USER = { id: 'u', email: 'c@demo.com.br', accessLevel: 'User', twoFactorsSettings: { isMandatory: false, isEnabledByUser: false, allowedMethods: [] } };
const loggedIn: SessionState = {
  ...EMPTY_SESSION,
  accessToken: fakeJwt({ projectId: 'demo' }),
  accessTokenExpireAt: iso(600),
  tokenType: 'Authorization',
  refreshToken: 'r',
  refreshTokenExpireAt: iso(86400),
  loggedUser: USER,
  policyEffectivePermissions: { resources: [{ name: 'orders', scopes: ['create'] }], acls: [] },
};
const preAuth: SessionState = { ...EMPTY_SESSION, accessToken: fakeJwt({ projectId: 'demo' }), accessTokenExpireAt: iso(600), tokenType: 'PreAuthorization' };

const KNOWN = new Set(['/', '/login', '/minha-conta', '/minha-conta/alterar-senha', '/auth/codigo', '/auth/configurar-verificacao-em-duas-etapas', '/relatorios', '/sobre']);

function services(overrides: Partial<GuardServices> = {}, session = loggedIn) {
  return {
    now: () => NOW,
    matchRoute: (p: string) => (KNOWN.has(p) ? { isPrivate: p === '/relatorios' } : undefined),
    refresh: vi.fn<() => Promise<SessionState>>(async () => session),
    logout: vi.fn<() => Promise<void>>(async () => undefined),
    ...overrides,
  } satisfies GuardServices;
}

const go = (path: string, session: SessionState, s = services({}, session)) => {
  const url = new URL(path, 'http://x');
  return runRouteGuard({ pathname: url.pathname, search: url.search, hash: url.hash }, session, config, s);
};

describe('route guard, in the order of spec §2', () => {
  it('1. removes a trailing slash by redirect, keeping query and hash', async () => {
    expect(await go('/pedidos/?a=1#x', loggedIn)).toEqual({ type: 'redirect', to: '/pedidos?a=1#x' });
    expect(await go('/pedidos//', EMPTY_SESSION)).toEqual({ type: 'redirect', to: '/pedidos' });
  });

  it('2. protects private module paths (and below), the two auth paths, the empty path and private routes only', async () => {
    for (const path of ['/', '/pedidos', '/pedidos/123', '/minha-conta', '/auth/codigo', '/auth/configurar-verificacao-em-duas-etapas', '/relatorios']) {
      expect(await go(path, EMPTY_SESSION)).toMatchObject({ type: 'redirect', to: expect.stringMatching(/^\/login\?redirectTo=/) });
    }
    expect(await go('/login', EMPTY_SESSION)).toMatchObject({ type: 'allow' });
    expect(await go('/sobre', EMPTY_SESSION)).toMatchObject({ type: 'allow' });
    expect(await go('/pedidosx', EMPTY_SESSION)).toMatchObject({ type: 'notFound' });
  });

  it('3. reloads with ?newAppVersionAvailable when a newer front-end exists', async () => {
    const s = { ...loggedIn, newAppVersionAvailable: 'b2' };
    expect(await go('/pedidos?page=2', s)).toEqual({ type: 'reload', url: '/pedidos?page=2&newAppVersionAvailable=b2' });
  });

  it('4. sends PreAuthorization to the setup page if required, else to the code page, with redirectTo = full path', async () => {
    expect(await go('/pedidos?x=1', { ...preAuth, twoFactorIsSetupRequired: true })).toEqual({
      type: 'redirect', to: '/auth/configurar-verificacao-em-duas-etapas?redirectTo=%2Fpedidos%3Fx%3D1',
    });
    expect(await go('/', preAuth)).toEqual({ type: 'redirect', to: '/auth/codigo?redirectTo=%2F' });
    const s = services({}, preAuth);
    expect(await go('/auth/codigo?redirectTo=%2F', preAuth, s)).toMatchObject({ type: 'allow' });
    expect(s.refresh).not.toHaveBeenCalled();
  });

  it('5. sends change-password and two-step pages to the code page (endpoint=usersMe) without a verification token when two-factor is mandatory', async () => {
    const mandatory = { ...loggedIn, loggedUser: { ...USER, twoFactorsSettings: { ...USER.twoFactorsSettings, isMandatory: true } } };
    expect(await go('/minha-conta/alterar-senha', mandatory)).toEqual({
      type: 'redirect', to: '/auth/codigo?endpoint=usersMe&redirectTo=%2Fminha-conta%2Falterar-senha',
    });
    expect(await go('/minha-conta/verificacao-em-duas-etapas', mandatory)).toMatchObject({ to: expect.stringContaining('endpoint=usersMe') });
    const verified = { ...mandatory, verificationToken: 'v', verificationTokenExpireAt: iso(60) };
    expect(await go('/minha-conta/alterar-senha', verified, services({}, verified))).toMatchObject({ type: 'allow' });
    expect(await go('/minha-conta/alterar-senha', loggedIn)).toMatchObject({ type: 'allow' });
  });

  it('6. refreshes token, user and permissions on a valid token, then allows', async () => {
    const s = services();
    expect(await go('/minha-conta', loggedIn, s)).toMatchObject({ type: 'allow' });
    expect(s.refresh).toHaveBeenCalledTimes(1);
    expect(s.logout).not.toHaveBeenCalled();
    const expired = { ...loggedIn, accessTokenExpireAt: iso(-1) };
    const s2 = services({}, expired);
    expect(await go('/minha-conta', expired, s2)).toMatchObject({ type: 'allow' });
    expect(s2.refresh).toHaveBeenCalledTimes(1);
  });

  it('7. logs out and goes to /login?redirectTo without a valid token, or when the refresh fails', async () => {
    const s = services({}, EMPTY_SESSION);
    expect(await go('/pedidos/42?tab=itens', EMPTY_SESSION, s)).toEqual({ type: 'redirect', to: '/login?redirectTo=%2Fpedidos%2F42%3Ftab%3Ditens' });
    expect(s.logout).toHaveBeenCalledTimes(1);
    const otherProject = { ...loggedIn, accessToken: fakeJwt({ projectId: 'other' }) };
    expect(await go('/', otherProject)).toMatchObject({ to: '/login?redirectTo=%2F' });
    const failing = services({ refresh: vi.fn<() => Promise<SessionState>>(async () => { throw new Error('revogado'); }) });
    expect(await go('/', loggedIn, failing)).toMatchObject({ to: '/login?redirectTo=%2F' });
    expect(failing.logout).toHaveBeenCalled();
  });

  it('6/7. a refresh lost, not refused (page left, network, 5xx), never logs out: a valid token opens the page', async () => {
    const lost = (status: 'UNK' | 408 | 429 | 503) => services({ refresh: vi.fn<() => Promise<SessionState>>(async () => { throw new HttpError(status, 'A requisição foi interrompida.'); }) });
    for (const status of ['UNK', 408, 429, 503] as const) {
      const s = lost(status);
      expect(await go('/minha-conta', loggedIn, s)).toMatchObject({ type: 'allow' });
      expect(s.logout).not.toHaveBeenCalled();
    }
    // An expired access token cannot open the page: the navigation fails (error page with retry), still no logout.
    const expired = { ...loggedIn, accessTokenExpireAt: iso(-1) };
    const s = lost('UNK');
    await expect(go('/minha-conta', expired, s)).rejects.toThrow('A requisição foi interrompida.');
    expect(s.logout).not.toHaveBeenCalled();
    // A refusal still ends the session (step 7).
    const refused = services({ refresh: vi.fn<() => Promise<SessionState>>(async () => { throw new HttpError(401, 'Sua sessão expirou.'); }) });
    expect(await go('/minha-conta', loggedIn, refused)).toMatchObject({ to: '/login?redirectTo=%2Fminha-conta' });
    expect(refused.logout).toHaveBeenCalledTimes(1);
  });

  it('8. redirects by path; external targets are a full page load', async () => {
    const resolveRedirect = createRedirectResolver({ '/sobre': '/login', '/ajuda': 'https://ajuda.example.com/' });
    expect(await go('/sobre?a=1', EMPTY_SESSION, services({ resolveRedirect }))).toEqual({ type: 'redirect', to: '/login?a=1' });
    expect(await go('/ajuda', EMPTY_SESSION, services({ resolveRedirect }))).toEqual({ type: 'reload', url: 'https://ajuda.example.com/' });
  });

  it('9. raises a non-fatal 404 for unmatched routes (after the auth steps)', async () => {
    expect(await go('/nada', EMPTY_SESSION)).toEqual({ type: 'notFound', status: 404, message: 'Page not found: /nada', fatal: false });
    expect(await go('/pedidos', loggedIn)).toEqual({ type: 'notFound', status: 404, message: 'Page not found: /pedidos', fatal: false });
  });

  it('9b. refuses, before drawing, a page whose permission the user lacks (403 with what was needed); logs in first when signed out', async () => {
    const pages: Record<string, MatchedRoute> = {
      '/contas-a-pagar/lancamentos': { isPrivate: true, access: { permission: 'payables', scope: 'read', label: 'Contas a Pagar' } },
      '/pedidos/adicionar': { isPrivate: true, access: { permission: 'orders', scope: 'create' } },
      '/pedidos/lista': { isPrivate: true, access: { permission: ['orders', 'purchase-orders'], scope: 'read' } },
      // Screen routes resolve theirs from the screen files, loaded on demand.
      '/pedidos/1/editar': { isPrivate: true, access: async () => ({ permission: 'orders', scope: 'update' }) },
    };
    const s = services({ matchRoute: (p) => pages[p] });
    expect(await go('/contas-a-pagar/lancamentos', loggedIn, s)).toMatchObject({
      type: 'forbidden', status: 403, access: { permission: 'payables', scope: 'read', label: 'Contas a Pagar' }, navigation: [{ title: '' }, { title: 'Compras' }],
    });
    expect(await go('/pedidos/adicionar', loggedIn, s)).toMatchObject({ type: 'allow' });
    expect(await go('/pedidos/lista', loggedIn, s)).toMatchObject({ type: 'forbidden' });
    expect(await go('/pedidos/1/editar', loggedIn, s)).toMatchObject({ type: 'forbidden', access: { permission: 'orders', scope: 'update' } });
    const reader = { ...loggedIn, policyEffectivePermissions: { resources: [{ name: 'purchaseOrders', scopes: ['read'] }], acls: [] } };
    expect(await go('/pedidos/lista', reader, services({ matchRoute: (p) => pages[p] }, reader))).toMatchObject({ type: 'allow' });
    const owner = { ...loggedIn, loggedUser: { ...USER, accessLevel: 'SystemOwner' } };
    expect(await go('/contas-a-pagar/lancamentos', owner, services({ matchRoute: (p) => pages[p] }, owner))).toMatchObject({ type: 'allow' });
    // Signed out: the login comes first (the 403 would say nothing useful).
    expect(await go('/contas-a-pagar/lancamentos', EMPTY_SESSION, services({ matchRoute: (p) => pages[p] }, EMPTY_SESSION))).toMatchObject({ type: 'redirect' });
  });

  it('10. builds the menu from create scopes, removing empty groups, always showing modules without resource', async () => {
    const result = await go('/', loggedIn);
    expect(result.type === 'allow' && result.navigation.map((g) => [g.title, g.items.map((i) => i.title)])).toEqual([
      ['', ['Minha Conta']],
      ['Compras', ['Pedidos']],
    ]);
  });
});

describe('safeRedirectTarget', () => {
  it('only follows paths of this site', () => {
    expect(safeRedirectTarget('/pedidos?x=1')).toBe('/pedidos?x=1');
    for (const bad of ['//evil.com', 'https://evil.com', 'javascript:alert(1)', '/\\evil.com', '', null]) expect(safeRedirectTarget(bad)).toBe('/');
  });
});

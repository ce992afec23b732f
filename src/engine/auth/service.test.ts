import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt } from '../../../tests/fixtures/jwt.ts';
import { createApi } from '../config/api.ts';
import { createHttpClient } from '../http/client.ts';
import { SessionStore } from '../session/store.ts';
import { SnackbarStore } from '../snackbar/store.ts';
import { AuthService, normalizeCode } from './service.ts';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const future = (s: number) => new Date(NOW + s * 1000).toISOString();
const token = (typ: string) => fakeJwt({ sub: 'u1', projectId: 'demo', typ, exp: NOW / 1000 + 900 });
const USER = {
  id: 'u1', email: 'fin@demo.com.br', accessLevel: 'User',
  twoFactorsSettings: { isMandatory: true, isEnabledByUser: false, allowedMethods: ['TOTP' as const], isTotpConfigured: true },
};
const PERMS = { resources: [{ name: 'orders', scopes: ['create', 'read'] }], acls: [{ name: 'orders', scopes: ['approve'] }] };

type Handler = (body: unknown, headers: Headers) => Response;

function setup(routes: Record<string, Handler>) {
  localStorage.clear();
  sessionStorage.clear();
  const calls: Array<{ key: string; body: unknown; headers: Headers }> = [];
  const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(async (url, init) => {
    const key = `${init.method} ${url}`;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const headers = new Headers(init.headers);
    calls.push({ key, body, headers });
    const h = routes[key];
    if (!h) return Response.json({ message: `sem rota ${key}` }, { status: 404 });
    return h(body, headers);
  });
  const session = new SessionStore({ local: localStorage, session: sessionStorage });
  const snackbars = new SnackbarStore({ setTimer: () => 0, clearTimer: () => undefined });
  const http = createHttpClient({ getAccessToken: () => session.getSnapshot().accessToken, fetch: fetchMock as unknown as typeof fetch });
  const auth = new AuthService({ http, api: createApi({ identity: '/id' }), session, snackbars, now: () => NOW });
  return { auth, session, calls, snackbars };
}

const ok = (body: unknown, status = 200) => () => (body === null ? new Response(null, { status: 204 }) : Response.json(body, { status }));
const fail = (status: number, body: unknown = { message: 'x' }) => () => Response.json(body, { status });
const authResponse = (typ: 'Authorization' | 'PreAuthorization', extra: Record<string, unknown> = {}) => ({
  accessToken: token(typ), tokenType: typ,
  refreshToken: typ === 'Authorization' ? 'r1' : null, refreshTokenExpireAt: typ === 'Authorization' ? future(86400) : null,
  twoFactor: { isSetupRequired: false, allowedMethods: ['TOTP', 'Email'], ...extra },
});
const userRoutes = { 'GET /id/users/me': ok(USER), 'GET /id/users/me/policies/effective-permissions': ok(PERMS) };

describe('AuthService', () => {
  beforeEach(() => vi.restoreAllMocks());

  it('strips all whitespace from codes', () => {
    expect(normalizeCode(' 12 3\t45\n6 ')).toBe('123456');
  });

  it('login with Authorization stores tokens, verification token, user and permissions', async () => {
    const { auth, session, calls } = setup({
      'POST /id/auth': ok(authResponse('Authorization', { verificationToken: 'v', expireAt: future(600) })),
      ...userRoutes,
    });
    await auth.login({ login: ' admin@demo.com.br ', secret: 's', rememberMe: true });
    expect(calls[0]).toMatchObject({ body: { login: 'admin@demo.com.br', secret: 's', grantType: 'Password' } });
    expect(calls[0].headers.has('authorization')).toBe(false);
    const s = session.getSnapshot();
    expect(s).toMatchObject({
      tokenType: 'Authorization', refreshToken: 'r1', verificationToken: 'v', verificationTokenExpireAt: future(600),
      accessTokenExpireAt: new Date(NOW + 900_000).toISOString(), twoFactorIsTotpAllowedMethod: true, twoFactorIsEmailAllowedMethod: true,
      rememberMe: true, loggedUser: USER, policyEffectivePermissions: PERMS, policyEffectiveScopes: { orders: ['create', 'read', 'approve'] },
    });
    expect(localStorage.getItem('accessToken')).not.toBeNull();
  });

  it('login with PreAuthorization stores the two-factor flags but no user', async () => {
    const { auth, session, calls } = setup({ 'POST /id/auth': ok(authResponse('PreAuthorization', { isSetupRequired: true, allowedMethods: ['TOTP'] })) });
    await auth.login({ login: 'fin@demo.com.br', secret: 's' });
    expect(calls).toHaveLength(1);
    expect(session.getSnapshot()).toMatchObject({
      tokenType: 'PreAuthorization', twoFactorIsSetupRequired: true, twoFactorIsTotpAllowedMethod: true, twoFactorIsEmailAllowedMethod: false,
      loggedUser: null, verificationToken: null,
    });
  });

  it('any login failure resets the session', async () => {
    const { auth, session } = setup({ 'POST /id/auth': ok(authResponse('Authorization')), 'GET /id/users/me': ok({ email: 'no-id' }), 'GET /id/users/me/policies/effective-permissions': ok(PERMS) });
    session.patch({ loggedUser: USER });
    await expect(auth.login({ login: 'a', secret: 'b' })).rejects.toMatchObject({ status: 400, message: 'O login é inválido.' });
    expect(session.getSnapshot()).toMatchObject({ accessToken: null, loggedUser: null, tokenType: null });
    const wrong = setup({ 'POST /id/auth': fail(401) });
    await expect(wrong.auth.login({ login: 'a', secret: 'b' })).rejects.toMatchObject({ status: 401 });
    expect(wrong.session.getSnapshot().accessToken).toBeNull();
  });

  it('setup clears the setup-required flag', async () => {
    const { auth, session, calls } = setup({ 'POST /id/auth/two-factors/setup': ok(authResponse('Authorization')), ...userRoutes });
    session.patch({ accessToken: token('PreAuthorization'), tokenType: 'PreAuthorization', twoFactorIsSetupRequired: true });
    await auth.setupTwoFactor({ totpKey: 'K', verificationCode: '12 34 56' });
    expect(calls[0].body).toEqual({ totpKey: 'K', verificationCode: '123456' });
    expect(session.getSnapshot()).toMatchObject({ twoFactorIsSetupRequired: false, tokenType: 'Authorization', loggedUser: USER });
  });

  it('verify stores tokens, reloads the user and requires a valid verification token', async () => {
    const good = setup({ 'POST /id/auth/two-factors/verify': ok(authResponse('Authorization', { verificationToken: 'v', verificationTokenExpireAt: future(600) })), ...userRoutes });
    good.session.patch({ accessToken: token('PreAuthorization'), tokenType: 'PreAuthorization', twoFactorIsTotpAllowedMethod: true });
    await good.auth.verify({ method: 'TOTP', verificationCode: '123 456' });
    expect(good.calls[0].body).toEqual({ method: 'TOTP', verificationCode: '123456' });
    expect(good.session.getSnapshot()).toMatchObject({ tokenType: 'Authorization', verificationToken: 'v', loggedUser: USER });

    const noToken = setup({ 'POST /id/auth/two-factors/verify': ok(authResponse('Authorization')), ...userRoutes });
    noToken.session.patch({ accessToken: token('PreAuthorization'), tokenType: 'PreAuthorization', twoFactorIsTotpAllowedMethod: true });
    await expect(noToken.auth.verify({ method: 'TOTP', verificationCode: '1' })).rejects.toMatchObject({ status: 400 });
  });

  it('verify with endpoint usersMe uses users/me/two-factors/verify', async () => {
    const { auth, session, calls } = setup({ 'POST /id/users/me/two-factors/verify': ok({ verificationToken: 'v2', verificationTokenExpireAt: future(600) }), ...userRoutes });
    session.patch({ accessToken: token('Authorization'), tokenType: 'Authorization', loggedUser: USER });
    await auth.verify({ method: 'TOTP', verificationCode: '654321', endpoint: 'usersMe' });
    expect(calls[0].key).toBe('POST /id/users/me/two-factors/verify');
    expect(session.getSnapshot().verificationToken).toBe('v2');
  });

  it('rejects a method that is not allowed under mandatory two-factor locally with 405', async () => {
    const { auth, session, calls } = setup({});
    session.patch({ accessToken: token('Authorization'), tokenType: 'Authorization', loggedUser: USER });
    await expect(auth.verify({ method: 'Email', verificationCode: '1', endpoint: 'usersMe' })).rejects.toMatchObject({ status: 405 });
    session.patch({ tokenType: 'PreAuthorization', twoFactorIsTotpAllowedMethod: true, twoFactorIsEmailAllowedMethod: false });
    await expect(auth.verify({ method: 'Email', verificationCode: '1' })).rejects.toMatchObject({ status: 405 });
    expect(calls).toHaveLength(0);
  });

  it('unbind: failure clears the verification token; success reloads the user and requires setup', async () => {
    const bad = setup({ 'DELETE /id/users/me/two-factors/unbind': fail(400) });
    bad.session.patch({ accessToken: token('Authorization'), verificationToken: 'v', verificationTokenExpireAt: future(60) });
    await expect(bad.auth.unbind()).rejects.toMatchObject({ status: 400 });
    expect(bad.session.getSnapshot().verificationToken).toBeNull();

    const good = setup({ 'DELETE /id/users/me/two-factors/unbind': ok(null), ...userRoutes });
    good.session.patch({ accessToken: token('Authorization'), verificationToken: 'v', verificationTokenExpireAt: future(60) });
    await good.auth.unbind();
    expect(good.calls[0].body).toEqual({ verificationToken: 'v' });
    expect(good.session.getSnapshot()).toMatchObject({ twoFactorIsSetupRequired: true, loggedUser: USER });
  });

  it('refresh sends the email and refresh token with Bearer, and shares one request', async () => {
    const { auth, session, calls } = setup({ 'POST /id/auth': ok({ ...authResponse('Authorization'), refreshToken: 'r2' }), ...userRoutes });
    session.patch({ accessToken: token('Authorization'), tokenType: 'Authorization', refreshToken: 'r1', loggedUser: USER });
    await Promise.all([auth.refresh(), auth.refresh()]);
    const posts = calls.filter((c) => c.key === 'POST /id/auth');
    expect(posts).toHaveLength(1);
    expect(posts[0].body).toEqual({ login: USER.email, secret: 'r1', grantType: 'RefreshToken' });
    expect(posts[0].headers.get('authorization')).toMatch(/^Bearer /);
    expect(session.getSnapshot().refreshToken).toBe('r2');
  });

  it('refresh asks for user and permissions with the new token, and keeps the stored objects when they did not change', async () => {
    const fresh = fakeJwt({ sub: 'u1', projectId: 'demo', typ: 'Authorization', exp: NOW / 1000 + 901 });
    const { auth, session, calls } = setup({ 'POST /id/auth': ok({ ...authResponse('Authorization'), accessToken: fresh, refreshToken: 'r2' }), ...userRoutes });
    await auth.loadUserAndPermissions().catch(() => undefined); // no token yet: nothing stored
    session.patch({ accessToken: token('Authorization'), tokenType: 'Authorization', refreshToken: 'r1' });
    await auth.loadUserAndPermissions();
    const { loggedUser, policyEffectivePermissions, policyEffectiveScopes } = session.getSnapshot();
    let updates = 0;
    const off = session.subscribe(() => updates++);
    await auth.refresh();
    off();
    expect(calls.filter((c) => c.key === 'GET /id/users/me').at(-1)!.headers.get('authorization')).toBe(`Bearer ${fresh}`);
    const after = session.getSnapshot();
    expect(after.loggedUser).toBe(loggedUser);
    expect(after.policyEffectivePermissions).toBe(policyEffectivePermissions);
    expect(after.policyEffectiveScopes).toBe(policyEffectiveScopes);
    expect(updates).toBe(1); // the tokens; equal user and permissions are not stored again
  });

  it('stores a changed user and changed permissions in one session update', async () => {
    const { auth, session } = setup({ 'GET /id/users/me': ok({ ...USER, name: 'Outro' }), 'GET /id/users/me/policies/effective-permissions': ok(PERMS) });
    session.patch({ accessToken: token('Authorization'), tokenType: 'Authorization', loggedUser: USER });
    let updates = 0;
    const off = session.subscribe(() => updates++);
    await auth.loadUserAndPermissions();
    off();
    expect(updates).toBe(1);
    expect(session.getSnapshot()).toMatchObject({ loggedUser: { name: 'Outro' }, policyEffectivePermissions: PERMS });
  });

  it('logout calls the server, resets the session and shows the two messages', async () => {
    const { auth, session, calls, snackbars } = setup({ 'POST /id/auth/logout': ok(null) });
    const seen: string[] = [];
    snackbars.subscribe(() => seen.push(...snackbars.getSnapshot().map((s) => s.message)));
    session.patch({ accessToken: token('Authorization'), refreshToken: 'r1', loggedUser: USER, appParams: { useProjectId: 'demo' } });
    await auth.logout({ notify: true });
    expect(calls[0]).toMatchObject({ key: 'POST /id/auth/logout', body: { refreshToken: 'r1' } });
    expect(session.getSnapshot()).toMatchObject({ accessToken: null, refreshToken: null, loggedUser: null, appParams: { useProjectId: 'demo' } });
    expect(seen).toEqual(['Desconectando, aguarde...', 'Você foi desconectado da sua conta.']);
  });

  it('logout ends the local session even when the server refuses', async () => {
    const { auth, session } = setup({ 'POST /id/auth/logout': fail(401) });
    session.patch({ accessToken: token('Authorization') });
    await auth.logout();
    expect(session.getSnapshot().accessToken).toBeNull();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../server/helper.ts';
import { API, signIn, type Caller } from './helpers.ts';

/** ASVS 5.0 V14 Data Protection: what browsers and proxies may keep, what the API returns. */
describe('V14 Data Protection', () => {
  let ctx: TestContext;
  let admin: Caller;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn(ctx.app);
  });
  afterAll(() => ctx.close());

  it('V14.3.2 API answers carry Cache-Control: no-store (lists, records, the user, errors)', async () => {
    for (const url of ['/api/accounts-payable/v1/banks?pageSize=1', `${API}/users/me`, `${API}/users/me/policies/effective-permissions`, '/api/accounts-payable/v1/banks/00000000-0000-4000-8000-000000000000']) {
      expect({ url, cache: (await admin.call('GET', url)).headers['cache-control'] }).toEqual({ url, cache: 'no-store' });
    }
    const login = await ctx.app.inject({ method: 'POST', url: `${API}/auth`, payload: { login: 'x@y.com', secret: 'errada-123', grantType: 'Password' } });
    expect(login.headers['cache-control']).toBe('no-store');
  });

  it('V14.2.6 secrets never leave the server: no password hash, TOTP key or write-only secret in any answer', async () => {
    const users = (await admin.call('GET', `${API}/users?pageSize=50`)).body;
    expect(users).not.toMatch(/password|totp_secret|totpSecret|scrypt\$/);
    const me = (await admin.call('GET', `${API}/users/me`)).body;
    expect(me).not.toMatch(/password|scrypt\$/);
    const history = await admin.call('GET', `${API}/users?pageSize=1`);
    const id = history.json()[0].id;
    expect((await admin.call('GET', `${API}/users/${id}/history`)).body).not.toMatch(/password|scrypt\$/);
  });
});

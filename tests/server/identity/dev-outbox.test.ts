import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { createTestApp, type TestContext } from '../helper.ts';
import { createTokenService } from '../../../server/lib/jwt.ts';
import { loadAppConfig } from '../../../server/lib/app-config.ts';
import { ADMIN, API, bearer, COMPRAS, FINANCEIRO, loginOk } from './helpers.ts';

describe('dev outbox without SMTP: only a SystemOwner or a direct loopback request', () => {
  let ctx: TestContext;
  const REMOTE = '203.0.113.7';
  beforeAll(async () => {
    ctx = await createTestApp({ trustProxy: true });
    // Something to read: a password-recovery e-mail (its link would take over the account).
    await ctx.app.inject({ method: 'POST', url: `${API}/auth/password-recovery`, payload: { email: COMPRAS.email } });
    // The recovery e-mail leaves after the response (constant-time answer): wait for it.
    await ctx.app.background.drain();
  });
  afterAll(() => ctx.close());

  const get = (remoteAddress: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(COMPRAS.email)}`, remoteAddress, headers });

  it('answers a direct request from loopback (IPv4, IPv6, IPv4-mapped)', async () => {
    for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await get(ip);
      expect(res.statusCode).toBe(200);
      expect(res.json().length).toBeGreaterThan(0);
    }
  });

  it('is a plain 404 for anonymous remote requests and proxied loopback ones', async () => {
    const cases: [string, Record<string, string>][] = [
      [REMOTE, {}],
      [REMOTE, { 'x-forwarded-for': '127.0.0.1' }],
      ['127.0.0.1', { 'x-forwarded-for': REMOTE }],
      ['127.0.0.1', { 'x-forwarded-for': '127.0.0.1' }],
      ['127.0.0.1', { forwarded: `for=${REMOTE}` }],
      ['::1', { 'x-real-ip': REMOTE }],
    ];
    for (const [ip, headers] of cases) {
      const res = await get(ip, headers);
      expect(res.statusCode, `${ip} ${JSON.stringify(headers)}`).toBe(404);
      expect(res.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Rota não encontrada: GET /api/dev/outbox' });
    }
  });

  it('answers a signed-in SystemOwner from anywhere, not other users, pre-auth or bad tokens', async () => {
    const admin = await loginOk(ctx.app, ADMIN);
    expect((await get(REMOTE, bearer(admin.accessToken))).statusCode).toBe(200);
    expect((await get('127.0.0.1', { ...bearer(admin.accessToken), 'x-forwarded-for': REMOTE })).statusCode).toBe(200);

    const compras = await loginOk(ctx.app, COMPRAS);
    expect((await get(REMOTE, bearer(compras.accessToken))).statusCode).toBe(404);
    const pre = await loginOk(ctx.app, FINANCEIRO);
    expect(pre.tokenType).toBe('PreAuthorization');
    expect((await get(REMOTE, bearer(pre.accessToken))).statusCode).toBe(404);

    const userId = decodeJwt(admin.accessToken).sub!;
    const projectId = String((await loadAppConfig(ctx.config.dataDir)).projectId);
    const expired = await createTokenService(ctx.config.jwtSecret!, projectId).sign(userId, 'Authorization', new Date(Date.now() - 3600_000));
    const forged = await createTokenService('x'.repeat(40), projectId).sign(userId, 'Authorization');
    for (const token of [expired.token, forged.token, 'lixo']) expect((await get(REMOTE, bearer(token))).statusCode).toBe(404);
  });
});

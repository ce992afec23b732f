import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { createTestApp, type TestContext } from '../helper.ts';
import { createTokenService } from '../../../server/lib/jwt.ts';
import { loadAppConfig } from '../../../server/lib/app-config.ts';
import { ADMIN, API, bearer, COMPRAS, loginOk, type AuthBody } from './helpers.ts';

describe('refresh, rotation and logout', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const refresh = (accessToken: string | null, login: string, secret: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `${API}/auth`,
      headers: accessToken ? bearer(accessToken) : {},
      payload: { login, secret, grantType: 'RefreshToken' },
    });

  it('rotates: a new pair each time, the old refresh token stops working and revokes the family', async () => {
    const first = await loginOk(ctx.app, ADMIN);
    const res = await refresh(first.accessToken, ADMIN.email, first.refreshToken!);
    expect(res.statusCode).toBe(200);
    const second: AuthBody = res.json();
    expect(second.tokenType).toBe('Authorization');
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.twoFactor.verificationToken).toBeUndefined();
    expect(decodeJwt(second.accessToken).jti).not.toBe(decodeJwt(first.accessToken).jti);

    // Replaying the rotated token after the grace period: refused, and the whole family (including `second`) is revoked.
    await ctx.db.query(`UPDATE refresh_tokens SET revoked_at = revoked_at - interval '1 minute' WHERE revoked_at IS NOT NULL`);
    const reuse = await refresh(second.accessToken, ADMIN.email, first.refreshToken!);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('INVALID_REFRESH_TOKEN');
    expect((await refresh(second.accessToken, ADMIN.email, second.refreshToken!)).statusCode).toBe(401);

    // Another session of the same user is untouched.
    const other = await loginOk(ctx.app, ADMIN);
    expect((await refresh(other.accessToken, ADMIN.email, other.refreshToken!)).statusCode).toBe(200);
  });

  it('a rotated token replayed within seconds (a reload during the refresh) gets the same successor; not after a logout', async () => {
    const first = await loginOk(ctx.app, ADMIN);
    const second: AuthBody = (await refresh(first.accessToken, ADMIN.email, first.refreshToken!)).json();
    // The browser never stored `second` and sends `first` again: the same successor, never a second branch.
    const again = await refresh(first.accessToken, ADMIN.email, first.refreshToken!);
    expect(again.statusCode).toBe(200);
    const third: AuthBody = again.json();
    expect(third.refreshToken).toBe(second.refreshToken);
    expect((await refresh(third.accessToken, ADMIN.email, third.refreshToken!)).statusCode).toBe(200);
    // After logout the family is dead: the grace does not bring it back.
    const fresh = await loginOk(ctx.app, ADMIN);
    const rotated: AuthBody = (await refresh(fresh.accessToken, ADMIN.email, fresh.refreshToken!)).json();
    await ctx.app.inject({ method: 'POST', url: `${API}/auth/logout`, headers: bearer(rotated.accessToken), payload: { refreshToken: rotated.refreshToken } });
    expect((await refresh(fresh.accessToken, ADMIN.email, fresh.refreshToken!)).statusCode).toBe(401);
  });

  it('accepts an expired but validly signed access token for the RefreshToken grant only', async () => {
    const session = await loginOk(ctx.app, ADMIN);
    const userId = decodeJwt(session.accessToken).sub!;
    const projectId = String((await loadAppConfig(ctx.config.dataDir)).projectId);
    const expired = await createTokenService(ctx.config.jwtSecret!, projectId).sign(userId, 'Authorization', new Date(Date.now() - 3600_000));
    expect((await ctx.app.inject({ method: 'GET', url: `${API}/users/me`, headers: bearer(expired.token) })).statusCode).toBe(401);
    const res = await refresh(expired.token, ADMIN.email, session.refreshToken!);
    expect(res.statusCode).toBe(200);
  });

  it('refuses a refresh without a Bearer, with a forged one, another user\'s token or another login', async () => {
    const admin = await loginOk(ctx.app, ADMIN);
    const compras = await loginOk(ctx.app, COMPRAS);
    expect((await refresh(null, ADMIN.email, admin.refreshToken!)).statusCode).toBe(401);
    const forged = await createTokenService('x'.repeat(40), 'demo').sign(decodeJwt(admin.accessToken).sub!, 'Authorization');
    expect((await refresh(forged.token, ADMIN.email, admin.refreshToken!)).statusCode).toBe(401);
    // compras' access token with admin's refresh token, and admin's token with the wrong login.
    expect((await refresh(compras.accessToken, COMPRAS.email, admin.refreshToken!)).statusCode).toBe(401);
    expect((await refresh(admin.accessToken, COMPRAS.email, admin.refreshToken!)).statusCode).toBe(401);
    expect((await refresh(admin.accessToken, ADMIN.email, 'token-que-nao-existe')).statusCode).toBe(401);
    // None of those attempts burned admin's token.
    expect((await refresh(admin.accessToken, ADMIN.email, admin.refreshToken!)).statusCode).toBe(200);
  });

  it('refuses an expired refresh token', async () => {
    const s = await loginOk(ctx.app, ADMIN);
    await ctx.db.query(`UPDATE refresh_tokens SET expires_at = now() - interval '1 second' WHERE revoked_at IS NULL`);
    expect((await refresh(s.accessToken, ADMIN.email, s.refreshToken!)).statusCode).toBe(401);
  });

  it('logout revokes the refresh token family', async () => {
    const s = await loginOk(ctx.app, ADMIN);
    const out = await ctx.app.inject({ method: 'POST', url: `${API}/auth/logout`, headers: bearer(s.accessToken), payload: { refreshToken: s.refreshToken } });
    expect(out.statusCode).toBe(204);
    expect((await refresh(s.accessToken, ADMIN.email, s.refreshToken!)).statusCode).toBe(401);
  });

  it('logout with an expired access token (Authorization or PreAuthorization) still revokes the refresh token family', async () => {
    const s = await loginOk(ctx.app, ADMIN);
    const userId = decodeJwt(s.accessToken).sub!;
    const projectId = String((await loadAppConfig(ctx.config.dataDir)).projectId);
    const tokens = createTokenService(ctx.config.jwtSecret!, projectId);
    const hourAgo = new Date(Date.now() - 3600_000);
    const expired = await tokens.sign(userId, 'Authorization', hourAgo);
    const logout = (token: string, refreshToken: string) =>
      ctx.app.inject({ method: 'POST', url: `${API}/auth/logout`, headers: bearer(token), payload: { refreshToken } });
    expect((await logout(expired.token, s.refreshToken!)).statusCode).toBe(204);
    expect((await refresh(expired.token, ADMIN.email, s.refreshToken!)).statusCode).toBe(401);

    const s2 = await loginOk(ctx.app, ADMIN);
    const expiredPre = await tokens.sign(userId, 'PreAuthorization', hourAgo);
    expect((await logout(expiredPre.token, s2.refreshToken!)).statusCode).toBe(204);
    expect((await refresh(s2.accessToken, ADMIN.email, s2.refreshToken!)).statusCode).toBe(401);
  });

  it('logout refuses a bad signature, another projectId or a Verification token, and revokes nothing', async () => {
    const s = await loginOk(ctx.app, ADMIN);
    const userId = decodeJwt(s.accessToken).sub!;
    const projectId = String((await loadAppConfig(ctx.config.dataDir)).projectId);
    const hourAgo = new Date(Date.now() - 3600_000);
    const forged = await createTokenService('x'.repeat(40), projectId).sign(userId, 'Authorization', hourAgo);
    const otherProject = await createTokenService(ctx.config.jwtSecret!, `${projectId}-outro`).sign(userId, 'Authorization', hourAgo);
    const verification = await createTokenService(ctx.config.jwtSecret!, projectId).sign(userId, 'Verification');
    for (const t of [forged.token, otherProject.token, verification.token, 'nao-e-um-jwt']) {
      const res = await ctx.app.inject({ method: 'POST', url: `${API}/auth/logout`, headers: bearer(t), payload: { refreshToken: s.refreshToken } });
      expect(res.statusCode).toBe(401);
    }
    expect((await refresh(s.accessToken, ADMIN.email, s.refreshToken!)).statusCode).toBe(200);
  });

  it('logout needs a token, accepts an empty body and ignores refresh tokens of other users', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: `${API}/auth/logout` })).statusCode).toBe(401);
    const admin = await loginOk(ctx.app, ADMIN);
    const compras = await loginOk(ctx.app, COMPRAS);
    expect((await ctx.app.inject({ method: 'POST', url: `${API}/auth/logout`, headers: bearer(compras.accessToken) })).statusCode).toBe(204);
    const cross = await ctx.app.inject({
      method: 'POST',
      url: `${API}/auth/logout`,
      headers: bearer(compras.accessToken),
      payload: { refreshToken: admin.refreshToken },
    });
    expect(cross.statusCode).toBe(204);
    expect((await refresh(admin.accessToken, ADMIN.email, admin.refreshToken!)).statusCode).toBe(200);
    const bad = await ctx.app.inject({ method: 'POST', url: `${API}/auth/logout`, headers: bearer(compras.accessToken), payload: { refreshToken: 1, x: 2 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ refreshToken: ['Deve ser um texto.'], x: ['Campo não permitido.'] });
  });

  it('stores refresh tokens only as hashes', async () => {
    const s = await loginOk(ctx.app, ADMIN);
    const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM refresh_tokens WHERE token_hash = $1', [s.refreshToken]);
    expect(rows[0].n).toBe(0);
  });
});

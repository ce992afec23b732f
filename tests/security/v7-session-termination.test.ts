import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../server/helper.ts';
import { API, bearer, loginOk, signIn, unique, type Caller } from './helpers.ts';
import { inviteUser, linkToken, resetPassword } from './identity-helpers.ts';
import type { AuthBody } from '../server/identity/helpers.ts';

const PASSWORD = 'lanterna de papel azul';

/**
 * ASVS 5.0 V7.4 Session termination: a session that ends stops at once — its access tokens are 401 on the next
 * request (not when they expire) and its refresh token is dead. Sessions are rows of `sessions` named by the
 * token's `sid` (docs/api-identity.md, D25).
 */
describe('V7 Session management: termination', () => {
  let ctx: TestContext;
  let admin: Caller;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn(ctx.app);
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.db.query('DELETE FROM login_throttle');
  });

  /** A new user with a password of its own (invited, link opened). */
  async function newUser() {
    const email = `${unique('sessao').replace(/\W+/g, '.')}@exemplo.com.br`;
    const { id, token } = await inviteUser(ctx.app, admin, { name: 'Marta Quintela', email });
    expect((await resetPassword(ctx.app, token, PASSWORD)).statusCode).toBe(204);
    return { id, email, password: PASSWORD };
  }

  const me = (s: AuthBody) => ctx.app.inject({ method: 'GET', url: `${API}/users/me`, headers: bearer(s.accessToken) });
  const refresh = (s: AuthBody, login: string) =>
    ctx.app.inject({ method: 'POST', url: `${API}/auth`, headers: bearer(s.accessToken), payload: { login, secret: s.refreshToken, grantType: 'RefreshToken' } });
  /**
   * Whether the session still opens the API; an ended one must also refuse its refresh token (anything else
   * comes out as 'inconsistent' and fails the test).
   */
  async function alive(s: AuthBody, login: string): Promise<boolean | 'inconsistent'> {
    const api = (await me(s)).statusCode;
    if (api === 200) return true;
    const renew = (await refresh(s, login)).statusCode;
    return api === 401 && renew === 401 ? false : 'inconsistent';
  }
  const endReasons = async (userId: string) =>
    (await ctx.db.query<{ end_reason: string | null }>('SELECT end_reason FROM sessions WHERE user_id = $1 ORDER BY created_at', [userId])).rows.map(
      (r) => r.end_reason,
    );

  it('V7.4.1 logout ends the session at once: its access token is 401 on the next request, its refresh token dead', async () => {
    const user = await newUser();
    const s = await loginOk(ctx.app, user);
    const other = await loginOk(ctx.app, user);
    expect((await me(s)).statusCode).toBe(200);
    const out = await ctx.app.inject({ method: 'POST', url: `${API}/auth/logout`, headers: bearer(s.accessToken), payload: { refreshToken: s.refreshToken } });
    expect(out.statusCode).toBe(204);
    expect(await alive(s, user.email)).toBe(false);
    // Only that session: the same user's other login goes on.
    expect(await alive(other, user.email)).toBe(true);
    expect(await endReasons(user.id)).toEqual(['logout', null]);
  });

  it('V7.4.1 a logout with only the access token (no refresh token in the body) ends that session too', async () => {
    const user = await newUser();
    const s = await loginOk(ctx.app, user);
    expect((await ctx.app.inject({ method: 'POST', url: `${API}/auth/logout`, headers: bearer(s.accessToken) })).statusCode).toBe(204);
    expect(await alive(s, user.email)).toBe(false);
  });

  it('V7.4.1 a detected refresh-token theft (a rotated token replayed after the grace window) ends the session at once', async () => {
    const user = await newUser();
    const s = await loginOk(ctx.app, user);
    const next: AuthBody = (await refresh(s, user.email)).json();
    expect((await me(next)).statusCode).toBe(200);
    await ctx.db.query(`UPDATE refresh_tokens SET revoked_at = revoked_at - interval '1 minute' WHERE user_id = $1 AND revoked_at IS NOT NULL`, [user.id]);
    expect((await refresh(s, user.email)).statusCode).toBe(401);
    // The thief's replay killed the legitimate holder's tokens too: access 401 now, refresh refused.
    expect(await alive(next, user.email)).toBe(false);
    expect(await endReasons(user.id)).toEqual(['refresh-reuse']);
  });

  it('V7.4.2 disabling a user ends every session of the user at once', async () => {
    const user = await newUser();
    const [a, b] = [await loginOk(ctx.app, user), await loginOk(ctx.app, user)];
    expect(await alive(a, user.email)).toBe(true);
    const current = (await admin.call('GET', `${API}/users/${user.id}`)).json() as Record<string, unknown> & { version: number };
    const res = await admin.call('PATCH', `${API}/users/${user.id}`, { active: false }, { 'if-match': `W/"${current.version}"` });
    expect(res.statusCode).toBe(200);
    expect(await alive(a, user.email)).toBe(false);
    expect(await alive(b, user.email)).toBe(false);
    expect(await endReasons(user.id)).toEqual(['user-inactive', 'user-inactive']);
  });

  it('V7.4.3 a password change ends the other sessions at once; the session that changed it goes on', async () => {
    const user = await newUser();
    const [current, other] = [await loginOk(ctx.app, user), await loginOk(ctx.app, user)];
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: `${API}/users/me/password`,
      headers: bearer(current.accessToken),
      payload: { currentPassword: PASSWORD, newPassword: 'girassol de outono quieto' },
    });
    expect(changed.statusCode).toBe(204);
    expect(await alive(other, user.email)).toBe(false);
    expect(await alive(current, user.email)).toBe(true);
  });

  it('V7.4.3 a password reset by e-mailed link ends every session', async () => {
    const user = await newUser();
    const s = await loginOk(ctx.app, user);
    await ctx.app.inject({ method: 'POST', url: `${API}/auth/password-recovery`, payload: { email: user.email } });
    expect((await resetPassword(ctx.app, await linkToken(ctx.app, user.email), 'pedra no caminho do rio')).statusCode).toBe(204);
    expect(await alive(s, user.email)).toBe(false);
  });

  it('V7.4.3 turning two-factor on ends the other sessions at once; the session that did it goes on', async () => {
    const user = await newUser();
    const [current, other] = [await loginOk(ctx.app, user), await loginOk(ctx.app, user)];
    const res = await ctx.app.inject({ method: 'PUT', url: `${API}/users/me/security`, headers: bearer(current.accessToken), payload: { isTwoFactorEnabled: true } });
    expect(res.statusCode).toBe(200);
    expect(await alive(other, user.email)).toBe(false);
    expect(await alive(current, user.email)).toBe(true);
    expect(await endReasons(user.id)).toEqual([null, 'two-factor']);
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeJwt } from 'jose';
import { createTestApp, type TestContext } from '../helper.ts';
import { AuthState } from '../../../server/lib/identity/auth-state.ts';
import { sweepSessions } from '../../../server/lib/identity/sessions.ts';
import { ADMIN, API, bearer, COMPRAS, FINANCEIRO, login, loginOk, type AuthBody } from './helpers.ts';

type Entry = { name: string; scopes: string[] };

/** Sessions and principals in memory (server/lib/identity/auth-state.ts) and the refresh grace (D25–D26). */
describe('auth state: sessions, cached principals, refresh replay', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const get = (token: string, url: string) => ctx.app.inject({ method: 'GET', url: `${API}/${url}`, headers: bearer(token) });
  const effective = async (token: string) => (await get(token, 'users/me/policies/effective-permissions')).json() as { resources: Entry[] };
  const refresh = (s: AuthBody, email: string, secret = s.refreshToken!) =>
    ctx.app.inject({ method: 'POST', url: `${API}/auth`, headers: bearer(s.accessToken), payload: { login: email, secret, grantType: 'RefreshToken' } });

  /** The SQL statements `fn` sends to the database. */
  async function queriesOf(fn: () => Promise<unknown>): Promise<string[]> {
    const original = ctx.db.query;
    const seen: string[] = [];
    ctx.db.query = ((sql: string, params?: readonly unknown[]) => {
      seen.push(sql);
      return original(sql, params);
    }) as typeof original;
    try {
      await fn();
    } finally {
      ctx.db.query = original;
    }
    return seen;
  }

  it('names the session in every access token (sid) and starts it at the password step', async () => {
    const s = await loginOk(ctx.app, ADMIN);
    const { sid, sub } = decodeJwt(s.accessToken) as { sid: string; sub: string };
    const { rows } = await ctx.db.query<{ user_id: string; ended_at: Date | null }>('SELECT user_id, ended_at FROM sessions WHERE id = $1', [sid]);
    expect(rows).toEqual([{ user_id: sub, ended_at: null }]);
    const { rows: family } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM refresh_tokens WHERE family_id = $1', [sid]);
    expect(family[0].n).toBe(1);
    // The renewed access token names the same session.
    const next: AuthBody = (await refresh(s, ADMIN.email)).json();
    expect(decodeJwt(next.accessToken).sid).toBe(sid);
  });

  it('refuses a token without a session, of an unknown session or of another user\'s session', async () => {
    const admin = await loginOk(ctx.app, ADMIN);
    const compras = await loginOk(ctx.app, COMPRAS);
    const adminId = decodeJwt(admin.accessToken).sub!;
    const noSid = await ctx.app.auth.tokens.sign(adminId, 'Authorization');
    const unknown = await ctx.app.auth.tokens.sign(adminId, 'Authorization', new Date(), '00000000-0000-4000-8000-000000000000');
    const foreign = await ctx.app.auth.tokens.sign(adminId, 'Authorization', new Date(), decodeJwt(compras.accessToken).sid as string);
    for (const t of [noSid.token, unknown.token, foreign.token]) expect((await get(t, 'users/me')).statusCode).toBe(401);
    expect((await get(admin.accessToken, 'users/me')).statusCode).toBe(200);
  });

  it('a PreAuthorization token names its session too: a logout before the second factor ends it', async () => {
    const pre = (await login(ctx.app, FINANCEIRO.email, FINANCEIRO.password)).json() as AuthBody;
    expect(pre.tokenType).toBe('PreAuthorization');
    const sid = decodeJwt(pre.accessToken).sid as string;
    expect(sid).toBeTruthy();
    const emailCode = () => ctx.app.inject({ method: 'POST', url: `${API}/auth/two-factors/email-code`, headers: bearer(pre.accessToken) });
    expect((await emailCode()).statusCode).toBe(202);
    expect((await ctx.app.inject({ method: 'POST', url: `${API}/auth/logout`, headers: bearer(pre.accessToken) })).statusCode).toBe(204);
    expect((await emailCode()).statusCode).toBe(401);
    const { rows } = await ctx.db.query<{ end_reason: string }>('SELECT end_reason FROM sessions WHERE id = $1', [sid]);
    expect(rows[0].end_reason).toBe('logout');
  });

  it('serves a known session and principal from memory: no query for them on the next request', async () => {
    const s = await loginOk(ctx.app, COMPRAS);
    await effective(s.accessToken); // loads the session and the principal
    const sql = await queriesOf(async () => expect((await effective(s.accessToken)).resources.length).toBeGreaterThan(0));
    expect(sql).toEqual([]);
  });

  it('never serves permissions stale after a committed change to a policy, a membership or the user', async () => {
    const s = await loginOk(ctx.app, COMPRAS);
    const userId = decodeJwt(s.accessToken).sub!;
    const names = async () => (await effective(s.accessToken)).resources.map((r) => r.name);
    expect(await names()).not.toContain('recurso-novo');
    // A policy written straight in the database (no app code involved): the next request sees it.
    await ctx.db.query(`UPDATE application_policies SET resources = resources || '[{"name":"recurso-novo","scopes":["read"]}]'::jsonb WHERE name = 'Compras'`);
    expect(await names()).toContain('recurso-novo');
    await ctx.db.query(`UPDATE application_policies SET resources = resources - (jsonb_array_length(resources) - 1) WHERE name = 'Compras'`);
    expect(await names()).not.toContain('recurso-novo');
    // Leaving every group (soft delete of the memberships): nothing left.
    const { rows: kept } = await ctx.db.query<{ id: string }>('UPDATE user_group_members SET deleted_at = now() WHERE user_id = $1 AND deleted_at IS NULL RETURNING id', [userId]);
    expect(await names()).toEqual([]);
    await ctx.db.query('UPDATE user_group_members SET deleted_at = NULL WHERE id = ANY($1::uuid[])', [kept.map((r) => r.id)]);
    expect((await names()).length).toBeGreaterThan(0);
    // The user deactivated and back (straight in the database): 401, then 200 again.
    await ctx.db.query('UPDATE users SET active = false WHERE id = $1', [userId]);
    expect((await get(s.accessToken, 'users/me')).statusCode).toBe(401);
    await ctx.db.query('UPDATE users SET active = true WHERE id = $1', [userId]);
    expect((await get(s.accessToken, 'users/me')).statusCode).toBe(200);
  });

  it('a load that started before a change does not keep its older answer', async () => {
    const state = new AuthState(ctx.db, { pollMs: 60_000 });
    await state.start();
    try {
      const userId = decodeJwt((await loginOk(ctx.app, COMPRAS)).accessToken).sub!;
      const original = ctx.db.query;
      let raced = false;
      // While the principal is being read, another writer commits a policy change.
      ctx.db.query = (async (sql: string, params?: readonly unknown[]) => {
        const res = await original(sql, params);
        if (!raced && sql.includes('FROM users WHERE id')) {
          raced = true;
          await original(`UPDATE application_policies SET description = description WHERE name = 'Compras'`);
        }
        return res;
      }) as typeof original;
      try {
        expect((await state.principal(userId))?.user.id).toBe(userId);
      } finally {
        ctx.db.query = original;
      }
      expect(raced).toBe(true);
      expect(state.size.principals).toBe(0);
      // Without a change meanwhile it is kept (once the news of the racing write, which PostgreSQL delivers to the
      // other pooled connections a moment after its COMMIT, has been heard).
      await vi.waitFor(async () => expect(await state.caughtUp()).toBe(true));
      await state.principal(userId);
      expect(state.size.principals).toBe(1);
    } finally {
      await state.stop();
    }
  });

  it('the fallback poll drops everything when the database counted a change this instance did not hear', async () => {
    const state = new AuthState(ctx.db, { pollMs: 60_000 });
    await state.start();
    try {
      const s = await loginOk(ctx.app, COMPRAS);
      await state.session(decodeJwt(s.accessToken).sid as string);
      await state.principal(decodeJwt(s.accessToken).sub!);
      expect(state.size).toEqual({ sessions: 1, principals: 1 });
      await state.poll();
      expect(state.size).toEqual({ sessions: 1, principals: 1 }); // nothing new: kept
      await ctx.db.query('UPDATE auth_clock SET n = n + 1'); // a change whose NOTIFY never arrived
      await state.poll();
      expect(state.size).toEqual({ sessions: 0, principals: 0 });
    } finally {
      await state.stop();
    }
  });

  it('forgets sessions that can no longer be used: ended long ago, or unfinished second factors', async () => {
    const live = await loginOk(ctx.app, ADMIN);
    const ended = await loginOk(ctx.app, ADMIN);
    await ctx.app.inject({ method: 'POST', url: `${API}/auth/logout`, headers: bearer(ended.accessToken) });
    const pending = (await login(ctx.app, FINANCEIRO.email, FINANCEIRO.password)).json() as AuthBody;
    const sid = (s: AuthBody) => decodeJwt(s.accessToken).sid as string;
    const exists = async (s: AuthBody) => (await ctx.db.query('SELECT 1 FROM sessions WHERE id = $1', [sid(s)])).rows.length === 1;
    // 31 days from now (and over an hour after any earlier sweep of this process): the live session's refresh
    // token is still valid then (30 days from its last use), the other two are long over.
    await sweepSessions(ctx.db, new Date(Date.now() + 31 * 24 * 3600_000));
    expect(await exists(live)).toBe(true);
    expect(await exists(ended)).toBe(false);
    expect(await exists(pending)).toBe(false);
    expect((await get(live.accessToken, 'users/me')).statusCode).toBe(200);
    const code = await ctx.app.inject({ method: 'POST', url: `${API}/auth/two-factors/email-code`, headers: bearer(pending.accessToken) });
    expect(code.statusCode).toBe(401);
  });

  describe('refresh replay within the grace window', () => {
    const liveInFamily = async (s: AuthBody) =>
      Number(
        (
          await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM refresh_tokens WHERE family_id = $1 AND revoked_at IS NULL', [
            decodeJwt(s.accessToken).sid,
          ])
        ).rows[0].n,
      );

    it('returns the same successor each time, never a second live branch', async () => {
      const s = await loginOk(ctx.app, ADMIN);
      const first = await refresh(s, ADMIN.email);
      const [again, twice] = await Promise.all([refresh(s, ADMIN.email), refresh(s, ADMIN.email)]);
      for (const r of [first, again, twice]) expect(r.statusCode).toBe(200);
      const tokens = [first, again, twice].map((r) => (r.json() as AuthBody).refreshToken);
      expect(new Set(tokens).size).toBe(1);
      expect(await liveInFamily(s)).toBe(1);
      // Each answer's access token is a valid one of the same session.
      for (const r of [again, twice]) expect((await get((r.json() as AuthBody).accessToken, 'users/me')).statusCode).toBe(200);
    });

    it('once the successor was itself rotated, a replay of the older token is a theft: the session ends', async () => {
      const s = await loginOk(ctx.app, ADMIN);
      const next: AuthBody = (await refresh(s, ADMIN.email)).json();
      const third: AuthBody = (await refresh(next, ADMIN.email)).json();
      expect((await refresh(s, ADMIN.email)).statusCode).toBe(401);
      expect(await liveInFamily(s)).toBe(0);
      expect((await get(third.accessToken, 'users/me')).statusCode).toBe(401);
    });

    it('after the window the replay revokes the family and ends the session', async () => {
      const s = await loginOk(ctx.app, ADMIN);
      const next: AuthBody = (await refresh(s, ADMIN.email)).json();
      const sid = decodeJwt(s.accessToken).sid as string;
      await ctx.db.query(`UPDATE refresh_tokens SET revoked_at = revoked_at - interval '31 seconds' WHERE family_id = $1 AND revoked_at IS NOT NULL`, [sid]);
      expect((await refresh(s, ADMIN.email)).statusCode).toBe(401);
      expect(await liveInFamily(s)).toBe(0);
      expect((await get(next.accessToken, 'users/me')).statusCode).toBe(401);
      expect((await refresh(next, ADMIN.email)).statusCode).toBe(401);
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, secondInstance, type TestContext } from '../helper.ts';
import { ADMIN, API, bearer, COMPRAS, login, loginOk } from './helpers.ts';

type Instance = { app: FastifyInstance; close(): Promise<void> };

/**
 * Two API instances on one database (D26): what one learns — a session ended, a policy changed — the other
 * applies within a second, carried by PostgreSQL itself (LISTEN/NOTIFY; on PGlite both share the process).
 * Runs against a PostgreSQL server too in the `server-pg` project (TEST_DATABASE_URL): two pools, two listeners.
 */
describe('two API instances on one database', () => {
  let ctx: TestContext;
  let other: Instance;
  beforeAll(async () => {
    ctx = await createTestApp();
    other = await secondInstance(ctx);
  });
  afterAll(async () => {
    await other.close();
    await ctx.close();
  });

  const status = async (app: FastifyInstance, token: string, url = 'users/me') =>
    (await app.inject({ method: 'GET', url: `${API}/${url}`, headers: bearer(token) })).statusCode;

  /**
   * Milliseconds until `check` holds on repeated requests (no sleeping: each try is a request), failing after 1 s.
   * Between tries the event loop reads its sockets (where the news arrives), as a real server does between requests:
   * an injected request answered from memory (cached JWT and principal) may finish without reaching the I/O phase.
   */
  async function within1s(check: () => Promise<boolean>): Promise<number> {
    const start = performance.now();
    while (!(await check())) {
      if (performance.now() - start > 1000) throw new Error('a outra instância não soube da mudança em 1 s');
      await new Promise((r) => setImmediate(r));
    }
    return performance.now() - start;
  }

  it('a logout on one instance is a 401 on the other within 1 s', async () => {
    const s = await loginOk(ctx.app, ADMIN);
    // Both instances know the session (and keep it in memory).
    expect(await status(ctx.app, s.accessToken)).toBe(200);
    expect(await status(other.app, s.accessToken)).toBe(200);
    const out = await ctx.app.inject({ method: 'POST', url: `${API}/auth/logout`, headers: bearer(s.accessToken), payload: { refreshToken: s.refreshToken } });
    expect(out.statusCode).toBe(204);
    expect(await status(ctx.app, s.accessToken)).toBe(401); // the instance that did it: at once
    expect(await within1s(async () => (await status(other.app, s.accessToken)) === 401)).toBeLessThan(1000);
  });

  it('a password change on one instance ends the sessions the other serves', async () => {
    const changer = await loginOk(other.app, COMPRAS);
    const s = await loginOk(ctx.app, COMPRAS);
    expect(await status(ctx.app, s.accessToken)).toBe(200);
    const { rows: saved } = await ctx.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', [COMPRAS.email]);
    try {
      const res = await other.app.inject({
        method: 'PUT',
        url: `${API}/users/me/password`,
        headers: bearer(changer.accessToken),
        payload: { currentPassword: COMPRAS.password, newPassword: 'telhado de zinco molhado' },
      });
      expect(res.statusCode).toBe(204);
      await within1s(async () => (await status(ctx.app, s.accessToken)) === 401);
      expect(await status(other.app, changer.accessToken)).toBe(200);
    } finally {
      await ctx.db.query('UPDATE users SET password_hash = $2 WHERE email = $1', [COMPRAS.email, saved[0].password_hash]);
    }
  });

  it('cached permissions agree: a policy change made through one instance is served by the other', async () => {
    const s = await loginOk(ctx.app, COMPRAS);
    const names = async (app: FastifyInstance) =>
      ((await app.inject({ method: 'GET', url: `${API}/users/me/policies/effective-permissions`, headers: bearer(s.accessToken) })).json() as {
        resources: { name: string }[];
      }).resources.map((r) => r.name);
    expect(await names(ctx.app)).toEqual(await names(other.app));
    expect(await names(other.app)).not.toContain('recurso-das-duas');
    await ctx.db.query(`UPDATE application_policies SET resources = resources || '[{"name":"recurso-das-duas","scopes":["read"]}]'::jsonb WHERE name = 'Compras'`);
    await within1s(async () => (await names(other.app)).includes('recurso-das-duas'));
    expect(await names(ctx.app)).toContain('recurso-das-duas');
  });

  it('rate limits agree: failures counted on one instance slow the next try on the other', async () => {
    await ctx.db.query('DELETE FROM login_throttle');
    for (let i = 0; i < 5; i++) expect((await login(ctx.app, ADMIN.email, 'senha errada')).statusCode).toBe(401);
    const next = await login(other.app, ADMIN.email, 'senha errada');
    expect(next.statusCode).toBe(429);
    await ctx.db.query('DELETE FROM login_throttle');
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')('survives losing the listening connections: news of the gap is not served stale', async () => {
    const s = await loginOk(ctx.app, ADMIN);
    expect(await status(other.app, s.accessToken)).toBe(200); // cached on the other instance
    // Every connection of this database that listens is cut (the dedicated listeners and idle pooled ones).
    await ctx.db.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE 'LISTEN%'`,
    );
    // The session ends while nobody may be listening.
    await ctx.db.query(`UPDATE sessions SET ended_at = now(), end_reason = 'logout' WHERE id = $1`, [JSON.parse(Buffer.from(s.accessToken.split('.')[1], 'base64url').toString()).sid]);
    await within1s(async () => (await status(other.app, s.accessToken)) === 401);
    // Both instances listen again (reconnected) and keep serving.
    // (each try yields to the event loop, where the reconnection's timer and socket run)
    await within1s(async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return other.app.authState.listening && ctx.app.authState.listening;
    });
    const fresh = await loginOk(other.app, ADMIN);
    expect(await status(other.app, fresh.accessToken)).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondInstance, type TestContext } from '../helper.ts';
import { call, createFixtureApp, createOrganization, createUser, demoOrganizationId, PAYABLES } from './helpers.ts';

interface Payable {
  id: string;
  description: string;
}

/**
 * The per-instance page cache of lists (D86): a page is read from the database once, and every committed write to
 * the table — through the API, a plugin's own SQL, or another instance — is seen by the next list. Runs on a
 * PostgreSQL server too (`server-pg`), where the news travels by LISTEN/NOTIFY between two pools.
 */
describe('list page cache', () => {
  let ctx: TestContext;
  let owner: string;
  let org: string;
  const list = async (token: string, qs = '', app = ctx.app) => {
    const res = await call(app, token, { method: 'GET', url: `${PAYABLES}?${qs}` });
    expect(res.statusCode).toBe(200);
    return { body: res.json() as Payable[], total: Number(res.headers['x-total-count']) };
  };
  const pages = (app = ctx.app) => app.resources.pages!.size.pages;
  /**
   * Lists until the answer is kept. On a PostgreSQL server the news of earlier writes reaches this instance more
   * than once (from the pooled connections and from the listening one, each when its socket is read), and a copy
   * that lands while a page loads rightly keeps that page from being stored. Waits for the quiet it needs.
   */
  const listKept = async (qs: string, app = ctx.app) => {
    const start = performance.now();
    for (;;) {
      const res = await list(owner, qs, app);
      if (pages(app) > 0) return res;
      if (performance.now() - start > 2000) throw new Error('nenhuma página guardada em 2 s sem escritas');
      await new Promise((r) => setImmediate(r));
    }
  };

  beforeAll(async () => {
    ctx = await createFixtureApp();
    org = await demoOrganizationId(ctx.db);
    owner = (await createUser(ctx, { accessLevel: 'SystemOwner' })).token;
    for (let i = 1; i <= 3; i++) {
      const res = await call(ctx.app, owner, {
        method: 'POST',
        url: PAYABLES,
        payload: { description: `Aluguel ${i}`, documentNumber: `PC-${i}`, amount: i * 100, dueDate: `2026-02-0${i}`, organizationId: org },
      });
      if (res.statusCode !== 201) throw new Error(res.body);
    }
  });
  afterAll(() => ctx.close());

  it('keeps a page after the first read and drops it when the table is written by SQL outside the engine', async () => {
    const first = await listKept('sort=documentNumber');
    expect(first.body.map((r) => r.description)).toEqual(['Aluguel 1', 'Aluguel 2', 'Aluguel 3']);
    // What a workflow plugin does: its own UPDATE, no call to the engine. The trigger announces it at COMMIT.
    await ctx.db.query(`UPDATE test_payables SET description = 'Aluguel um' WHERE document_number = 'PC-1'`);
    expect(pages()).toBe(0);
    expect((await list(owner, 'sort=documentNumber')).body[0].description).toBe('Aluguel um');
  });

  it('never serves a rolled-back write nor keeps a page read before a write that committed during the read', async () => {
    await list(owner, 'sort=documentNumber');
    await expect(
      ctx.db.tx(async (q) => {
        await q.query(`UPDATE test_payables SET description = 'nunca' WHERE document_number = 'PC-2'`);
        throw new Error('desfeito');
      }),
    ).rejects.toThrow('desfeito');
    expect((await list(owner, 'sort=documentNumber')).body[1].description).toBe('Aluguel 2');
    // A read in flight when the write commits: its answer is not stored.
    const cache = ctx.app.resources.pages!;
    let release!: () => void;
    const slow = cache.get('test-payables', 'probe', [], () => new Promise((r) => (release = () => r([{ id: 'x', version: 1 }]))));
    await ctx.db.query(`UPDATE test_payables SET amount = amount WHERE document_number = 'PC-3'`);
    release();
    await slow;
    expect(await cache.get('test-payables', 'probe', [], async () => [{ id: 'y', version: 1 }])).toEqual([{ id: 'y', version: 1 }]);
  });

  it('never shares a page between record scopes', async () => {
    const other = await createOrganization(ctx.db, 'Filial do cache');
    const scoped = (await createUser(ctx, { organizationId: other, resources: [{ name: 'test-payables', scopes: ['read'] }], organizations: [other] })).token;
    const all = await list(owner, 'filter[description][contains]=Aluguel');
    const mine = await list(scoped, 'filter[description][contains]=Aluguel');
    expect(all.total).toBe(3);
    expect(mine.total).toBe(0);
    expect(mine.body).toEqual([]);
  });

  it('another instance sees a write made through this one at its next list', async () => {
    const b = await secondInstance(ctx);
    try {
      const before = await listKept('sort=documentNumber', b.app);
      const res = await call(ctx.app, owner, {
        method: 'PATCH',
        url: `${PAYABLES}/${before.body[2].id}`,
        headers: { 'if-match': `W/"${(await call(ctx.app, owner, { method: 'GET', url: `${PAYABLES}/${before.body[2].id}` })).json().version}"` },
        payload: { description: 'Aluguel três' },
      });
      expect(res.statusCode).toBe(200);
      // News from another pool arrives a moment after the COMMIT: each try is a request, for up to a second. Between
      // tries the event loop reads its sockets, as a real server does between requests: an injected request served
      // from memory (cached page, JWT and principal) may otherwise finish without ever reaching the I/O phase.
      const start = performance.now();
      while ((await list(owner, 'sort=documentNumber', b.app)).body[2].description !== 'Aluguel três') {
        if (performance.now() - start > 1000) throw new Error('a outra instância serviu a página antiga por mais de 1 s');
        await new Promise((r) => setImmediate(r));
      }
    } finally {
      await b.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPolicyGrants, seedPolicyGrants } from '../../../server/seed/grants.ts';
import { createTestApp, type TestContext } from '../helper.ts';

/** Scopes the scaffold wrote for a new resource (server/seed/data/policy-grants.json) reach the profiles once. */
describe('seeded policy grants of new resources', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const resourcesOf = async (policy: string) =>
    (await ctx.db.query<{ resources: { name: string; scopes: string[] }[] }>('SELECT resources FROM application_policies WHERE name = $1 AND deleted_at IS NULL', [policy])).rows[0]?.resources ?? [];

  it('the data file is valid (empty or with grants) and is read at start', async () => {
    expect(Array.isArray(await readPolicyGrants())).toBe(true);
  });

  it('adds the resource to the profile once, never undoes an administrator\'s change, and waits for a missing profile', async () => {
    const grant = { policy: 'Compras', resource: 'test-grant-contracts', scopes: ['create', 'read'] };
    const missing = { policy: 'Perfil que não existe', resource: 'test-grant-contracts', scopes: ['read'] };
    expect(await seedPolicyGrants(ctx.db, [grant, missing])).toEqual(['policy-grant:Compras:test-grant-contracts']);
    expect((await resourcesOf('Compras')).find((r) => r.name === grant.resource)).toEqual({ name: grant.resource, scopes: ['create', 'read'] });
    // The administrator takes it away: the next start leaves it so.
    await ctx.db.query(`UPDATE application_policies SET resources = (SELECT jsonb_agg(r) FROM jsonb_array_elements(resources) r WHERE r->>'name' <> $1) WHERE name = 'Compras'`, [grant.resource]);
    expect(await seedPolicyGrants(ctx.db, [grant, missing])).toEqual([]);
    expect((await resourcesOf('Compras')).some((r) => r.name === grant.resource)).toBe(false);
    const marks = await ctx.db.query<{ key: string }>(`SELECT key FROM seed_marks WHERE key LIKE 'policy-grant:%'`);
    expect(marks.rows.map((r) => r.key)).toEqual(['policy-grant:Compras:test-grant-contracts']);
  });
});

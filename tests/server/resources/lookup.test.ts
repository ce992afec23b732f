import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helper.ts';
import { ADMIN, bearer, loginOk } from '../identity/helpers.ts';
import { createUser } from './helpers.ts';

const PRODUCTS = '/api/cart/v1/products';
const BANK_ACCOUNTS = '/api/accounts-payable/v1/bank-accounts';

/** A requester who may create orders (which refer to products) but has no `read` on products: lookups only. */
describe('reference lookups without read scope', () => {
  let ctx: TestContext;
  let compras: Record<string, string>;
  let admin: Record<string, string>;
  beforeAll(async () => {
    ctx = await createTestApp();
    compras = bearer((await createUser(ctx, { resources: [{ name: 'orders', scopes: ['create', 'read', 'update'] }] })).token);
    admin = bearer((await loginOk(ctx.app, ADMIN)).accessToken);
  });
  afterAll(() => ctx.close());

  it('searches a referenced resource by text and gets ids, labels and what the referrers\' forms copy (x-fill) only', async () => {
    const full = await ctx.app.inject({ url: `${PRODUCTS}?pageSize=3`, headers: admin });
    expect(full.statusCode).toBe(200);
    const [first] = full.json() as { id: string; name: string }[];
    expect(Object.keys(first).length).toBeGreaterThan(2);

    const res = await ctx.app.inject({ url: `${PRODUCTS}?pageSize=3&q=${encodeURIComponent(first.name.split(' ')[0])}`, headers: compras });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(0);
    // An order line copies the product's name, unit and reference price (x-fill): nothing else leaves.
    for (const r of rows) expect(['id', 'name', 'referencePrice', 'unit']).toEqual(expect.arrayContaining(Object.keys(r)));
    expect(rows.some((r) => typeof r.unit === 'string')).toBe(true);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThan(0);

    const labels = await ctx.app.inject({ url: `${PRODUCTS}/labels?id=${first.id}`, headers: compras });
    expect(labels.statusCode).toBe(200);
    expect(labels.json()).toEqual([{ id: first.id, label: first.name }]);
  });

  it('ignores filters and sorts in a lookup (they would reveal other fields) and never opens a record', async () => {
    const all = await ctx.app.inject({ url: `${PRODUCTS}?pageSize=1`, headers: compras });
    const filtered = await ctx.app.inject({ url: `${PRODUCTS}?pageSize=1&filter[active][eq]=false&sort=-createdAt`, headers: compras });
    expect(filtered.statusCode).toBe(200);
    expect(filtered.headers['x-total-count']).toBe(all.headers['x-total-count']);
    const id = (all.json() as { id: string }[])[0].id;
    expect((await ctx.app.inject({ url: `${PRODUCTS}/${id}`, headers: compras })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: `${PRODUCTS}/export?format=csv`, headers: compras })).statusCode).toBe(403);
  });

  it('refuses resources that none of the caller’s forms refer to', async () => {
    expect((await ctx.app.inject({ url: BANK_ACCOUNTS, headers: compras })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: `${BANK_ACCOUNTS}/labels?id=00000000-0000-4000-8000-000000000000`, headers: compras })).statusCode).toBe(403);
  });
});

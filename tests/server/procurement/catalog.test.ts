import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helper.ts';
import { createUser } from '../resources/helpers.ts';
import { apiOf, CART, procurementFixture, SM, type Rec } from './workflow-helpers.ts';

type Hit = { id: string; name: string; sku: string; rank: number; variants: unknown[]; referencePrice: number };

/** The catalogue (department tree, unaccented ranked search) and the cart kept per user, up to the submitted requisition. */
describe('catalogue and cart', () => {
  let ctx: TestContext;
  let f: Awaited<ReturnType<typeof procurementFixture>>;
  let buyer: ReturnType<typeof apiOf>;
  beforeAll(async () => {
    ctx = await createTestApp();
    f = await procurementFixture(ctx);
    buyer = apiOf(ctx, f.buyer.token);
    const sub = (await ctx.db.query<{ id: string }>(`INSERT INTO product_categories (name, slug, parent_id, position, active) VALUES ('Café e copa', $1, $2, 1, true) RETURNING id`, [`cafe-${f.tag}`, f.deptId])).rows[0].id;
    for (const [sku, name, brand] of [['CAF1', 'Café torrado e moído 500 g', 'Pilão'], ['CAF2', 'Açúcar cristal 1 kg', 'União'], ['CAF3', 'Filtro de papel para café 103', 'Melitta'], ['CAF4', 'Cafeteira elétrica', 'Arno']]) {
      await ctx.db.query(`INSERT INTO products (sku, name, brand, type, category_id, unit, ncm, reference_price, active) VALUES ($1, $2, $3, 'PRODUTO', $4, 'UN', '09012100', 1990, true)`, [`${sku}-${f.tag}`.toUpperCase(), name, brand, sub]);
    }
  });
  afterAll(() => ctx.close());

  const search = async (q: string, extra = '') => {
    const res = await buyer.send('GET', `${CART}/catalog/search?q=${encodeURIComponent(q)}${extra}`);
    expect(res.statusCode).toBe(200);
    return { total: Number(res.headers['x-total-count']), hits: res.json() as Hit[] };
  };

  it('finds without accents or case and ranks names that start with the words first', async () => {
    const { hits } = await search('cafe', `&category=escritorio-${f.tag}`);
    expect(hits.map((h) => h.name)).toEqual(['Cafeteira elétrica', 'Café torrado e moído 500 g', 'Filtro de papel para café 103']);
    expect(hits[0].rank).toBeGreaterThan(hits[2].rank);
    expect((await search('ACUCAR')).hits.map((h) => h.name)).toContain('Açúcar cristal 1 kg');
    expect((await search('filtro cafe')).hits.map((h) => h.name)).toEqual(['Filtro de papel para café 103']);
    expect((await search(`caf1-${f.tag}`)).hits[0].sku).toBe(`CAF1-${f.tag}`.toUpperCase());
    expect((await search('melitta', `&category=escritorio-${f.tag}`)).total).toBe(1);
    expect((await search('%zz_q')).total).toBe(0);
  });

  it('lists a department (and its subdepartments) without a search term', async () => {
    const { total, hits } = await search('', `&category=escritorio-${f.tag}`);
    expect(total).toBe(6);
    expect(hits.map((h) => h.name)).toEqual(expect.arrayContaining(['Café torrado e moído 500 g', `Papel A4 ${f.tag}`]));
    expect((await search('', `&category=escritorio-${f.tag}/cafe-${f.tag}&pageSize=2&page=2`)).hits).toHaveLength(2);
  });

  it('serves the department tree with counts and slug paths', async () => {
    const tree = await buyer.get<{ slug: string; path: string; productCount: number; children: { path: string; productCount: number }[] }[]>(`${CART}/catalog/departments`);
    const mine = tree.find((d) => d.slug === `escritorio-${f.tag}`)!;
    expect(mine.productCount).toBe(6);
    expect(mine.children).toEqual([expect.objectContaining({ path: `escritorio-${f.tag}/cafe-${f.tag}`, productCount: 4 })]);
    expect((await buyer.send('GET', `${SM}/categories`)).statusCode).toBe(200);
  });

  it('keeps a cart per user and turns it into a submitted requisition', async () => {
    const other = apiOf(ctx, (await createUser(ctx, { resources: [{ name: 'orders', scopes: ['create', 'read'] }] })).token);
    const line = (await buyer.send('POST', `${CART}/cart/lines`, { productId: f.products.paper, quantity: 3, costCenterId: f.costCenterId })).json() as Rec;
    await buyer.send('POST', `${CART}/cart/lines`, { productId: f.products.paper, quantity: 2 });
    await buyer.send('POST', `${CART}/cart/lines`, { productId: f.products.pen, quantity: 50 });
    expect((await buyer.send('POST', `${CART}/cart/lines`, { productId: f.products.pen, quantity: 0 })).json().errors).toEqual({ quantity: ['A quantidade deve ser maior que zero.'] });
    const cart = await buyer.get<{ lines: { quantity: number; total: number }[]; total: number }>(`${CART}/cart`);
    expect(cart.lines.map((l) => [l.quantity, l.total])).toEqual([[5, 12500], [50, 7500]]);
    expect(cart.total).toBe(20000);
    // Another person's cart is theirs alone.
    expect((await other.get<{ lines: unknown[] }>(`${CART}/cart`)).lines).toEqual([]);
    expect((await other.send('PATCH', `${CART}/cart/lines/${line.id}`, { quantity: 9 })).statusCode).toBe(404);
    expect((await other.send('POST', `${CART}/cart/checkout`, { justification: 'Nada' })).statusCode).toBe(400);

    const done = await buyer.send('POST', `${CART}/cart/checkout`, { organizationId: f.org, costCenterId: f.costCenterId, justification: 'Reposição pelo catálogo.', submit: true });
    expect(done.statusCode).toBe(201);
    const order = done.json().record as Rec;
    expect(order).toMatchObject({ status: 'ENVIADO', requesterId: f.buyer.id, estimatedTotal: 20000 });
    expect((order.items as Rec[]).map((i) => [i.productId, i.quantity, i.unitPrice, i.categoryId])).toEqual([[f.products.paper, 5, 2500, f.categoryId], [f.products.pen, 50, 150, f.categoryId]]);
    expect((await buyer.get<{ lines: unknown[] }>(`${CART}/cart`)).lines).toEqual([]);
  });
});

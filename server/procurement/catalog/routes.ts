import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../../lib/errors.ts';
import { guard, idParam, principalOf } from '../../resources/http.ts';
import { addLine, cartOf, checkout, removeLine, updateLine } from './cart.ts';
import { brandsOf, departmentTree, searchProducts } from './search.ts';

/**
 * Catalogue and cart (docs/resources-procurement.md "Catálogo e carrinho"), under the `cart` service family
 * (and the department tree also as `supply-management/v1/categories`): reads need `products:read`, the cart
 * needs `orders:create` (whoever may request a purchase).
 */

type Query = Record<string, unknown>;

const int = (v: unknown, min: number, max: number, fallback: number, field: string) => {
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw badRequest({ [field]: [`Use um número entre ${min} e ${max}.`] }, 'Os parâmetros da consulta são inválidos.');
  return n;
};

export default async function catalogRoutes(app: FastifyInstance): Promise<void> {
  const read = guard(app, 'products', 'read');
  const cart = guard(app, 'orders', 'create');
  const db = app.db;

  app.get('/api/cart/v1/catalog/departments', read, async () => departmentTree(db));
  app.get('/api/supply-management/v1/categories', read, async () => departmentTree(db));
  app.get('/api/cart/v1/catalog/search', read, async (req, reply) => {
    const query = req.query as Query;
    const text = typeof query.q === 'string' ? query.q.slice(0, 100) : undefined;
    const result = await searchProducts(db, {
      q: text,
      categoryPath: typeof query.category === 'string' ? query.category.slice(0, 300) : undefined,
      brand: typeof query.brand === 'string' ? query.brand.slice(0, 60) : undefined,
      page: int(query.page, 1, 10_000, 1, 'page'),
      pageSize: int(query.pageSize, 1, 100, 24, 'pageSize'),
    });
    return reply.header('x-total-count', String(result.total)).send(result.items);
  });
  app.get('/api/cart/v1/catalog/products/:id', read, async (req) => {
    const id = idParam(req);
    const { rows } = await db.query<Record<string, unknown>>(
      `SELECT p.id, p.sku, p.name, p.description, p.brand, p.type, p.unit, p.reference_price AS "referencePrice", p.lead_time_days AS "leadTimeDays",
              p.category_id AS "categoryId", c.name AS "categoryName", p.expense_category_id AS "expenseCategoryId",
              coalesce((SELECT jsonb_agg(jsonb_build_object('id', v.id, 'sku', v.sku, 'name', v.name, 'price', v.price, 'attributes', v.attributes) ORDER BY v.position, v.name)
                          FROM product_variants v WHERE v.product_id = p.id AND v.active AND v.deleted_at IS NULL), '[]'::jsonb) AS variants,
              coalesce((SELECT jsonb_agg(jsonb_build_object('fileId', m.file_id, 'title', m.title, 'kind', m.kind, 'isCover', m.is_cover) ORDER BY m.is_cover DESC, m.position)
                          FROM product_media m WHERE m.product_id = p.id AND m.deleted_at IS NULL), '[]'::jsonb) AS media
         FROM products p JOIN product_categories c ON c.id = p.category_id WHERE p.id = $1::uuid AND p.deleted_at IS NULL AND p.active`,
      [id],
    );
    if (!rows[0]) throw notFound();
    return rows[0];
  });
  app.get('/api/cart/v1/brands', read, async () => brandsOf(db));
  // The catalogue's files: the media of the products asked for (`?productId=a&productId=b`, up to 100).
  app.get('/api/cart/v1/files', read, async (req) => {
    const ids = ([] as unknown[]).concat((req.query as Query).productId ?? []).filter((v): v is string => typeof v === 'string' && /^[0-9a-f-]{36}$/i.test(v)).slice(0, 100);
    if (!ids.length) return [];
    const { rows } = await db.query(
      `SELECT m.product_id AS "productId", m.file_id AS "fileId", m.title, m.kind, m.is_cover AS "isCover", f.name, f.content_type AS "contentType", f.size::int AS size
         FROM product_media m JOIN files f ON f.id = m.file_id AND f.status = 'complete'
        WHERE m.product_id = ANY($1::uuid[]) AND m.deleted_at IS NULL ORDER BY m.product_id, m.is_cover DESC, m.position`,
      [ids.map((i) => i.toLowerCase())],
    );
    return rows;
  });

  app.get('/api/cart/v1/cart', cart, async (req) => cartOf(db, principalOf(req).userId));
  app.post('/api/cart/v1/cart/lines', cart, async (req, reply) => reply.code(201).send(await addLine(db, principalOf(req), (req.body ?? {}) as Query)));
  app.patch('/api/cart/v1/cart/lines/:id', cart, async (req) => updateLine(db, principalOf(req), idParam(req), (req.body ?? {}) as Query));
  app.delete('/api/cart/v1/cart/lines/:id', cart, async (req, reply) => {
    await removeLine(db, principalOf(req), idParam(req));
    return reply.code(204).send();
  });
  app.delete('/api/cart/v1/cart', cart, async (req, reply) => {
    await db.query('DELETE FROM cart_lines WHERE user_id = $1::uuid', [principalOf(req).userId]);
    return reply.code(204).send();
  });
  app.post('/api/cart/v1/cart/checkout', cart, async (req, reply) => {
    const result = await checkout(app.resources, principalOf(req), (req.body ?? {}) as Query);
    return reply.code(201).header('etag', `W/"${result.record.version}"`).send({ record: result.record, approvalQueue: result.queue });
  });
}

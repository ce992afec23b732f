import { generateCatalog } from './procurement/catalog.ts';
import { hasTable, insertRecords } from './procurement/insert.ts';
import { Random } from './random.ts';
import type { DemoArea } from './types.ts';

/**
 * Catálogo: the department tree (slugs for /pedidos/catalogo/…), ~200 products and services with SKU, NCM
 * or LC 116 item, GTIN/EAN, unit and reference price, and ~160 variants (colours, sizes, volumes).
 * Deterministic (seeded); skipped when the catalogue already has departments (registered by hand).
 */
const area: DemoArea = {
  key: 'products@1',
  async run({ q, adminId }) {
    if (!(await hasTable(q, 'products')) || !(await hasTable(q, 'product-categories'))) return;
    const { rows } = await q.query('SELECT 1 FROM product_categories WHERE deleted_at IS NULL LIMIT 1');
    if (rows.length) return;
    const { categories, products, variants } = generateCatalog(new Random(30_2026));
    // Parents first: the self-reference is a foreign key.
    const byDepth = [categories.filter((c) => !c.parentId), categories.filter((c) => c.parentId)];
    for (const level of byDepth) await insertRecords(q, 'product-categories', level, adminId);
    await insertRecords(q, 'products', products.map(({ categorySlug: _c, rootSlug: _r, ...p }) => p), adminId);
    if (await hasTable(q, 'product-variants')) await insertRecords(q, 'product-variants', variants, adminId);
  },
};
export default area;

import { uuid } from './procurement/ids.ts';
import { hasTable, insertRecords } from './procurement/insert.ts';
import { solidPng } from './procurement/png.ts';
import { Random } from './random.ts';
import type { DemoArea } from './types.ts';

/** One colour per top department, so the catalogue's placeholders tell the areas apart. */
const COLOURS: Record<string, [number, number, number]> = {
  escritorio: [31, 90, 166], informatica: [70, 70, 160], limpeza: [32, 140, 120], 'copa-e-cozinha': [150, 90, 40], epi: [210, 140, 20],
  embalagens: [140, 110, 70], moveis: [110, 80, 60], manutencao: [180, 60, 50], servicos: [90, 100, 120],
};

/**
 * Mídias: a cover photo (a PNG placeholder in the department's colour, stored in the files service like an
 * upload) for the first product of each department. Skipped when products already have media.
 */
const area: DemoArea = {
  key: 'product-media@1',
  async run({ q, adminId }) {
    if (!(await hasTable(q, 'product-media')) || !(await hasTable(q, 'products'))) return;
    if ((await q.query('SELECT 1 FROM product_media LIMIT 1')).rows.length) return;
    const { rows } = await q.query<{ id: string; sku: string; name: string; root: string }>(
      `SELECT DISTINCT ON (p.category_id) p.id, p.sku, p.name, coalesce(parent.slug, c.slug) AS root
         FROM products p JOIN product_categories c ON c.id = p.category_id LEFT JOIN product_categories parent ON parent.id = c.parent_id
        WHERE p.type = 'PRODUTO' AND p.deleted_at IS NULL ORDER BY p.category_id, p.sku`,
    );
    if (!rows.length) return;
    const rng = new Random(35_2026);
    const files = rows.map((p) => {
      const png = solidPng(240, 240, COLOURS[p.root] ?? [90, 100, 120]);
      return { id: uuid(rng), name: `${p.sku.toLowerCase()}.png`, size: png.length, data: png.toString('base64'), productId: p.id, title: `Foto — ${p.name}`.slice(0, 120) };
    });
    await q.query(
      `INSERT INTO files (id, name, content_type, size, status, created_by, completed_at)
       SELECT r.id, r.name, 'image/png', r.size, 'complete', $2, now() FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, name text, size bigint)`,
      [JSON.stringify(files.map(({ id, name, size }) => ({ id, name, size }))), adminId],
    );
    await q.query(
      `INSERT INTO file_chunks (file_id, index, data) SELECT r.id, 0, decode(r.data, 'base64') FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, data text)`,
      [JSON.stringify(files.map(({ id, data }) => ({ id, data })))],
    );
    await insertRecords(
      q,
      'product-media',
      files.map((f) => ({ id: uuid(rng), productId: f.productId, fileId: f.id, title: f.title, kind: 'IMAGEM', isCover: true, position: 10 })),
      adminId,
    );
  },
};
export default area;

/**
 * Catalogue search budget (architecture §10): ≤ 100 ms p95 over 10,000 products, through the real API
 * (`GET /api/cart/v1/catalog/search`: authentication, unaccented ranked search, variants and cover), on
 * PostgreSQL in a throwaway database with the real schemas. Run alone: `npx tsx scripts/bench/catalog.ts`.
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { migrate } from '../../server/db/index.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { loadAndSyncResources } from '../../server/resources/index.ts';
import { DEMO_USERS } from '../../server/seed/demo-users.ts';
import { runSeeds } from '../../server/seed/index.ts';
import { DEFAULT_ADMIN_URL, ms, withScratchDatabase } from './scratch-db.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface CatalogBenchResult {
  products: number;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  load: [number, number];
}

const NOUNS = ['Papel', 'Caneta', 'Café', 'Açúcar', 'Detergente', 'Toner', 'Cabo', 'Mouse', 'Teclado', 'Cadeira', 'Mesa', 'Luva', 'Máscara', 'Caixa', 'Fita', 'Parafuso', 'Lâmpada', 'Água', 'Copo', 'Guardanapo'];
const ADJECTIVES = ['sulfite', 'esferográfica', 'torrado', 'cristal', 'neutro', 'preto', 'elétrico', 'óptico', 'ergonômica', 'dobrável', 'nitrílica', 'descartável', 'papelão', 'adesiva', 'sextavado', 'LED', 'mineral', 'plástico', 'folha dupla', 'reforçado'];
const BRANDS = ['Chamex', 'BIC', 'Pilão', 'União', 'Ypê', 'HP', 'Multilaser', 'Logitech', 'Flexform', 'Tramontina', 'Volk', '3M', 'Dello', 'Adelbras', 'Tigre', 'Philips', 'Crystal', 'Copobras', 'Snob', 'Gerdau'];

/** 10,000 products over 20 departments × 3 subdepartments, names from realistic words, a third with two variants. */
export async function seedCatalog(db: Awaited<ReturnType<typeof openPostgres>>, count: number): Promise<void> {
  await db.query(
    `INSERT INTO product_categories (name, slug, position, active) SELECT 'Departamento ' || d, 'dep-' || d, d, true FROM generate_series(1, 20) d`,
  );
  await db.query(
    `INSERT INTO product_categories (name, slug, parent_id, position, active)
     SELECT 'Seção ' || d || '.' || s, 'sec-' || d || '-' || s, c.id, s, true FROM generate_series(1, 20) d JOIN product_categories c ON c.slug = 'dep-' || d, generate_series(1, 3) s`,
  );
  await db.query(
    `INSERT INTO products (sku, name, brand, type, category_id, unit, ncm, reference_price, active)
     SELECT 'SKU-' || lpad(i::text, 6, '0'),
            ($2::text[])[1 + i % 20] || ' ' || ($3::text[])[1 + (i / 20) % 20] || ' ' || (10 + i % 490) || ' un',
            ($4::text[])[1 + (i * 7) % 20], 'PRODUTO',
            (SELECT id FROM product_categories WHERE slug = 'sec-' || (1 + i % 20) || '-' || (1 + i % 3)), 'UN', '48025610', 100 + (i * 37) % 90000, true
       FROM generate_series(1, $1::int) i`,
    [count, NOUNS, ADJECTIVES, BRANDS],
  );
  await db.query(
    `INSERT INTO product_variants (product_id, sku, name, position, active)
     SELECT p.id, p.sku || '-' || v, CASE v WHEN 1 THEN 'Azul' ELSE 'Preto' END, v, true FROM products p, generate_series(1, 2) v WHERE right(p.sku, 1) IN ('1', '4', '7')`,
  );
  await db.exec('ANALYZE products; ANALYZE product_variants; ANALYZE product_categories');
}

const TERMS = ['cafe', 'papel sulfite', 'caneta azul', 'acucar', 'toner preto', 'luva nitrilica', 'cadeira', 'SKU-004217', 'lampada led', 'detergente ype', 'copo', 'mesa dobravel', 'cabo', 'agua mineral', 'fita adesiva 3m'];

export async function benchCatalog(opts: { databaseUrl?: string; products?: number; requests?: number; log?: (l: string) => void } = {}): Promise<CatalogBenchResult> {
  const log = opts.log ?? console.log;
  const products = opts.products ?? 10_000;
  const requests = opts.requests ?? 600;
  const adminUrl = opts.databaseUrl ?? process.env.DATABASE_URL ?? DEFAULT_ADMIN_URL;
  return withScratchDatabase('bench_cat', adminUrl, async (dbUrl, dbName) => {
    const db = await openPostgres(dbUrl, 4);
    const config = { ...loadConfig(), schemasDir: path.join(ROOT, 'schemas'), scryptN: 2 ** 14, serveClient: false, dataDir: path.join(ROOT, '.tmp', dbName) };
    await migrate(db);
    await loadAndSyncResources(db, config.schemasDir);
    await runSeeds(db, config, { demoAreas: false });
    log(`Semeando ${products.toLocaleString('pt-BR')} produtos…`);
    await seedCatalog(db, products);
    const app = await buildApp({ config, db, logger: false });
    await app.ready();
    try {
      const auth = await app.inject({ method: 'POST', url: '/api/identity/v1/auth', payload: { login: DEMO_USERS[1].email, secret: DEMO_USERS[1].password, grantType: 'Password' } });
      const token = (auth.json() as { accessToken: string }).accessToken;
      const run = async (i: number) => {
        const url = `/api/cart/v1/catalog/search?q=${encodeURIComponent(TERMS[i % TERMS.length])}${i % 4 === 0 ? `&category=dep-${1 + (i % 20)}` : ''}`;
        const t = performance.now();
        const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
        return performance.now() - t;
      };
      for (let i = 0; i < 60; i++) await run(i);
      const loadBefore = os.loadavg()[0];
      const times: number[] = [];
      for (let i = 0; i < requests; i++) times.push(await run(i));
      times.sort((a, b) => a - b);
      const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
      return { products, requests, p50: at(50), p95: at(95), p99: at(99), load: [loadBefore, os.loadavg()[0]] };
    } finally {
      await app.close();
      await db.close();
    }
  });
}


export function catalogSection(r: CatalogBenchResult): string {
  return [
    '## Catálogo: busca de produtos',
    '',
    `${r.products.toLocaleString('pt-BR')} produtos em 60 seções, ${r.requests} buscas em sequência pela API (\`GET /api/cart/v1/catalog/search\`, ` +
      'com autenticação, sem acento, por relevância, com variantes e capa; um quarto com filtro de departamento), PostgreSQL. ' +
      `Carga média (1 min) antes/depois: ${r.load.map((l) => l.toFixed(1).replace('.', ',')).join(' / ')}.`,
    '',
    '| p50 (ms) | p95 (ms) | p99 (ms) |',
    '| ---: | ---: | ---: |',
    `| ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} |`,
    '',
    `- Orçamento p95 ≤ 100 ms: ${ms(r.p95)} ms — ${r.p95 <= 100 ? 'cumprido' : '**não cumprido**'}.`,
    '',
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  benchCatalog()
    .then((r) => console.log(catalogSection(r)))
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}

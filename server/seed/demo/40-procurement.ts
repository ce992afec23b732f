import type { Queryable } from '../../db/index.ts';
import { generateDocuments, type DocInputs, type DocProduct, type DocSupplier } from './procurement/documents.ts';
import { hasTable, insertRecords } from './procurement/insert.ts';
import { Random } from './random.ts';
import type { DemoArea, DemoContext } from './types.ts';

/** What a supplier sells, read from its name (any company registered by hand works too). */
const SUPPLIES: [RegExp, string][] = [
  [/papelaria|escrit[óo]rio|gr[áa]fica|atacadista/i, 'escritorio'],
  [/inform[áa]tica|equipamentos de inform/i, 'informatica'],
  [/limpeza|higiene/i, 'limpeza'],
  [/alimentos|bebidas|atacadista/i, 'copa-e-cozinha'],
  [/prote[çc][ãa]o individual|uniformes|\bepi\b/i, 'epi'],
  [/embalage/i, 'embalagens'],
  [/m[óo]veis/i, 'moveis'],
  [/ferrag|ferramentas|el[ée]tricos/i, 'manutencao'],
];

async function inputs({ q, orgId, adminId, today }: DemoContext): Promise<DocInputs> {
  const users = await q.query<{ id: string }>(`SELECT id FROM users WHERE email = 'compras@demo.com.br'`);
  const buyer = users.rows[0]?.id ?? adminId;
  const costCenters = await q.query<{ id: string; departmentId: string | null }>(
    `SELECT cc.id, (SELECT d.id FROM departments d WHERE d.default_cost_center_id = cc.id AND d.deleted_at IS NULL ORDER BY d.code LIMIT 1) AS "departmentId"
       FROM cost_centers cc WHERE cc.organization_id = $1 AND cc.type = 'A' AND cc.active AND cc.deleted_at IS NULL ORDER BY cc.code`,
    [orgId],
  );
  const products = await q.query<Omit<DocProduct, 'variants'>>(
    `SELECT p.id, p.name, p.unit, p.type, coalesce(parent.slug, c.slug) AS "rootSlug", p.reference_price AS "referencePrice", p.lead_time_days AS "leadTimeDays"
       FROM products p JOIN product_categories c ON c.id = p.category_id LEFT JOIN product_categories parent ON parent.id = c.parent_id
      WHERE p.active AND p.deleted_at IS NULL AND p.reference_price IS NOT NULL ORDER BY p.sku`,
  );
  const variants = await q.query<{ id: string; productId: string; name: string; price: number | null }>(
    `SELECT id, product_id AS "productId", name, price FROM product_variants WHERE active AND deleted_at IS NULL ORDER BY sku`,
  );
  const suppliers = await q.query<Omit<DocSupplier, 'supplies'> & { legalName: string }>(
    `SELECT c.id, c.document, c.state, t.kind, c.payment_terms AS "paymentTerms", c.legal_name AS "legalName"
       FROM companies c JOIN company_types t ON t.id = c.company_type_id
      WHERE c.organization_id = $1 AND c.active AND c.person_type = 'PJ' AND t.kind IN ('FORNECEDOR', 'PRESTADOR', 'TRANSPORTADORA') AND c.deleted_at IS NULL
      ORDER BY c.document`,
    [orgId],
  );
  return {
    orgId,
    today,
    requesterId: buyer,
    buyerId: buyer,
    costCenters: costCenters.rows,
    products: products.rows.map((p) => ({ ...p, variants: variants.rows.filter((v) => v.productId === p.id) })),
    suppliers: suppliers.rows.map(({ legalName, ...s }) => ({
      ...s,
      supplies: s.kind === 'PRESTADOR' ? ['servicos'] : SUPPLIES.filter(([re]) => re.test(legalName)).map(([, slug]) => slug),
    })),
  };
}

/**
 * Compras: a year of orders, quotes, purchase orders, receipts and supplier invoices up to the demo's
 * "today", consistent with each other (an invoice's items are its purchase order's, access keys name the
 * supplier, totals are the schemas' `x-computed`). Needs the catalogue, companies and cost centers of the
 * areas before it; skipped when purchasing documents already exist.
 */
const area: DemoArea = {
  key: 'procurement@1',
  async run(ctx) {
    const { q, adminId } = ctx;
    for (const t of ['orders', 'quotes', 'purchase-orders', 'receipts', 'invoices', 'products', 'companies']) if (!(await hasTable(q, t))) return;
    if ((await q.query('SELECT 1 FROM orders LIMIT 1')).rows.length) return;
    const input = await inputs(ctx);
    if (!input.costCenters.length || !input.products.length || !input.suppliers.length) return;
    const docs = generateDocuments(new Random(40_2026), input);
    await insert(q, docs, adminId);
  },
};

async function insert(q: Queryable, docs: ReturnType<typeof generateDocuments>, actor: string): Promise<void> {
  await insertRecords(q, 'orders', docs.orders, actor);
  await insertRecords(q, 'quotes', docs.quotes, actor);
  await insertRecords(q, 'purchase-orders', docs.purchaseOrders, actor);
  await insertRecords(q, 'receipts', docs.receipts, actor);
  await insertRecords(q, 'invoices', docs.invoices, actor);
}

export default area;

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidCpfCnpj } from '../../../src/engine/formats/cpf-cnpj.ts';
import { isValidNfeKey, parseNfeKey } from '../../../src/engine/formats/nfe-key.ts';
import { applyComputed, compileResource } from '../../../src/engine/schema/index.ts';
import companiesArea from '../../../server/seed/demo/20-companies.ts';
import productsArea from '../../../server/seed/demo/30-products.ts';
import procurementArea from '../../../server/seed/demo/40-procurement.ts';
import { generateCatalog } from '../../../server/seed/demo/procurement/catalog.ts';
import { generateCompanies } from '../../../server/seed/demo/procurement/companies.ts';
import { schemaOf } from '../../../server/seed/demo/procurement/insert.ts';
import { Random } from '../../../server/seed/demo/random.ts';
import { ADMIN, loginOk } from '../identity/helpers.ts';
import { createTestApp, type TestContext } from '../helper.ts';
import { call, demoOrganizationId } from '../resources/helpers.ts';

type Row = Record<string, unknown>;
const FAKE_ID = '00000000-0000-4000-8000-000000000001';

/** Every record as the API would accept it: the schema's own validation, with ids for the references. */
function invalid(resource: string, records: Row[], refs: Row = {}): Row[] {
  const compiled = compileResource(schemaOf(resource));
  return records
    .map(({ id: _id, createdAt: _c, createdBy: _cb, updatedAt: _u, updatedBy: _ub, version: _v, ...r }) => ({ r, errors: compiled.validate(Object.fromEntries(Object.entries({ ...r, ...refs }).filter(([, v]) => v !== null))) }))
    .filter((x) => x.errors)
    .slice(0, 3);
}

describe('demo data of companies, catalogue and purchasing', () => {
  it('generates schema-valid, deterministic companies and catalogue', () => {
    const banks = [{ id: FAKE_ID, compe: '341' }];
    const a = generateCompanies(new Random(1), banks);
    expect(generateCompanies(new Random(1), banks)).toEqual(a);
    expect(invalid('companies', a.companies, { organizationId: FAKE_ID, companyTypeId: FAKE_ID })).toEqual([]);
    const catalog = generateCatalog(new Random(2));
    expect(catalog.products.length).toBeGreaterThanOrEqual(190);
    expect(invalid('product-categories', catalog.categories)).toEqual([]);
    expect(invalid('products', catalog.products.map(({ categorySlug: _s, rootSlug: _r, ...p }) => p))).toEqual([]);
    expect(invalid('product-variants', catalog.variants)).toEqual([]);
  });

  describe('seeded database', () => {
    let ctx: TestContext;
    let admin: string;
    let org: string;
    beforeAll(async () => {
      ctx = await createTestApp();
      admin = (await loginOk(ctx.app, ADMIN)).accessToken;
      org = await demoOrganizationId(ctx.db);
    });
    afterAll(() => ctx.close());
    const rows = async (sql: string, params: unknown[] = []) => (await ctx.db.query<Row>(sql, params)).rows;

    it('has ~150 suppliers and ~150 customers with valid CNPJ/CPF, some alphanumeric, some people', async () => {
      const byKind = await rows(
        `SELECT t.kind, count(*)::int AS n, count(*) FILTER (WHERE c.person_type = 'PF')::int AS pf, count(*) FILTER (WHERE c.document ~ '[A-Z]')::int AS alpha
           FROM companies c JOIN company_types t ON t.id = c.company_type_id WHERE c.organization_id = $1 GROUP BY t.kind`,
        [org],
      );
      const kind = (k: string) => byKind.find((r) => r.kind === k) ?? { n: 0, pf: 0, alpha: 0 };
      expect(Number(kind('FORNECEDOR').n) + Number(kind('PRESTADOR').n) + Number(kind('TRANSPORTADORA').n)).toBeGreaterThanOrEqual(140);
      expect(kind('CLIENTE').n).toBeGreaterThanOrEqual(140);
      expect(kind('CLIENTE').pf).toBeGreaterThanOrEqual(20);
      expect(byKind.reduce((s, r) => s + Number(r.alpha), 0)).toBeGreaterThanOrEqual(10);
      const docs = await rows(`SELECT document, zip_code, city_code, state FROM companies WHERE organization_id = $1`, [org]);
      expect(docs.filter((d) => !isValidCpfCnpj(String(d.document)))).toEqual([]);
      expect(docs.filter((d) => d.zip_code && !/^\d{8}$/.test(String(d.zip_code)))).toEqual([]);
      expect(docs.every((d) => !d.city_code || String(d.city_code).length === 7)).toBe(true);
    });

    it('keeps every purchasing total equal to what the server computes, and links consistent', async () => {
      for (const [resource, table] of [['orders', 'orders'], ['quotes', 'quotes'], ['purchase-orders', 'purchase_orders'], ['invoices', 'invoices']] as const) {
        const list = await call(ctx.app, admin, { method: 'GET', url: `/api/${resource === 'orders' ? 'supply-management' : 'pricing'}/v1/${resource}?pageSize=1000` });
        expect(list.statusCode).toBe(200);
        const records = list.json() as Row[];
        expect({ table, enough: records.length >= 20 }).toEqual({ table, enough: true });
        const schema = schemaOf(resource);
        const drift = records.filter((r) => JSON.stringify(applyComputed(schema, r)) !== JSON.stringify(r)).map((r) => r.id);
        expect({ resource, drift }).toEqual({ resource, drift: [] });
        // What the API would accept if a person sent the record back as it is.
        expect({ resource, invalid: invalid(resource, records) }).toEqual({ resource, invalid: [] });
      }
      const badLinks = await rows(`
        SELECT r.number FROM receipts r JOIN purchase_orders p ON p.id = r.purchase_order_id
         WHERE p.status NOT IN ('PARCIALMENTE_RECEBIDA', 'RECEBIDA', 'FATURADA', 'ENCERRADA') OR r.received_at < p.issue_date`);
      expect(badLinks).toEqual([]);
      const invoices = await rows(`
        SELECT i.access_key, i.number, i.issue_date::text AS issue, i.entry_date::text AS entry, i.items_total, i.products_amount + i.services_amount AS header,
               c.document, p.supplier_id = i.supplier_id AS same_supplier
          FROM invoices i JOIN companies c ON c.id = i.supplier_id JOIN purchase_orders p ON p.id = (i.purchase_order_ids->>0)::uuid`);
      expect(invoices.length).toBeGreaterThan(10);
      const problems = invoices.flatMap((i) => {
        const out: string[] = [];
        if (i.same_supplier !== true) out.push(`${String(i.number)}: outro fornecedor`);
        if (Number(i.items_total) !== Number(i.header)) out.push(`${String(i.number)}: soma dos itens`);
        if (String(i.entry) < String(i.issue)) out.push(`${String(i.number)}: entrada antes da emissão`);
        const key = i.access_key ? String(i.access_key) : null;
        if (key) {
          const k = parseNfeKey(key);
          const expected = { issuer: String(i.document).padStart(14, '0'), number: String(i.number).padStart(9, '0'), yearMonth: String(i.issue).slice(2, 4) + String(i.issue).slice(5, 7) };
          if (!isValidNfeKey(key) || k.issuer !== expected.issuer || k.number !== expected.number || k.yearMonth !== expected.yearMonth) out.push(`${String(i.number)}: chave ${key}`);
        }
        return out;
      });
      expect(problems).toEqual([]);
      expect(invoices.filter((i) => i.access_key).length).toBeGreaterThan(5);
    });

    it('numbers documents in date order and spreads them over the last 12 months', async () => {
      const orders = await rows(`SELECT number, request_date::text AS d FROM orders ORDER BY number`);
      expect(orders.map((o) => o.d)).toEqual(orders.map((o) => o.d).toSorted());
      const months = new Set(orders.map((o) => String(o.d).slice(0, 7)));
      expect(months.size).toBeGreaterThanOrEqual(10);
      const statuses = await rows(`SELECT DISTINCT status FROM purchase_orders`);
      expect(statuses.length).toBeGreaterThanOrEqual(6);
    });

    it('runs again without duplicating anything (idempotent areas)', async () => {
      const count = async () => rows(`SELECT (SELECT count(*) FROM companies)::int AS c, (SELECT count(*) FROM products)::int AS p, (SELECT count(*) FROM orders)::int AS o`);
      const before = await count();
      const adminId = String((await rows(`SELECT id FROM users WHERE email = $1`, [ADMIN.email]))[0].id);
      await ctx.db.tx(async (q) => {
        for (const area of [companiesArea, productsArea, procurementArea]) await area.run({ q, orgId: org, adminId, today: '2026-06-30' });
      });
      expect(await count()).toEqual(before);
    });
  });
});

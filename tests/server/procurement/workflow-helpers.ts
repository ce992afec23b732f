import type { LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import { cnpjCheckDigits } from '../../../src/engine/formats/cnpj.ts';
import type { TestContext } from '../helper.ts';
import { ADMIN, loginOk } from '../identity/helpers.ts';
import { call, createUser, demoOrganizationId } from '../resources/helpers.ts';

export const SM = '/api/supply-management/v1';
export const PR = '/api/pricing/v1';
export const AP = '/api/accounts-payable/v1';
export const CART = '/api/cart/v1';

type Json = Record<string, unknown>;
export type Rec = Json & { id: string; version: number; status: string };

const CRU = ['create', 'read', 'update'];
const READ = (...names: string[]) => names.map((name) => ({ name, scopes: ['read'] }));
const REFS = READ('companies', 'company-types', 'cost-centers', 'expense-categories', 'organizations', 'users', 'departments', 'products', 'product-variants', 'approvals', 'quote-requests');

/** A JSON client for one token: `act` posts an action with If-Match. */
export function apiOf(ctx: TestContext, token: string) {
  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, version?: number, headers: Record<string, string> = {}) =>
    call(ctx.app, token, { method, url, payload: payload as Json, headers: { ...(version === undefined ? {} : { 'if-match': `W/"${version}"` }), ...headers } });
  const ok = (res: LightMyRequestResponse, status: number) => {
    if (res.statusCode !== status) throw new Error(`esperava ${status}, veio ${res.statusCode}: ${res.body}`);
    return res.json();
  };
  return {
    send,
    get: async <T = Rec>(url: string): Promise<T> => ok(await send('GET', url), 200) as T,
    create: async (url: string, body: Json): Promise<Rec> => ok(await send('POST', url, body), 201) as Rec,
    act: (url: string, record: { id: string; version: number }, action: string, body: Json = {}) => send('POST', `${url}/${record.id}/${action}`, body, record.version),
    /** An action expected to succeed: the record after it. */
    done: async (url: string, record: { id: string; version: number }, action: string, body: Json = {}): Promise<Rec> =>
      (ok(await send('POST', `${url}/${record.id}/${action}`, body, record.version), 200) as { record: Rec }).record,
  };
}

const validCnpj = () => {
  const base = String(randomBytes(6).readUIntBE(0, 6) % 1e8).padStart(8, '0') + '0001';
  return base + cnpjCheckDigits(base);
};

/** A new order of the fixture, submitted by `buyer` and approved by `manager`: what every queue starts from. */
export async function approvedOrder(buyer: ReturnType<typeof apiOf>, manager: ReturnType<typeof apiOf>, f: { order: (over?: Json) => Json }, over: Json = {}): Promise<Rec> {
  let o = await buyer.create(`${SM}/orders`, f.order(over));
  o = await buyer.done(`${SM}/orders`, o, 'submit');
  return manager.done(`${SM}/orders`, o, 'approve');
}

/**
 * The people and catalogue of a purchase: a buyer (requests, quotes, orders, receives, registers invoices), a
 * manager who approves orders and purchase orders, a fiscal who approves invoices, a reader; a fresh cost center,
 * an analytic expense category, three suppliers with e-mail and two catalogue products.
 */
export async function procurementFixture(ctx: TestContext) {
  const admin = await loginOk(ctx.app, ADMIN);
  const org = await demoOrganizationId(ctx.db);
  const one = async (sql: string, params: unknown[] = []) => (await ctx.db.query<{ id: string }>(sql, params)).rows[0].id;
  const tag = randomBytes(3).toString('hex');
  const costCenterId = await one(`INSERT INTO cost_centers (organization_id, code, name, type, active) VALUES ($1, $2, 'Compras (teste)', 'A', true) RETURNING id`, [org, `98.${tag}`]);
  const categoryId = await one(`SELECT id FROM expense_categories WHERE type = 'A' AND deleted_at IS NULL ORDER BY code LIMIT 1`);
  const typeId = await one(`INSERT INTO company_types (name, kind, position, active) VALUES ($1, 'FORNECEDOR', 90, true) RETURNING id`, [`Fornecedores ${tag}`]);
  const supplier = (name: string, email: string | null, document = validCnpj()) =>
    one(`INSERT INTO companies (organization_id, company_type_id, person_type, document, legal_name, email, active) VALUES ($1, $2, 'PJ', $3, $4, $5, true) RETURNING id`, [org, typeId, document, name, email]);
  const suppliers = {
    a: await supplier(`Papelaria Alfa ${tag}`, `alfa-${tag}@fornecedor.com.br`),
    b: await supplier(`Distribuidora Beta ${tag}`, `beta-${tag}@fornecedor.com.br`),
    c: await supplier(`Comercial Gama ${tag}`, null),
  };
  const deptId = await one(`INSERT INTO product_categories (name, slug, position, active) VALUES ($1, $2, 90, true) RETURNING id`, [`Escritório ${tag}`, `escritorio-${tag}`]);
  const product = (sku: string, name: string, price: number) =>
    one(`INSERT INTO products (sku, name, type, category_id, unit, ncm, reference_price, expense_category_id, preferred_supplier_id, active) VALUES ($1, $2, 'PRODUTO', $3, 'UN', '48025610', $4, $5, $6, true) RETURNING id`,
      [`${sku}-${tag}`.toUpperCase(), name, deptId, price, categoryId, suppliers.a]);
  const products = { paper: await product('PAP', `Papel A4 ${tag}`, 2500), pen: await product('CAN', `Caneta azul ${tag}`, 150) };
  const buyer = await createUser(ctx, {
    resources: [
      ...['orders', 'quotes', 'purchase-orders', 'receipts', 'invoices'].map((name) => ({ name, scopes: CRU })),
      // The payable of a purchase is in the buyer's name: they confirm it in the Fila do Solicitante.
      { name: 'payable-requestors', scopes: ['read', 'update'] },
      // On an approval stage too (the queue test): still never decides on their own documents.
      { name: 'approval-requests', scopes: ['read', 'approve'] },
      ...READ('payables', 'payable-installments'),
      ...REFS,
    ],
  });
  const manager = await createUser(ctx, {
    resources: [{ name: 'orders', scopes: ['read', 'approve'] }, { name: 'purchase-orders', scopes: ['read', 'approve'] }, { name: 'approval-requests', scopes: ['read', 'approve'] }, ...REFS],
  });
  const fiscal = await createUser(ctx, {
    resources: [{ name: 'invoices', scopes: [...CRU, 'approve'] }, { name: 'receipts', scopes: CRU }, { name: 'approval-requests', scopes: ['read', 'approve'] }, ...READ('purchase-orders', 'payables'), ...REFS],
  });
  const reader = await createUser(ctx, { resources: READ('orders', 'quotes', 'purchase-orders', 'receipts', 'invoices') });
  const order = (over: Json = {}): Json => ({
    organizationId: org,
    title: 'Material de escritório',
    requestDate: new Date().toISOString().slice(0, 10),
    costCenterId,
    justification: 'Reposição do estoque do escritório.',
    items: [
      { productId: products.paper, description: 'Papel A4', quantity: 10, unit: 'UN', unitPrice: 2500, categoryId },
      { productId: products.pen, description: 'Caneta azul', quantity: 100, unit: 'UN', unitPrice: 150, categoryId },
    ],
    ...over,
  });
  return { admin: admin.accessToken, org, costCenterId, categoryId, suppliers, products, buyer, manager, fiscal, reader, order, tag, deptId };
}

import type { Queryable } from '../db/index.ts';
import { badRequest, type FieldErrors } from '../lib/errors.ts';
import type { WriteContext } from '../resources/index.ts';
import { ident } from '../resources/fields.ts';
import { PROCUREMENT_MESSAGES as M } from '../../src/i18n/procurement.ts';

type Row = Record<string, unknown>;

/** Collects field errors and throws them all at once (400), so the form shows every problem together. */
export class Errors {
  readonly map: FieldErrors = {};
  add(field: string, message: string): void {
    (this.map[field] ??= []).push(message);
  }
  throwIfAny(): void {
    if (Object.keys(this.map).length) throw badRequest(this.map);
  }
}

/**
 * The next document number of an organization (`PED-000123`): one more than the highest ever issued,
 * deleted documents included, so a number is never reused. A transaction-scoped advisory lock serializes
 * concurrent creations on PostgreSQL (PGlite runs one transaction at a time anyway).
 */
export async function nextNumber(q: Queryable, table: string, organizationId: string, prefix: string): Promise<string> {
  await q.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`numero:${table}:${organizationId}`]);
  const { rows } = await q.query<{ n: string | number }>(
    `SELECT coalesce(max((substring(number from '(\\d+)$'))::bigint), 0) + 1 AS n FROM ${ident(table)} WHERE organization_id = $1::uuid`,
    [organizationId],
  );
  return `${prefix}-${String(rows[0].n).padStart(6, '0')}`;
}

/** On create: the number, the initial status and who created it (fields the client cannot set). */
export async function stampNew(ctx: WriteContext, prefix: string, initialStatus: string | null, actorField: string | null): Promise<void> {
  if (ctx.action !== 'create') return;
  const r = ctx.record;
  r.number = await nextNumber(ctx.q, ctx.def.table, String(r.organizationId), prefix);
  if (initialStatus) r.status = initialStatus;
  if (actorField) r[actorField] = ctx.principal.userId;
}

/** Live rows of a table by id (`SELECT <cols> … WHERE id = ANY`), keyed by id. */
export async function rowsById(q: Queryable, table: string, ids: readonly unknown[], columns: string): Promise<Map<string, Row>> {
  const list = [...new Set(ids.filter((v): v is string => typeof v === 'string'))];
  if (!list.length) return new Map();
  const { rows } = await q.query<Row>(`SELECT id, ${columns} FROM ${ident(table)} WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL`, [list]);
  return new Map(rows.map((r) => [String(r.id), r]));
}

/** Ids in `next` that `prev` did not hold (rules about linked documents apply only to newly linked ones). */
export const added = (next: unknown, prev: unknown): string[] => {
  const before = new Set(Array.isArray(prev) ? prev.map(String) : prev ? [String(prev)] : []);
  return (Array.isArray(next) ? next.map(String) : next ? [String(next)] : []).filter((id) => !before.has(id));
};

/**
 * Line items that name a variant: the variant must belong to the item's product; an item with a variant
 * and no product takes the variant's product.
 */
export async function checkItemVariants(ctx: WriteContext, errors: Errors, field = 'items'): Promise<void> {
  const items = ctx.record[field];
  if (!Array.isArray(items)) return;
  const variants = await rowsById(ctx.q, 'product_variants', items.map((i: Row) => i?.variantId), 'product_id');
  ctx.record[field] = items.map((item: Row, i) => {
    const v = item?.variantId ? variants.get(String(item.variantId)) : undefined;
    if (!v) return item;
    if (!item.productId) return { ...item, productId: v.product_id };
    if (String(item.productId) !== String(v.product_id)) errors.add(`${field}.${i}.variantId`, M.variantOfOtherProduct);
    return item;
  });
}

/**
 * Where a document's money goes: the cost centers (line items' `costCenterId`, and the header's when
 * `header` names it) are analytic and of the document's organization; the expense categories (items'
 * and header's `categoryId`) are analytic.
 */
export async function checkAllocations(ctx: WriteContext, errors: Errors, header: { categoryId?: boolean } = {}, field = 'items'): Promise<void> {
  const r = ctx.record;
  const items = Array.isArray(r[field]) ? (r[field] as Row[]) : [];
  const centers = await rowsById(ctx.q, 'cost_centers', items.map((i) => i?.costCenterId), 'code, type, organization_id');
  const categoryIds = items.map((i) => i?.categoryId);
  if (header.categoryId) categoryIds.push(r.categoryId);
  const categories = await rowsById(ctx.q, 'expense_categories', categoryIds, 'code, type');
  const category = (path: string, id: unknown) => {
    const c = typeof id === 'string' ? categories.get(id) : undefined;
    if (c && c.type !== 'A') errors.add(path, M.syntheticCategory(String(c.code)));
  };
  items.forEach((item, i) => {
    const cc = typeof item?.costCenterId === 'string' ? centers.get(item.costCenterId) : undefined;
    if (cc && cc.organization_id !== r.organizationId) errors.add(`${field}.${i}.costCenterId`, M.otherOrganization(`O centro de custos ${String(cc.code)}`));
    else if (cc && cc.type !== 'A') errors.add(`${field}.${i}.costCenterId`, M.syntheticCostCenter(String(cc.code)));
    category(`${field}.${i}.categoryId`, item?.categoryId);
  });
  if (header.categoryId) category('categoryId', r.categoryId);
}

/** `later` (ISO date) is not before `earlier`; both optional. */
export const notBefore = (later: unknown, earlier: unknown) => typeof later !== 'string' || typeof earlier !== 'string' || later >= earlier;

const ORDER_LINKABLE = new Set(['APROVADO', 'EM_COTACAO', 'COTADO', 'PEDIDO_GERADO', 'PARCIALMENTE_ATENDIDO']);

/** Orders linked for the first time must be approved (or further along) and of the same organization. */
export async function checkLinkedOrders(ctx: WriteContext, errors: Errors, field = 'orderIds'): Promise<void> {
  const fresh = added(ctx.record[field], ctx.stored?.[field]);
  const orders = await rowsById(ctx.q, 'orders', fresh, 'number, status, organization_id');
  for (const o of orders.values()) {
    if (o.organization_id !== ctx.record.organizationId) errors.add(field, M.otherOrganization(`O pedido ${String(o.number)}`));
    else if (!ORDER_LINKABLE.has(String(o.status))) errors.add(field, M.orderNotApproved(String(o.number)));
  }
}

/** A company with its type's `kind` (FORNECEDOR, CLIENTE, TRANSPORTADORA…). */
export async function companyOf(q: Queryable, id: unknown): Promise<Row | undefined> {
  if (typeof id !== 'string') return undefined;
  const { rows } = await q.query<Row>(
    `SELECT c.id, c.document, c.person_type, c.active, c.organization_id, t.kind
       FROM companies c JOIN company_types t ON t.id = c.company_type_id
      WHERE c.id = $1::uuid AND c.deleted_at IS NULL`,
    [id],
  );
  return rows[0];
}

export const SUPPLIER_KINDS = new Set(['FORNECEDOR', 'PRESTADOR', 'TRANSPORTADORA']);

/** A supplier newly chosen for a document: a supplier-like company, active. */
export async function checkSupplier(ctx: WriteContext, errors: Errors, field: string, kinds = SUPPLIER_KINDS, message: string = M.notSupplier): Promise<Row | undefined> {
  const id = ctx.record[field];
  const company = await companyOf(ctx.q, id);
  if (!company || !added(id, ctx.stored?.[field]).length) return company;
  if (!kinds.has(String(company.kind))) errors.add(field, message);
  else if (company.active === false) errors.add(field, M.inactiveCompany);
  return company;
}

/** Situações of a purchase order, as the messages name them. */
export const PO_STATUS_TITLES: Record<string, string> = {
  RASCUNHO: 'Rascunho',
  AGUARDANDO_APROVACAO: 'Aguardando aprovação',
  REPROVADA: 'Reprovada',
  APROVADA: 'Aprovada',
  ENVIADA: 'Enviada ao fornecedor',
  PARCIALMENTE_RECEBIDA: 'Parcialmente recebida',
  RECEBIDA: 'Recebida',
  FATURADA: 'Faturada',
  ENCERRADA: 'Encerrada',
  CANCELADA: 'Cancelada',
};

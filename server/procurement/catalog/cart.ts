import { PROCUREMENT_WORKFLOW_MESSAGES as M } from '../../../src/i18n/procurement-workflow.ts';
import type { Queryable } from '../../db/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import { createRecord, type Engine } from '../../resources/index.ts';
import { isUuid } from '../../resources/coerce.ts';
import { inTransaction, joined, todayInBrazil } from '../workflow/common.ts';
import { runOrderAction } from '../workflow/orders.ts';
import type { CartLine } from '../../../src/engine/procurement/cart.ts';

/**
 * The requester's cart, kept on the server per user (table `cart_lines`, migration 0060): it survives a
 * reload and another device. Lines hold a catalogue product (and variant), the quantity, the cost center and
 * the need-by date; checkout turns them into a requisition (order) — and submits it when asked — in one
 * transaction, emptying the cart. Only the owner reaches their lines (404 otherwise).
 */

export type { CartLine };

const LINE_SQL = `SELECT l.id, l.product_id AS "productId", l.variant_id AS "variantId", p.sku, p.name, v.name AS "variantName", p.unit,
    coalesce(v.price, p.reference_price, 0)::bigint AS "unitPrice", l.quantity::float8 AS quantity,
    round(l.quantity * coalesce(v.price, p.reference_price, 0))::bigint AS total, l.cost_center_id AS "costCenterId",
    l.needed_by::text AS "neededBy", l.notes, p.expense_category_id AS "expenseCategoryId"
  FROM cart_lines l JOIN products p ON p.id = l.product_id AND p.deleted_at IS NULL AND p.active
  LEFT JOIN product_variants v ON v.id = l.variant_id AND v.deleted_at IS NULL`;

export async function cartOf(q: Queryable, userId: string): Promise<{ lines: CartLine[]; total: number }> {
  const { rows } = await q.query<CartLine>(`${LINE_SQL} WHERE l.user_id = $1::uuid ORDER BY l.created_at, l.id`, [userId]);
  return { lines: rows, total: rows.reduce((s, l) => s + Number(l.total), 0) };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

interface LineInput {
  quantity?: unknown;
  costCenterId?: unknown;
  neededBy?: unknown;
  notes?: unknown;
}

/** Checks the editable fields of a line (400 field by field); returns them normalized. */
function checkLine(body: LineInput, partial: boolean) {
  const errors: Record<string, string[]> = {};
  const out: { quantity?: number; costCenterId?: string | null; neededBy?: string | null; notes?: string | null } = {};
  if (body.quantity !== undefined || !partial) {
    if (typeof body.quantity !== 'number' || !(body.quantity > 0) || body.quantity > 1e9) errors.quantity = ['A quantidade deve ser maior que zero.'];
    else out.quantity = body.quantity;
  }
  if (body.costCenterId !== undefined) {
    if (body.costCenterId !== null && (typeof body.costCenterId !== 'string' || !isUuid(body.costCenterId))) errors.costCenterId = ['Centro de custos inválido.'];
    else out.costCenterId = (body.costCenterId as string | null)?.toLowerCase() ?? null;
  }
  if (body.neededBy !== undefined) {
    if (body.neededBy !== null && (typeof body.neededBy !== 'string' || !DATE.test(body.neededBy))) errors.neededBy = ['Data inválida.'];
    else if (typeof body.neededBy === 'string' && body.neededBy < todayInBrazil()) errors.neededBy = ['A data de necessidade não pode ser passada.'];
    else out.neededBy = body.neededBy as string | null;
  }
  if (body.notes !== undefined) {
    if (body.notes !== null && (typeof body.notes !== 'string' || body.notes.length > 200)) errors.notes = ['No máximo 200 caracteres.'];
    else out.notes = (body.notes as string | null)?.trim() || null;
  }
  if (Object.keys(errors).length) throw badRequest(errors);
  return out;
}

async function checkCostCenter(q: Queryable, id: string | null | undefined, principal: Principal): Promise<void> {
  if (!id) return;
  const { rows } = await q.query<{ type: string }>('SELECT type FROM cost_centers WHERE id = $1::uuid AND deleted_at IS NULL', [id]);
  const scope = principal.recordScope.costCenterIds;
  if (!rows[0] || (scope !== 'all' && principal.accessLevel !== 'SystemOwner' && !scope.includes(id))) throw badRequest({ costCenterId: ['Registro referenciado não encontrado.'] });
  if (rows[0].type !== 'A') throw badRequest({ costCenterId: ['Escolha um centro de custos analítico.'] });
}

/** Adds a product (a second add of the same product and variant sums the quantity). */
export async function addLine(q: Queryable, principal: Principal, body: LineInput & { productId?: unknown; variantId?: unknown }): Promise<CartLine> {
  const line = checkLine(body, false);
  const productId = typeof body.productId === 'string' && isUuid(body.productId) ? body.productId.toLowerCase() : null;
  const variantId = typeof body.variantId === 'string' && isUuid(body.variantId) ? body.variantId.toLowerCase() : null;
  const product = productId ? (await q.query<{ id: string }>('SELECT id FROM products WHERE id = $1::uuid AND active AND deleted_at IS NULL', [productId])).rows[0] : undefined;
  if (!product) throw badRequest({ productId: [M.productInactive] });
  if (variantId && !(await q.query('SELECT 1 FROM product_variants WHERE id = $1::uuid AND product_id = $2::uuid AND active AND deleted_at IS NULL', [variantId, productId])).rows.length) {
    throw badRequest({ variantId: ['Esta variante não é do produto escolhido.'] });
  }
  await checkCostCenter(q, line.costCenterId, principal);
  const { rows } = await q.query<{ id: string }>(
    `INSERT INTO cart_lines (user_id, product_id, variant_id, quantity, cost_center_id, needed_by, notes) VALUES ($1::uuid, $2::uuid, $3::uuid, $4, $5::uuid, $6::date, $7)
     ON CONFLICT (user_id, product_id, coalesce(variant_id, '00000000-0000-0000-0000-000000000000'::uuid))
     DO UPDATE SET quantity = cart_lines.quantity + EXCLUDED.quantity, cost_center_id = coalesce(EXCLUDED.cost_center_id, cart_lines.cost_center_id),
                   needed_by = coalesce(EXCLUDED.needed_by, cart_lines.needed_by), notes = coalesce(EXCLUDED.notes, cart_lines.notes), updated_at = now()
     RETURNING id`,
    [principal.userId, productId, variantId, line.quantity, line.costCenterId ?? null, line.neededBy ?? null, line.notes ?? null],
  );
  return (await q.query<CartLine>(`${LINE_SQL} WHERE l.id = $1::uuid`, [rows[0].id])).rows[0];
}

export async function updateLine(q: Queryable, principal: Principal, id: string, body: LineInput): Promise<CartLine> {
  const line = checkLine(body, true);
  await checkCostCenter(q, line.costCenterId, principal);
  const { rows } = await q.query<{ id: string }>(
    `UPDATE cart_lines SET quantity = coalesce($3, quantity), cost_center_id = CASE WHEN $4::boolean THEN $5::uuid ELSE cost_center_id END,
            needed_by = CASE WHEN $6::boolean THEN $7::date ELSE needed_by END, notes = CASE WHEN $8::boolean THEN $9 ELSE notes END, updated_at = now()
      WHERE id = $1::uuid AND user_id = $2::uuid RETURNING id`,
    [id, principal.userId, line.quantity ?? null, 'costCenterId' in line, line.costCenterId ?? null, 'neededBy' in line, line.neededBy ?? null, 'notes' in line, line.notes ?? null],
  );
  if (!rows[0]) throw notFound(M.cartLine);
  return (await q.query<CartLine>(`${LINE_SQL} WHERE l.id = $1::uuid`, [id])).rows[0];
}

export async function removeLine(q: Queryable, principal: Principal, id: string): Promise<void> {
  const { rowCount } = await q.query('DELETE FROM cart_lines WHERE id = $1::uuid AND user_id = $2::uuid', [id, principal.userId]);
  if (!rowCount) throw notFound(M.cartLine);
}

/**
 * Cart → requisition: `{ organizationId?, costCenterId, title?, justification, departmentId?, neededBy?, priority?,
 * deliveryLocation?, submit? }`. Each line becomes an item (its own cost center only when it differs from the
 * order's; the product's expense category); the cart empties; `submit: true` sends the order for approval in
 * the same transaction.
 */
export async function checkout(engine: Engine, principal: Principal, body: Record<string, unknown>) {
  return inTransaction(engine, async (q, touched) => {
    const { lines } = await cartOf(q, principal.userId);
    if (!lines.length) throw badRequest({ cart: [M.cartEmpty] }, M.cartEmpty);
    const costCenterId = typeof body.costCenterId === 'string' ? body.costCenterId.toLowerCase() : lines.find((l) => l.costCenterId)?.costCenterId;
    const needed = lines.map((l) => l.neededBy).filter((d): d is string => !!d).sort()[0];
    const order = await createRecord(joined(engine, q), engine.registry.get('orders')!, {
      organizationId: body.organizationId ?? principal.organizationId,
      title: typeof body.title === 'string' && body.title.trim() ? body.title : `Pedido do catálogo — ${lines.length} ${lines.length === 1 ? 'item' : 'itens'}`,
      requestDate: todayInBrazil(),
      neededBy: body.neededBy ?? needed ?? null,
      priority: body.priority ?? 'NORMAL',
      departmentId: body.departmentId ?? null,
      costCenterId,
      justification: body.justification,
      deliveryLocation: body.deliveryLocation ?? null,
      items: lines.map((l) => ({
        productId: l.productId, variantId: l.variantId, description: l.variantName ? `${l.name} — ${l.variantName}`.slice(0, 200) : l.name,
        quantity: l.quantity, unit: l.unit, unitPrice: Number(l.unitPrice),
        costCenterId: l.costCenterId && l.costCenterId !== costCenterId ? l.costCenterId : null, categoryId: l.expenseCategoryId,
      })),
      notes: typeof body.notes === 'string' ? body.notes : null,
    }, principal);
    touched.add('orders');
    await q.query('DELETE FROM cart_lines WHERE user_id = $1::uuid', [principal.userId]);
    if (body.submit !== true) return { record: order, queue: null };
    return runOrderAction(joined(engine, q), 'submit', order.id, order.version, {}, principal);
  });
}

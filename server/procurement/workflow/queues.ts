import type { Queryable } from '../../db/index.ts';
import type { Principal } from '../../lib/principal.ts';
import type { Engine } from '../../resources/index.ts';
import { Params, scopeConditions } from '../../resources/sql.ts';

/**
 * The buyer's two queues (read-only, in the caller's record scope):
 * - `GET pricing/v1/quotation-queue?groupBy=category|supplier`: approved order lines no live quote holds yet,
 *   grouped by the product's department or its preferred supplier (free-text lines: "Sem departamento");
 * - `GET pricing/v1/purchase-order-queue`: lines awarded in a quote still without a live purchase order (line by
 *   line, `quoteLineOrdered`), one group per winning proposal (its `requestId` opens "ordem de compra da proposta").
 */

const MAX_LINES = 2000;

const scoped = (engine: Engine, resource: string, principal: Principal, p: Params) => {
  const def = engine.registry.get(resource)!;
  const where = ['deleted_at IS NULL', ...scopeConditions(def, principal, p)].join(' AND ');
  return `(SELECT * FROM "${def.table}" WHERE ${where})`;
};

export interface QueueGroup<L> {
  key: string;
  label: string;
  total: number;
  lines: L[];
}

function group<L extends Record<string, unknown>>(lines: L[], key: (l: L) => string | null, label: (l: L) => string | null, none: string): QueueGroup<L>[] {
  const map = new Map<string, QueueGroup<L>>();
  for (const l of lines) {
    const k = key(l) ?? '';
    const g = map.get(k) ?? { key: k, label: label(l) ?? none, total: 0, lines: [] };
    g.lines.push(l);
    g.total += Number(l.estimatedTotal ?? l.total ?? 0);
    map.set(k, g);
  }
  return [...map.values()].sort((a, b) => (a.key === '' ? 1 : b.key === '' ? -1 : a.label.localeCompare(b.label, 'pt-BR')));
}

export async function quotationQueue(q: Queryable, engine: Engine, principal: Principal, groupBy: 'category' | 'supplier') {
  const p = new Params();
  const orders = scoped(engine, 'orders', principal, p);
  const { rows } = await q.query<Record<string, unknown>>(
    `SELECT o.id AS "orderId", o.number AS "orderNumber", o.organization_id AS "organizationId", o.cost_center_id AS "costCenterId", o.priority,
            o.needed_by AS "neededBy", o.approved_at AS "approvedAt", n AS line, i->>'description' AS description, (i->>'quantity')::float8 AS quantity,
            i->>'unit' AS unit, (i->>'unitPrice')::bigint AS "unitPrice", (i->>'total')::bigint AS "estimatedTotal", i->>'productId' AS "productId",
            pc.id AS "categoryId", pc.name AS "categoryName", pr.preferred_supplier_id AS "supplierId", c.legal_name AS "supplierName"
       FROM ${orders} o
       CROSS JOIN LATERAL jsonb_array_elements(o.items) WITH ORDINALITY AS x(i, n)
       LEFT JOIN products pr ON pr.id = (i->>'productId')::uuid
       LEFT JOIN product_categories pc ON pc.id = pr.category_id
       LEFT JOIN companies c ON c.id = pr.preferred_supplier_id
      WHERE o.status IN ('APROVADO', 'EM_COTACAO')
        AND NOT EXISTS (SELECT 1 FROM quotes qt, jsonb_array_elements(qt.items) qi
                         WHERE qt.deleted_at IS NULL AND qt.status <> 'CANCELADA' AND qi->>'orderId' = o.id::text AND (qi->>'orderLine')::int = n)
      ORDER BY o.needed_by NULLS LAST, o.number, n LIMIT ${MAX_LINES}`,
    p.values,
  );
  const groups = groupBy === 'supplier'
    ? group(rows, (l) => l.supplierId as string | null, (l) => l.supplierName as string | null, 'Sem fornecedor preferido')
    : group(rows, (l) => l.categoryId as string | null, (l) => l.categoryName as string | null, 'Sem departamento');
  return { groupBy, count: rows.length, groups };
}

/**
 * SQL: quote line `line` of quote `quoteId`, awarded to `supplierId`, is already in a live purchase order (not
 * cancelled nor rejected) of that supplier (D77). Each purchase-order line names its quote line (`quoteLine`) and
 * its quote (`quoteId`; a line without it belongs to the order's `quote_id`, as in the orders made before
 * D77). A line with neither (the orders of the demo data, typed lines) keeps the old rule: the whole (quote,
 * supplier) pair counts as ordered — never the same awarded line in two orders.
 */
export const quoteLineOrdered = (quoteId: string, line: string, supplierId: string) => `EXISTS (
  SELECT 1 FROM purchase_orders po CROSS JOIN LATERAL jsonb_array_elements(po.items) pi
   WHERE po.deleted_at IS NULL AND po.status NOT IN ('CANCELADA', 'REPROVADA') AND po.supplier_id = ${supplierId}
     AND coalesce(pi->>'quoteId', po.quote_id::text) = ${quoteId}::text
     AND ((pi->>'quoteLine')::int = ${line} OR (pi->>'quoteLine' IS NULL AND pi->>'quoteId' IS NULL)))`;

/** SQL: the winning proposal (`quoteId`, `supplierId`) still has an awarded line without a live purchase order. */
export const proposalQueued = (quoteId: string, supplierId: string) => `EXISTS (
  SELECT 1 FROM quotes qq CROSS JOIN LATERAL jsonb_array_elements(qq.items) WITH ORDINALITY AS y(qi, qn)
   WHERE qq.id = ${quoteId} AND qi->>'awardedSupplierId' = ${supplierId}::text AND NOT ${quoteLineOrdered('qq.id', 'qn', supplierId)})`;

/** The live purchase order holding each awarded line of these quotes: `quoteId#line` → its number. */
export async function orderedQuoteLines(q: Queryable, quoteIds: readonly string[]): Promise<Map<string, string>> {
  if (!quoteIds.length) return new Map();
  const { rows } = await q.query<{ k: string; number: string }>(
    `SELECT qt.id || '#' || n AS k, (
            SELECT po.number FROM purchase_orders po CROSS JOIN LATERAL jsonb_array_elements(po.items) pi
             WHERE po.deleted_at IS NULL AND po.status NOT IN ('CANCELADA', 'REPROVADA') AND po.supplier_id = (i->>'awardedSupplierId')::uuid
               AND coalesce(pi->>'quoteId', po.quote_id::text) = qt.id::text
               AND ((pi->>'quoteLine')::int = n OR (pi->>'quoteLine' IS NULL AND pi->>'quoteId' IS NULL))
             ORDER BY po.number LIMIT 1) AS number
       FROM quotes qt CROSS JOIN LATERAL jsonb_array_elements(qt.items) WITH ORDINALITY AS x(i, n)
      WHERE qt.id = ANY($1::uuid[]) AND i->>'awardedSupplierId' IS NOT NULL`,
    [[...quoteIds]],
  );
  return new Map(rows.filter((r) => r.number).map((r) => [r.k, r.number]));
}

export async function purchaseOrderQueue(q: Queryable, engine: Engine, principal: Principal) {
  const p = new Params();
  const quotes = scoped(engine, 'quotes', principal, p);
  const { rows } = await q.query<Record<string, unknown>>(
    `SELECT r.id AS "requestId", qt.id AS "quoteId", qt.number AS "quoteNumber", qt.awarded_at AS "awardedAt", c.id AS "supplierId", c.legal_name AS "supplierName",
            n AS "quoteLine", i->>'description' AS description, (i->>'quantity')::float8 AS quantity, i->>'unit' AS unit,
            (i->>'awardedUnitPrice')::bigint AS "unitPrice", round((i->>'quantity')::numeric * (i->>'awardedUnitPrice')::numeric)::bigint AS total,
            r.payment_terms AS "paymentTerms", r.delivery_days AS "deliveryDays"
       FROM ${quotes} qt
       CROSS JOIN LATERAL jsonb_array_elements(qt.items) WITH ORDINALITY AS x(i, n)
       JOIN companies c ON c.id = (i->>'awardedSupplierId')::uuid
       JOIN quote_requests r ON r.quote_id = qt.id AND r.supplier_id = c.id AND r.deleted_at IS NULL AND r.status = 'VENCEDOR'
      WHERE qt.status = 'APROVADA'
        AND NOT ${quoteLineOrdered('qt.id', 'n', 'c.id')}
      ORDER BY qt.awarded_at, qt.number, c.legal_name, n LIMIT ${MAX_LINES}`,
    p.values,
  );
  const groups = group(rows, (l) => String(l.requestId), (l) => `${String(l.quoteNumber)} — ${String(l.supplierName)}`, '');
  return { count: rows.length, groups };
}

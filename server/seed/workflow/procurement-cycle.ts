import { addDays } from '../../../src/engine/procurement/terms.ts';
import { decide } from '../../approvals/index.ts';
import type { Queryable } from '../../db/index.ts';
import type { Principal } from '../../lib/principal.ts';
import { createRecord, updateRecord, type Engine } from '../../resources/index.ts';
import { runPayableAction } from '../../finance/workflow/lancamentos.ts';
import { authorizeBatch, settleBatch } from '../../finance/workflow/settle.ts';
import { PAYABLE_SIDE } from '../../finance/workflow/sides.ts';
import { invoiceFromPurchaseOrder, purchaseOrderFromProposal, quoteFromOrderLines, receiptFromPurchaseOrder } from '../../procurement/workflow/create-from.ts';
import { runInvoiceAction } from '../../procurement/workflow/invoices.ts';
import { runOrderAction } from '../../procurement/workflow/orders.ts';
import { runPurchaseOrderAction } from '../../procurement/workflow/purchase-orders.ts';
import { runQuoteAction } from '../../procurement/workflow/quotes.ts';
import { confirmReceiptAction } from '../../procurement/workflow/receipts.ts';
import type { WorkflowArea, WorkflowContext } from '../workflow.ts';

/**
 * The demo company's purchasing through the real actions (docs/resources-procurement.md "Dados de
 * demonstração"): an approval queue for purchases from R$ 5.000,00 (and for invoices held by a mismatch), then
 * documents at every status — one full chain from the requisition to the PAID payable, one invoice held by a
 * price mismatch in the queue, orders, quotes and purchase orders stopped at each step.
 */

type Row = Record<string, unknown> & { id: string; version: number };
type Line = { productId: string; description: string; quantity: number; unit: string; unitPrice: number; categoryId: string | null };

interface Refs {
  costCenter: string;
  bigCostCenter: string;
  products: (Line & { supplierId: string })[];
  suppliers: string[];
  bankAccount: string | null;
}

async function refsOf(q: Queryable, orgId: string): Promise<Refs | null> {
  const cc = await q.query<{ id: string; name: string }>(`SELECT id, name FROM cost_centers WHERE organization_id = $1 AND type = 'A' AND active AND deleted_at IS NULL ORDER BY code`, [orgId]);
  // The catalogue's goods (their expense category, else "material de escritório") and suppliers with an e-mail.
  const fallback = await q.query<{ id: string }>(`SELECT id FROM expense_categories WHERE type = 'A' AND deleted_at IS NULL ORDER BY (f_unaccent(lower(name)) LIKE '%escritorio%') DESC, code LIMIT 1`);
  const products = await q.query<Line>(
    `SELECT p.id AS "productId", p.name AS description, 1 AS quantity, p.unit, p.reference_price::bigint AS "unitPrice",
            coalesce(ec.id, $1::uuid) AS "categoryId"
       FROM products p LEFT JOIN expense_categories ec ON ec.id = p.expense_category_id AND ec.type = 'A' AND ec.deleted_at IS NULL
      WHERE p.active AND p.deleted_at IS NULL AND p.type = 'PRODUTO' AND p.reference_price BETWEEN 500 AND 60000
      ORDER BY p.sku LIMIT 12`,
    [fallback.rows[0]?.id ?? null],
  );
  const suppliers = await q.query<{ id: string }>(
    `SELECT c.id FROM companies c JOIN company_types t ON t.id = c.company_type_id AND t.kind = 'FORNECEDOR'
      WHERE c.organization_id = $1 AND c.active AND c.deleted_at IS NULL AND c.email IS NOT NULL ORDER BY c.document LIMIT 6`,
    [orgId],
  );
  const bank = await q.query<{ id: string }>(`SELECT id FROM bank_accounts WHERE organization_id = $1 AND active AND deleted_at IS NULL AND type <> 'CAIXA' ORDER BY created_at, name LIMIT 1`, [orgId]);
  if (cc.rows.length < 2 || products.rows.length < 6 || suppliers.rows.length < 3) return null;
  const byName = (re: RegExp) => cc.rows.find((r) => re.test(r.name))?.id;
  return {
    costCenter: byName(/administr/i) ?? cc.rows[0].id,
    bigCostCenter: byName(/tecnolog/i) ?? cc.rows[1].id,
    // Each product from one of the suppliers, in turn (the catalogue names no preferred supplier).
    products: products.rows.map((p, i) => ({ ...p, unitPrice: Number(p.unitPrice), supplierId: suppliers.rows[i % suppliers.rows.length].id })),
    suppliers: suppliers.rows.map((r) => r.id),
    bankAccount: bank.rows[0]?.id ?? null,
  };
}

/** The purchasing approval queue (configuration data, like the finance settings): gestor decides, admin substitutes. */
async function seedQueue(q: Queryable, orgId: string, gestor: string, admin: string, today: string): Promise<void> {
  // Kept as it is when it exists (an administrator may have changed it).
  if ((await q.query(`SELECT 1 FROM approvals WHERE name = 'Compras acima de R$ 5.000,00'`)).rows.length) return;
  const { rows } = await q.query<{ id: string }>(
    `INSERT INTO approvals (name, description, organization_id, priority, allow_self_approval, on_reject, stage_deadline_hours, active, created_by, updated_by)
     VALUES ('Compras acima de R$ 5.000,00', 'Pedidos e ordens de compra a partir de R$ 5.000,00 e notas com divergência na conferência de três vias: o gestor de compras aprova.',
             $1, 20, false, 'DEVOLVER', 48, true, $2, $2) RETURNING id`,
    [orgId, admin],
  );
  const queue = rows[0].id;
  await q.query(
    `INSERT INTO approval_triggers (approval_id, name, resource_name, min_amount, active, created_by, updated_by)
     VALUES ($1, 'Pedidos a partir de R$ 5.000,00', 'orders', 500000, true, $2, $2),
            ($1, 'Ordens de compra a partir de R$ 5.000,00', 'purchase-orders', 500000, true, $2, $2),
            ($1, 'Notas com divergência', 'invoices', NULL, true, $2, $2)`,
    [queue, admin],
  );
  await q.query(
    `INSERT INTO approval_stages (approval_id, "order", name, rule, approver_user_ids, approver_group_ids, substitute_user_id, substitute_from, substitute_until, active, created_by, updated_by)
     VALUES ($1, 1, 'Gestor de compras', 'ANY', $2::jsonb, '[]'::jsonb, $3, $4::date, $5::date, true, $3, $3)`,
    [queue, JSON.stringify([gestor]), admin, addDays(today, -3), addDays(today, 4)],
  );
}

/** The actions as a person takes them, each returning the record after it. */
function actions(engine: Engine, q: Queryable) {
  const def = (r: string) => engine.registry.get(r)!;
  return {
    create: (resource: string, body: Record<string, unknown>, who: Principal) => createRecord(engine, def(resource), body, who) as Promise<Row>,
    patch: (resource: string, r: Row, body: Record<string, unknown>, who: Principal) => updateRecord(engine, def(resource), r.id, r.version, body, 'patch', who) as Promise<Row>,
    order: async (r: Row, action: string, who: Principal, body: Record<string, unknown> = {}) => (await runOrderAction(engine, action, r.id, r.version, body, who)).record as Row,
    quote: async (r: Row, action: string, who: Principal, body: Record<string, unknown> = {}) => (await runQuoteAction(engine, action, r.id, r.version, body, who, '')).record as Row,
    po: async (r: Row, action: string, who: Principal, body: Record<string, unknown> = {}) => (await runPurchaseOrderAction(engine, action, r.id, r.version, body, who)).record as Row,
    confirm: async (r: Row, who: Principal, body: Record<string, unknown> = {}) => (await confirmReceiptAction(engine, r.id, r.version, body, who)).record as Row,
    invoice: async (r: Row, action: string, who: Principal, body: Record<string, unknown> = {}) => (await runInvoiceAction(engine, action, r.id, r.version, body, who)).record as Row,
    /** The pending request of a record decided at its current stage. */
    decideQueue: async (recordId: string, who: Principal, decision: 'APROVAR' | 'REJEITAR', comment?: string) => {
      const { rows } = await q.query<{ id: string; stage_id: string }>(`SELECT id, stage_id FROM approval_requests WHERE record_id = $1 AND status = 'PENDENTE'`, [recordId]);
      await decide(q, { requestId: rows[0].id, stageId: rows[0].stage_id, actor: who, decision, comment: comment ?? null });
    },
  };
}

async function run(ctx: WorkflowContext): Promise<void> {
  const { q, engine, orgId } = ctx;
  if (!engine.registry.has('quote-requests')) return;
  const refs = await refsOf(q, orgId);
  if (!refs) return;
  // One after the other: they share the transaction's connection (one query at a time on a pg client).
  const compras = await ctx.as('compras@demo.com.br');
  const gestor = await ctx.as('gestor@demo.com.br');
  const financeiro = await ctx.as('financeiro@demo.com.br');
  const admin = await ctx.as('admin@demo.com.br');
  // Actions stamp "now"; business dates are around the demo's today, never after the real one.
  const realToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const today = ctx.today < realToday ? ctx.today : realToday;
  await seedQueue(q, orgId, gestor.userId, admin.userId, realToday);
  const a = actions(engine, q);
  const P = refs.products;
  const lines = (picks: [number, number][]) => picks.map(([i, quantity]) => ({ ...P[i], quantity, supplierId: undefined }));
  const order = (title: string, picks: [number, number][], over: Record<string, unknown> = {}) =>
    a.create('orders', {
      organizationId: orgId, title, requestDate: realToday, neededBy: addDays(realToday, 20), priority: 'NORMAL', costCenterId: refs.costCenter,
      justification: `${title}: reposição necessária para a rotina do setor.`, deliveryLocation: 'Recepção da sede — Av. Paulista, 1000',
      items: lines(picks).map(({ supplierId: _s, ...l }) => l), ...over,
    }, compras);
  const approved = async (title: string, picks: [number, number][]) => a.order(await a.order(await order(title, picks), 'submit', compras), 'approve', gestor, { comment: 'De acordo.' });
  const invitees = (main: string) => [main, ...refs.suppliers.filter((s) => s !== main)].slice(0, 3);
  const priced = (quote: Row, factor: number) => (quote.items as Line[]).map((it, i) => ({ quoteLine: i + 1, unitPrice: Math.round(it.unitPrice * factor) }));

  // 1. The full chain: requisition → quote (two proposals) → award → PO → two receipts → invoice → payable → paid.
  const o1 = await approved('Material de escritório — reposição mensal', [[0, 20], [1, 10]]);
  let q1 = await quoteFromOrderLines(engine, { lines: [{ orderId: o1.id, line: 1 }, { orderId: o1.id, line: 2 }], invitedSupplierIds: invitees(P[0].supplierId), minimumQuotes: 2, responseDeadline: addDays(realToday, 5) }, compras) as Row;
  q1 = await a.quote(q1, 'send', compras);
  const [s1, s2] = (q1.invitedSupplierIds as string[]);
  q1 = await a.quote(q1, 'proposals', compras, { supplierId: s1, channel: 'EMAIL', items: priced(q1, 0.95), paymentTerms: '28 DDL', deliveryDays: 3, validUntil: addDays(realToday, 30) });
  q1 = await a.quote(q1, 'proposals', compras, { supplierId: s2, channel: 'TELEFONE', items: priced(q1, 0.99), paymentTerms: 'à vista', deliveryDays: 2, freightAmount: 1500 });
  q1 = await a.quote(q1, 'award', compras, { mode: 'FORNECEDOR', supplierId: s1 });
  const r1 = (await q.query<{ id: string }>(`SELECT id FROM quote_requests WHERE quote_id = $1 AND supplier_id = $2`, [q1.id, s1])).rows[0].id;
  let po1 = await purchaseOrderFromProposal(engine, r1, { paymentMethod: 'BOLETO' }, compras) as Row;
  po1 = await a.po(await a.po(po1, 'submit', compras), 'approve', gestor);
  po1 = await a.po(po1, 'send', compras);
  const rc1 = await receiptFromPurchaseOrder(engine, po1.id, { items: [{ purchaseOrderLine: 1, quantity: 12 }], receivedAt: today }, compras) as Row;
  await a.confirm(rc1, compras);
  const rc2 = await receiptFromPurchaseOrder(engine, po1.id, { receivedAt: today }, compras) as Row;
  await a.confirm(rc2, compras);
  let inv1 = await invoiceFromPurchaseOrder(engine, { purchaseOrderId: po1.id, number: '31457', series: '1', documentType: 'FATURA', issueDate: today }, compras) as Row;
  inv1 = await a.invoice(await a.invoice(inv1, 'match', compras), 'approve', gestor);
  let payable = (await runPayableAction(engine, 'confirmar', String(inv1.payableId), (await pay(q, String(inv1.payableId))).version, { comment: 'Confere com a entrega.' }, compras)).record as Row;
  payable = (await runPayableAction(engine, 'aprovar', payable.id, payable.version, { comment: null }, financeiro)).record as Row;
  const parcels = await parcelsOf(q, payable.id);
  await authorizeBatch(engine, parcels.map((p) => ({ id: p.id, version: p.version })), 'Lote de compras', admin);
  if (refs.bankAccount) {
    const authorized = await parcelsOf(q, payable.id);
    await settleBatch(engine, PAYABLE_SIDE, { items: authorized.map((p) => ({ id: p.id, version: p.version })), date: realToday, bankAccountId: refs.bankAccount, comment: 'Pago pelo internet banking' }, admin);
  }

  // 2. An invoice held by a price mismatch, waiting in the queue for the gestor.
  const o2 = await approved('Suprimentos de limpeza', [[2, 30]]);
  let q2 = await quoteFromOrderLines(engine, { lines: [{ orderId: o2.id, line: 1 }], invitedSupplierIds: [P[2].supplierId], minimumQuotes: 1 }, compras) as Row;
  q2 = await a.quote(q2, 'proposals', compras, { supplierId: P[2].supplierId, channel: 'PDF', items: priced(q2, 1), paymentTerms: '30/60 DDL', deliveryDays: 7 });
  q2 = await a.quote(q2, 'award', compras, { mode: 'FORNECEDOR', supplierId: P[2].supplierId });
  const r2 = (await q.query<{ id: string }>(`SELECT id FROM quote_requests WHERE quote_id = $1`, [q2.id])).rows[0].id;
  let po2 = await purchaseOrderFromProposal(engine, r2, {}, compras) as Row;
  po2 = await a.po(await a.po(await a.po(po2, 'submit', compras), 'approve', gestor), 'send', compras);
  await a.confirm(await receiptFromPurchaseOrder(engine, po2.id, { receivedAt: today }, compras) as Row, compras);
  let inv2 = await invoiceFromPurchaseOrder(engine, { purchaseOrderId: po2.id, number: '8812', series: '2', documentType: 'FATURA', issueDate: today }, compras) as Row;
  const billed = (inv2.items as Line[]).map((it) => ({ ...it, unitPrice: Math.round(it.unitPrice * 1.08) }));
  const products = billed.reduce((s, it) => s + Math.round(it.quantity * it.unitPrice), 0);
  inv2 = await a.patch('invoices', inv2, { items: billed, productsAmount: products, installments: [{ number: '001', dueDate: addDays(today, 30), amount: Math.floor(products / 2) }, { number: '002', dueDate: addDays(today, 60), amount: products - Math.floor(products / 2) }] }, compras);
  await a.invoice(inv2, 'match', compras);

  // 3. Documents stopped at each step (quotation queue, purchase-order queue, approvals, refusals).
  await order('Cabos e adaptadores para a sala de reunião', [[3, 4]]);
  await a.order(await order('Notebooks para a equipe comercial', [[4, 3]], { costCenterId: refs.bigCostCenter, items: [{ ...lines([[4, 3]])[0], supplierId: undefined, unitPrice: 489000 }].map(({ supplierId: _s, ...l }) => l) }), 'submit', compras);
  const rejected = await a.order(await order('Cadeiras extras', [[5, 6]]), 'submit', compras);
  await a.order(rejected, 'reject', gestor, { comment: 'Há cadeiras sobrando no almoxarifado.' });
  await a.order(await order('Brindes de fim de ano', [[1, 50]]), 'cancel', compras, { comment: 'Ação de marketing cancelada.' });
  await approved('Papelaria para o treinamento de novos funcionários', [[0, 5], [1, 5]]);
  const o6 = await approved('Toner e papel para as impressoras', [[0, 10], [3, 2]]);
  await a.quote(await quoteFromOrderLines(engine, { lines: [{ orderId: o6.id, line: 1 }, { orderId: o6.id, line: 2 }], invitedSupplierIds: invitees(P[0].supplierId), responseDeadline: addDays(realToday, 7) }, compras) as Row, 'send', compras);
  const o7 = await approved('Material de copa', [[2, 12], [5, 2]]);
  let q7 = await quoteFromOrderLines(engine, { lines: [{ orderId: o7.id, line: 1 }, { orderId: o7.id, line: 2 }], invitedSupplierIds: invitees(P[2].supplierId), minimumQuotes: 2 }, compras) as Row;
  q7 = await a.quote(q7, 'proposals', compras, { supplierId: (q7.invitedSupplierIds as string[])[0], channel: 'TELEFONE', items: priced(q7, 1.02), paymentTerms: '28 DDL' });
  await a.quote(q7, 'proposals', compras, { supplierId: (q7.invitedSupplierIds as string[])[1], channel: 'EMAIL', items: priced(q7, 0.97), paymentTerms: '30/60 DDL', freightAmount: 2500 });
  const o8 = await approved('Organizadores de mesa', [[5, 8]]);
  let q8 = await quoteFromOrderLines(engine, { lines: [{ orderId: o8.id, line: 1 }], invitedSupplierIds: [P[5].supplierId], minimumQuotes: 1 }, compras) as Row;
  q8 = await a.quote(q8, 'proposals', compras, { supplierId: P[5].supplierId, items: priced(q8, 1), paymentTerms: '28 DDL', deliveryDays: 10 });
  await a.quote(q8, 'award', compras, { mode: 'FORNECEDOR', supplierId: P[5].supplierId });
  // An order whose purchase order was sent (ordered), one partly delivered, one awarded still without an order.
  const fromAward = async (o: Row, i: number) => {
    let qt = await quoteFromOrderLines(engine, { lines: [{ orderId: o.id, line: 1 }], invitedSupplierIds: [P[i].supplierId], minimumQuotes: 1 }, compras) as Row;
    qt = await a.quote(qt, 'proposals', compras, { supplierId: P[i].supplierId, channel: 'EMAIL', items: priced(qt, 0.98), paymentTerms: '28 DDL', deliveryDays: 5 });
    await a.quote(qt, 'award', compras, { mode: 'FORNECEDOR', supplierId: P[i].supplierId });
    return (await q.query<{ id: string }>(`SELECT id FROM quote_requests WHERE quote_id = $1`, [qt.id])).rows[0].id;
  };
  const sentPo = async (requestId: string) => a.po(await a.po(await a.po(await purchaseOrderFromProposal(engine, requestId, {}, compras) as Row, 'submit', compras), 'approve', gestor), 'send', compras);
  await sentPo(await fromAward(await approved('Mouses e teclados', [[4, 6]]), 4));
  const partial = await sentPo(await fromAward(await approved('Material para o almoxarifado', [[1, 40]]), 1));
  await a.confirm(await receiptFromPurchaseOrder(engine, partial.id, { items: [{ purchaseOrderLine: 1, quantity: 15 }], receivedAt: today }, compras) as Row, compras);
  await fromAward(await approved('Garrafas de água para eventos', [[2, 24]]), 2);
  // A quote still being prepared (invitations not sent).
  await quoteFromOrderLines(engine, { lines: [{ orderId: (await approved('Cartuchos para a impressora da recepção', [[3, 3]])).id, line: 1 }], invitedSupplierIds: invitees(P[3].supplierId) }, compras);
  const o9 = await approved('Pilhas e lâmpadas', [[3, 6]]);
  await a.quote(await quoteFromOrderLines(engine, { lines: [{ orderId: o9.id, line: 1 }], invitedSupplierIds: [P[3].supplierId] }, compras) as Row, 'cancel', compras, { comment: 'Refazer com fornecedores da região.' });

  const direct = (number: string, picks: [number, number][], over: Record<string, unknown> = {}) =>
    a.create('purchase-orders', {
      organizationId: orgId, supplierId: P[picks[0][0]].supplierId, costCenterId: refs.costCenter, categoryId: P[picks[0][0]].categoryId, issueDate: realToday,
      expectedDeliveryDate: addDays(realToday, 10), paymentTerms: '28 DDL', paymentMethod: 'BOLETO', freightType: 'CIF',
      items: lines(picks).map(({ supplierId: _s, categoryId: _c, ...l }) => l), notes: number, ...over,
    }, compras);
  await direct('Reposição de copos', [[2, 40]]);
  await a.po(await a.po(await a.po(await direct('Café e açúcar', [[2, 10]]), 'submit', compras), 'approve', gestor), 'send', compras);
  // Received in full and closed.
  const closed = await a.po(await a.po(await a.po(await direct('Pastas e envelopes', [[5, 10]]), 'submit', compras), 'approve', gestor), 'send', compras);
  await a.confirm(await receiptFromPurchaseOrder(engine, closed.id, { receivedAt: today }, compras) as Row, compras);
  await a.po(await reload(q, engine, 'purchase-orders', closed.id), 'close', compras);
  await a.po(await direct('Impressora multifuncional', [[4, 1]], { costCenterId: refs.bigCostCenter, items: [{ ...lines([[4, 1]])[0], supplierId: undefined, categoryId: undefined, unitPrice: 720000 }].map(({ supplierId: _s, categoryId: _c, ...l }) => l) }), 'submit', compras);
  await a.po(await a.po(await direct('Etiquetas térmicas', [[3, 20]]), 'submit', compras), 'reject', gestor, { comment: 'Preço acima da última compra.' });
  await a.po(await a.po(await direct('Fita adesiva', [[1, 30]]), 'submit', compras), 'approve', gestor);
  await a.po(await a.po(await a.po(await direct('Grampos e clipes', [[0, 15]]), 'submit', compras), 'approve', gestor), 'cancel', compras, { comment: 'Fornecedor sem estoque.' });
  // Sent and partly received, with a receipt still in conference and an invoice waiting for the match.
  let po3 = await a.po(await a.po(await a.po(await direct('Papel A4 para o trimestre', [[0, 40], [1, 20]]), 'submit', compras), 'approve', gestor), 'send', compras);
  await a.confirm(await receiptFromPurchaseOrder(engine, po3.id, { items: [{ purchaseOrderLine: 1, quantity: 20 }, { purchaseOrderLine: 2, quantity: 20, rejectedQuantity: 2, rejectionReason: 'Embalagem violada' }], receivedAt: today }, compras) as Row, compras, { notes: 'Duas caixas devolvidas ao transportador.' });
  po3 = await reload(q, engine, 'purchase-orders', po3.id);
  await receiptFromPurchaseOrder(engine, po3.id, { items: [{ purchaseOrderLine: 1, quantity: 10 }], receivedAt: today }, compras);
  await invoiceFromPurchaseOrder(engine, { purchaseOrderId: po3.id, number: '55120', series: '1', documentType: 'FATURA', issueDate: today }, compras);
  // An invoice refused before the match (billed to the wrong company).
  const wrong = await a.create('invoices', { organizationId: orgId, supplierId: refs.suppliers[0], documentType: 'RECIBO', number: '977', issueDate: today, entryDate: today, productsAmount: 45000, servicesAmount: 0 }, compras);
  await a.invoice(wrong, 'reject', gestor, { comment: 'Emitida para outro CNPJ.' });
}

async function pay(q: Queryable, id: string) {
  return (await q.query<{ version: number }>('SELECT version FROM payables WHERE id = $1', [id])).rows[0];
}

async function parcelsOf(q: Queryable, payableId: string) {
  return (await q.query<{ id: string; version: number }>('SELECT id, version FROM payable_installments WHERE payable_id = $1 AND deleted_at IS NULL ORDER BY number', [payableId])).rows;
}

async function reload(q: Queryable, engine: Engine, resource: string, id: string): Promise<Row> {
  const def = engine.registry.get(resource)!;
  return (await q.query<Row>(`SELECT ${def.selectList} FROM "${def.table}" WHERE id = $1`, [id])).rows[0];
}

const area: WorkflowArea = { key: 'procurement-cycle@1', run };
export default area;

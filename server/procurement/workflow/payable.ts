import { installmentsFromTerms } from '../../../src/engine/procurement/terms.ts';
import { qty } from '../../../src/engine/procurement/receiving.ts';
import { PROCUREMENT_WORKFLOW_MESSAGES as M } from '../../../src/i18n/procurement-workflow.ts';
import type { Queryable } from '../../db/index.ts';
import { conflict } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import { createRecord, type Engine } from '../../resources/index.ts';
import { rowById, rowsWhere, updateRow } from '../../finance/rows.ts';
import { mainCategory } from './approval.ts';
import { itemsOf, joined, num, save, type Row, type Touched } from './common.ts';

/**
 * "Gerar contas a pagar" of an approved invoice (domain.md §2.2), in the approval's transaction: one
 * lançamento created through the finance code path (the generic write with the plan hooks: RASCUNHO with
 * its parcelas, the requester's confirmation), its parcelas then set to the invoice's duplicatas (or its
 * payment terms), cost center and category from the purchase order, linked both ways. The finance flow
 * (Fila do Solicitante → aprovação → Fila de Pagamentos → pagamento) takes it from there.
 */

const DOCUMENT_TYPES: Record<string, string> = { NFE: 'NFE', NFSE: 'NFSE', CTE: 'OUTROS', FATURA: 'FATURA', RECIBO: 'RECIBO' };

export interface PayableOverrides {
  costCenterId?: string | null;
  categoryId?: string | null;
}

export async function generatePayable(q: Queryable, engine: Engine, invoice: Row, principal: Principal, touched: Touched, overrides: PayableOverrides = {}): Promise<Row> {
  const poDef = engine.registry.get('purchase-orders')!;
  const payDef = engine.registry.get('payables')!;
  const parcelDef = engine.registry.get('payable-installments')!;
  const poIds = Array.isArray(invoice.purchaseOrderIds) ? invoice.purchaseOrderIds.map(String).sort() : [];
  const pos: Row[] = [];
  for (const id of poIds) {
    const po = await rowById(q, poDef, id);
    if (po) pos.push(po);
  }
  const po = pos[0];
  const costCenterId = overrides.costCenterId ?? (po?.costCenterId as string | undefined);
  const categoryId = overrides.categoryId ?? (po ? (mainCategory(po) ?? (await productCategory(q, po))) : null);
  if (!costCenterId || !categoryId) throw conflict(M.noCategory, 'MISSING_CATEGORY');

  const net = num(invoice.netAmount);
  const given = itemsOf(invoice, 'installments');
  const plan = given.length
    ? given.map((d, i) => ({ number: i + 1, dueDate: String(d.dueDate), amount: num(d.amount) }))
    : installmentsFromTerms(net, String(invoice.issueDate), (invoice.paymentTerms as string) ?? (po?.paymentTerms as string) ?? null);
  const supplier = await q.query<{ legal_name: string }>('SELECT legal_name FROM companies WHERE id = $1::uuid', [invoice.supplierId]);
  const poNumbers = pos.map((p) => String(p.number)).join(', ');
  const body = {
    organizationId: invoice.organizationId,
    supplierId: invoice.supplierId,
    documentType: DOCUMENT_TYPES[String(invoice.documentType)] ?? 'OUTROS',
    documentNumber: invoice.series ? `${String(invoice.number)}/${String(invoice.series)}` : String(invoice.number),
    issueDate: invoice.issueDate,
    competence: String(invoice.issueDate).slice(0, 7),
    description: `NF ${String(invoice.number)} — ${supplier.rows[0]?.legal_name ?? ''}${poNumbers ? ` (${poNumbers})` : ''}`.slice(0, 200),
    amount: net,
    installmentCount: plan.length,
    firstDueDate: plan[0].dueDate,
    costCenterId,
    categoryId,
    paymentMethod: (po?.paymentMethod as string) ?? 'BOLETO',
    requesterId: (po?.buyerId as string) ?? principal.userId,
    notes: `Gerada pela aprovação da nota fiscal ${String(invoice.number)}.`,
  };
  const created = await createRecord(joined(engine, q), payDef, body, principal);
  touched.add('payables').add('payable-installments');

  // The plan hooks spread the total monthly; the invoice's own due dates and amounts replace it.
  const parcels = await rowsWhere(q, parcelDef, 'payableId', created.id, 'number');
  for (const [i, p] of parcels.entries()) {
    await updateRow(q, parcelDef, p, { dueDate: plan[i].dueDate, originalDueDate: plan[i].dueDate, amount: plan[i].amount }, principal.userId);
  }
  const payable = await updateRow(q, payDef, (await rowById(q, payDef, created.id))!, {
    invoiceId: invoice.id,
    purchaseOrderId: po?.id ?? null,
    nextDueDate: plan.map((p) => p.dueDate).sort()[0],
  }, principal.userId);

  await markInvoiced(q, engine, pos, invoice, principal.userId, touched);
  return payable;
}

/** The expense category of the order's products (their `expenseCategoryId`), when the order names none. */
async function productCategory(q: Queryable, po: Row): Promise<string | null> {
  const ids = itemsOf(po).map((i) => i.productId).filter((v): v is string => typeof v === 'string');
  if (!ids.length) return null;
  const { rows } = await q.query<{ c: string }>(
    `SELECT expense_category_id AS c FROM products WHERE id = ANY($1::uuid[]) AND expense_category_id IS NOT NULL ORDER BY sku LIMIT 1`,
    [ids],
  );
  return rows[0]?.c ?? null;
}

/** The invoiced quantities go on the order lines; a received order fully invoiced is "faturada". */
async function markInvoiced(q: Queryable, engine: Engine, pos: Row[], invoice: Row, actor: string, touched: Touched): Promise<void> {
  const poDef = engine.registry.get('purchase-orders')!;
  const lines = itemsOf(invoice);
  for (const po of pos) {
    const items = itemsOf(po).map((it, i) => {
      const billed = lines.filter((l) => l.purchaseOrderId === po.id && l.purchaseOrderLine === i + 1).reduce((s, l) => s + num(l.quantity), 0);
      return billed ? { ...it, invoicedQuantity: qty(num(it.invoicedQuantity) + billed) } : it;
    });
    const billedAll = items.every((it) => num(it.invoicedQuantity) >= num(it.receivedQuantity));
    const status = po.status === 'RECEBIDA' && (billedAll || !lines.length) ? 'FATURADA' : po.status;
    await save(q, poDef, po, { items, status }, actor, touched);
  }
}

import { formatMoney } from '../../src/engine/formats/money.ts';
import { parseNfeKey } from '../../src/engine/formats/nfe-key.ts';
import { PROCUREMENT_MESSAGES as M } from '../../src/i18n/procurement.ts';
import { PROCUREMENT_WORKFLOW_MESSAGES as WM } from '../../src/i18n/procurement-workflow.ts';
import { conflict } from '../lib/errors.ts';
import type { ResourceHooks, WriteContext } from '../resources/index.ts';
import { added, checkItemVariants, checkSupplier, Errors, notBefore, PO_STATUS_TITLES, rowsById } from './documents.ts';

const num = (v: unknown) => (typeof v === 'number' ? v : 0);
const MODEL: Record<string, string> = { NFE: '55', CTE: '57' };
const INVOICEABLE = new Set(['APROVADA', 'ENVIADA', 'PARCIALMENTE_RECEBIDA', 'RECEBIDA', 'FATURADA']);

/**
 * The access key tells who issued which document when: model (55 NF-e, 57 CT-e), series, number, the
 * issuer's CNPJ (a CPF is left-padded with zeros) and the month of issue must match the invoice.
 */
function checkAccessKey(r: Record<string, unknown>, supplierDocument: unknown, errors: Errors): void {
  if (typeof r.accessKey !== 'string') return;
  const model = MODEL[String(r.documentType)];
  if (!model) return errors.add('accessKey', M.keyForbidden);
  const key = parseNfeKey(r.accessKey);
  if (key.model !== model) errors.add('accessKey', M.keyModel(model, key.model));
  if (typeof r.number === 'string' && Number(key.number) !== Number(r.number)) errors.add('accessKey', M.keyNumber);
  if (typeof r.series === 'string' && Number(key.series) !== Number(r.series)) errors.add('accessKey', M.keySeries);
  if (typeof supplierDocument === 'string' && key.issuer !== supplierDocument.padStart(14, '0')) errors.add('accessKey', M.keyIssuer);
  if (typeof r.issueDate === 'string' && key.yearMonth !== r.issueDate.slice(2, 4) + r.issueDate.slice(5, 7)) errors.add('accessKey', M.keyMonth);
}

/** Purchase orders linked for the first time: same supplier and organization, approved and not cancelled. */
async function checkPurchaseOrders(ctx: WriteContext, errors: Errors): Promise<void> {
  const r = ctx.record;
  const fresh = added(r.purchaseOrderIds, ctx.stored?.purchaseOrderIds);
  const pos = await rowsById(ctx.q, 'purchase_orders', fresh, 'number, status, supplier_id, organization_id');
  for (const po of pos.values()) {
    const n = String(po.number);
    if (po.organization_id !== r.organizationId) errors.add('purchaseOrderIds', M.otherOrganization(`A ordem de compra ${n}`));
    else if (po.supplier_id !== r.supplierId) errors.add('purchaseOrderIds', M.poOtherSupplier(n));
    else if (!INVOICEABLE.has(String(po.status))) errors.add('purchaseOrderIds', M.poNotInvoiceable(n, PO_STATUS_TITLES[String(po.status)] ?? String(po.status)));
  }
}

/**
 * Faturamentos: start "em conferência"; entry not before issue; the access key matches the invoice and the
 * supplier; linked purchase orders are this supplier's; products + services are informed, and when line
 * items are given they add up to exactly that (a clear message with both sums otherwise); withholdings do
 * not exceed the total.
 */
export const invoiceHooks: ResourceHooks = {
  async beforeWrite(ctx) {
    if (ctx.action === 'delete') return;
    const r = ctx.record;
    const errors = new Errors();
    linkItemOrders(r);
    const supplier = await checkSupplier(ctx, errors, 'supplierId');
    if (!notBefore(r.entryDate, r.issueDate)) errors.add('entryDate', M.entryBeforeIssue);
    checkAccessKey(r, supplier?.document, errors);
    await checkPurchaseOrders(ctx, errors);
    const header = num(r.productsAmount) + num(r.servicesAmount);
    if (header <= 0) errors.add('productsAmount', M.noAmount);
    // Unit prices are whole centavos while an NF-e's may have more places: up to R$ 0,01 of rounding per item.
    if (Array.isArray(r.items) && r.items.length && Math.abs(num(r.itemsTotal) - header) > r.items.length) {
      errors.add('items', M.itemsSumMismatch(formatMoney(num(r.itemsTotal)), formatMoney(header)));
    }
    if (num(r.withheldTotal) > num(r.totalAmount)) errors.add('withheldTotal', M.withheldTooHigh);
    checkInstallments(r, errors);
    await checkItemVariants(ctx, errors);
    errors.throwIfAny();
    if (ctx.action === 'create') {
      r.status = 'EM_CONFERENCIA';
      r.source = 'MANUAL';
      r.mismatches = [];
    } else if (ctx.stored && (ctx.stored.status === 'CONFERIDO' || ctx.stored.status === 'COM_DIVERGENCIA') && MATCHED.some((f) => changed(r[f], ctx.stored![f]))) {
      // What was matched changed: the conference is redone (a mismatch waiting in a queue cannot change under its approvers).
      if (ctx.stored.approvalQueueId && ctx.stored.status === 'COM_DIVERGENCIA') throw conflict(WM.mismatchInQueue, 'IN_APPROVAL_QUEUE');
      r.status = 'EM_CONFERENCIA';
      r.mismatches = [];
      r.matchedAt = null;
    }
  },
};

/** Fields the three-way match looked at. */
const MATCHED = ['supplierId', 'purchaseOrderIds', 'items', 'productsAmount', 'servicesAmount', 'freightAmount', 'otherCosts', 'discount', 'ipiAmount', 'icmsStAmount'];
const changed = (a: unknown, b: unknown) => JSON.stringify(a ?? null) !== JSON.stringify(b ?? null);

/** Installments (duplicatas), when given, add up to the net amount the payable will have. */
function checkInstallments(r: Record<string, unknown>, errors: Errors): void {
  const list = Array.isArray(r.installments) ? (r.installments as Record<string, unknown>[]) : [];
  if (!list.length) return;
  const total = list.reduce((s, i) => s + num(i.amount), 0);
  if (total !== num(r.netAmount)) errors.add('installments', WM.installmentsSum(formatMoney(total), formatMoney(num(r.netAmount))));
}

/** An item's purchase order is one of the invoice's (added when missing). */
function linkItemOrders(r: Record<string, unknown>): void {
  const ids = new Set(Array.isArray(r.purchaseOrderIds) ? r.purchaseOrderIds.map(String) : []);
  for (const item of Array.isArray(r.items) ? (r.items as Record<string, unknown>[]) : []) if (typeof item.purchaseOrderId === 'string') ids.add(item.purchaseOrderId);
  r.purchaseOrderIds = [...ids];
}

import { threeWayMatch, type MatchInvoiceLine, type MatchOrderLine } from '../../../src/engine/procurement/match.ts';
import { decideInvoiceAction, INVOICE_TRANSITIONS } from '../../../src/engine/procurement/status.ts';
import { PROCUREMENT_WORKFLOW_MESSAGES as M } from '../../../src/i18n/procurement-workflow.ts';
import type { Queryable } from '../../db/index.ts';
import { isUuid } from '../../resources/coerce.ts';
import { badRequest } from '../../lib/errors.ts';
import { getRecord } from '../../resources/repository.ts';
import type { Principal } from '../../lib/principal.ts';
import type { Engine } from '../../resources/index.ts';
import { rowById } from '../../finance/rows.ts';
import { pendingQueueOf, registerDocumentTarget, routeDocument, withdraw } from './approval.ts';
import { actingAs, enforce, inTransaction, itemsOf, lockForAction, num, reasonOf, save, settingsFor, textOf, type Row, type Touched } from './common.ts';
import { generatePayable, type PayableOverrides } from './payable.ts';

/**
 * Faturamentos: `POST pricing/v1/invoices/{id}/{match|approve|reject}` with If-Match.
 * - match: the three-way match, per line, within the organization's tolerances. Within → CONFERIDO; outside →
 *   COM_DIVERGENCIA with each mismatched line and its difference (`mismatches`), routed to the approval queue
 *   whose trigger for invoices matches (if any).
 * - approve: CONFERIDO, or COM_DIVERGENCIA with a written reason (not by whoever registered it; through its
 *   queue when it waits in one) → LANCADO with the payable generated in the same transaction.
 * - reject: → RECUSADO with the reason.
 */

export type InvoiceAction = keyof typeof INVOICE_TRANSITIONS;

async function matchInvoice(q: Queryable, engine: Engine, row: Row) {
  const poDef = engine.registry.get('purchase-orders')!;
  const settings = await settingsFor(q, row.organizationId);
  const poIds = Array.isArray(row.purchaseOrderIds) ? row.purchaseOrderIds.map(String) : [];
  const order: MatchOrderLine[] = [];
  const pos: Row[] = [];
  for (const id of poIds) {
    const po = await rowById(q, poDef, id);
    if (!po) continue;
    pos.push(po);
    itemsOf(po).forEach((it, i) =>
      order.push({
        purchaseOrderId: po.id, purchaseOrderNumber: String(po.number), line: i + 1, description: String(it.description ?? ''),
        quantity: num(it.quantity), unitPrice: num(it.unitPrice), receivedQuantity: num(it.receivedQuantity), invoicedQuantity: num(it.invoicedQuantity),
      }),
    );
  }
  const lines: MatchInvoiceLine[] = itemsOf(row).map((it) => {
    const poId = typeof it.purchaseOrderId === 'string' ? it.purchaseOrderId : pos.length === 1 ? pos[0].id : null;
    let line = typeof it.purchaseOrderLine === 'number' ? it.purchaseOrderLine : null;
    if (line === null && poId && it.productId) {
      const po = pos.find((p) => p.id === poId);
      const same = itemsOf(po ?? {}).map((l, k) => (l.productId === it.productId ? k + 1 : 0)).filter(Boolean);
      if (same.length === 1) line = same[0];
    }
    return { purchaseOrderId: poId, purchaseOrderLine: line, description: String(it.description ?? ''), quantity: num(it.quantity), unitPrice: num(it.unitPrice) };
  });
  return threeWayMatch(order, lines, num(row.productsAmount) + num(row.servicesAmount), settings);
}

const APPROVE_FIELDS = new Set(['comment', 'costCenterId', 'categoryId']);

/**
 * The approval's `costCenterId` / `categoryId` (the payable's classification when the purchase order lacks
 * it, as a catalogue order's does): each must be an analytic, active record the approver may see — the
 * cost center of the invoice's organization. Any other field is refused (400).
 */
async function payableOverrides(q: Queryable, engine: Engine, invoice: Row, body: Record<string, unknown>, principal: Principal): Promise<PayableOverrides> {
  const unknown = Object.keys(body).filter((k) => !APPROVE_FIELDS.has(k));
  if (unknown.length) throw badRequest(Object.fromEntries(unknown.map((k) => [k, [M.unknownField]])));
  const out: PayableOverrides = {};
  const refs = [['categoryId', 'expense-categories', M.categoryInvalid], ['costCenterId', 'cost-centers', M.costCenterInvalid]] as const;
  for (const [field, resource, message] of refs) {
    const raw = body[field];
    if (raw === undefined || raw === null || raw === '') continue;
    const id = typeof raw === 'string' && isUuid(raw) ? raw.toLowerCase() : null;
    const rec = id ? await getRecord(q, engine.registry.get(resource)!, id, principal) : undefined;
    const fits = !!rec && rec.type === 'A' && rec.active !== false && (resource !== 'cost-centers' || rec.organizationId === invoice.organizationId);
    if (!fits) throw badRequest({ [field]: [message] }, message);
    out[field] = id;
  }
  return out;
}

/** Everything an approval does: the payable, and the invoice LANCADO pointing at it. */
async function approveInvoice(q: Queryable, engine: Engine, row: Row, principal: Principal, comment: string | null, touched: Touched, overrides: PayableOverrides = {}) {
  const payable = await generatePayable(q, engine, row, principal, touched, overrides);
  const def = engine.registry.get('invoices')!;
  const current = (await rowById(q, def, row.id))!;
  return save(q, def, current, { status: 'LANCADO', payableId: payable.id, approvedBy: principal.userId, approvedAt: new Date().toISOString(), statusReason: comment }, principal.userId, touched);
}

export async function runInvoiceAction(engine: Engine, action: string, id: string, version: number, body: Record<string, unknown>, principal: Principal) {
  const def = engine.registry.get('invoices')!;
  return inTransaction(engine, async (q, touched) => {
    const row = await lockForAction(q, def, id, version, principal);
    const pendingQueue = await pendingQueueOf(q, 'invoices', id);
    enforce(decideInvoiceAction(principal, { status: String(row.status), createdBy: row.createdBy as string, pendingQueue }, action), { status: row.status, action });
    const t = INVOICE_TRANSITIONS[action as InvoiceAction];
    const held = row.status === 'COM_DIVERGENCIA';
    const comment = reasonOf(body, !!('reason' in t && t.reason)) ?? (action === 'approve' && held ? textOf(body, 'comment', { required: M.mismatchReason }) : null);
    const me = principal.userId;
    switch (action as InvoiceAction) {
      case 'match': {
        if (pendingQueue && (await withdraw(q, 'invoices', id, principal, 'Conferida de novo.'))) touched.add('approval-requests');
        const result = await matchInvoice(q, engine, row);
        const status = result.withinTolerance ? 'CONFERIDO' : 'COM_DIVERGENCIA';
        const matched = await save(q, def, row, { status, mismatches: result.mismatches, matchedAt: new Date().toISOString(), approvalQueueId: null, statusReason: null }, me, touched);
        if (result.withinTolerance) return { record: matched, queue: null };
        const routed = await routeDocument(q, engine, 'invoices', matched, principal);
        touched.add('approval-requests');
        return { record: routed.row, queue: routed.queue };
      }
      case 'approve': {
        const overrides = await payableOverrides(q, engine, row, body, principal);
        return { record: await approveInvoice(q, engine, row, principal, comment, touched, overrides), queue: null };
      }
      case 'reject': {
        if (await withdraw(q, 'invoices', id, principal, comment ?? '')) touched.add('approval-requests');
        return { record: await save(q, def, row, { status: 'RECUSADO', statusReason: comment, approvalQueueId: null }, me, touched), queue: null };
      }
    }
    throw new Error(`ação sem tratamento: ${action}`);
  });
}

/**
 * Invoices held by a mismatch in the approval engine: amount = net amount; the last approval generates the
 * payable (acting as that approver); a rejection returns it to conference (DEVOLVER) or refuses it (ENCERRAR).
 */
export function registerInvoiceTarget(engine: Engine): void {
  const def = () => engine.registry.get('invoices')!;
  registerDocumentTarget(engine, {
    resource: 'invoices',
    waiting: 'COM_DIVERGENCIA',
    amountOf: (r) => num(r.netAmount),
    requesterOf: (r) => (r.createdBy as string) ?? null,
    labelOf: (r) => `NF ${String(r.number)}${r.series ? `/${String(r.series)}` : ''}`,
    approve: async (q, row, actor) => {
      const touched: Touched = new Set();
      await approveInvoice(q, engine, row, actingAs(actor), 'Divergência aprovada pela fila de aprovação.', touched);
      for (const r of touched) engine.counts.invalidate(r);
    },
    reject: async (q, row, actor, reason, mode) =>
      void (await save(q, def(), row, { status: mode === 'ENCERRAR' ? 'RECUSADO' : 'EM_CONFERENCIA', statusReason: reason, approvalQueueId: null, mismatches: [] }, actor, new Set())),
  });
}

import { decidePurchaseOrderAction, PO_TRANSITIONS } from '../../../src/engine/procurement/status.ts';
import { PROCUREMENT_WORKFLOW_MESSAGES as M } from '../../../src/i18n/procurement-workflow.ts';
import type { Queryable } from '../../db/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { escapeHtml, type Mail } from '../../lib/mailer.ts';
import type { Principal } from '../../lib/principal.ts';
import type { Engine } from '../../resources/index.ts';
import { pendingQueueOf, registerDocumentTarget, routeDocument, withdraw } from './approval.ts';
import { enforce, inTransaction, itemsOf, lockForAction, num, reasonOf, save, textOf, type Row } from './common.ts';
import { storeFile } from './files.ts';
import { syncOrders } from './orders.ts';
import { purchaseOrderPdf } from './po-pdf.ts';

/**
 * Ordens de compra: `POST pricing/v1/purchase-orders/{id}/{action}` with If-Match. submit → AGUARDANDO_APROVACAO
 * (approval queue or direct approval by someone other than the buyer); approve / reject / return; send
 * (the PDF is generated, kept on the record and e-mailed to the supplier after the commit); cancel (nothing
 * received); close (a short close of a partly received order needs the reason).
 */

export type PurchaseOrderAction = keyof typeof PO_TRANSITIONS;

export interface ActionResult {
  record: Row;
  queue: string | null;
  /** E-mails to send once the transaction committed (never inside it). */
  mails?: Mail[];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

async function pdfParties(q: Queryable, po: Row) {
  const { rows } = await q.query<Record<string, string | null>>(
    `SELECT o.name AS org_name, o.cnpj AS org_cnpj, c.legal_name, c.document, c.email, c.street, c.number, c.district, c.city, c.state,
            u.name AS buyer_name, cc.code AS cc_code, cc.name AS cc_name
       FROM purchase_orders p
       JOIN organizations o ON o.id = p.organization_id
       JOIN companies c ON c.id = p.supplier_id
       LEFT JOIN users u ON u.id = p.buyer_id
       LEFT JOIN cost_centers cc ON cc.id = p.cost_center_id
      WHERE p.id = $1::uuid`,
    [po.id],
  );
  const r = rows[0];
  const address = [r.street && `${r.street}, ${r.number ?? 's/n'}`, r.district, r.city && `${r.city}/${r.state ?? ''}`].filter(Boolean).join(' — ');
  return {
    organization: { name: String(r.org_name), cnpj: r.org_cnpj },
    supplier: { legalName: String(r.legal_name), document: r.document, email: r.email, address: address || null },
    buyerName: r.buyer_name ?? '—',
    costCenter: r.cc_code ? `${r.cc_code} ${r.cc_name ?? ''}`.trim() : null,
  };
}

async function send(q: Queryable, engine: Engine, row: Row, body: Record<string, unknown>, principal: Principal, touched: Set<string>): Promise<ActionResult> {
  const parties = await pdfParties(q, row);
  const to = textOf(body, 'email', { max: 200 }) ?? parties.supplier.email;
  if (!to || !EMAIL.test(to)) throw badRequest({ email: [M.poNoEmail(parties.supplier.legalName)] });
  const pdf = await purchaseOrderPdf(row, parties);
  const name = `${String(row.number)}.pdf`;
  const fileId = await storeFile(q, { name, contentType: 'application/pdf', content: pdf, userId: principal.userId });
  const record = await save(q, engine.registry.get('purchase-orders')!, row, { status: 'ENVIADA', sentAt: new Date().toISOString(), sentTo: to, pdfFileId: fileId, statusReason: textOf(body, 'comment') }, principal.userId, touched);
  const subject = `Ordem de compra ${String(row.number)} — ${parties.organization.name}`;
  const text = [
    `Prezado fornecedor ${parties.supplier.legalName},`,
    '',
    `Segue a ordem de compra ${String(row.number)}, no valor de ${new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(num(row.totalAmount) / 100)}, em anexo (PDF).`,
    `Condição de pagamento: ${String(row.paymentTerms ?? '—')}. Informe o número da ordem (xPed) e o item (nItemPed) na nota fiscal.`,
    '',
    `${parties.buyerName} — ${parties.organization.name}`,
  ].join('\n');
  const html = text.split('\n').map((l) => `<p>${escapeHtml(l)}</p>`).join('');
  return { record, queue: null, mails: [{ to, subject, text, html, attachments: [{ filename: name, contentType: 'application/pdf', content: pdf }] }] };
}

export async function runPurchaseOrderAction(engine: Engine, action: string, id: string, version: number, body: Record<string, unknown>, principal: Principal): Promise<ActionResult> {
  const def = engine.registry.get('purchase-orders')!;
  return inTransaction(engine, async (q, touched) => {
    const row = await lockForAction(q, def, id, version, principal);
    const pendingQueue = await pendingQueueOf(q, 'purchase-orders', id);
    const anyReceived = itemsOf(row).some((i) => num(i.receivedQuantity) > 0);
    enforce(decidePurchaseOrderAction(principal, { status: String(row.status), createdBy: row.createdBy as string, buyerId: row.buyerId as string, pendingQueue, anyReceived }, action), { status: row.status, action });
    const t = PO_TRANSITIONS[action as PurchaseOrderAction];
    const comment = action === 'close' && row.status === 'PARCIALMENTE_RECEBIDA' ? textOf(body, 'comment', { required: M.closePartial }) : reasonOf(body, !!('reason' in t && t.reason));
    const me = principal.userId;
    const orderIds = [...itemsOf(row).map((i) => i.orderId), ...(Array.isArray(row.orderIds) ? row.orderIds : [])];
    switch (action as PurchaseOrderAction) {
      case 'submit': {
        const sent = await save(q, def, row, { status: 'AGUARDANDO_APROVACAO', statusReason: comment, approvalQueueId: null }, me, touched);
        const routed = await routeDocument(q, engine, 'purchase-orders', sent, principal);
        touched.add('approval-requests');
        return { record: routed.row, queue: routed.queue };
      }
      case 'approve':
        return { record: await save(q, def, row, { status: 'APROVADA', approvedBy: me, approvedAt: new Date().toISOString(), statusReason: comment }, me, touched), queue: null };
      case 'reject':
        return { record: await save(q, def, row, { status: 'REPROVADA', statusReason: comment }, me, touched), queue: null };
      case 'return': {
        if (await withdraw(q, 'purchase-orders', id, principal, comment ?? 'Devolvida ao rascunho pelo comprador.')) touched.add('approval-requests');
        return { record: await save(q, def, row, { status: 'RASCUNHO', statusReason: comment, approvalQueueId: null }, me, touched), queue: null };
      }
      case 'send':
        return send(q, engine, row, body, principal, touched);
      case 'cancel': {
        if (await withdraw(q, 'purchase-orders', id, principal, comment ?? '')) touched.add('approval-requests');
        const record = await save(q, def, row, { status: 'CANCELADA', statusReason: comment, approvalQueueId: null }, me, touched);
        await syncOrders(q, engine, orderIds, me, touched);
        return { record, queue: null };
      }
      case 'close':
        return { record: await save(q, def, row, { status: 'ENCERRADA', closedAt: new Date().toISOString(), statusReason: comment }, me, touched), queue: null };
    }
    throw new Error(`ação sem tratamento: ${action}`);
  });
}

/** Purchase orders in the approval engine: amount = total; decisions move AGUARDANDO_APROVACAO → APROVADA / RASCUNHO / REPROVADA. */
export function registerPurchaseOrderTarget(engine: Engine): void {
  const def = () => engine.registry.get('purchase-orders')!;
  registerDocumentTarget(engine, {
    resource: 'purchase-orders',
    waiting: 'AGUARDANDO_APROVACAO',
    amountOf: (r) => num(r.totalAmount),
    requesterOf: (r) => (r.buyerId as string) ?? (r.createdBy as string) ?? null,
    labelOf: (r) => String(r.number),
    approve: async (q, row, actor) => void (await save(q, def(), row, { status: 'APROVADA', approvedBy: actor, approvedAt: new Date().toISOString() }, actor, new Set())),
    reject: async (q, row, actor, reason, mode) =>
      void (await save(q, def(), row, { status: mode === 'ENCERRAR' ? 'REPROVADA' : 'RASCUNHO', statusReason: reason, approvalQueueId: null }, actor, new Set())),
  });
}

/**
 * Status machines of the procurement documents (docs/resources-procurement.md "Ciclo de compras"), as data,
 * and ONE pure decision function per resource (status transition + permission scope + segregation of
 * duties + the resource's own rules). The server's actions call them before writing; the allowed-actions
 * mechanism calls them in batch. Action keys are the URL segments: `POST …/{resource}/{id}/{action}`.
 */
import {
  INVOICE_STATUS_LABELS, ORDER_STATUS_LABELS, PO_STATUS_LABELS, PROCUREMENT_WORKFLOW_MESSAGES as M, QUOTE_STATUS_LABELS, RECEIPT_STATUS_LABELS,
} from '../../i18n/procurement-workflow.ts';
import { actionsOf, decider, type ActionSubject, type ProcurementTransition, type RecordFacts, type Verdict } from './decide.ts';

export type { ActionSubject, Verdict } from './decide.ts';

/** Permission names the scopes are checked on (server/seed/access.ts grants them). */
export const PROCUREMENT_PERMISSIONS = {
  orders: 'orders', quotes: 'quotes', purchaseOrders: 'purchase-orders', receipts: 'receipts', invoices: 'invoices',
} as const;

// ── Pedidos ──────────────────────────────────────────────────────────────────────────────────────────
/**
 * RASCUNHO → submit → ENVIADO (into the approval queue its triggers choose; none: someone with `approve`
 * decides) → APROVADO | REPROVADO. The requester takes a waiting or rejected order back to draft (`return`).
 * EM_COTACAO, COTADO, PEDIDO_GERADO, PARCIALMENTE_ATENDIDO and CONCLUIDO follow the quote, the purchase
 * order and the receipts (system moves, no action). Cancel only before a quote holds its lines.
 */
export const ORDER_TRANSITIONS = {
  submit: { verb: 'enviar para aprovação', forbiddenVerb: 'enviar pedidos para aprovação', from: ['RASCUNHO'], to: 'ENVIADO', scope: 'update' },
  approve: { verb: 'aprovar', forbiddenVerb: 'aprovar pedidos', from: ['ENVIADO'], to: 'APROVADO', scope: 'approve', segregated: true },
  reject: { verb: 'reprovar', forbiddenVerb: 'reprovar pedidos', from: ['ENVIADO'], to: 'REPROVADO', scope: 'approve', segregated: true, reason: true },
  return: { verb: 'devolver ao rascunho', forbiddenVerb: 'devolver pedidos ao rascunho', from: ['ENVIADO', 'REPROVADO'], to: 'RASCUNHO', scope: 'update' },
  cancel: { verb: 'cancelar', forbiddenVerb: 'cancelar pedidos', from: ['RASCUNHO', 'ENVIADO', 'REPROVADO', 'APROVADO'], to: 'CANCELADO', scope: 'update', reason: true },
} as const satisfies Record<string, ProcurementTransition>;

export interface OrderFacts extends RecordFacts {
  requesterId?: string | null;
  /** A live quote holding some of its lines (number), if any. */
  liveQuote?: string | null;
}

export const decideOrderAction = decider<OrderFacts>({
  permission: PROCUREMENT_PERMISSIONS.orders, where: 'Pedidos', noun: 'um pedido', labels: ORDER_STATUS_LABELS, table: ORDER_TRANSITIONS,
  ownerIds: (r) => [r.requesterId],
  extra: (action, r) => (action === 'cancel' && r.liveQuote ? { allowed: false, status: 409, code: 'IN_USE', reason: M.inLiveQuote(r.liveQuote) } : undefined),
});

// ── Cotações ─────────────────────────────────────────────────────────────────────────────────────────
/**
 * ABERTA → send (invitations by e-mail with a per-supplier link) → ENVIADA → a proposal recorded → EM_ANALISE
 * → award → APROVADA ("Adjudicada"); cancel before the award. A proposal received by phone or PDF may be
 * recorded before sending too. AGUARDANDO_APROVACAO is kept for a future approval of awards.
 */
export const QUOTE_TRANSITIONS = {
  send: { verb: 'enviar', forbiddenVerb: 'enviar cotações aos fornecedores', from: ['ABERTA', 'ENVIADA', 'EM_ANALISE'], to: 'ENVIADA', scope: 'update' },
  proposals: { verb: 'registrar orçamento em', forbiddenVerb: 'registrar orçamentos', from: ['ABERTA', 'ENVIADA', 'EM_ANALISE'], to: 'EM_ANALISE', scope: 'update' },
  award: { verb: 'adjudicar', forbiddenVerb: 'adjudicar cotações', from: ['EM_ANALISE'], to: 'APROVADA', scope: 'update' },
  cancel: { verb: 'cancelar', forbiddenVerb: 'cancelar cotações', from: ['ABERTA', 'ENVIADA', 'EM_ANALISE'], to: 'CANCELADA', scope: 'update', reason: true },
} as const satisfies Record<string, ProcurementTransition>;

export const decideQuoteAction = decider<RecordFacts>({
  permission: PROCUREMENT_PERMISSIONS.quotes, where: 'Cotações', noun: 'uma cotação', labels: QUOTE_STATUS_LABELS, table: QUOTE_TRANSITIONS,
});

// ── Ordens de compra ─────────────────────────────────────────────────────────────────────────────────
/**
 * RASCUNHO → submit → AGUARDANDO_APROVACAO → APROVADA | REPROVADA (→ return → RASCUNHO) → send (PDF and
 * e-mail) → ENVIADA → receipts: PARCIALMENTE_RECEBIDA → RECEBIDA → invoice: FATURADA → close → ENCERRADA.
 * Cancel only while nothing was received.
 */
export const PO_TRANSITIONS = {
  submit: { verb: 'enviar para aprovação', forbiddenVerb: 'enviar ordens de compra para aprovação', from: ['RASCUNHO'], to: 'AGUARDANDO_APROVACAO', scope: 'update' },
  approve: { verb: 'aprovar', forbiddenVerb: 'aprovar ordens de compra', from: ['AGUARDANDO_APROVACAO'], to: 'APROVADA', scope: 'approve', segregated: true },
  reject: { verb: 'reprovar', forbiddenVerb: 'reprovar ordens de compra', from: ['AGUARDANDO_APROVACAO'], to: 'REPROVADA', scope: 'approve', segregated: true, reason: true },
  return: { verb: 'devolver ao rascunho', forbiddenVerb: 'devolver ordens de compra ao rascunho', from: ['AGUARDANDO_APROVACAO', 'REPROVADA'], to: 'RASCUNHO', scope: 'update' },
  send: { verb: 'enviar ao fornecedor', forbiddenVerb: 'enviar ordens de compra ao fornecedor', from: ['APROVADA', 'ENVIADA'], to: 'ENVIADA', scope: 'update' },
  cancel: {
    verb: 'cancelar', forbiddenVerb: 'cancelar ordens de compra', from: ['RASCUNHO', 'AGUARDANDO_APROVACAO', 'REPROVADA', 'APROVADA', 'ENVIADA'], to: 'CANCELADA', scope: 'update', reason: true,
  },
  close: { verb: 'encerrar', forbiddenVerb: 'encerrar ordens de compra', from: ['PARCIALMENTE_RECEBIDA', 'RECEBIDA', 'FATURADA'], to: 'ENCERRADA', scope: 'update' },
} as const satisfies Record<string, ProcurementTransition>;

export interface PurchaseOrderFacts extends RecordFacts {
  buyerId?: string | null;
  /** Quantity already received on any line (a receipt was confirmed). */
  anyReceived?: boolean;
}

export const decidePurchaseOrderAction = decider<PurchaseOrderFacts>({
  permission: PROCUREMENT_PERMISSIONS.purchaseOrders, where: 'Ordens de Compra', noun: 'uma ordem de compra', labels: PO_STATUS_LABELS, table: PO_TRANSITIONS,
  ownerIds: (r) => [r.buyerId],
  extra: (action, r) => (action === 'cancel' && r.anyReceived ? { allowed: false, status: 409, code: 'IN_USE', reason: M.poHasReceipts } : undefined),
});

// ── Entregas ─────────────────────────────────────────────────────────────────────────────────────────
/** EM_CONFERENCIA → confirm → CONFERIDO | COM_DIVERGENCIA | RECUSADO (from the quantities accepted and refused). */
export const RECEIPT_TRANSITIONS = {
  confirm: { verb: 'confirmar', forbiddenVerb: 'confirmar entregas', from: ['EM_CONFERENCIA'], to: 'CONFERIDO', scope: 'update' },
} as const satisfies Record<string, ProcurementTransition>;

export const decideReceiptAction = decider<RecordFacts>({
  permission: PROCUREMENT_PERMISSIONS.receipts, where: 'Entregas', noun: 'uma entrega', labels: RECEIPT_STATUS_LABELS, table: RECEIPT_TRANSITIONS,
});

// ── Faturamentos ─────────────────────────────────────────────────────────────────────────────────────
/**
 * EM_CONFERENCIA → match (three-way) → CONFERIDO | COM_DIVERGENCIA → approve → LANCADO (the payable is
 * generated); reject → RECUSADO. A mismatch is approved only with a written reason, by someone other than
 * whoever registered the invoice, or through the approval queue its triggers choose.
 */
export const INVOICE_TRANSITIONS = {
  match: { verb: 'conferir', forbiddenVerb: 'conferir notas', from: ['EM_CONFERENCIA', 'COM_DIVERGENCIA', 'CONFERIDO'], to: 'CONFERIDO', scope: 'update' },
  approve: { verb: 'aprovar', forbiddenVerb: 'aprovar notas', from: ['CONFERIDO', 'COM_DIVERGENCIA'], to: 'LANCADO', scope: 'approve' },
  reject: { verb: 'recusar', forbiddenVerb: 'recusar notas', from: ['EM_CONFERENCIA', 'CONFERIDO', 'COM_DIVERGENCIA'], to: 'RECUSADO', scope: 'approve', reason: true },
} as const satisfies Record<string, ProcurementTransition>;

const invoiceDecider = decider<RecordFacts>({
  permission: PROCUREMENT_PERMISSIONS.invoices, where: 'Faturamentos', noun: 'uma nota', labels: INVOICE_STATUS_LABELS, table: INVOICE_TRANSITIONS,
});

/** A mismatch is segregated (another person, or the queue); a clean match is approved by anyone with the scope. */
export function decideInvoiceAction(subject: ActionSubject, record: RecordFacts, action: string): Verdict {
  const base = invoiceDecider(subject, record, action);
  if (!base.allowed || (action !== 'approve' && action !== 'reject') || record.status !== 'COM_DIVERGENCIA') return base;
  if (record.pendingQueue) return { allowed: false, status: 409, code: 'IN_APPROVAL_QUEUE', reason: M.queued(record.pendingQueue) };
  if (action === 'approve' && typeof record.createdBy === 'string' && record.createdBy.toLowerCase() === subject.userId.toLowerCase()) {
    return { allowed: false, status: 403, code: 'SEGREGATION_OF_DUTIES', reason: M.sodApprove('uma nota') };
  }
  return base;
}

/** Every action per record, for a page of records (the allowed-actions registry). */
export const allowedActions = {
  orders: (s: ActionSubject, rs: readonly OrderFacts[]) => actionsOf(ORDER_TRANSITIONS, decideOrderAction, s, rs),
  quotes: (s: ActionSubject, rs: readonly RecordFacts[]) => actionsOf(QUOTE_TRANSITIONS, decideQuoteAction, s, rs),
  'purchase-orders': (s: ActionSubject, rs: readonly PurchaseOrderFacts[]) => actionsOf(PO_TRANSITIONS, decidePurchaseOrderAction, s, rs),
  receipts: (s: ActionSubject, rs: readonly RecordFacts[]) => actionsOf(RECEIPT_TRANSITIONS, decideReceiptAction, s, rs),
  invoices: (s: ActionSubject, rs: readonly RecordFacts[]) => actionsOf(INVOICE_TRANSITIONS, decideInvoiceAction, s, rs),
};

/**
 * "Criar a partir de" steps offered on the source document's page, as allowed-action keys besides its workflow
 * actions (D56): a quote from an order's lines, the purchase order of an award, a receipt or an invoice from a
 * purchase order, an invoice from a receipt; and `lines` of a draft purchase order, the page that adds awarded
 * lines of the purchase-order queue to it (D77).
 */
export const CREATE_FROM_ACTIONS = {
  orders: ['quote'], quotes: ['purchaseOrder'], 'purchase-orders': ['receipts', 'invoice', 'lines'], receipts: ['invoice'], invoices: [],
} as const satisfies Record<keyof typeof allowedActions, readonly string[]>;

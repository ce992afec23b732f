import type { Engine } from '../../engine/create-engine.ts';
import type { ResourceRecord } from '../../engine/data/types.ts';
import { PROCUREMENT_UI as T, type ActionText } from '../../i18n/procurement-ui.ts';
import type { ListActionContext, ListActionHandler } from '../../renderers/antd/list/action-registry.ts';
import {
  invoiceFromPurchaseOrder, notifyActionError, postAction, pricing, referenceOption, searchReferences, purchaseOrderFromProposal, purchaseOrderQueue, quotationQueue, quoteFromOrderLines,
  receiptFromPurchaseOrder, searchSuppliers, type ActionResult, type DocumentResource,
} from './api.ts';
import { commentField, prompt, type PromptField } from './prompt.tsx';

/**
 * The procurement record actions the screen files name (`procurement.orders.approve` in `screens/orders`
 * `view.actions`, gated by `serverAction`): each asks for its comment or motive (and whatever else the
 * action needs), posts with the record's version and reports the outcome; the server decides, its pt-BR
 * refusal becomes the error snackbar. The "criar a partir de" steps create the next document and open it.
 */

interface Spec {
  resource: DocumentResource;
  action: string;
  text: ActionText;
  /** A motive is mandatory (reject, cancel) — or only for some records. */
  required?: boolean | ((r: ResourceRecord) => boolean);
  danger?: boolean;
  /** More fields than the comment (read from the server when they need to be), and how they go into the body. */
  fields?: (r: ResourceRecord, engine: Engine) => PromptField[] | Promise<PromptField[]>;
  /** The comment travels as another field (`notes` of a receipt). */
  commentAs?: string;
  /** The success message, from the answer. */
  done?: (res: ActionResult) => { type: 'success' | 'warning'; message: string };
}

const isRequired = (spec: Spec, r: ResourceRecord) => (typeof spec.required === 'function' ? spec.required(r) : !!spec.required);

async function runSpec(ctx: ListActionContext, spec: Spec, record: ResourceRecord): Promise<boolean> {
  const { engine, modal } = ctx;
  const required = isRequired(spec, record);
  const comment = { ...commentField(required), ...(spec.commentAs === 'notes' ? { label: required ? 'Divergência (obrigatório)' : 'Observações (opcional)' } : {}) };
  try {
    const fields = (await spec.fields?.(record, engine)) ?? [];
    const values = await prompt(modal, { title: spec.text.title, okText: spec.text.okText, body: spec.text.body, danger: spec.danger, fields: [...fields, comment] });
    if (!values) return false;
    const { comment: text, ...rest } = values;
    const body: Record<string, unknown> = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== null));
    if (text !== null) body[spec.commentAs ?? 'comment'] = text;
    const res = await postAction(engine, spec.resource, String(record.id), Number(record.version), spec.action, body);
    const out = spec.done?.(res) ?? { type: 'success' as const, message: res.approvalQueue ? `${spec.text.done} ${T.sentToQueue(res.approvalQueue)}` : spec.text.done };
    engine.snackbars.push(out);
    return true;
  } catch (err) {
    notifyActionError(engine, err, T.actionFailed);
    return false;
  }
}

const REASON = new Set(['reject', 'cancel']);
const DANGER = new Set(['reject', 'cancel']);

const simple = (resource: DocumentResource, texts: Record<string, ActionText>, over: Record<string, Partial<Spec>> = {}): Record<string, Spec> =>
  Object.fromEntries(Object.entries(texts).map(([action, text]) => [action, { resource, action, text, required: REASON.has(action), danger: DANGER.has(action), ...over[action] }]));

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * "Aprovar e lançar": the payable's expense category and cost center, pre-filled from the invoice's
 * purchase order (the first, as the server takes it) and required when it has none (a catalogue order's
 * purchase order carries no category): the approval must not fail for what the approver can give.
 */
async function payableFields(invoice: ResourceRecord, engine: Engine): Promise<PromptField[]> {
  const poId = (Array.isArray(invoice.purchaseOrderIds) ? invoice.purchaseOrderIds.map(String).sort() : [])[0];
  const po = poId ? await engine.http.get<Record<string, unknown>>(pricing(engine, `purchase-orders/${encodeURIComponent(poId)}`)) : {};
  const [category, costCenter] = await Promise.all([
    typeof po.categoryId === 'string' ? referenceOption(engine, 'expense-categories', po.categoryId) : undefined,
    typeof po.costCenterId === 'string' ? referenceOption(engine, 'cost-centers', po.costCenterId) : undefined,
  ]);
  const org: Record<string, string> = typeof invoice.organizationId === 'string' ? { 'filter[organizationId][eq]': invoice.organizationId } : {};
  return [
    { name: 'categoryId', label: T.payableCategory, kind: 'search-one', required: true, requiredMessage: T.payableCategoryRequired,
      initial: category?.value, initialLabel: category?.label, search: (q) => searchReferences(engine, 'expense-categories', q) },
    { name: 'costCenterId', label: T.payableCostCenter, kind: 'search-one', required: true, requiredMessage: T.payableCostCenterRequired,
      initial: costCenter?.value, initialLabel: costCenter?.label, search: (q) => searchReferences(engine, 'cost-centers', q, org) },
  ];
}

export const SPECS: Record<string, Record<string, Spec>> = {
  orders: simple('orders', T.orders),
  quotes: simple('quotes', T.quotes, {
    send: {
      done: (res) => {
        const names = (res.skipped ?? []).map((s) => s.supplierName ?? s.name ?? s.supplierId);
        return names.length ? { type: 'warning', message: `${T.quotes.send.done} ${T.skipped(names.join(', '))}` } : { type: 'success', message: T.quotes.send.done };
      },
    },
  }),
  'purchase-orders': simple('purchase-orders', T.purchaseOrders, {
    send: { fields: () => [{ name: 'email', label: T.emailLabel, pattern: EMAIL, patternMessage: T.emailInvalid, maxLength: 200 }] },
  }),
  receipts: simple('receipts', T.receipts, {
    confirm: {
      commentAs: 'notes',
      required: (r) => !r.notes && Array.isArray(r.items) && (r.items as Record<string, unknown>[]).some((i) => Number(i.rejectedQuantity ?? 0) > 0),
    },
  }),
  invoices: simple('invoices', T.invoices, {
    approve: { required: (r) => r.status === 'COM_DIVERGENCIA', fields: payableFields },
    match: {
      done: (res) => {
        const n = Array.isArray(res.record.mismatches) ? res.record.mismatches.length : 0;
        return res.record.status === 'COM_DIVERGENCIA' ? { type: 'warning', message: T.matchedHeld(n) } : { type: 'success', message: T.matchedWithin };
      },
    },
  }),
};

const C = T.createFrom;
const open = (ctx: ListActionContext, path: string) => ctx.navigate?.(path);
const confirm = (ctx: ListActionContext, title: string, body: string, okText: string) => prompt(ctx.modal, { title, body, okText, fields: [] });

/** A quote with the order's lines still waiting for one (the quotation queue's lines of this order). */
async function quoteFromOrder(ctx: ListActionContext, order: ResourceRecord) {
  const queue = await quotationQueue(ctx.engine);
  const lines = queue.groups.flatMap((g) => g.lines).filter((l) => l.orderId === order.id).sort((a, b) => a.line - b.line);
  if (!lines.length) return void ctx.engine.snackbars.push({ type: 'info', message: C.quoteNothing });
  const v = await prompt(ctx.modal, {
    title: C.quoteTitle, body: C.quoteBody(lines.length), okText: C.quoteOk,
    fields: [{ name: 'invitedSupplierIds', label: C.suppliers, kind: 'search-many', required: true, requiredMessage: C.suppliersRequired, search: (q) => searchSuppliers(ctx.engine, q) }],
  });
  if (!v) return;
  const quote = await quoteFromOrderLines(ctx.engine, {
    lines: lines.map((l) => ({ orderId: l.orderId, line: l.line })), invitedSupplierIds: v.invitedSupplierIds as string[], ...(order.title ? { title: String(order.title) } : {}),
  });
  ctx.engine.snackbars.push({ type: 'success', message: C.quoteDone(String(quote.number ?? '')) });
  open(ctx, `/cotacoes/${encodeURIComponent(quote.id)}`);
}

/** The purchase order of each winning proposal still without one. */
async function purchaseOrdersFromQuote(ctx: ListActionContext, quote: ResourceRecord) {
  const queue = await purchaseOrderQueue(ctx.engine);
  const groups = queue.groups.filter((g) => g.lines[0]?.quoteId === quote.id);
  if (!groups.length) return void ctx.engine.snackbars.push({ type: 'info', message: C.poNothing });
  if (!(await confirm(ctx, C.poTitle, C.poBody(groups.length), C.poOk))) return;
  const made = [];
  for (const g of groups) made.push(await purchaseOrderFromProposal(ctx.engine, g.key));
  ctx.engine.snackbars.push({ type: 'success', message: C.poDone(made.map((p) => String(p.number ?? '')).join(', ')) });
  open(ctx, `/ordens-de-compra/${encodeURIComponent(made[0].id)}`);
}

async function receiptFromPo(ctx: ListActionContext, po: ResourceRecord) {
  if (!(await confirm(ctx, C.receiptTitle, C.receiptBody, C.receiptOk))) return;
  const receipt = await receiptFromPurchaseOrder(ctx.engine, String(po.id));
  ctx.engine.snackbars.push({ type: 'success', message: C.receiptDone(String(receipt.number ?? '')) });
  open(ctx, `/receipts/${encodeURIComponent(receipt.id)}/editar`);
}

const INVOICE_FIELDS: PromptField[] = [
  { name: 'documentType', label: C.documentType, kind: 'select', options: T.documentTypes, initial: 'NFE', required: true },
  { name: 'number', label: C.number, required: true, requiredMessage: C.numberInvalid, pattern: /^\d{1,9}$/, patternMessage: C.numberInvalid, maxLength: 9 },
  { name: 'series', label: C.series, initial: '1', maxLength: 3 },
  { name: 'accessKey', label: C.accessKey, pattern: /^[0-9A-Z]{44}$/, patternMessage: C.accessKeyRequired, maxLength: 44 },
];

async function invoiceFrom(ctx: ListActionContext, poId: string, receiptId: string | null) {
  const v = await prompt(ctx.modal, { title: receiptId ? C.invoiceFromReceiptTitle : C.invoiceTitle, body: C.invoiceBody, okText: C.invoiceOk, fields: INVOICE_FIELDS });
  if (!v) return;
  const body = Object.fromEntries(Object.entries({ purchaseOrderId: poId, receiptId, ...v }).filter(([, x]) => x !== null));
  const invoice = await invoiceFromPurchaseOrder(ctx.engine, body);
  ctx.engine.snackbars.push({ type: 'success', message: C.invoiceDone(String(invoice.number ?? '')) });
  open(ctx, `/invoices/${encodeURIComponent(invoice.id)}`);
}

const createFrom = (fn: (ctx: ListActionContext, r: ResourceRecord) => Promise<void>): ListActionHandler => ({
  async run(ctx) {
    const record = ctx.records[0];
    if (!record) return;
    try {
      await fn(ctx, record);
    } catch (err) {
      notifyActionError(ctx.engine, err, T.actionFailed);
    }
  },
});

/** Every procurement action by the key the screen files name. */
export const procurementActions: Record<string, ListActionHandler> = {
  'procurement.orders.quote': createFrom(quoteFromOrder),
  'procurement.quotes.purchaseOrder': createFrom(purchaseOrdersFromQuote),
  'procurement.purchaseOrders.receipts': createFrom(receiptFromPo),
  'procurement.purchaseOrders.invoice': createFrom((ctx, po) => invoiceFrom(ctx, String(po.id), null)),
  // The page that adds awarded lines of the purchase-order queue to this draft (D77).
  'procurement.purchaseOrders.lines': createFrom(async (ctx, po) => void open(ctx, `/ordens-de-compra/adicionar-itens?ordem=${encodeURIComponent(String(po.id))}`)),
  'procurement.receipts.invoice': createFrom((ctx, r) => invoiceFrom(ctx, String(r.purchaseOrderId), String(r.id))),
};

const NAMES: Record<string, string> = { orders: 'orders', quotes: 'quotes', 'purchase-orders': 'purchaseOrders', receipts: 'receipts', invoices: 'invoices' };
for (const [resource, specs] of Object.entries(SPECS)) {
  for (const [action, spec] of Object.entries(specs)) {
    procurementActions[`procurement.${NAMES[resource]}.${action}`] = {
      async run(ctx) {
        for (const r of ctx.records) if (!(await runSpec(ctx, spec, r))) return;
      },
    };
  }
}


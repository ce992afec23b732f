import type { Engine } from '../../engine/create-engine.ts';
import { HttpError } from '../../engine/http/errors.ts';

/**
 * The procurement workflow API (server/procurement/workflow, docs/resources-procurement.md "API das ações")
 * as typed calls: every action sends the version it acts on (If-Match).
 */

export type DocumentResource = 'orders' | 'quotes' | 'purchase-orders' | 'receipts' | 'invoices';

const SERVICE: Record<DocumentResource, string> = {
  orders: 'supplyManagement', quotes: 'pricing', 'purchase-orders': 'pricing', receipts: 'pricing', invoices: 'pricing',
};

export const pricing = (engine: Engine, path: string) => `${engine.api.service('pricing')}/${path}`;
export const docUrl = (engine: Engine, resource: DocumentResource, path: string) => `${engine.api.service(SERVICE[resource])}/${resource}/${path}`;

export interface ActionResult {
  record: Record<string, unknown> & { id: string; version: number; status: string };
  approvalQueue: string | null;
  skipped?: { supplierId: string; name?: string; supplierName?: string }[];
}

/** `POST …/{resource}/{id}/{action}` with If-Match. */
export function postAction(engine: Engine, resource: DocumentResource, id: string, version: number, action: string, body: Record<string, unknown>) {
  return engine.http.post<ActionResult>(docUrl(engine, resource, `${encodeURIComponent(id)}/${action}`), body, { headers: { 'If-Match': `W/"${version}"` } });
}

export interface QuotationLine {
  orderId: string;
  orderNumber: string;
  line: number;
  description: string;
  quantity: number;
  unit: string | null;
  unitPrice: number | null;
  estimatedTotal: number | null;
  costCenterId: string | null;
  neededBy: string | null;
  priority: string | null;
  categoryName: string | null;
  supplierName: string | null;
}

export interface PoQueueLine {
  requestId: string;
  quoteId: string;
  quoteNumber: string;
  supplierId: string;
  supplierName: string;
  quoteLine: number;
  description: string;
  quantity: number;
  unit: string | null;
  unitPrice: number;
  total: number;
  paymentTerms: string | null;
  deliveryDays: number | null;
  awardedAt: string | null;
}

export interface QueueGroup<L> {
  key: string;
  label: string;
  total: number;
  lines: L[];
}

export const quotationQueue = (engine: Engine, groupBy: 'category' | 'supplier' = 'category') =>
  engine.http.get<{ count: number; groups: QueueGroup<QuotationLine>[] }>(pricing(engine, 'quotation-queue'), { params: { groupBy } });

export const purchaseOrderQueue = (engine: Engine) => engine.http.get<{ count: number; groups: QueueGroup<PoQueueLine>[] }>(pricing(engine, 'purchase-order-queue'));

type Created = Record<string, unknown> & { id: string; number?: string; version: number };

export const quoteFromOrderLines = (engine: Engine, body: { lines: { orderId: string; line: number }[]; title?: string; invitedSupplierIds?: string[] }) =>
  engine.http.post<Created>(pricing(engine, 'quotes/from-order-lines'), body);

/** `POST pricing/v1/quotes/{id}/lines` with If-Match: queued order lines appended to an open quote (D72). */
export const addLinesToQuote = (engine: Engine, quoteId: string, version: number, lines: { orderId: string; line: number }[]) =>
  engine.http.post<ActionResult>(pricing(engine, `quotes/${encodeURIComponent(quoteId)}/lines`), { lines }, { headers: { 'If-Match': `W/"${version}"` } });

/** `POST pricing/v1/purchase-orders/{id}/lines` with If-Match: awarded quote lines appended to a draft purchase order (D77). */
export const addLinesToPurchaseOrder = (engine: Engine, poId: string, version: number, lines: { quoteId: string; line: number }[]) =>
  engine.http.post<ActionResult>(pricing(engine, `purchase-orders/${encodeURIComponent(poId)}/lines`), { lines }, { headers: { 'If-Match': `W/"${version}"` } });

export const purchaseOrderFromProposal = (engine: Engine, requestId: string, body: Record<string, unknown> = {}) =>
  engine.http.post<Created>(pricing(engine, `quote-requests/${encodeURIComponent(requestId)}/purchase-order`), body);

export const receiptFromPurchaseOrder = (engine: Engine, poId: string, body: Record<string, unknown> = {}) =>
  engine.http.post<Created>(pricing(engine, `purchase-orders/${encodeURIComponent(poId)}/receipts`), body);

export const invoiceFromPurchaseOrder = (engine: Engine, body: Record<string, unknown>) => engine.http.post<Created>(pricing(engine, 'invoices/from-purchase-order'), body);

/** A refused action: a 409 is a workflow refusal (status, queue, stale version); the server's pt-BR reason follows. */
export function notifyActionError(engine: Engine, err: unknown, message: string): void {
  engine.notifyError(err, err instanceof HttpError && err.status === 409 ? { message } : {});
}

/** Companies that may be invited (fornecedor, prestador, transportadora), by name or document: `[{ value, label }]`. */
export async function searchSuppliers(engine: Engine, q: string): Promise<{ value: string; label: string }[]> {
  const rows = await engine.http.get<{ id: string; legalName: string; tradeName: string | null; email: string | null }[]>(pricing(engine, 'suppliers'), { params: q ? { q } : {} });
  return rows.map((r) => ({ value: r.id, label: `${r.tradeName || r.legalName}${r.email ? '' : ' (sem e-mail)'}` }));
}

type Reference = 'expense-categories' | 'cost-centers';
type Analytic = { id: string; code?: string; name?: string };
const referenceUrl = (engine: Engine, resource: Reference, path = '') => `${engine.api.service('accountsPayable')}/${resource}${path}`;
const optionOf = (r: Analytic) => ({ value: r.id, label: [r.code, r.name].filter(Boolean).join(' — ') });

/** Analytic, active expense categories or cost centers matching `q` (code or name), as `{ value, label }`. */
export async function searchReferences(engine: Engine, resource: Reference, q: string, filters: Record<string, string> = {}) {
  const params: Record<string, string> = { 'filter[type][eq]': 'A', 'filter[active][eq]': 'true', pageSize: '50', sort: 'code', ...filters, ...(q.trim() ? { q: q.trim() } : {}) };
  return (await engine.http.get<Analytic[]>(referenceUrl(engine, resource), { params })).map(optionOf);
}

/** One expense category or cost center as an option (a pre-filled choice); undefined when unreadable. */
export async function referenceOption(engine: Engine, resource: Reference, id: string) {
  try {
    return optionOf(await engine.http.get<Analytic>(referenceUrl(engine, resource, `/${encodeURIComponent(id)}`)));
  } catch {
    return { value: id, label: id };
  }
}

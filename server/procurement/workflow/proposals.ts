import { lineTotal, type Proposal } from '../../../src/engine/procurement/comparison.ts';
import { PROCUREMENT_WORKFLOW_MESSAGES as M } from '../../../src/i18n/procurement-workflow.ts';
import type { Queryable } from '../../db/index.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Engine } from '../../resources/index.ts';
import { insertRows, updateRow } from '../../finance/rows.ts';
import { selectExpr } from '../../resources/fields.ts';
import { itemsOf, num, type Row } from './common.ts';

/**
 * Orçamentos (`quote-requests`): one per invited supplier of a quote, created when the quote is sent or a
 * proposal is recorded; the proposal's prices per line, freight, terms, delivery and validity. Shared by the
 * buyer's "registrar orçamento" and the supplier's own link.
 */

export interface ProposalInput {
  channel: 'PORTAL' | 'EMAIL' | 'TELEFONE' | 'PDF';
  validUntil?: string | null;
  deliveryDays?: number | null;
  paymentTerms?: string | null;
  freightType?: string | null;
  freightAmount?: number | null;
  discount?: number | null;
  items?: { quoteLine: number; unitPrice: number | null; brand?: string | null; notes?: string | null }[];
  attachmentFileId?: string | null;
  notes?: string | null;
  /** The supplier declined to quote. */
  declined?: boolean;
}

/** The request of `supplierId` in `quote` (locked), created when missing. */
export async function requestOf(q: Queryable, engine: Engine, quote: Row, supplierId: string, actor: string | null): Promise<Row> {
  const def = engine.registry.get('quote-requests')!;
  const { rows } = await q.query<{ id: string }>(
    `SELECT id FROM quote_requests WHERE quote_id = $1::uuid AND supplier_id = $2::uuid AND deleted_at IS NULL ORDER BY created_at DESC LIMIT 1`,
    [quote.id, supplierId],
  );
  if (rows[0]) {
    const locked = await q.query<Row>(`SELECT ${def.selectList} FROM quote_requests WHERE id = $1::uuid FOR UPDATE`, [rows[0].id]);
    return locked.rows[0];
  }
  const supplier = await q.query<{ legal_name: string }>('SELECT legal_name FROM companies WHERE id = $1::uuid', [supplierId]);
  const [created] = await insertRows(q, def, [{
    organizationId: quote.organizationId,
    quoteId: quote.id,
    supplierId,
    label: `${String(quote.number)} — ${supplier.rows[0]?.legal_name ?? ''}`.slice(0, 300),
    status: 'PENDENTE',
    items: itemsOf(quote).map((it, i) => ({ quoteLine: i + 1, description: it.description, quantity: it.quantity, unitPrice: null, total: null, brand: null, notes: null })),
    freightAmount: 0,
    discount: 0,
    itemsTotal: 0,
    totalAmount: 0,
  }], actor as string);
  return created;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const money = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : null);

/** Checks a proposal's body against the quote (400 field by field) and writes it on its request. */
export async function recordProposal(q: Queryable, engine: Engine, quote: Row, request: Row, input: ProposalInput, actor: string | null): Promise<Row> {
  const errors: Record<string, string[]> = {};
  const lines = itemsOf(quote);
  const prices = new Map<number, { unitPrice: number | null; brand: string | null; notes: string | null }>();
  (input.items ?? []).forEach((it, i) => {
    if (!Number.isInteger(it.quoteLine) || !lines[it.quoteLine - 1]) errors[`items.${i}.quoteLine`] = [M.proposalLine(it.quoteLine)];
    else if (it.unitPrice !== null && money(it.unitPrice) === null) errors[`items.${i}.unitPrice`] = ['Informe um valor em centavos, zero ou mais.'];
    else prices.set(it.quoteLine, { unitPrice: it.unitPrice, brand: it.brand ?? null, notes: it.notes ?? null });
  });
  if (!input.declined && ![...prices.values()].some((p) => p.unitPrice !== null)) errors.items = [M.proposalLines];
  const today = new Date().toISOString().slice(0, 10);
  if (input.validUntil && (!DATE.test(input.validUntil) || input.validUntil < today)) errors.validUntil = [M.proposalValidity];
  for (const f of ['freightAmount', 'discount'] as const) if (input[f] != null && money(input[f]) === null) errors[f] = ['Informe um valor em centavos, zero ou mais.'];
  if (input.deliveryDays != null && (!Number.isInteger(input.deliveryDays) || input.deliveryDays < 0 || input.deliveryDays > 365)) errors.deliveryDays = ['Entre 0 e 365 dias.'];
  if (Object.keys(errors).length) throw badRequest(errors);
  const items = lines.map((it, i) => {
    const p = prices.get(i + 1);
    const unitPrice = input.declined ? null : (p?.unitPrice ?? null);
    return { quoteLine: i + 1, description: it.description, quantity: it.quantity, unitPrice, total: unitPrice === null ? null : lineTotal(num(it.quantity), unitPrice), brand: p?.brand ?? null, notes: p?.notes ?? null };
  });
  const itemsTotal = items.reduce((s, it) => s + (it.total ?? 0), 0);
  const freightAmount = money(input.freightAmount) ?? 0;
  const discount = money(input.discount) ?? 0;
  return updateRow(q, engine.registry.get('quote-requests')!, request, {
    status: input.declined ? 'DECLINADO' : 'RECEBIDO',
    channel: input.channel,
    receivedAt: new Date().toISOString(),
    validUntil: input.validUntil ?? null,
    deliveryDays: input.deliveryDays ?? null,
    paymentTerms: input.paymentTerms?.trim().slice(0, 60) || null,
    freightType: input.freightType ?? null,
    freightAmount,
    discount,
    items,
    itemsTotal,
    totalAmount: Math.max(0, itemsTotal + freightAmount - discount),
    attachmentFileId: input.attachmentFileId ?? request.attachmentFileId ?? null,
    notes: input.notes?.trim().slice(0, 2000) || null,
  }, actor as string);
}

/** A received request as the comparison map's proposal. */
export const asProposal = (r: Row, supplierName?: string): Proposal => ({
  supplierId: String(r.supplierId),
  supplierName,
  prices: Object.fromEntries(itemsOf(r).map((it) => [num(it.quoteLine), typeof it.unitPrice === 'number' ? it.unitPrice : null])),
  freightAmount: num(r.freightAmount),
  discount: num(r.discount),
  paymentTerms: (r.paymentTerms as string) ?? null,
  deliveryDays: typeof r.deliveryDays === 'number' ? r.deliveryDays : null,
  validUntil: (r.validUntil as string) ?? null,
});

/** The quote's requests (API shape, locked), with the supplier's name. */
export async function requestsOf(q: Queryable, engine: Engine, quoteId: string, lock = false): Promise<(Row & { supplierName: string })[]> {
  const def = engine.registry.get('quote-requests')!;
  const { rows } = await q.query<Row & { supplierName: string }>(
    `SELECT ${[...def.fields.values()].filter((f) => !f.writeOnly).map((f) => selectExpr(f, 'r.')).join(', ')}, c.legal_name AS "supplierName"
       FROM quote_requests r JOIN companies c ON c.id = r.supplier_id
      WHERE r.quote_id = $1::uuid AND r.deleted_at IS NULL ORDER BY c.legal_name, r.id${lock ? ' FOR UPDATE OF r' : ''}`,
    [quoteId],
  );
  return rows;
}

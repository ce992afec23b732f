import type { Engine } from '../../../engine/create-engine.ts';
import { pricing } from '../api.ts';

/** A supplier's proposal in a quote (`quote-requests`, read through the generic API; written by the quote's actions). */
export interface QuoteRequest {
  id: string;
  quoteId: string;
  supplierId: string;
  label: string;
  status: string;
  channel: string | null;
  invitedAt: string | null;
  invitedEmail: string | null;
  receivedAt: string | null;
  validUntil: string | null;
  deliveryDays: number | null;
  paymentTerms: string | null;
  freightType: string | null;
  freightAmount: number;
  discount: number;
  items: { quoteLine: number; description: string; quantity: number; unitPrice: number | null; total: number | null; brand?: string | null; notes?: string | null }[];
  itemsTotal: number;
  totalAmount: number;
  attachmentFileId: string | null;
  notes: string | null;
}

export const proposals = (engine: Engine, status: string[] | null) =>
  engine.http.get<QuoteRequest[]>(pricing(engine, 'quote-requests'), { params: { sort: '-createdAt', pageSize: 200, ...(status ? { 'filter[status][in]': status } : {}) } });

export const proposalOf = (engine: Engine, id: string) => engine.http.get<QuoteRequest>(pricing(engine, `quote-requests/${encodeURIComponent(id)}`));

import type { Engine } from '../../../engine/create-engine.ts';
import type { ComparisonMap, Proposal, QuoteLine } from '../../../engine/procurement/comparison.ts';
import { pricing } from '../api.ts';

/** `GET pricing/v1/quotes/{id}/comparison` (server/procurement/workflow/quotes.ts): the same numbers the award checks. */
export interface Comparison {
  quote: { id: string; number: string; status: string; minimumQuotes: number };
  discountRatePercent: number;
  lines: QuoteLine[];
  requests: { id: string; supplierId: string; supplierName: string; status: string; channel: string | null; receivedAt: string | null; version: number }[];
  proposals: Proposal[];
  map: ComparisonMap;
  lowest: { award: Record<number, string>; cost: number } | null;
}

export interface QuoteRow {
  id: string;
  number: string;
  title: string;
  status: string;
  version: number;
  responseDeadline: string | null;
  awardJustification?: string | null;
}

export const comparison = (engine: Engine, id: string) => engine.http.get<Comparison>(pricing(engine, `quotes/${encodeURIComponent(id)}/comparison`));
export const quoteOf = (engine: Engine, id: string) => engine.http.get<QuoteRow>(pricing(engine, `quotes/${encodeURIComponent(id)}`));

/** Quotes with proposals coming or in: sent and in analysis, newest first. */
export const quotesToAnalyse = (engine: Engine) =>
  engine.http.get<QuoteRow[]>(pricing(engine, 'quotes'), { params: { 'filter[status][in]': ['EM_ANALISE', 'ENVIADA'], sort: '-openingDate,-number', pageSize: 100 } });

/**
 * The comparison map (mapa de cotação) in integer centavos: per line the best unit price, per supplier the
 * total cost with freight and payment terms brought to present value, and the check of an award — by
 * supplier or by line — against the lowest total (a justification is required otherwise). Pure: the server
 * awards with it, the screen draws the same numbers.
 */
import { exactProduct } from '../schema/computed.ts';
import { presentValueFactor } from './terms.ts';

export interface QuoteLine {
  /** 1-based position in the quote. */
  line: number;
  description: string;
  quantity: number;
}

export interface Proposal {
  supplierId: string;
  supplierName?: string;
  /** Unit price per quote line (centavos); absent or null = not quoted. */
  prices: Readonly<Record<number, number | null | undefined>>;
  freightAmount: number;
  discount: number;
  paymentTerms: string | null;
  deliveryDays: number | null;
  /** `AAAA-MM-DD`; expired proposals cannot win. */
  validUntil: string | null;
}

/** Line total rounded half away from zero, like the schemas' `x-computed` product. */
export const lineTotal = (quantity: number, unitPrice: number) => exactProduct([quantity, unitPrice]) ?? 0;

export interface SupplierTotals {
  supplierId: string;
  /** Σ quantity × price of the lines it quoted. */
  itemsTotal: number;
  /** Items + freight − discount, at face value. */
  total: number;
  /** The same paid under its terms, in today's money (centavos). */
  presentValue: number;
  factor: number;
  /** It priced every line. */
  complete: boolean;
  expired: boolean;
}

export interface LineBest {
  line: number;
  /** Lowest unit price among valid proposals (null: nobody quoted it). */
  bestPrice: number | null;
  /** Suppliers at that price (ties share the highlight). */
  bestSupplierIds: string[];
}

export interface ComparisonMap {
  lines: LineBest[];
  suppliers: SupplierTotals[];
  /** The complete, valid proposal with the lowest present value (award by supplier). */
  lowestSupplierId: string | null;
}

const isExpired = (p: Proposal, today: string) => !!p.validUntil && p.validUntil < today;

/**
 * @example compareProposals(lines, proposals, { monthlyRate: 0.01, today: '2026-03-10' }).lowestSupplierId
 */
export function compareProposals(lines: readonly QuoteLine[], proposals: readonly Proposal[], opts: { monthlyRate: number; today: string }): ComparisonMap {
  const suppliers = proposals.map((p): SupplierTotals => {
    const quoted = lines.filter((l) => typeof p.prices[l.line] === 'number');
    const itemsTotal = quoted.reduce((s, l) => s + lineTotal(l.quantity, p.prices[l.line] as number), 0);
    const total = itemsTotal + p.freightAmount - p.discount;
    const factor = presentValueFactor(p.paymentTerms, opts.monthlyRate);
    return { supplierId: p.supplierId, itemsTotal, total, factor, presentValue: Math.round(total * factor), complete: quoted.length === lines.length, expired: isExpired(p, opts.today) };
  });
  const valid = proposals.filter((p) => !isExpired(p, opts.today));
  const best = lines.map((l): LineBest => {
    const priced = valid.filter((p) => typeof p.prices[l.line] === 'number');
    const bestPrice = priced.length ? Math.min(...priced.map((p) => p.prices[l.line] as number)) : null;
    return { line: l.line, bestPrice, bestSupplierIds: priced.filter((p) => p.prices[l.line] === bestPrice).map((p) => p.supplierId) };
  });
  const candidates = suppliers.filter((s) => s.complete && !s.expired).sort((a, b) => a.presentValue - b.presentValue || (a.supplierId < b.supplierId ? -1 : 1));
  return { lines: best, suppliers, lowestSupplierId: candidates[0]?.supplierId ?? null };
}

/** line → supplier: the whole award, by supplier (every line to one) or by line. */
export type Award = Readonly<Record<number, string>>;

/**
 * Present-value cost of an award: per supplier involved, its awarded lines plus its whole freight, less
 * its discount prorated by the share of its quoted items that it won, all brought to present value by its terms.
 */
export function awardCost(lines: readonly QuoteLine[], proposals: readonly Proposal[], award: Award, monthlyRate: number): number {
  let cost = 0;
  for (const p of proposals) {
    const won = lines.filter((l) => award[l.line] === p.supplierId);
    if (!won.length) continue;
    const quotedTotal = lines.reduce((s, l) => s + (typeof p.prices[l.line] === 'number' ? lineTotal(l.quantity, p.prices[l.line] as number) : 0), 0);
    const wonTotal = won.reduce((s, l) => s + lineTotal(l.quantity, p.prices[l.line] ?? 0), 0);
    const discount = quotedTotal > 0 ? Math.round((p.discount * wonTotal) / quotedTotal) : 0;
    cost += Math.round((wonTotal + p.freightAmount - discount) * presentValueFactor(p.paymentTerms, monthlyRate));
  }
  return cost;
}

/**
 * The cheapest award we can name without a search over every combination: the best complete proposal
 * (award by supplier) or every line to its best price (award by line, freight of each supplier involved),
 * whichever costs less in present value.
 */
export function lowestAward(lines: readonly QuoteLine[], proposals: readonly Proposal[], opts: { monthlyRate: number; today: string }): { award: Award; cost: number } | null {
  const map = compareProposals(lines, proposals, opts);
  const options: Award[] = [];
  if (map.lowestSupplierId) options.push(Object.fromEntries(lines.map((l) => [l.line, map.lowestSupplierId!])));
  if (map.lines.every((l) => l.bestSupplierIds.length)) options.push(Object.fromEntries(map.lines.map((l) => [l.line, [...l.bestSupplierIds].sort()[0]])));
  const valid = proposals.filter((p) => !isExpired(p, opts.today));
  const costed = options.map((award) => ({ award, cost: awardCost(lines, valid, award, opts.monthlyRate) })).sort((a, b) => a.cost - b.cost);
  return costed[0] ?? null;
}

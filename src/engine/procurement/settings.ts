/**
 * The procurement settings an implementer changes without code (`procurement-settings`, one record per
 * organization, screen Configurações → Compras): tolerances of the receipt and of the three-way match, the
 * discount rate of the comparison map, and the supplier link's validity. Absent record or field → these
 * defaults (docs/resources-procurement.md "Configuração").
 */
export interface ProcurementSettings {
  /** Receiving more than ordered: accepted up to this % over the ordered quantity of a line. */
  overReceiptPercent: number;
  /** Three-way match: invoiced quantity above the received one by more than this % of the ordered line. */
  quantityTolerancePercent: number;
  /** Three-way match: invoiced unit price above or below the purchase order's by more than this %. */
  priceTolerancePercent: number;
  /** Three-way match: the invoice's products total may differ from the expected one by up to this (centavos). */
  totalToleranceAmount: number;
  /** Comparison map: monthly rate bringing each proposal's payments to present value (1 = 1 % a.m.). */
  discountRatePercent: number;
  /** Days a supplier's quote link stays valid after sending. */
  portalLinkDays: number;
}

export const DEFAULT_PROCUREMENT_SETTINGS: ProcurementSettings = {
  overReceiptPercent: 5,
  quantityTolerancePercent: 0,
  priceTolerancePercent: 1,
  totalToleranceAmount: 1000,
  discountRatePercent: 1,
  portalLinkDays: 30,
};

/** The stored record (API field names) over the defaults; missing or null fields keep the default. */
export function settingsOf(record: Partial<Record<keyof ProcurementSettings, unknown>> | null | undefined): ProcurementSettings {
  const out = { ...DEFAULT_PROCUREMENT_SETTINGS };
  for (const k of Object.keys(out) as (keyof ProcurementSettings)[]) {
    const v = record?.[k];
    if (typeof v === 'number' && Number.isFinite(v) && v >= 0) out[k] = v;
  }
  return out;
}

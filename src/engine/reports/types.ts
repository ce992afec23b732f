/** A line of an accounting report (DRE, DFC, balanço) as the finance-reporting API answers it: amounts in centavos. */
export interface ReportRow {
  code: string;
  label: string;
  level: number;
  kind: 'section' | 'group' | 'account' | 'total';
  amount: number;
  previous?: number;
  lastYear?: number;
  verticalPct?: number | null;
  horizontalPct?: number | null;
  /** Drill-down: the analytical report's filter for this figure. */
  drill?: Record<string, string>;
}

/**
 * The permission resources of the finance reports (spec: AccountingReport, CashFlow, AnalyticalReport). No schema
 * names them: the server's report routes guard by them, the navigation points at them, check:metadata knows them.
 */
export const REPORT_PERMISSIONS = { accounting: 'accounting-reports', cashFlow: 'cash-flows', analytical: 'analytical-reports' } as const;

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Engine } from '../../engine/create-engine.ts';
import { useEngine } from '../../react/context.ts';
import type { ReportRow } from '../../engine/reports/types.ts';

/** The finance-reporting API (server/reports, docs/reports.md): amounts in integer centavos. */

export type { ReportRow };

export interface AccountingReport {
  report: 'dre' | 'dfc' | 'balanco';
  from?: string;
  to?: string;
  date?: string;
  rows: ReportRow[];
  totals: Record<string, number>;
  /** DRE: the cost centers' budgets for the period against costs + operating expenses. */
  budget?: { orcamento: number; realizado: number; consumoPct: number | null; costCenters: BudgetLine[] } | null;
}

/** Budget vs actual of one cost center with a monthly budget (its costs + operating expenses in the period). */
export interface BudgetLine {
  costCenterId: string;
  code: string;
  name: string;
  orcamento: number;
  realizado: number;
  diferenca: number;
  consumoPct: number | null;
}

export interface CashFlowRow {
  period: string;
  label: string;
  realizedIn: number;
  realizedOut: number;
  projectedIn: number;
  projectedOut: number;
  net: number;
  balance: number;
}

export interface CashFlow {
  rows: CashFlowRow[];
  totals: Record<string, number>;
  negativePeriods: string[];
}

export interface AnalyticalLine {
  id: string;
  date: string;
  competence: string;
  kind: string;
  description: string;
  ledgerAccountCode: string;
  ledgerAccountName: string;
  debit: number;
  credit: number;
  amount: number;
  costCenterName: string | null;
  bankAccountName: string | null;
  partyName: string | null;
  documentPath: string | null;
}

export interface Analytical {
  total: number;
  totals: { debit: number; credit: number };
  items: AnalyticalLine[];
}

export type Params = Record<string, string | string[] | undefined>;

const fr = (engine: Engine, path: string) => `${engine.api.service('financeReporting')}/${path}`;
const clean = (p: Params) => Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && !v.length))) as Record<string, string | string[]>;

function useReportQuery<T>(key: string, path: string, params: Params, enabled = true) {
  const engine = useEngine();
  return useQuery({
    queryKey: ['finance-reporting', key, params],
    queryFn: ({ signal }) => engine.http.get<T>(fr(engine, path), { params: clean(params), signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const useAccountingReport = (report: 'dre' | 'dfc' | 'balanco', params: Params) => useReportQuery<AccountingReport>(report, `accounting-reports/${report}`, params);
export const useCashFlow = (params: Params) => useReportQuery<CashFlow>('cash-flow', 'cash-flows', params);
export interface AgingBucket {
  key: string;
  label: string;
  amount: number;
  count: number;
}
export interface Aging {
  date: string;
  pagar: AgingBucket[];
  receber: AgingBucket[];
}
/** `enabled: false` where the page does not show aging (the DRE dashboard): nothing is asked. */
export const useAging = (params: Params, enabled = true) => useReportQuery<Aging>('aging', 'agings', params, enabled);
export const useAnalytical = (params: Params) => useReportQuery<Analytical>('analytical', 'analytical-reports', params);

/** Organizations, cost centers, departments and projects for the filters (what the caller may see; none when it may not read them). */
export function useFilterOptions() {
  const engine = useEngine();
  return useQuery({
    queryKey: ['finance-reporting', 'filter-options'],
    queryFn: async ({ signal }) => {
      const get = (service: string, path: string) =>
        engine.http.get<{ id: string; name: string; code?: string }[]>(`${engine.api.service(service)}/${path}`, { params: { pageSize: 200, sort: path === 'organizations' ? 'name' : 'code' }, signal }).catch(() => []);
      const [organizations, costCenters, departments, projects] = await Promise.all([
        get('identity', 'organizations'), get('accountsPayable', 'cost-centers'), get('accountsPayable', 'departments'), get('accountsPayable', 'projects'),
      ]);
      return { organizations, costCenters, departments, projects };
    },
    staleTime: 5 * 60_000,
  });
}

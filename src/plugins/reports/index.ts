import type { Plugin } from '../../react/plugin.ts';

/**
 * Reports (issue 12, docs/reports.md): the statements over the general ledger (DRE, DFC, balanço), the fluxo de
 * caixa, the analytical report and the dashboards, under /bi. Each page a lazy chunk with its permission.
 */
const ACCOUNTING = { permission: 'accounting-reports', scope: 'read', label: 'Demonstrativos contábeis' } as const;
const CASH = { permission: 'cash-flows', scope: 'read', label: 'Fluxo de caixa' } as const;
const ANALYTICAL = { permission: 'analytical-reports', scope: 'read', label: 'Relatório analítico' } as const;

const statement = () => import('./StatementReportPage.tsx');
const dashboard = () => import('./DashboardPage.tsx');

export const reportsPlugin: Plugin = {
  name: 'reports',
  routes: [
    { path: '/bi/relatorios/dre', layout: 'default', title: 'DRE', access: ACCOUNTING, load: statement },
    { path: '/bi/relatorios/dfc', layout: 'default', title: 'DFC', access: ACCOUNTING, load: statement },
    { path: '/bi/relatorios/balanco', layout: 'default', title: 'Balanço Patrimonial', access: ACCOUNTING, load: statement },
    { path: '/bi/relatorios/fluxo-de-caixa', layout: 'default', title: 'Fluxo de caixa', access: CASH, load: () => import('./CashFlowPage.tsx') },
    { path: '/bi/relatorios/analitico', layout: 'default', title: 'Relatório analítico', access: ANALYTICAL, load: () => import('./AnalyticalPage.tsx') },
    { path: '/bi/dashboards', layout: 'default', title: 'Painel financeiro', access: ACCOUNTING, load: dashboard },
    { path: '/bi/dashboards/dre', layout: 'default', title: 'Painel da DRE', access: ACCOUNTING, load: dashboard },
    { path: '/bi/dashboards/dfc', layout: 'default', title: 'Painel do caixa', access: ACCOUNTING, load: dashboard },
  ],
  redirects: { '/bi/relatorios': '/bi/relatorios/dre', '/bi': '/bi/dashboards' },
};

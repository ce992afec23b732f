import { accessPlugin } from '../plugins/access/index.ts';
import { approvalsPlugin } from '../plugins/approvals/index.ts';
import { authPlugin } from '../plugins/auth/index.ts';
import { financePlugin } from '../plugins/finance/index.ts';
import { procurementPlugin } from '../plugins/procurement/index.ts';
import { reconciliationPlugin } from '../plugins/reconciliation/index.ts';
import { reportsPlugin } from '../plugins/reports/index.ts';
import type { AppRoute, Plugin } from '../react/plugin.ts';
import { screenRoutes } from '../renderers/antd/screen-routes.tsx';

/** Plugins contribute pages and redirects. Add a plugin here: one line. */
export const plugins: Plugin[] = [authPlugin, financePlugin, accessPlugin, approvalsPlugin, reportsPlugin, procurementPlugin, reconciliationPlugin];

/**
 * Pages that belong to no plugin. The metadata engine's list/add/view/edit routes are added here with one
 * spread (`...screenRoutes`), each `{ path, layout, load }`.
 */
export const appRoutes: AppRoute[] = [
  { path: '/', layout: 'default', title: 'Início', load: () => import('../renderers/antd/pages/HomePage.tsx') },
  { path: '/dev/form-100', layout: 'default', title: 'Formulário de 100 campos', load: () => import('../renderers/antd/form/dev/Form100Page.tsx') },
  ...screenRoutes,
];

export const allRoutes = (): AppRoute[] => [...appRoutes, ...plugins.flatMap((p) => p.routes)];
export const allRedirects = (): Record<string, string> => Object.assign({}, ...plugins.map((p) => p.redirects ?? {}));

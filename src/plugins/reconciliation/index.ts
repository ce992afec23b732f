import type { Plugin } from '../../react/plugin.ts';

/**
 * Bank reconciliation (issue 13, docs/reconciliation.md): the account's reconciliation page, a lazy chunk.
 * Reads `GET bank-accounts/{id}/reconciliation`; the server enforces the `reconcilables` scopes and record scope.
 */
export const reconciliationPlugin: Plugin = {
  name: 'reconciliation',
  routes: [
    {
      path: '/contas-financeiras/:bankAccountId/conciliacao-de-conta',
      layout: 'default',
      title: 'Conciliação de conta',
      access: { permission: 'reconcilables', scope: 'read', label: 'Conciliação bancária' },
      load: () => import('./ReconciliationPage.tsx'),
    },
  ],
};

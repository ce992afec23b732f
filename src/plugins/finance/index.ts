import { FINANCE_PERMISSIONS } from '../../engine/finance/permissions.ts';
import type { Plugin } from '../../react/plugin.ts';
import { registerFinanceActions } from './actions.ts';

/**
 * Finance (contas a pagar e a receber). The lançamentos and parcelamentos screens are metadata
 * (`screens/payables`, `screens/payable-installments`, …); this plugin adds what JSON does not say: the
 * module paths of the menu open their first page; the workflow actions the screens name
 * (`finance.payables.submit`, `…approve`, `…return`, `…cancel`, `…reverse`, `finance.receivables.…`); the
 * requester queue, the payment queue and an account's statement, which are pages of their own (selection
 * with running totals, batch authorization and payment, running balances). Every page is a lazy chunk.
 */
registerFinanceActions();

const paymentQueue = () => import('./PaymentQueuePage.tsx');
const requesterQueue = () => import('./RequesterQueuePage.tsx');

/** What each queue's API reads (server/finance/workflow/routes.ts): without it the guard shows the 403 page. */
const REQUESTER = { permission: FINANCE_PERMISSIONS.requesterQueue, scope: 'read', label: 'Fila do Solicitante' };
const PAYMENT_QUEUE = { permission: FINANCE_PERMISSIONS.paymentQueue, scope: 'read', label: 'Fila de Pagamentos' };

export const financePlugin: Plugin = {
  name: 'finance',
  routes: [
    { path: '/fila-do-solicitante/lancamentos', layout: 'default', title: 'Fila do Solicitante', access: REQUESTER, load: requesterQueue },
    { path: '/fila-do-solicitante/parcelamentos', layout: 'default', title: 'Fila do Solicitante', access: REQUESTER, load: requesterQueue },
    ...['lancamentos', 'parcelamentos'].flatMap((view) =>
      ['fila', 'autorizados'].map((stage) => ({ path: `/fila-de-pagamentos/${view}/${stage}`, layout: 'default' as const, title: 'Fila de Pagamentos', access: PAYMENT_QUEUE, load: paymentQueue })),
    ),
    {
      path: '/contas-financeiras/:bankAccountId/extrato-de-movimentacoes',
      layout: 'default',
      title: 'Extrato de movimentações',
      access: { permission: 'bank-accounts', scope: 'read', label: 'Contas Financeiras' },
      load: () => import('./StatementPage.tsx'),
    },
  ],
  redirects: {
    '/contas-a-pagar': '/contas-a-pagar/lancamentos',
    '/contas-a-receber': '/contas-a-receber/lancamentos',
    '/fila-do-solicitante': '/fila-do-solicitante/lancamentos',
    '/fila-de-pagamentos': '/fila-de-pagamentos/lancamentos/fila',
    '/fila-de-pagamentos/lancamentos': '/fila-de-pagamentos/lancamentos/fila',
    '/fila-de-pagamentos/parcelamentos': '/fila-de-pagamentos/parcelamentos/fila',
    // The spec's navigation table names the cost-center module `centers` (docs/decisions.md D23).
    '/centers': '/configuracoes/centros-de-custos',
  },
};

import type { Plugin } from '../../react/plugin.ts';

/**
 * Filas de Aprovação (the approver's side of the approval engine, server/approvals): the person's queues and
 * pending items, one queue's requests, and one stage's items with Aprovar / Reprovar (one or in bulk) and each
 * item's decision history. The queue definitions are metadata screens under /configuracoes/filas-de-aprovacao.
 */
export const approvalsPlugin: Plugin = {
  name: 'approvals',
  routes: [
    { path: '/filas-de-aprovacao', layout: 'default', title: 'Filas de Aprovação', load: () => import('./QueuesPage.tsx') },
    { path: '/filas-de-aprovacao/:approvalId', layout: 'default', title: 'Fila de aprovação', load: () => import('./QueuePage.tsx') },
    { path: '/filas-de-aprovacao/:approvalId/etapas/:approvalStageId', layout: 'default', title: 'Etapa de aprovação', load: () => import('./StagePage.tsx') },
  ],
};

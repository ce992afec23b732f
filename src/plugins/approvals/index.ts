import type { Plugin } from '../../react/plugin.ts';

/**
 * Filas de Aprovação (the approver's side of the approval engine, server/approvals): the person's queues and
 * pending items, one queue's requests, and one stage's items with Aprovar / Reprovar (one or in bulk) and each
 * item's decision history. The queue definitions are metadata screens under /configuracoes/filas-de-aprovacao.
 */
/** Every page reads the approval requests (the API's `read` on `approval-requests`). */
const READ = { permission: 'approval-requests', scope: 'read', label: 'Filas de Aprovação' };

export const approvalsPlugin: Plugin = {
  name: 'approvals',
  routes: [
    { path: '/filas-de-aprovacao', layout: 'default', title: 'Filas de Aprovação', access: READ, load: () => import('./QueuesPage.tsx') },
    { path: '/filas-de-aprovacao/:approvalId', layout: 'default', title: 'Fila de aprovação', access: READ, load: () => import('./QueuePage.tsx') },
    { path: '/filas-de-aprovacao/:approvalId/etapas/:approvalStageId', layout: 'default', title: 'Etapa de aprovação', access: READ, load: () => import('./StagePage.tsx') },
  ],
};

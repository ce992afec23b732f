import type { FastifyInstance } from 'fastify';
import { APPROVAL_MESSAGES } from '../../src/i18n/approvals.ts';
import { badRequest, HttpError } from '../lib/errors.ts';
import type { ResourceHooks } from '../resources/index.ts';
import { listRequests, scopeSql, waitingForSql } from './queries.ts';
import { todayInSaoPaulo } from './store.ts';
import approvalRoutes from './routes.ts';
import { approvalTargetNames, hasApprovalTarget } from './targets.ts';

export { routeToApproval, decide, cancelApproval, pendingApproval, approversOf, inRecordScope, type RouteInput, type QueuedRequest, type DecideInput, type DecideResult, type CancelInput } from './engine.ts';
export { registerApprovalTarget, hasApprovalTarget, approvalTargetNames, type ApprovalTarget, type ApprovalActor, type ApprovalRequestRow, type RejectionContext } from './targets.ts';

/** The generic API only reads these two resources: requests move and decisions are appended by the engine. */
const readOnly = (message: string): ResourceHooks => ({
  async beforeWrite() {
    throw new HttpError(405, 'METHOD_NOT_ALLOWED', message);
  },
});

/**
 * Approval triggers only for records the engine can route: a resource with a registered target (payables; orders,
 * purchase orders and invoices, registered by server/procurement). A trigger for another one would be saved and never fire, so creating it, pointing one at it, or
 * keeping one active for it is a 400 on `resourceName`; an existing one may still be deactivated or deleted.
 */
function triggerTargetHooks(): ResourceHooks {
  return {
    async beforeWrite({ action, record, stored, def }) {
      if (action === 'delete') return;
      const resource = String(record.resourceName ?? '');
      if (hasApprovalTarget(resource)) return;
      if (action === 'update' && record.resourceName === stored?.resourceName && record.active !== true) return;
      const labels = def.fields.get('resourceName')?.options;
      const available = approvalTargetNames().map((n) => String(labels?.get(n) ?? n)).join(', ');
      throw badRequest({ resourceName: [APPROVAL_MESSAGES.noTarget(available)] });
    },
  };
}

/** Runs `first`'s hooks, then `then`'s, in the same transaction. */
function chain(first: ResourceHooks | undefined, then: ResourceHooks): ResourceHooks {
  if (!first) return then;
  return {
    async beforeLock(ctx) {
      await first.beforeLock?.(ctx);
      await then.beforeLock?.(ctx);
    },
    async beforeWrite(ctx) {
      await first.beforeWrite?.(ctx);
      await then.beforeWrite?.(ctx);
    },
    async afterWrite(ctx) {
      await first.afterWrite?.(ctx);
      await then.afterWrite?.(ctx);
    },
  };
}

/**
 * The approval engine's HTTP side (server/approvals/README.md): the queue pages' reads and the decisions under
 * `/api/approvals/v1`, and the guard that keeps the generic API from writing requests and decisions.
 * Registered after the resources plugin.
 */
export default async function approvals(app: FastifyInstance): Promise<void> {
  const { registry, hooks } = app.resources;
  if (!registry.has('approval-requests') || !registry.has('approval-decisions')) return;
  hooks!.set('approval-requests', readOnly('Solicitações de aprovação são criadas e movidas pelo motor de aprovação: decida pelas filas de aprovação.'));
  hooks!.set('approval-decisions', readOnly('Decisões de aprovação não podem ser alteradas nem excluídas; registre a decisão pela fila de aprovação.'));
  // After the finance settings' own trigger rules (amount range), registered earlier.
  if (registry.has('approval-triggers')) hooks!.set('approval-triggers', chain(hooks!.get('approval-triggers'), triggerTargetHooks()));
  // With each request the generic API returns (record page, lists), whether the caller may decide it now.
  app.resources.actions?.set('approval-requests', {
    keys: ['approve', 'reject'],
    async evaluate({ q, principal, records }) {
      const { items } = await listRequests(q, principal, { ids: records.map((r) => r.id), page: 1, pageSize: records.length });
      return new Map(items.map((i) => [i.id, i.actions]));
    },
  });
  app.inbox?.register({
    key: 'approvals.waitingForMe',
    title: 'Aprovações aguardando você',
    description: 'Solicitações nas filas de aprovação em que você decide agora (aprovador ou substituto).',
    to: '/filas-de-aprovacao',
    icon: 'AuditOutlined',
    order: 5,
    access: [{ permission: 'approval-requests', scope: 'approve' }],
    countSql: (me, p) => {
      const where = ['r.deleted_at IS NULL', scopeSql(me, p), waitingForSql(me.userId, todayInSaoPaulo(), p)];
      return `(SELECT count(*) FROM approval_requests r JOIN approvals a ON a.id = r.approval_id WHERE ${where.join(' AND ')})`;
    },
  });
  await app.register(approvalRoutes, { prefix: '/api/approvals/v1' });
}

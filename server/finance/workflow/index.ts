import type { FastifyInstance } from 'fastify';
import { approversOf, cancelApproval, pendingApproval, registerApprovalTarget, routeToApproval } from '../../approvals/index.ts';
import { registerFinanceActions } from './allowed.ts';
import { registerFinanceInbox } from './inbox-cards.ts';
import { setApprovalPort } from './approval.ts';
import { bankTransactionHooks, paymentBatchHooks } from './bank.ts';
import { payablesApprovalTarget } from './lancamentos.ts';
import { composeHooks, requesterHooks } from './requester.ts';
import workflowRoutes from './routes.ts';

/**
 * The finance workflow (docs/resources-finance-ap-ar.md §8): the status actions of contas a pagar and a
 * receber, the requester and payment queues, payment batches, bank movements and the statement. Registered
 * after the plan hooks of `server/finance` (this composes with them on `payables`).
 */
export default async function financeWorkflow(app: FastifyInstance): Promise<void> {
  const engine = app.resources;
  const needed = ['payables', 'payable-installments', 'receivables', 'receivable-installments', 'bank-accounts', 'bank-transactions', 'payment-batches'];
  // Another schema set (the tests' fixtures) may lack these resources: no workflow then.
  if (!needed.every((r) => engine.registry.has(r))) return;
  const hooks = engine.hooks!;
  hooks.set('bank-transactions', bankTransactionHooks(engine));
  hooks.set('payment-batches', paymentBatchHooks);
  hooks.set('payables', composeHooks(hooks.get('payables'), requesterHooks()));
  // Submitting a payable goes through the approval queues (alçadas) whose triggers match it.
  registerApprovalTarget('payables', payablesApprovalTarget(engine));
  setApprovalPort({
    async route(q, { resource, record, actor }) {
      const request = await routeToApproval(q, { resource, record, actor });
      return request ? { queued: true, queueId: request.approvalId, queueName: request.approvalName } : { queued: false };
    },
    async pending(q, resource, recordId) {
      const request = await pendingApproval(q, resource, recordId);
      if (!request) return null;
      const { rows } = await q.query<{ name: string }>('SELECT name FROM approvals WHERE id = $1::uuid', [request.approvalId]);
      return { queueName: rows[0]?.name ?? '—' };
    },
    async pendingMany(q, resource, recordIds) {
      if (!recordIds.length) return new Map();
      const { rows } = await q.query<{ recordId: string; name: string }>(
        `SELECT r.record_id AS "recordId", a.name FROM approval_requests r JOIN approvals a ON a.id = r.approval_id
          WHERE r.resource_name = $1 AND r.record_id = ANY($2::uuid[]) AND r.status = 'PENDENTE' AND r.deleted_at IS NULL`,
        [resource, [...new Set(recordIds)]],
      );
      return new Map(rows.map((r) => [r.recordId, r.name]));
    },
    async withdraw(q, { resource, recordId, actor, reason }) {
      await cancelApproval(q, { resource, recordId, actor, reason });
    },
    approvers: (q, resource, recordIds) => approversOf(q, resource, recordIds),
  });
  // Which of these actions each user may take now, with every record the API returns (architecture §12).
  registerFinanceActions(engine);
  registerFinanceInbox(app.inbox, engine);
  await app.register(workflowRoutes, { prefix: '/api/accounts-payable/v1' });
}

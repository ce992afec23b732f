import type { FastifyInstance } from 'fastify';
import identityRoutes from './identity/index.ts';
import devRoutes from './dev.ts';
import resourceRoutes from '../resources/index.ts';
import commonsRoutes from '../commons/index.ts';
import savedViewRoutes from './views.ts';
import procurementRoutes from '../procurement/index.ts';
import accessRoutes from './access/index.ts';
import financeSettings from './finance-settings/index.ts';
import financeRoutes from '../finance/index.ts';
import approvalsRoutes from '../approvals/index.ts';
import inboxRoutes from '../inbox/index.ts';
import ledgerPlugin from '../ledger/index.ts';
import reconciliationPlugin from '../reconciliation/index.ts';

/** Registers every API route family under `/api/<service>/v1`. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(identityRoutes, { prefix: '/api/identity/v1' });
  await app.register(devRoutes);
  await app.register(resourceRoutes);
  // Before the modules that add their cards to it.
  await app.register(inboxRoutes);
  await app.register(procurementRoutes);
  await app.register(accessRoutes, { prefix: '/api/identity/v1' });
  await app.register(financeSettings);
  await app.register(financeRoutes);
  // After the finance hooks: the ledger composes its postings after them.
  await app.register(ledgerPlugin);
  await app.register(reconciliationPlugin);
  await app.register(approvalsRoutes);
  await app.register(commonsRoutes, { prefix: '/api/commons/v1' });
  await app.register(savedViewRoutes, { prefix: '/api/commons/v1' });
}

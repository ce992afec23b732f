import type { FastifyInstance } from 'fastify';
import reportRoutes from '../reports/routes.ts';
import closingRoutes from './closings.ts';
import { registerLedgerHooks } from './hooks.ts';

/**
 * The general ledger (docs/reports.md): posting hooks on the generic writes (the workflow actions post
 * directly, see server/finance/workflow), the period closings and the reports (server/reports) under
 * `/api/finance-reporting/v1`.
 * Registered after the finance plugins (it composes with their hooks).
 */
export default async function ledgerPlugin(app: FastifyInstance): Promise<void> {
  const engine = app.resources;
  if (!engine.registry.has('payables') || !engine.registry.has('bank-transactions')) return;
  registerLedgerHooks(engine);
  await app.register(closingRoutes, { prefix: '/api/finance-reporting/v1' });
  await app.register(reportRoutes, { prefix: '/api/finance-reporting/v1' });
}

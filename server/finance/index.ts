import type { FastifyInstance } from 'fastify';
import { LEDGERS } from './ledgers.ts';
import { headerHooks, installmentHooks } from './plan-hooks.ts';
import financeWorkflow from './workflow/index.ts';

/**
 * Contas a pagar e a receber (docs/resources-finance-ap-ar.md): the rules of the lançamentos and their
 * parcelas as write hooks of the generic API. Registered after the resources plugin; the workflow actions
 * (enviar, aprovar, autorizar, pagar…), the queues and the bank movements are in `./workflow`.
 */
export default async function financeRoutes(app: FastifyInstance): Promise<void> {
  const engine = app.resources;
  for (const ledger of LEDGERS) {
    // Another schema set (the tests' fixtures) may lack these resources: nothing to guard then.
    if (!engine.registry.has(ledger.header) || !engine.registry.has(ledger.installments)) continue;
    engine.hooks!.set(ledger.header, headerHooks(engine, ledger));
    engine.hooks!.set(ledger.installments, installmentHooks(engine, ledger));
  }
  // The workflow actions, queues and bank movements (after the plan hooks: it composes with them).
  await app.register(financeWorkflow);
}

import type { FastifyInstance } from 'fastify';
import { badRequest, HttpError, type FieldErrors } from '../lib/errors.ts';
import type { ResourceHooks } from '../resources/index.ts';
import { onlyClassification } from '../finance/workflow/bank.ts';
import { composeHooks } from '../finance/workflow/requester.ts';
import reconciliationRoutes from './routes.ts';

/**
 * Bank reconciliation (issue 13, docs/reconciliation.md): statement import (OFX, CNAB 240/400, CSV), the statement
 * lines (`reconcilables`) and the imports (`statement-imports`). Both resources are read through the generic API
 * (lists, filters, record scope); they are written only here.
 */
const readOnly = (message: string): ResourceHooks => ({
  async beforeWrite() {
    throw new HttpError(405, 'READ_ONLY', message);
  },
});

export const RECONCILED_LOCKED = 'Esta movimentação está conciliada com um lançamento do extrato do banco: desfaça a conciliação antes de alterá-la ou excluí-la.';

const reconciledLock: ResourceHooks = {
  async beforeWrite(ctx) {
    if (!ctx.stored) return;
    // Reclassifying (category, cost center, counterpart: D88) keeps the amount and date the bank line was matched on.
    if (ctx.action === 'update' && onlyClassification(ctx.def.business, ctx.stored, ctx.record)) return;
    const { rows } = await ctx.q.query(
      `SELECT 1 FROM reconcilables WHERE bank_account_id = $1::uuid AND deleted_at IS NULL AND transaction_ids ? $2 LIMIT 1`,
      [ctx.stored.bankAccountId, ctx.stored.id],
    );
    if (rows.length) throw new HttpError(409, 'RECONCILED', RECONCILED_LOCKED);
  },
};

/**
 * A rule's references (D81) belong to its organization (bank account, cost center, counterpart; categories are
 * shared by all organizations); "valor de" is not above "valor até".
 */
const ruleChecks: ResourceHooks = {
  async beforeWrite(ctx) {
    if (ctx.action === 'delete') return;
    const r = ctx.record;
    const errors: FieldErrors = {};
    for (const [field, table] of [['bankAccountId', 'bank_accounts'], ['costCenterId', 'cost_centers'], ['companyId', 'companies']] as const) {
      if (typeof r[field] !== 'string' || r[field] === ctx.stored?.[field]) continue;
      const { rows } = await ctx.q.query<{ org: string }>(`SELECT organization_id AS org FROM ${table} WHERE id = $1::uuid`, [r[field]]);
      if (rows[0] && rows[0].org !== r.organizationId) errors[field] = ['Este registro é de outra organização.'];
    }
    if (typeof r.amountMin === 'number' && typeof r.amountMax === 'number' && r.amountMin > r.amountMax) errors.amountMax = ['O "valor até" precisa ser maior ou igual ao "valor de".'];
    if (Object.keys(errors).length) throw badRequest(errors);
  },
};

export default async function reconciliation(app: FastifyInstance): Promise<void> {
  const engine = app.resources;
  if (!['reconcilables', 'statement-imports', 'bank-accounts', 'receivable-installments', 'bank-transactions'].every((r) => engine.registry.has(r))) return;
  engine.hooks!.set('reconcilables', readOnly('Os lançamentos do extrato entram pela importação do arquivo do banco e mudam pelas ações da conciliação.'));
  if (engine.registry.has('reconciliation-rules')) engine.hooks!.set('reconciliation-rules', composeHooks(ruleChecks, engine.hooks!.get('reconciliation-rules')));
  engine.hooks!.set('statement-imports', readOnly('As importações de extrato são criadas pelo envio do arquivo do banco.'));
  // A reconciled movement is locked: undo the reconciliation before editing or deleting it.
  engine.hooks!.set('bank-transactions', composeHooks(reconciledLock, engine.hooks!.get('bank-transactions')));
  await app.register(reconciliationRoutes);
}

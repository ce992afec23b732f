import type { FastifyInstance } from 'fastify';
import type { ResourceHooks } from '../../resources/index.ts';
import { expenseCategoryHooks, ledgerAccountHooks, revenueCategoryHooks } from './accounting-rules.ts';
import { accountBalanceHooks, accountTokenHooks, bankAccountHooks } from './bank-rules.ts';
import { approvalStageHooks, companyBillHooks, costCenterHooks, departmentHooks } from './settings-rules.ts';

/**
 * Finance settings (docs/resources-finance.md): the rules of the accounting catalogues, cost centers, bank accounts, company bills,
 * approval queues, account balances and account tokens that their schemas cannot say — checks against
 * other tables (hierarchies, organizations, masks) and derived fields — as write hooks of the engine.
 * Registered after the resources plugin.
 */
export default async function financeSettings(app: FastifyInstance): Promise<void> {
  const { registry, hooks } = app.resources;
  const set = (name: string, h: ResourceHooks) => {
    // A test schema set may lack these resources: their rules then have nothing to guard.
    if (registry.has(name)) hooks!.set(name, h);
  };
  set('ledger-accounts', ledgerAccountHooks);
  set('expense-categories', expenseCategoryHooks);
  set('revenue-categories', revenueCategoryHooks);
  set('cost-centers', costCenterHooks);
  set('departments', departmentHooks);
  set('company-bills', companyBillHooks);
  set('approval-stages', approvalStageHooks);
  set('bank-accounts', bankAccountHooks);
  set('account-balances', accountBalanceHooks);
  set('account-tokens', accountTokenHooks(app.auth.secretBox));
}

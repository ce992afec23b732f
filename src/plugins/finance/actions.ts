import { registerLazyListAction } from '../../renderers/antd/list/action-registry.ts';

/**
 * The keys of the finance actions the screen files name. They are registered when the app starts (a list
 * shows a plugin action only when its key is registered); the handlers, their dialogs and texts
 * (`workflow-actions.ts`) load with the first use, so /login carries none of them.
 */
export const FINANCE_ACTION_KEYS = [
  ...['submit', 'approve', 'return', 'cancel', 'reverse', 'confirm', 'contest'].map((a) => `finance.payables.${a}`),
  ...['cancel', 'reverse'].map((a) => `finance.receivables.${a}`),
  ...['reverse', 'cancel'].map((a) => `finance.payableInstallments.${a}`),
  ...['reverse', 'cancel', 'receive'].map((a) => `finance.receivableInstallments.${a}`),
  // Bulk actions of the lists (bulk-actions.ts).
  'finance.payables.approveSelected',
  'finance.payables.authorizeSelected',
  'finance.payableInstallments.authorizeSelected',
];

export function registerFinanceActions(): void {
  for (const key of FINANCE_ACTION_KEYS) registerLazyListAction(key, () => import('./workflow-actions.ts').then((m) => m.financeActions[key]));
}

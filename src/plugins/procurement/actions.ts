import { registerLazyListAction } from '../../renderers/antd/list/action-registry.ts';

/**
 * The keys of the procurement actions the screen files name. They are registered when the app starts (a
 * page shows a plugin action only when its key is registered); the handlers, their dialogs and texts
 * (`workflow-actions.ts`) load with the first use.
 */
export const PROCUREMENT_ACTION_KEYS = [
  ...['submit', 'approve', 'reject', 'return', 'cancel', 'quote'].map((a) => `procurement.orders.${a}`),
  ...['send', 'cancel', 'purchaseOrder'].map((a) => `procurement.quotes.${a}`),
  ...['submit', 'approve', 'reject', 'return', 'send', 'cancel', 'close', 'receipts', 'invoice', 'lines'].map((a) => `procurement.purchaseOrders.${a}`),
  ...['confirm', 'invoice'].map((a) => `procurement.receipts.${a}`),
  ...['match', 'approve', 'reject'].map((a) => `procurement.invoices.${a}`),
];

export function registerProcurementActions(): void {
  for (const key of PROCUREMENT_ACTION_KEYS) registerLazyListAction(key, () => import('./workflow-actions.ts').then((m) => m.procurementActions[key]));
}

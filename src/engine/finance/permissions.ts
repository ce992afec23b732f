/**
 * Permission names the finance workflow scopes are checked on (server/seed/access.ts grants them). A module of
 * its own: the app's entry (plugin routes) needs the names, not the status machines and their messages.
 */
export const FINANCE_PERMISSIONS = {
  payables: 'payables',
  receivables: 'receivables',
  /** The payment queue (fila de pagamentos): authorize, pay and reverse parcelas. */
  paymentQueue: 'payable-installment-authorizes',
  /** The requester queue (fila do solicitante): confirm or contest. */
  requesterQueue: 'payable-requestors',
} as const;

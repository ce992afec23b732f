/**
 * Contas a pagar and contas a receber share one shape (domain.md §2.3: a lançamento with `tipo` PAGAR |
 * RECEBER); this names, per side, the resources and fields the rules work on.
 */
export interface Ledger {
  /** Header resource (lançamentos). */
  header: 'payables' | 'receivables';
  installments: 'payable-installments' | 'receivable-installments';
  /** Field of a parcela pointing to its lançamento. */
  parentField: 'payableId' | 'receivableId';
  /** Supplier or customer (copied onto the parcelas for the queues). */
  partyField: 'supplierId' | 'customerId';
  /** What was paid or received (header and parcela). */
  settledField: 'paidAmount' | 'receivedAmount';
  /** Status of a new lançamento and of its parcelas. */
  initialStatus: 'RASCUNHO' | 'ABERTO';
  /**
   * Parcela statuses whose amount may still move when the plan is edited: before approval for payables
   * (what was approved is kept), before receipt for receivables.
   */
  openStatuses: ReadonlySet<string>;
  /** Whether the requester (the user who creates it) is recorded. */
  requester: boolean;
}

export const PAYABLES: Ledger = {
  header: 'payables',
  installments: 'payable-installments',
  parentField: 'payableId',
  partyField: 'supplierId',
  settledField: 'paidAmount',
  initialStatus: 'RASCUNHO',
  openStatuses: new Set(['RASCUNHO', 'ABERTO']),
  requester: true,
};

export const RECEIVABLES: Ledger = {
  header: 'receivables',
  installments: 'receivable-installments',
  parentField: 'receivableId',
  partyField: 'customerId',
  settledField: 'receivedAmount',
  initialStatus: 'ABERTO',
  openStatuses: new Set(['ABERTO']),
  requester: false,
};

export const LEDGERS = [PAYABLES, RECEIVABLES] as const;

/** Statuses that take no due date into account (done or void): the next due date skips them. */
export const CLOSED_STATUSES: ReadonlySet<string> = new Set(['PAGO', 'RECEBIDO', 'CANCELADO']);

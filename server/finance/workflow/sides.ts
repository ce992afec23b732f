import {
  derivePayableStatus, deriveReceivableStatus, FINANCE_PERMISSIONS, PAYABLE_INSTALLMENT_TRANSITIONS, PAYABLE_TRANSITIONS,
  RECEIVABLE_INSTALLMENT_TRANSITIONS, RECEIVABLE_TRANSITIONS, type Transition,
} from '../../../src/engine/finance/status.ts';
import { PAYABLES, RECEIVABLES, type Ledger } from '../ledgers.ts';

/**
 * Contas a pagar and a receber run the same settlement steps with different words, statuses and signs:
 * a payment is a debit (negative movement) of an AUTORIZADO parcela; a receipt a credit of an ABERTO one.
 */
export interface Side {
  ledger: Ledger;
  headerTransitions: Readonly<Record<string, Transition>>;
  installmentTransitions: Readonly<Record<string, Transition>>;
  /** The settle action of a parcela (`pagar` / `receber`). */
  settleAction: 'pagar' | 'receber';
  settledStatus: 'PAGO' | 'RECEBIDO';
  /** Date of the settlement on the parcela. */
  settledAtField: 'paidAt' | 'receivedAt';
  /** Field of a movement pointing at the parcela. */
  movementField: 'payableInstallmentId' | 'receivableInstallmentId';
  origin: 'PAGAMENTO' | 'RECEBIMENTO';
  batchKind: 'PAGAMENTO' | 'RECEBIMENTO';
  /** −1: money leaves the account. */
  sign: -1 | 1;
  derive(statuses: readonly string[]): string;
  /** Noun phrases for messages: "uma parcela a pagar", "um lançamento". */
  nouns: { installment: string; header: string };
  /**
   * Permission names whose settle scope allows settling and reversing: the payment queue, or the
   * lançamentos themselves (`authorize` on payables, for the record page's Estornar).
   */
  settlePermission: readonly string[];
  /** "registrar pagamentos na Fila de Pagamentos". */
  settleWhere: string;
  /** Verb prefix of movement descriptions ("Pagamento", "Recebimento"). */
  movementVerb: string;
}

export const PAYABLE_SIDE: Side = {
  ledger: PAYABLES,
  headerTransitions: PAYABLE_TRANSITIONS,
  installmentTransitions: PAYABLE_INSTALLMENT_TRANSITIONS,
  settleAction: 'pagar',
  settledStatus: 'PAGO',
  settledAtField: 'paidAt',
  movementField: 'payableInstallmentId',
  origin: 'PAGAMENTO',
  batchKind: 'PAGAMENTO',
  sign: -1,
  derive: derivePayableStatus,
  nouns: { installment: 'uma parcela a pagar', header: 'um lançamento a pagar' },
  settlePermission: [FINANCE_PERMISSIONS.paymentQueue, FINANCE_PERMISSIONS.payables],
  settleWhere: 'escopo "autorizar" da Fila de Pagamentos',
  movementVerb: 'Pagamento',
};

export const RECEIVABLE_SIDE: Side = {
  ledger: RECEIVABLES,
  headerTransitions: RECEIVABLE_TRANSITIONS,
  installmentTransitions: RECEIVABLE_INSTALLMENT_TRANSITIONS,
  settleAction: 'receber',
  settledStatus: 'RECEBIDO',
  settledAtField: 'receivedAt',
  movementField: 'receivableInstallmentId',
  origin: 'RECEBIMENTO',
  batchKind: 'RECEBIMENTO',
  sign: 1,
  derive: deriveReceivableStatus,
  nouns: { installment: 'uma parcela a receber', header: 'um lançamento a receber' },
  settlePermission: [FINANCE_PERMISSIONS.receivables],
  settleWhere: 'escopo "alterar" de Contas a Receber',
  movementVerb: 'Recebimento',
};

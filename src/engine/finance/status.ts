/**
 * Status machines of contas a pagar and a receber (domain.md §2.3), as data: the server's workflow actions
 * check a transition here before writing, the client shows only the actions a record allows. `VENCIDO` is
 * never stored: {@link isOverdue} computes it from the status and the due date.
 */
import { FINANCE_MESSAGES } from '../../i18n/finance.ts';

/** Header (lançamento) statuses of a payable, in workflow order (the schema's `oneOf` order). */
export const PAYABLE_STATUSES = ['RASCUNHO', 'ABERTO', 'APROVADO', 'AUTORIZADO', 'PAGO_PARCIAL', 'PAGO', 'CANCELADO'] as const;
/** Parcela statuses of a payable: the header's stages, paid one by one (no partial state of its own). */
export const PAYABLE_INSTALLMENT_STATUSES = ['RASCUNHO', 'ABERTO', 'APROVADO', 'AUTORIZADO', 'PAGO', 'CANCELADO'] as const;
export const RECEIVABLE_STATUSES = ['ABERTO', 'RECEBIDO_PARCIAL', 'RECEBIDO', 'CANCELADO'] as const;
export const RECEIVABLE_INSTALLMENT_STATUSES = ['ABERTO', 'RECEBIDO', 'CANCELADO'] as const;

export type PayableStatus = (typeof PAYABLE_STATUSES)[number];
export type PayableInstallmentStatus = (typeof PAYABLE_INSTALLMENT_STATUSES)[number];
export type ReceivableStatus = (typeof RECEIVABLE_STATUSES)[number];
export type ReceivableInstallmentStatus = (typeof RECEIVABLE_INSTALLMENT_STATUSES)[number];

import { FINANCE_PERMISSIONS } from './permissions.ts';

export { FINANCE_PERMISSIONS };

export interface Transition {
  /** pt-BR verb for messages and buttons ("aprovar"). */
  verb: string;
  from: readonly string[];
  /** The status it leads to; for a header action over parcelas, the parcelas' status (the header is derived). */
  to: string;
  /** Permission scope (architecture §6): segregation of duties rests on distinct scopes and the actor checks. */
  scope: string;
  /** Permission name the scope is checked on (default: the record's resource). */
  permission?: string;
  /** A motive is mandatory (cancel, return, reversal). */
  reason?: boolean;
}

/**
 * Payable (lançamento) actions. Approval and authorization need different scopes on different permission
 * names, and the server also refuses the person who registered or requested a lançamento approving or
 * authorizing it (solicitante ≠ aprovador ≠ autorizador). `autorizar`, `pagar` and `estornar` act on the
 * lançamento's parcelas (all those in the `from` status); the header follows {@link derivePayableStatus}.
 * Cancelling something already approved needs `approve` as well (server rule, not in this table).
 */
export const PAYABLE_TRANSITIONS = {
  enviar: { verb: 'enviar para aprovação', from: ['RASCUNHO'], to: 'ABERTO', scope: 'update' },
  devolver: { verb: 'devolver ao solicitante', from: ['ABERTO'], to: 'RASCUNHO', scope: 'approve', reason: true },
  aprovar: { verb: 'aprovar', from: ['ABERTO'], to: 'APROVADO', scope: 'approve' },
  autorizar: { verb: 'autorizar', from: ['APROVADO'], to: 'AUTORIZADO', scope: 'authorize', permission: FINANCE_PERMISSIONS.paymentQueue },
  pagar: { verb: 'pagar', from: ['AUTORIZADO', 'PAGO_PARCIAL'], to: 'PAGO', scope: 'authorize', permission: FINANCE_PERMISSIONS.paymentQueue },
  estornar: { verb: 'estornar', from: ['PAGO', 'PAGO_PARCIAL'], to: 'AUTORIZADO', scope: 'authorize', permission: FINANCE_PERMISSIONS.paymentQueue, reason: true },
  cancelar: { verb: 'cancelar', from: ['RASCUNHO', 'ABERTO', 'APROVADO', 'AUTORIZADO'], to: 'CANCELADO', scope: 'update', reason: true },
} as const satisfies Record<string, Transition>;

/**
 * Receivable actions on the header: only cancelling the whole lançamento (parcelas are received and
 * reversed one by one).
 */
export const RECEIVABLE_TRANSITIONS = {
  cancelar: { verb: 'cancelar', from: ['ABERTO'], to: 'CANCELADO', scope: 'update', reason: true },
} as const satisfies Record<string, Transition>;

/**
 * Per parcela (the payment queue authorizes and pays parcelas, in batches). An estorno undoes the payment
 * (its bank movement is reversed by an opposite one) and puts the parcela back to AUTORIZADO: the bill is
 * still owed and its authorization stands; to drop it, cancel it.
 */
export const PAYABLE_INSTALLMENT_TRANSITIONS = {
  autorizar: { verb: 'autorizar', from: ['APROVADO'], to: 'AUTORIZADO', scope: 'authorize', permission: FINANCE_PERMISSIONS.paymentQueue },
  pagar: { verb: 'pagar', from: ['AUTORIZADO'], to: 'PAGO', scope: 'authorize', permission: FINANCE_PERMISSIONS.paymentQueue },
  estornar: { verb: 'estornar', from: ['PAGO'], to: 'AUTORIZADO', scope: 'authorize', permission: FINANCE_PERMISSIONS.paymentQueue, reason: true },
  cancelar: { verb: 'cancelar', from: ['RASCUNHO', 'ABERTO', 'APROVADO', 'AUTORIZADO'], to: 'CANCELADO', scope: 'approve', permission: FINANCE_PERMISSIONS.payables, reason: true },
} as const satisfies Record<string, Transition>;

/** Receipts: an estorno puts the parcela back to ABERTO (still to be received). */
export const RECEIVABLE_INSTALLMENT_TRANSITIONS = {
  receber: { verb: 'receber', from: ['ABERTO'], to: 'RECEBIDO', scope: 'update', permission: FINANCE_PERMISSIONS.receivables },
  estornar: { verb: 'estornar', from: ['RECEBIDO'], to: 'ABERTO', scope: 'update', permission: FINANCE_PERMISSIONS.receivables, reason: true },
  cancelar: { verb: 'cancelar', from: ['ABERTO'], to: 'CANCELADO', scope: 'update', permission: FINANCE_PERMISSIONS.receivables, reason: true },
} as const satisfies Record<string, Transition>;

export type PayableAction = keyof typeof PAYABLE_TRANSITIONS;
export type ReceivableAction = keyof typeof RECEIVABLE_TRANSITIONS;

export type TransitionResult = { ok: true; to: string; transition: Transition } | { ok: false; error: string };

/**
 * Whether `action` may run on a record in `status`, with the pt-BR refusal otherwise (the server answers
 * it as is and changes nothing).
 * @example transition(PAYABLE_TRANSITIONS, 'aprovar', 'RASCUNHO', { label: 'Rascunho' })
 * // { ok: false, error: 'Não é possível aprovar um lançamento com a situação "Rascunho".' }
 */
export function transition(
  table: Readonly<Record<string, Transition>>,
  action: string,
  status: string,
  options: { label?: string; noun?: string } = {},
): TransitionResult {
  const t = Object.hasOwn(table, action) ? table[action] : undefined;
  if (!t) return { ok: false, error: FINANCE_MESSAGES.unknownAction(action) };
  if (t.from.includes(status)) return { ok: true, to: t.to, transition: t };
  return { ok: false, error: FINANCE_MESSAGES.transition(t.verb, options.label ?? status, options.noun) };
}

/** The actions a record in `status` allows (for buttons). */
export const actionsFor = (table: Readonly<Record<string, Transition>>, status: string): string[] =>
  Object.keys(table).filter((a) => table[a].from.includes(status));

/** Statuses in which a parcela is still to be paid or received. */
const SETTLED_OR_VOID = new Set(['PAGO', 'RECEBIDO', 'CANCELADO']);

/**
 * VENCIDO, computed (domain.md §2.3): not settled, not void, and due before today. A draft counts too:
 * its bill is late all the same.
 * @example isOverdue('APROVADO', '2026-03-09', '2026-03-10') // true
 */
export const isOverdue = (status: string, dueDate: string | null | undefined, today: string): boolean =>
  !!dueDate && !SETTLED_OR_VOID.has(status) && dueDate < today;

const STAGES: readonly PayableStatus[] = ['RASCUNHO', 'ABERTO', 'APROVADO', 'AUTORIZADO'];

/**
 * A payable's header status from its parcelas (docs/resources-finance-ap-ar.md §4): every parcela
 * cancelled → CANCELADO; every live one paid → PAGO; some paid → PAGO_PARCIAL; else the earliest stage
 * among the live ones (a lançamento is AUTORIZADO only when all its open parcelas are).
 * @example derivePayableStatus(['PAGO', 'AUTORIZADO', 'CANCELADO']) // 'PAGO_PARCIAL'
 */
export function derivePayableStatus(installments: readonly string[]): PayableStatus {
  const live = installments.filter((s) => s !== 'CANCELADO');
  if (!live.length) return 'CANCELADO';
  const paid = live.filter((s) => s === 'PAGO').length;
  if (paid === live.length) return 'PAGO';
  if (paid > 0) return 'PAGO_PARCIAL';
  return STAGES[Math.min(...live.map((s) => Math.max(0, STAGES.indexOf(s as PayableStatus))))];
}

/** The receivable's header status from its parcelas (same rule, RECEBIDO for PAGO). */
export function deriveReceivableStatus(installments: readonly string[]): ReceivableStatus {
  const live = installments.filter((s) => s !== 'CANCELADO');
  if (!live.length) return 'CANCELADO';
  const received = live.filter((s) => s === 'RECEBIDO').length;
  return received === live.length ? 'RECEBIDO' : received > 0 ? 'RECEBIDO_PARCIAL' : 'ABERTO';
}

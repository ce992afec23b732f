import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Engine } from '../../engine/create-engine.ts';
import { HttpError } from '../../engine/http/errors.ts';
import { useEngine } from '../../react/context.ts';
import { useInvalidateResource } from '../../react/resources.ts';
import type { RecordActions } from '../../engine/data/record-actions.ts';

/**
 * The finance workflow API (server/finance/workflow, docs/resources-finance-ap-ar.md §8) as typed calls
 * and React Query hooks. Every action sends the version it acts on (If-Match, or per parcela in a batch).
 */

export type QueueView = 'lancamentos' | 'parcelamentos';
export type Stage = 'APROVADO' | 'AUTORIZADO';
export type RequesterCheck = 'PENDENTE' | 'CONTESTADO' | 'TODOS';

export interface QueueParams {
  page: number;
  pageSize: number;
  q?: string;
  dueFrom?: string;
  dueTo?: string;
}

export interface QueueInstallment {
  id: string;
  version: number;
  payableId: string;
  label: string;
  number: number;
  count: number;
  dueDate: string;
  amount: number;
  status: string;
  supplierId: string | null;
  supplierName: string | null;
  bankAccountId: string | null;
  paymentMethod: string | null;
  description: string;
  documentNumber: string | null;
  authorizedByName: string | null;
  authorizedAt: string | null;
  requesterCheck?: string;
  requesterComment?: string | null;
  payableStatus?: string;
  payableVersion?: number;
  /** Why the caller may not authorize it (segregation of duties), or null. */
  blocked: string | null;
  /** Allowed actions (architecture §12): `authorize`/`pay` in the payment queue, `confirm`/`contest` in the requester's. */
  actions?: RecordActions;
}

export interface QueuePayable {
  id: string;
  version: number;
  description: string;
  documentNumber: string | null;
  supplierId: string | null;
  supplierName: string | null;
  status: string;
  dueDate: string;
  amount: number;
  installmentCount?: number;
  issueDate?: string;
  requesterCheck?: string;
  requesterComment?: string | null;
  createdByName?: string;
  installments?: { id: string; version: number; number: number; count: number; dueDate: string; amount: number; label: string; bankAccountId: string | null }[];
  blocked?: string | null;
  actions?: RecordActions;
}

export interface Page<R> {
  rows: R[];
  total: number;
  amount: number;
}

export interface StatementLine {
  id: string;
  /** For If-Match when a manual movement is reclassified. */
  version: number;
  date: string;
  description: string;
  documentNumber: string | null;
  origin: 'MANUAL' | 'PAGAMENTO' | 'RECEBIMENTO' | 'ESTORNO' | 'TRANSFERENCIA';
  amount: number;
  balance: number;
  reversed: boolean;
  payableId: string | null;
  receivableId: string | null;
  /** Classification of a manual movement (D81, D88) and the names the statement shows. */
  expenseCategoryId?: string | null;
  revenueCategoryId?: string | null;
  costCenterId?: string | null;
  companyId?: string | null;
  categoryName?: string | null;
  costCenterName?: string | null;
  companyName?: string | null;
}

export interface Statement {
  bankAccount: { id: string; name: string; openingBalance: number; openingBalanceDate: string; organizationId: string };
  from: string;
  to: string;
  openingBalance: number;
  credits: number;
  debits: number;
  closingBalance: number;
  lines: StatementLine[];
}

export const ap = (engine: Engine, path: string) => `${engine.api.service('accountsPayable')}/${path}`;
const ifMatch = (version: number) => ({ 'If-Match': `W/"${version}"` });
const query = (params: object) => Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;

export const financeKeys = {
  all: ['finance-workflow'] as const,
  paymentQueue: (view: QueueView, stage: Stage, p: QueueParams) => ['finance-workflow', 'payment-queue', view, stage, p] as const,
  requesterQueue: (view: QueueView, check: RequesterCheck, p: QueueParams) => ['finance-workflow', 'requester-queue', view, check, p] as const,
  statement: (id: string, from: string, to: string) => ['finance-workflow', 'statement', id, from, to] as const,
};

export function usePaymentQueue(view: QueueView, stage: Stage, params: QueueParams) {
  const engine = useEngine();
  return useQuery({
    queryKey: financeKeys.paymentQueue(view, stage, params),
    queryFn: ({ signal }) =>
      engine.http.get<Page<QueueInstallment & QueuePayable>>(ap(engine, `payment-queue/${view === 'lancamentos' ? 'payables' : 'installments'}`), { params: query({ stage, ...params }), signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRequesterQueue(view: QueueView, check: RequesterCheck, params: QueueParams) {
  const engine = useEngine();
  return useQuery({
    queryKey: financeKeys.requesterQueue(view, check, params),
    queryFn: ({ signal }) =>
      engine.http.get<Page<QueueInstallment & QueuePayable>>(ap(engine, `requester-queue/${view === 'lancamentos' ? 'payables' : 'installments'}`), { params: query({ check, ...params }), signal }),
    placeholderData: keepPreviousData,
  });
}

export function useStatement(id: string, from: string, to: string) {
  const engine = useEngine();
  return useQuery({
    queryKey: financeKeys.statement(id, from, to),
    queryFn: ({ signal }) => engine.http.get<Statement>(ap(engine, `bank-accounts/${encodeURIComponent(id)}/statement`), { params: { from, to }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Balances of accounts today (the pay dialog shows what each account holds). */
export function useBalances(ids: readonly string[]) {
  const engine = useEngine();
  return useQuery({
    queryKey: ['finance-workflow', 'balances', [...ids].sort()],
    queryFn: ({ signal }) => engine.http.get<{ id: string; balance: number }[]>(ap(engine, 'bank-account-balances'), { params: { id: [...ids] }, signal }),
    enabled: ids.length > 0,
  });
}

export type PayableActionSegment = 'submit' | 'approve' | 'return' | 'cancel' | 'reverse' | 'confirm' | 'contest';

export interface ActionResult {
  record: { id: string; version: number; status: string };
  approvalQueue: string | null;
}

export type WorkflowResource = 'payables' | 'receivables' | 'payable-installments' | 'receivable-installments';

/** `POST payables/{id}/{action}` (or receivables, or one parcela's reverse/cancel) with If-Match. */
export function postHeaderAction(engine: Engine, resource: WorkflowResource, id: string, version: number, action: PayableActionSegment, body: { comment?: string | null }) {
  return engine.http.post<ActionResult>(ap(engine, `${resource}/${encodeURIComponent(id)}/${action}`), body, { headers: ifMatch(version) });
}

export interface BatchResult {
  batch: { id: string; total: number; itemCount: number };
}

export function authorize(engine: Engine, items: { id: string; version: number }[], comment: string | null) {
  return engine.http.post<BatchResult>(ap(engine, 'payable-installments/authorize'), { items, comment });
}

export interface PayItem {
  id: string;
  version: number;
  interest: number;
  fine: number;
  discount: number;
}

export function pay(engine: Engine, body: { items: PayItem[]; paidAt: string; bankAccountId: string; paymentMethod: string | null; comment: string | null }) {
  return engine.http.post<BatchResult>(ap(engine, 'payable-installments/pay'), body);
}

/** After an action: the queues, the statements and the lançamentos with their parcelas are stale. */
export function useRefreshAfterAction(): () => Promise<void> {
  const client = useQueryClient();
  const invalidate = useInvalidateResource();
  return useCallback(async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: financeKeys.all }),
      invalidate('payables'),
      invalidate('receivables'),
      invalidate('bank-transactions'),
    ]);
  }, [client, invalidate]);
}

/**
 * A refused action: a 409 is a workflow refusal (illegal transition, waiting in a queue, stale version), not
 * the catalogue's "already registered"; the server's pt-BR reason follows as the detail.
 */
export function notifyWorkflowError(engine: Engine, err: unknown): void {
  engine.notifyError(err, err instanceof HttpError && err.status === 409 ? { message: 'A ação não foi realizada.' } : {});
}

export function receive(engine: Engine, body: { items: { id: string; version: number }[]; receivedAt: string; bankAccountId: string; comment: string | null }) {
  return engine.http.post<BatchResult>(ap(engine, 'receivable-installments/receive'), body);
}

/** `POST bank-accounts/{id}/transfer`: transferência entre contas próprias (the path's account is the origin). */
export function transfer(engine: Engine, fromId: string, body: { toBankAccountId: string; date: string; amount: number; description: string | null }) {
  return engine.http.post<{ out: { id: string }; in: { id: string }; entryId: string }>(ap(engine, `bank-accounts/${encodeURIComponent(fromId)}/transfer`), body);
}

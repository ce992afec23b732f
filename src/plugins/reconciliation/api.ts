import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Engine } from '../../engine/create-engine.ts';
import { useEngine } from '../../react/context.ts';
import type { CsvMapping } from './csvSample.ts';

/** The reconciliation API (server/reconciliation, docs/reconciliation.md) as typed calls and React Query hooks. */

export interface Suggestion {
  kind: 'transaction' | 'batch' | 'payable-installment' | 'receivable-installment';
  ids: string[];
  score: number;
  confidence: 'alta' | 'média' | 'baixa';
  label: string;
  reasons: string[];
  amount: number;
  date: string;
  version?: number;
}

export interface BankLine {
  id: string;
  version: number;
  date: string;
  amount: number;
  memo: string;
  documentNumber: string | null;
  status: 'PENDENTE' | 'CONCILIADO' | 'IGNORADO';
  transactionIds: string[];
  suggestions: Suggestion[];
  rule: { id: string; name: string } | null;
  /** The other lines reconciled with the same movements (N:1): undoing one undoes them all. */
  group?: string[];
}

export interface Movement {
  id: string;
  date: string;
  amount: number;
  description: string;
  documentNumber: string | null;
  origin: string;
  reconciledBy: string | null;
}

export interface Workspace {
  bankAccount: { id: string; name: string; organizationId: string };
  from: string;
  to: string;
  lines: BankLine[];
  movements: Movement[];
  totals: { bank: number; bankPending: number; system: number };
  balances: { bank: number; system: number; date: string; difference: number } | null;
  reconciledUntil: string | null;
  /** More bank lines in the period than the screen takes: only the first `limit` are here. */
  truncated?: { limit: number } | null;
}

export interface ImportPreview {
  preview: true;
  format: string;
  charset: string;
  fileAccount: string;
  accountMismatch: boolean;
  period: { from: string; to: string } | null;
  balance: { amount: number; date: string } | null;
  warnings: string[];
  lines: number;
  total: number;
  duplicates: number;
  settled: number;
  alreadySettled: number;
  unmatched: string[];
  items: { seq: number; date: string; amount: number; memo: string; document: string | null; duplicate: boolean; rule?: RuleHit | null }[];
  /** New lines a rule turns into movements on import (D81). */
  ruleHits?: { count: number; total: number };
}

/** The rule that catches a line (D81): its name, the category of the line's direction, cost center, counterpart. */
export interface RuleHit {
  ruleId: string;
  rule: string;
  category: string | null;
  costCenter: string | null;
  company: string | null;
}

export interface ImportResult {
  id: string;
  format: string;
  lines: number;
  duplicates: number;
  settled: number;
  alreadySettled: number;
  /** New lines turned into movements by the rules (D81). */
  ruled?: number;
  unmatched: string[];
  warnings: string[];
}

const ap = (engine: Engine, path: string) => `${engine.api.service('accountsPayable')}/${path}`;
const key = (id: string) => ['reconciliation', id] as const;

export function useWorkspace(id: string, from: string, to: string) {
  const engine = useEngine();
  return useQuery({
    queryKey: [...key(id), from, to],
    queryFn: ({ signal }) => engine.http.get<Workspace>(ap(engine, `bank-accounts/${encodeURIComponent(id)}/reconciliation`), { params: { from, to }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRefresh(id: string) {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: key(id) }), [client, id]);
}

export const uploadStatement = (engine: Engine, id: string, file: File, opts: { preview: boolean; allowAccountMismatch: boolean; applyRules?: boolean; csvMapping?: CsvMapping }) =>
  engine.http.post<ImportPreview | ImportResult>(
    ap(engine, `bank-accounts/${encodeURIComponent(id)}/statement-imports`),
    {
      file,
      preview: String(opts.preview),
      allowAccountMismatch: String(opts.allowAccountMismatch),
      ...(opts.applyRules ? { applyRules: 'true' } : {}),
      ...(opts.csvMapping ? { csvMapping: JSON.stringify(opts.csvMapping) } : {}),
    },
    { bodyType: 'multipart' },
  );

/** The CSV column mapping the account keeps (null before its first CSV import with a mapping). */
export const savedCsvMapping = (engine: Engine, id: string) =>
  engine.http.get<{ bankAccountId: string; mapping: CsvMapping | null; updatedAt: string | null }>(ap(engine, `bank-accounts/${encodeURIComponent(id)}/csv-mapping`));

export const lineAction = (engine: Engine, lineId: string, action: 'match' | 'unmatch' | 'ignore' | 'create-entry', body: Record<string, unknown>) =>
  engine.http.post<{ record: BankLine }>(ap(engine, `reconcilables/${encodeURIComponent(lineId)}/${action}`), body);

export const applyRules = (engine: Engine, id: string, preview: boolean) =>
  engine.http.post<{ preview: boolean; applied: { lineId: string; rule: string; amount: number; memo: string }[] }>(ap(engine, `bank-accounts/${encodeURIComponent(id)}/reconciliation/apply-rules`), { preview });

export interface BulkLine {
  lineId: string;
  date: string;
  amount: number;
  memo: string;
}

export interface AcceptResult {
  preview: boolean;
  from: string;
  to: string;
  matched: (BulkLine & { suggestion: { kind: Suggestion['kind']; ids: string[]; label: string; score: number } })[];
  skipped: (BulkLine & { reason: string })[];
  total: number;
}

/** Accepts the high-confidence suggestions of the pending lines of the period (preview: what it would do). */
export const acceptSuggestions = (engine: Engine, id: string, body: { from: string; to: string; preview: boolean }) =>
  engine.http.post<AcceptResult>(ap(engine, `bank-accounts/${encodeURIComponent(id)}/reconciliation/accept-suggestions`), body);

/** N:1 — several pending lines of the account with the same movement(s); the sums must agree. */
export const matchMany = (engine: Engine, id: string, body: { lines: { id: string; version: number }[]; transactionIds: string[] }) =>
  engine.http.post<{ records: BankLine[] }>(ap(engine, `bank-accounts/${encodeURIComponent(id)}/reconciliation/match-many`), body);

/** Split: the line is part these movements and, for the rest, a new manual movement (posted to the ledger). */
export const splitLine = (engine: Engine, lineId: string, body: { version: number; transactionIds: string[] }) =>
  engine.http.post<{ record: BankLine; created: { id: string; amount: number } }>(ap(engine, `reconcilables/${encodeURIComponent(lineId)}/split`), body);

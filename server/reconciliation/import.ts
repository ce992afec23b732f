import type { Queryable } from '../db/index.ts';
import { HttpError, notFound } from '../lib/errors.ts';
import type { Principal } from '../lib/principal.ts';
import { createFile, markComplete } from '../commons/file-store.ts';
import { inTransaction, requireCan, type Touched } from '../finance/workflow/common.ts';
import type { Engine } from '../resources/index.ts';
import { getRecord } from '../resources/repository.ts';
import type { ResourceRecord } from '../resources/types.ts';
import { insertRows } from '../finance/rows.ts';
import { accountMatches, describeFileAccount, describeRegistered, type RegisteredAccount } from './account-match.ts';
import { RECONCILIATION_MESSAGES as M } from './messages.ts';
import { lineKey, parseBankFile, StatementParseError, type CsvMapping, type ParsedLine, type ParsedStatement } from './parsers/index.ts';
import { planSettlements, runSettlements, type SettlementPlan } from './retorno.ts';
import { RECONCILE_PERMISSION } from './permission.ts';
import { createEntryIn, extrasOf, ruleFor, ruleHit, rulesOf, type RuleRow } from './reconcile.ts';

/**
 * `POST bank-accounts/{id}/statement-imports`: one bank file into one bank account, whole or not at all
 * (docs/reconciliation.md). Parse first (a malformed file is a 400 naming the line or element, nothing written);
 * then, in one transaction with the bank account locked: the account check (409 naming both unless
 * `allowAccountMismatch`), de-duplication against the lines already imported (FITID, else the stable key), the
 * original file kept in the files service, the import and its lines, and for a CNAB retorno the liquidated boletos
 * received through the same action as the receipts screen (so the ledger posts) with their bank fee.
 */

export type RequestedFormat = 'OFX' | 'CNAB240' | 'CNAB400' | 'CSV';

export interface ImportRequest {
  bankAccountId: string;
  fileName: string;
  contentType: string;
  bytes: Buffer;
  format?: RequestedFormat;
  allowAccountMismatch: boolean;
  csvMapping?: CsvMapping;
  preview: boolean;
  /** Apply the rules to the new lines in the same transaction (D81); needs `reconcilables` update. */
  applyRules?: boolean;
}

export interface PreviewLine extends ParsedLine {
  duplicate: boolean;
  /** The rule that would turn this new line into a movement (D81). */
  rule?: ReturnType<typeof ruleHit> | null;
}

export const PREVIEW_LINES = 500;
const INSERT_CHUNK = 500;
const FILE_CHUNK = 64 * 1024;

export { RECONCILE_PERMISSION };
const WHERE = 'escopo "criar" de Conciliação bancária (Lançamentos do Extrato)';

async function registeredAccount(q: Queryable, account: ResourceRecord): Promise<RegisteredAccount> {
  let bankCode: string | null = null;
  if (account.bankId) {
    const { rows } = await q.query<{ compe: string | null }>('SELECT compe FROM banks WHERE id = $1::uuid', [account.bankId]);
    bankCode = rows[0]?.compe ?? null;
  }
  const s = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  return { bankCode, agency: s(account.agency), agencyDigit: s(account.agencyDigit), account: s(account.account), accountDigit: s(account.accountDigit) };
}

async function savedMapping(q: Queryable, bankAccountId: string): Promise<CsvMapping | undefined> {
  const { rows } = await q.query<{ mapping: CsvMapping }>('SELECT mapping FROM reconciliation_csv_mappings WHERE bank_account_id = $1::uuid', [bankAccountId]);
  return rows[0]?.mapping;
}

/** `GET bank-accounts/{id}/csv-mapping`: the CSV mapping the account keeps (null before its first CSV import). */
export async function csvMappingOf(engine: Engine, bankAccountId: string, principal: Principal) {
  requireCan(principal, RECONCILE_PERMISSION, 'read', 'ver o mapeamento do CSV', 'escopo "ler" de Conciliação bancária (Lançamentos do Extrato)');
  const account = await getRecord(engine.db, engine.registry.get('bank-accounts')!, bankAccountId, principal);
  if (!account) throw notFound(M.accountNotFound);
  const { rows } = await engine.db.query<{ mapping: CsvMapping; updated_at: Date | string }>(
    'SELECT mapping, updated_at FROM reconciliation_csv_mappings WHERE bank_account_id = $1::uuid',
    [account.id],
  );
  const row = rows[0];
  return { bankAccountId: account.id, mapping: row?.mapping ?? null, updatedAt: row ? new Date(row.updated_at).toISOString() : null };
}

function parse(req: ImportRequest, mapping: CsvMapping | undefined): ParsedStatement {
  try {
    return parseBankFile(new Uint8Array(req.bytes.buffer, req.bytes.byteOffset, req.bytes.byteLength), { format: req.format, csv: mapping });
  } catch (err) {
    if (err instanceof StatementParseError) {
      // A CSV mapping problem names its field (`csvMapping.date`…), so the screen shows it on that control.
      const field = err.where.field ? (err.where.field === 'csvMapping' ? 'csvMapping' : `csvMapping.${err.where.field}`) : 'file';
      throw new HttpError(400, 'INVALID_FILE', err.message, { [field]: [err.message] }, undefined, { where: err.where });
    }
    throw err;
  }
}

/** Which keys of the file are new for the account (and the first of any key repeated inside the file). */
async function dedupe(q: Queryable, engine: Engine, bankAccountId: string, lines: readonly ParsedLine[]) {
  const keys = lineKey(lines);
  const def = engine.registry.get('reconcilables')!;
  const existing = new Set<string>();
  for (let i = 0; i < keys.length; i += 5000) {
    const { rows } = await q.query<{ k: string }>(
      `SELECT dedup_key AS k FROM ${def.table} WHERE bank_account_id = $1::uuid AND dedup_key = ANY($2::text[]) AND deleted_at IS NULL`,
      [bankAccountId, keys.slice(i, i + 5000)],
    );
    for (const r of rows) existing.add(r.k);
  }
  const seen = new Set<string>();
  return lines.map((line, i) => {
    const duplicate = existing.has(keys[i]) || seen.has(keys[i]);
    seen.add(keys[i]);
    return { line, key: keys[i], duplicate };
  });
}

async function storeOriginal(q: Queryable, req: ImportRequest, userId: string): Promise<string> {
  const file = await createFile(q, { name: req.fileName.slice(0, 255) || 'extrato', contentType: req.contentType || 'application/octet-stream', size: req.bytes.length, userId });
  const chunks = Math.max(1, Math.ceil(req.bytes.length / FILE_CHUNK));
  for (let index = 0; index < chunks; index++) {
    await q.query('INSERT INTO file_chunks (file_id, index, data) VALUES ($1, $2, $3)', [file.id, index, req.bytes.subarray(index * FILE_CHUNK, (index + 1) * FILE_CHUNK)]);
  }
  await markComplete(q, file.id);
  return file.id;
}

export async function importStatement(engine: Engine, req: ImportRequest, principal: Principal) {
  requireCan(principal, RECONCILE_PERMISSION, 'create', 'importar extratos', WHERE);
  if (req.applyRules && !req.preview) requireCan(principal, RECONCILE_PERMISSION, 'update', 'aplicar as regras de conciliação', 'escopo "alterar" de Conciliação bancária (Lançamentos do Extrato)');
  return inTransaction(engine, async (q, touched) => {
    const account = await getRecord(q, engine.registry.get('bank-accounts')!, req.bankAccountId, principal, { forUpdate: !req.preview });
    if (!account) throw notFound(M.accountNotFound);
    if (account.active === false) throw new HttpError(409, 'ACCOUNT_INACTIVE', M.accountInactive);
    const mapping = req.csvMapping ?? (await savedMapping(q, account.id));
    const parsed = parse(req, mapping);
    const registered = await registeredAccount(q, account);
    const mismatch = !accountMatches(parsed.account, registered);
    const fileAccount = describeFileAccount(parsed.account);
    if (mismatch && !req.allowAccountMismatch) {
      throw new HttpError(409, 'ACCOUNT_MISMATCH', M.accountMismatch(fileAccount, describeRegistered(registered), String(account.name)), undefined, undefined, {
        fileAccount,
        bankAccount: describeRegistered(registered),
      });
    }
    const checked = await dedupe(q, engine, account.id, parsed.lines);
    const fresh = checked.filter((c) => !c.duplicate);
    const plan = await planSettlements(q, engine, String(account.organizationId), parsed.settlements);
    const summary = {
      format: parsed.format,
      charset: parsed.charset,
      fileAccount,
      accountMismatch: mismatch,
      period: parsed.period,
      balance: parsed.balance,
      warnings: parsed.warnings,
      duplicates: checked.length - fresh.length,
      settled: plan.settle.length,
      alreadySettled: plan.already,
      unmatched: plan.unmatched,
    };
    const rules = await rulesOf(q, account);
    if (req.preview) {
      const ruleOf = (line: ParsedLine) => {
        const r = ruleFor({ memo: line.memo, amount: line.amount }, rules);
        return r ? ruleHit(r, line.amount) : null;
      };
      const hits = fresh.map((c) => ({ c, hit: ruleOf(c.line) })).filter((x) => x.hit);
      return {
        preview: true as const,
        ...summary,
        lines: fresh.length,
        total: parsed.lines.length,
        items: checked.slice(0, PREVIEW_LINES).map((c): PreviewLine => ({ ...c.line, duplicate: c.duplicate, rule: c.duplicate ? null : ruleOf(c.line) })),
        /** New lines a rule would turn into movements on import (D81): all of them, not only the first 500. */
        ruleHits: { count: hits.length, total: hits.reduce((s, h) => s + h.c.line.amount, 0) },
        settlements: plan.settle.map((s) => ({ line: s.title.line, nossoNumero: s.title.nossoNumero, installmentId: s.installment.id, label: s.installment.label, paid: s.title.paidAmount, fee: s.title.fee, date: s.date })),
      };
    }
    return commit(q, touched, engine, req, principal, account, parsed, fresh, plan, summary, mapping, req.applyRules ? rules : []);
  });
}

async function commit(
  q: Queryable,
  touched: Touched,
  engine: Engine,
  req: ImportRequest,
  principal: Principal,
  account: ResourceRecord,
  parsed: ParsedStatement,
  fresh: readonly { line: ParsedLine; key: string }[],
  plan: SettlementPlan,
  summary: { duplicates: number; settled: number; alreadySettled: number; unmatched: string[]; warnings: string[]; accountMismatch: boolean; fileAccount: string },
  mapping: CsvMapping | undefined,
  rules: readonly RuleRow[],
) {
  const organizationId = String(account.organizationId);
  const fileId = await storeOriginal(q, req, principal.userId);
  const [imp] = await insertRows(q, engine.registry.get('statement-imports')!, [
    {
      organizationId,
      bankAccountId: account.id,
      fileId,
      fileName: req.fileName.slice(0, 255) || 'extrato',
      format: parsed.format,
      charset: parsed.charset,
      fileAccount: summary.fileAccount.slice(0, 80),
      accountMismatch: summary.accountMismatch,
      periodFrom: parsed.period?.from ?? null,
      periodTo: parsed.period?.to ?? null,
      bankBalance: parsed.balance?.amount ?? null,
      bankBalanceDate: parsed.balance?.date ?? null,
      lineCount: fresh.length,
      duplicateCount: summary.duplicates,
      settledCount: summary.settled,
      unmatched: summary.unmatched.map((u) => u.slice(0, 300)),
      warnings: summary.warnings.slice(0, 200).map((w) => w.slice(0, 300)),
    },
  ], principal.userId);
  touched.add('statement-imports');
  const def = engine.registry.get('reconcilables')!;
  const inserted: ResourceRecord[] = [];
  for (let i = 0; i < fresh.length; i += INSERT_CHUNK) {
    const chunk = await insertRows(
      q,
      def,
      fresh.slice(i, i + INSERT_CHUNK).map(({ line, key }) => ({
        organizationId,
        bankAccountId: account.id,
        importId: imp.id,
        date: line.date,
        amount: line.amount,
        memo: line.memo.slice(0, 500),
        documentNumber: line.document?.slice(0, 60) ?? null,
        fitid: line.fitid?.slice(0, 255) ?? null,
        kind: line.kind?.slice(0, 40) ?? null,
        counterpartDocument: line.counterpart,
        dedupKey: key,
        status: 'PENDENTE',
        transactionIds: [],
      })),
      principal.userId,
    );
    inserted.push(...chunk);
  }
  if (fresh.length) touched.add('reconcilables');
  await runSettlements(q, touched, engine, plan, { bankAccountId: account.id, organizationId, fileName: req.fileName }, principal);
  // The rules on the new lines (D81), in the same transaction: a refused posting (a category without a ledger
  // account…) undoes the whole import, as any other failure does.
  let ruled = 0;
  if (rules.length) {
    for (const line of inserted) {
      const amount = Number(line.amount);
      const rule = ruleFor({ memo: String(line.memo), amount }, rules);
      if (!rule) continue;
      await createEntryIn(q, engine, line, rule.entryDescription, principal, touched, extrasOf(rule, amount));
      ruled++;
    }
  }
  if (req.csvMapping && parsed.format === 'CSV') {
    await q.query(
      `INSERT INTO reconciliation_csv_mappings (bank_account_id, mapping, updated_by) VALUES ($1::uuid, $2::jsonb, $3::uuid)
       ON CONFLICT (bank_account_id) DO UPDATE SET mapping = EXCLUDED.mapping, updated_by = EXCLUDED.updated_by, updated_at = now()`,
      [account.id, JSON.stringify(mapping), principal.userId],
    );
  }
  return {
    id: imp.id,
    format: parsed.format,
    lines: fresh.length,
    duplicates: summary.duplicates,
    settled: summary.settled,
    alreadySettled: summary.alreadySettled,
    ruled,
    unmatched: summary.unmatched,
    warnings: summary.warnings,
    fileId,
  };
}

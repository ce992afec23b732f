import type { Queryable } from '../db/index.ts';
import type { Principal } from '../lib/principal.ts';
import { firstDay, lastDay, scopeConditions, Sql, type Filters } from './params.ts';

/**
 * Relatório analítico: every journal line behind a figure, with its entry, ledger account, dimensions and
 * source document, filtered like the reports (plus the drill-down filters of their rows), paginated like
 * every list (X-Total-Count and Link by the route).
 */

export interface AnalyticalFilters extends Filters {
  ledgerAccountIds: string[] | null;
  accountingGroupIds: string[] | null;
  bankAccountIds: string[] | null;
  documentIds: string[] | null;
  /** DRE / BP sections (accounting group `section`), or `DRE` for every DRE account. */
  statementSections: string[] | null;
  dfcClass: string | null;
  dfcLine: string | null;
  cash: boolean;
  page: number;
  pageSize: number;
}

const DOCUMENT_PATHS: Record<string, string> = {
  payables: '/contas-a-pagar/lancamentos',
  receivables: '/contas-a-receber/lancamentos',
  'bank-accounts': '/contas-financeiras',
};

/**
 * Count and sums of the filtered lines from the monthly summary (`ledger_monthly.line_count`, kept by the same
 * trigger as the lines): every filter but the document is a dimension of the summary and the period is whole months,
 * so the total is exact without reading the period's lines (D61). The rules mirror the WHERE of `analytical`.
 */
async function summaryTotals(q: Queryable, f: AnalyticalFilters, principal: Principal) {
  const sql = new Sql();
  const where = [`m.month BETWEEN ${sql.add(firstDay(f.from), '::date')} AND ${sql.add(firstDay(f.to), '::date')}`, ...scopeConditions('m', f, principal, sql)];
  if (f.ledgerAccountIds) where.push(`m.ledger_account_id = ANY(${sql.add(f.ledgerAccountIds, '::uuid[]')})`);
  if (f.accountingGroupIds) where.push(`a.accounting_group_id = ANY(${sql.add(f.accountingGroupIds, '::uuid[]')})`);
  if (f.bankAccountIds) where.push(`m.bank_account_id = ANY(${sql.add(f.bankAccountIds, '::uuid[]')})`);
  if (f.statementSections) {
    const dre = f.statementSections.includes('DRE');
    where.push(`(g.section = ANY(${sql.add(f.statementSections, '::text[]')})${dre ? ` OR g.statement = 'DRE'` : ''})`);
  }
  if (f.cash) where.push('m.bank_account_id IS NOT NULL');
  if (f.dfcClass) {
    where.push(f.dfcClass === 'OPERACIONAL'
      ? `(m.dfc_class = 'OPERACIONAL' OR m.dfc_class IS NULL OR m.dfc_class NOT IN ('INVESTIMENTO', 'FINANCIAMENTO', 'NAO_CAIXA'))`
      : `m.dfc_class = ${sql.add(f.dfcClass)}`);
  }
  if (f.dfcLine !== null) where.push(f.dfcLine === '' ? 'm.dfc_line IS NULL' : `m.dfc_line = ${sql.add(f.dfcLine)}`);
  return q.query<{ n: number; d: number; c: number }>(
    `SELECT coalesce(sum(m.line_count), 0)::int AS n, coalesce(sum(m.debit), 0)::bigint AS d, coalesce(sum(m.credit), 0)::bigint AS c
       FROM ledger_monthly m JOIN ledger_accounts a ON a.id = m.ledger_account_id LEFT JOIN accounting_groups g ON g.id = a.accounting_group_id
      WHERE ${where.join(' AND ')}`,
    sql.values,
  );
}

export async function analytical(q: Queryable, f: AnalyticalFilters, principal: Principal) {
  const sql = new Sql();
  const where = [`l.date BETWEEN ${sql.add(firstDay(f.from), '::date')} AND ${sql.add(lastDay(f.to), '::date')}`, ...scopeConditions('l', f, principal, sql)];
  if (f.ledgerAccountIds) where.push(`l.ledger_account_id = ANY(${sql.add(f.ledgerAccountIds, '::uuid[]')})`);
  if (f.accountingGroupIds) where.push(`a.accounting_group_id = ANY(${sql.add(f.accountingGroupIds, '::uuid[]')})`);
  if (f.bankAccountIds) where.push(`l.bank_account_id = ANY(${sql.add(f.bankAccountIds, '::uuid[]')})`);
  if (f.documentIds) where.push(`l.document_id = ANY(${sql.add(f.documentIds, '::uuid[]')})`);
  if (f.statementSections) {
    const dre = f.statementSections.includes('DRE');
    where.push(`(g.section = ANY(${sql.add(f.statementSections, '::text[]')})${dre ? ` OR g.statement = 'DRE'` : ''})`);
  }
  if (f.cash) where.push('l.bank_account_id IS NOT NULL');
  if (f.dfcClass) {
    where.push(f.dfcClass === 'OPERACIONAL'
      ? `(l.dfc_class = 'OPERACIONAL' OR l.dfc_class IS NULL OR l.dfc_class NOT IN ('INVESTIMENTO', 'FINANCIAMENTO', 'NAO_CAIXA'))`
      : `l.dfc_class = ${sql.add(f.dfcClass)}`);
  }
  if (f.dfcLine !== null) where.push(f.dfcLine === '' ? 'l.dfc_line IS NULL' : `l.dfc_line = ${sql.add(f.dfcLine)}`);
  const from = `FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id JOIN ledger_accounts a ON a.id = l.ledger_account_id
                LEFT JOIN accounting_groups g ON g.id = a.accounting_group_id WHERE ${where.join(' AND ')}`;
  const count = f.documentIds
    ? await q.query<{ n: number; d: number; c: number }>(`SELECT count(*)::int AS n, coalesce(sum(l.debit), 0)::bigint AS d, coalesce(sum(l.credit), 0)::bigint AS c ${from}`, sql.values)
    : await summaryTotals(q, f, principal);
  const limit = sql.add(f.pageSize, '::int');
  const offset = sql.add((f.page - 1) * f.pageSize, '::int');
  const { rows } = await q.query<Record<string, unknown>>(
    `SELECT l.id::text AS id, l.date, to_char(e.competence, 'YYYY-MM') AS competence, e.id AS "entryId", e.kind, e.description,
            l.ledger_account_id AS "ledgerAccountId", a.code AS "ledgerAccountCode", a.name AS "ledgerAccountName",
            l.debit, l.credit, (l.debit - l.credit) AS amount, l.organization_id AS "organizationId",
            l.cost_center_id AS "costCenterId", cc.name AS "costCenterName", l.department_id AS "departmentId",
            l.project_id AS "projectId", l.bank_account_id AS "bankAccountId", ba.name AS "bankAccountName",
            l.party_id AS "partyId", co.legal_name AS "partyName", l.dfc_class AS "dfcClass", l.dfc_line AS "dfcLine",
            l.document_resource AS "documentResource", l.document_id AS "documentId", e.bank_transaction_id AS "bankTransactionId"
       ${from.replace('WHERE', `LEFT JOIN cost_centers cc ON cc.id = l.cost_center_id LEFT JOIN bank_accounts ba ON ba.id = l.bank_account_id
                LEFT JOIN companies co ON co.id = l.party_id WHERE`)}
      ORDER BY l.date, l.id
      LIMIT ${limit} OFFSET ${offset}`,
    sql.values,
  );
  const items = rows.map((r) => ({
    ...r,
    debit: Number(r.debit),
    credit: Number(r.credit),
    amount: Number(r.amount),
    // The record page of the source document; a manual movement shows in its bank account's page.
    documentPath: r.documentResource === 'bank-transactions'
      ? (r.bankAccountId ? `/contas-financeiras/${String(r.bankAccountId)}` : null)
      : DOCUMENT_PATHS[String(r.documentResource)] ? `${DOCUMENT_PATHS[String(r.documentResource)]}/${String(r.documentId)}` : null,
  }));
  const c = count.rows[0];
  return { items, total: Number(c.n), debit: Number(c.d), credit: Number(c.c) };
}

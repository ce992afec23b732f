import type { TestContext } from '../helper.ts';

/** Invariants of the ledger, straight from its tables (what every report reads). */
export async function ledgerInvariants(ctx: TestContext) {
  const one = async <T>(sql: string, params: unknown[] = []) => (await ctx.db.query<T>(sql, params)).rows;
  return {
    /** Entries whose lines do not balance (should be none). */
    unbalanced: await one<{ id: string }>(`SELECT entry_id AS id FROM journal_lines GROUP BY entry_id HAVING sum(debit) <> sum(credit)`),
    /** Σ debit − Σ credit over every line (the trial balance: zero). */
    trial: Number((await one<{ s: number }>(`SELECT coalesce(sum(debit - credit), 0)::bigint AS s FROM journal_lines`))[0].s),
    /** Rows where the monthly summary differs from its lines (none). */
    summaryDrift: await one<{ n: number }>(
      `WITH l AS (SELECT organization_id, date_trunc('month', date)::date AS month, ledger_account_id, cost_center_id, department_id, project_id,
                         bank_account_id, dfc_class, dfc_line, sum(debit)::bigint AS d, sum(credit)::bigint AS c FROM journal_lines GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9),
            m AS (SELECT organization_id, month, ledger_account_id, cost_center_id, department_id, project_id, bank_account_id, dfc_class, dfc_line,
                         debit AS d, credit AS c FROM ledger_monthly WHERE debit <> 0 OR credit <> 0)
       SELECT 1 AS n FROM ((TABLE l EXCEPT TABLE m) UNION ALL (TABLE m EXCEPT TABLE l)) x LIMIT 5`,
    ),
  };
}

/** Cash of each bank account in the ledger (Σ of its bank lines) against the statement's rule (opening + movements). */
export async function cashAgainstStatements(ctx: TestContext, date: string) {
  const { rows } = await ctx.db.query<{ id: string; ledger: number; bank: number }>(
    `SELECT a.id,
            coalesce((SELECT sum(debit - credit) FROM journal_lines l WHERE l.bank_account_id = a.id AND l.date <= $1::date), 0)::bigint AS ledger,
            (CASE WHEN a.opening_balance_date <= $1::date THEN a.opening_balance ELSE 0 END
              + coalesce((SELECT sum(t.amount) FROM bank_transactions t WHERE t.bank_account_id = a.id AND t.deleted_at IS NULL
                           AND t.date >= a.opening_balance_date AND t.date <= $1::date), 0))::bigint AS bank
       FROM bank_accounts a WHERE a.deleted_at IS NULL ORDER BY a.id`,
    [date],
  );
  return rows.map((r) => ({ id: r.id, ledger: Number(r.ledger), bank: Number(r.bank) }));
}

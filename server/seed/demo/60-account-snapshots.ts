import type { DemoArea } from './types.ts';

/**
 * Month-end closing balances of each bank account (as a bank statement would report them: opening balance
 * plus every movement up to that day, 55-bank-transactions) for the last six closed months, the older ones
 * checked; and one pending bank-API token per bank account (no secret: a pending token has none yet).
 */
const area: DemoArea = {
  key: 'account-snapshots@1',
  async run({ q, orgId, adminId, today }) {
    const { rows } = await q.query<{ has: boolean }>(`SELECT to_regclass('bank_transactions') IS NOT NULL AS has`);
    const movements = rows[0]?.has
      ? `COALESCE((SELECT sum(t.amount) FROM bank_transactions t
                    WHERE t.bank_account_id = a.id AND t.deleted_at IS NULL
                      AND t.date >= a.opening_balance_date AND t.date <= m.d), 0)`
      : '0';
    await q.query(
      `WITH months AS (
         SELECT (date_trunc('month', $3::date) - make_interval(months => g) - interval '1 day')::date AS d
           FROM generate_series(0, 5) g)
       INSERT INTO account_balances (organization_id, bank_account_id, date, competence, balance, source, checked, notes, created_by, updated_by)
       SELECT a.organization_id, a.id, m.d, to_char(m.d, 'YYYY-MM'), a.opening_balance + ${movements},
              'EXTRATO_OFX', m.d < (date_trunc('month', $3::date) - interval '1 month')::date, 'Saldo final do extrato do mês.', $2, $2
         FROM bank_accounts a CROSS JOIN months m
        WHERE a.organization_id = $1 AND a.type <> 'CAIXA' AND a.deleted_at IS NULL AND m.d >= a.opening_balance_date
          AND NOT EXISTS (SELECT 1 FROM account_balances b WHERE b.bank_account_id = a.id AND b.date = m.d AND b.deleted_at IS NULL)`,
      [orgId, adminId, today],
    );
    await q.query(
      `INSERT INTO account_tokens (organization_id, bank_account_id, name, provider, environment, scopes, status, client_id, notes, created_by, updated_by)
       SELECT a.organization_id, a.id, 'API do banco — ' || a.name, 'API_BANCO', 'HOMOLOGACAO', '["EXTRATO","PAGAMENTOS"]'::jsonb,
              'PENDENTE', 'demo-' || substr(a.id::text, 1, 8), 'Aguardando a credencial do banco para ativar.', $2, $2
         FROM bank_accounts a
        WHERE a.organization_id = $1 AND a.type <> 'CAIXA' AND a.deleted_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM account_tokens k WHERE k.bank_account_id = a.id AND k.deleted_at IS NULL)`,
      [orgId, adminId],
    );
  },
};
export default area;

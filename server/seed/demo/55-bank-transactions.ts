import type { DemoArea } from './types.ts';

/**
 * The workflow side of the demo's contas a pagar e a receber (docs/resources-finance-ap-ar.md §8.10):
 * - authorship that the segregation of duties can read: each lançamento registered by its requester (who
 *   confirmed it), its parcelas authorized by whoever authorized the lançamento — so the demo's
 *   SystemOwner, who registered nothing, may authorize what the finance manager approved; and a few drafts
 *   registered by the finance team in the SystemOwner's name, one of them contested (Fila do Solicitante);
 * - bank movements: one debit per paid parcela a pagar and one credit per received parcela a receber of
 *   50-finance (same account, date and amount as the baixa), plus each account's monthly maintenance fee
 *   and, on the first account, a monthly yield — so every statement and balance is the sum of what the
 *   finance screens show.
 * Set-based, one statement each, and idempotent (a statement adds only what is missing).
 */
const area: DemoArea = {
  key: 'finance-workflow',
  async run({ q, orgId, adminId, today }) {
    await q.query(
      `UPDATE payables SET created_by = requester_id, requester_check = 'CONFIRMADO', requester_checked_at = created_at
        WHERE organization_id = $1 AND requester_check IS NULL AND requester_id IS NOT NULL`,
      [orgId],
    );
    // A few drafts the finance team registered in the SystemOwner's name: the requester queue has work.
    await q.query(
      `WITH picked AS (
         SELECT p.id, row_number() OVER (ORDER BY p.issue_date DESC, p.description, p.id) AS n
           FROM payables p JOIN users u ON u.id = p.created_by AND u.email = 'financeiro@demo.com.br'
          WHERE p.organization_id = $1 AND p.status = 'RASCUNHO' AND p.deleted_at IS NULL
            AND NOT EXISTS (SELECT 1 FROM payables x WHERE x.requester_id = $2 AND x.organization_id = $1))
       UPDATE payables p SET requester_id = $2,
              requester_check = CASE WHEN picked.n = 1 THEN 'CONTESTADO' ELSE 'PENDENTE' END,
              requester_checked_at = CASE WHEN picked.n = 1 THEN p.created_at + interval '1 day' END,
              requester_comment = CASE WHEN picked.n = 1 THEN 'O valor não confere com o contrato; confira a nota fiscal.' END,
              status_reason = CASE WHEN picked.n = 1 THEN 'O valor não confere com o contrato; confira a nota fiscal.' ELSE p.status_reason END
         FROM picked WHERE picked.id = p.id AND picked.n <= 5`,
      [orgId, adminId],
    );
    await q.query(
      `UPDATE payable_installments i SET created_by = p.created_by,
              authorized_by = CASE WHEN i.status IN ('AUTORIZADO', 'PAGO') THEN p.authorized_by END,
              authorized_at = CASE WHEN i.status IN ('AUTORIZADO', 'PAGO') THEN p.authorized_at END
         FROM payables p WHERE p.id = i.payable_id AND p.organization_id = $1 AND i.authorized_by IS NULL`,
      [orgId],
    );
    await q.query(
      `INSERT INTO bank_transactions (organization_id, bank_account_id, date, amount, description, document_number, origin, payable_installment_id, reversed, created_by, updated_by)
       SELECT i.organization_id, i.bank_account_id, i.paid_at, -i.paid_amount, left('Pagamento: ' || i.label, 300), p.document_number, 'PAGAMENTO', i.id, false, $1, $1
         FROM payable_installments i JOIN payables p ON p.id = i.payable_id
         JOIN bank_accounts a ON a.id = i.bank_account_id AND i.paid_at >= a.opening_balance_date
        WHERE i.status = 'PAGO' AND i.paid_at IS NOT NULL AND i.paid_amount > 0 AND i.deleted_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM bank_transactions t WHERE t.payable_installment_id = i.id)`,
      [adminId],
    );
    await q.query(
      `INSERT INTO bank_transactions (organization_id, bank_account_id, date, amount, description, document_number, origin, receivable_installment_id, reversed, created_by, updated_by)
       SELECT i.organization_id, i.bank_account_id, i.received_at, i.received_amount, left('Recebimento: ' || i.label, 300), r.document_number, 'RECEBIMENTO', i.id, false, $1, $1
         FROM receivable_installments i JOIN receivables r ON r.id = i.receivable_id
         JOIN bank_accounts a ON a.id = i.bank_account_id AND i.received_at >= a.opening_balance_date
        WHERE i.status = 'RECEBIDO' AND i.received_at IS NOT NULL AND i.received_amount > 0 AND i.deleted_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM bank_transactions t WHERE t.receivable_installment_id = i.id)`,
      [adminId],
    );
    // Fees on the 5th of each of the last 12 months; a yield on the last day of each month on the first account.
    await q.query(
      `WITH accounts AS (
         SELECT id, organization_id, opening_balance_date, row_number() OVER (ORDER BY created_at, name) AS n
           FROM bank_accounts WHERE organization_id = $1 AND type <> 'CAIXA' AND active AND deleted_at IS NULL),
       months AS (SELECT (date_trunc('month', $3::date) - make_interval(months => g))::date AS m FROM generate_series(0, 11) g)
       INSERT INTO bank_transactions (organization_id, bank_account_id, date, amount, description, origin, reversed, created_by, updated_by)
       SELECT a.organization_id, a.id, x.d, x.amount, x.description, 'MANUAL', false, $2, $2
         FROM accounts a CROSS JOIN months m
         CROSS JOIN LATERAL (VALUES
           ((m.m + 4), -(5990 + 500 * (a.n - 1))::bigint, 'Tarifa de manutenção de conta'),
           ((m.m + interval '1 month' - interval '1 day')::date, CASE WHEN a.n = 1 THEN (18000 + (extract(month FROM m.m)::int * 731) % 9000)::bigint END, 'Rendimento da aplicação automática')
         ) AS x(d, amount, description)
        WHERE x.amount IS NOT NULL AND x.d <= $3::date AND x.d >= a.opening_balance_date
          AND NOT EXISTS (SELECT 1 FROM bank_transactions t WHERE t.bank_account_id = a.id AND t.date = x.d AND t.origin = 'MANUAL' AND t.description = x.description)`,
      [orgId, adminId, today],
    );
  },
};

export default area;

import type { DemoArea } from './types.ts';

/**
 * The demo company's reconciliation rules (docs/reconciliation.md, D81): what a finance team writes first —
 * the bank's fees, IOF and PIX tariffs become a movement on their expense category, and the yield of the
 * automatic investment one on its revenue category, all on the Financeiro cost center. Configuration data (no
 * status), in the order the screen lists them; for the company's main checking account (the oldest), so a statement
 * imported into another account is read without them.
 */
const RULES: { name: string; memo: string; direction: 'DEBITO' | 'CREDITO'; expense?: string; revenue?: string; max?: number; entry: string }[] = [
  { name: 'Tarifas bancárias', memo: 'tarifa', direction: 'DEBITO', expense: '6.02', max: 50_000, entry: 'Tarifa bancária' },
  { name: 'Tarifa de PIX', memo: 'tar pix', direction: 'DEBITO', expense: '6.02', max: 5_000, entry: 'Tarifa de PIX' },
  { name: 'IOF', memo: 'iof', direction: 'DEBITO', expense: '6.03', entry: 'IOF' },
  { name: 'Rendimento da aplicação automática', memo: 'rend pago aplic', direction: 'CREDITO', revenue: '2.01', entry: 'Rendimento de aplicação financeira' },
];

const area: DemoArea = {
  key: 'reconciliation-rules@1',
  async run({ q, orgId, adminId }) {
    const { rows } = await q.query<{ has: boolean }>(`SELECT to_regclass('reconciliation_rules') IS NOT NULL AS has`);
    if (!rows[0]?.has) return;
    await q.query(
      `INSERT INTO reconciliation_rules (organization_id, bank_account_id, name, position, memo_contains, direction, amount_max, entry_description,
                                         expense_category_id, revenue_category_id, cost_center_id, active, created_by, updated_by)
       SELECT $2, (SELECT id FROM bank_accounts WHERE organization_id = $2 AND type = 'CONTA_CORRENTE' AND deleted_at IS NULL ORDER BY created_at, name LIMIT 1),
              r.name, r.position, r.memo, r.direction, r.max, r.entry,
              (SELECT id FROM expense_categories WHERE code = r.expense AND deleted_at IS NULL),
              (SELECT id FROM revenue_categories WHERE code = r.revenue AND deleted_at IS NULL),
              (SELECT id FROM cost_centers WHERE organization_id = $2 AND code = '01.02' AND deleted_at IS NULL),
              true, $3, $3
         FROM jsonb_to_recordset($1::jsonb) AS r(name text, position int, memo text, direction text, max bigint, entry text, expense text, revenue text)
        WHERE NOT EXISTS (SELECT 1 FROM reconciliation_rules x WHERE x.organization_id = $2 AND x.name = r.name AND x.deleted_at IS NULL)`,
      [JSON.stringify(RULES.map((r, i) => ({ ...r, position: (i + 1) * 10, max: r.max ?? null }))), orgId, adminId],
    );
  },
};
export default area;

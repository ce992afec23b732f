import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helper.ts';
import { rulesOf } from '../../../server/reconciliation/reconcile.ts';

/** The demo company's reconciliation rules (server/seed/demo/58-reconciliation-rules.ts): on its main account only. */
describe('the demo reconciliation rules', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('turn bank fees, PIX tariffs and IOF into expenses and the investment yield into revenue, on the Financeiro cost center', async () => {
    const { rows } = await ctx.db.query<{ name: string; direction: string; expense: string | null; revenue: string | null; cc: string; analytic: boolean; account: string }>(
      `SELECT r.name, r.direction, ec.code AS expense, rc.code AS revenue, cc.code AS cc,
              coalesce(ec.type, rc.type) = 'A' AND cc.type = 'A' AS analytic, r.bank_account_id AS account
         FROM reconciliation_rules r
         JOIN organizations o ON o.id = r.organization_id
         LEFT JOIN expense_categories ec ON ec.id = r.expense_category_id
         LEFT JOIN revenue_categories rc ON rc.id = r.revenue_category_id
         JOIN cost_centers cc ON cc.id = r.cost_center_id
        WHERE r.deleted_at IS NULL AND r.bank_account_id IS NOT NULL
        ORDER BY r.position`,
    );
    expect(rows.map((r) => [r.name, r.direction, r.expense ?? r.revenue, r.cc, r.analytic])).toEqual([
      ['Tarifas bancárias', 'DEBITO', '6.02', '01.02', true],
      ['Tarifa de PIX', 'DEBITO', '6.02', '01.02', true],
      ['IOF', 'DEBITO', '6.03', '01.02', true],
      ['Rendimento da aplicação automática', 'CREDITO', '2.01', '01.02', true],
    ]);
    expect(new Set(rows.map((r) => r.account)).size).toBe(1);
  });

  it('apply to the main checking account and to no other account of the company', async () => {
    const { rows } = await ctx.db.query<{ id: string; version: number; organizationId: string; ruled: boolean }>(
      `SELECT a.id, a.version, a.organization_id AS "organizationId", EXISTS (SELECT 1 FROM reconciliation_rules r WHERE r.bank_account_id = a.id) AS ruled
         FROM bank_accounts a
        WHERE a.organization_id = (SELECT organization_id FROM reconciliation_rules LIMIT 1) AND a.deleted_at IS NULL
        ORDER BY ruled DESC`,
    );
    const main = rows.find((r) => r.ruled)!;
    const others = rows.filter((r) => !r.ruled);
    expect(others.length).toBeGreaterThan(0);
    expect((await rulesOf(ctx.db, main)).map((r) => r.name)).toEqual(['Tarifas bancárias', 'Tarifa de PIX', 'IOF', 'Rendimento da aplicação automática']);
    for (const other of others) expect(await rulesOf(ctx.db, other)).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helper.ts';
import { cashAgainstStatements, ledgerInvariants } from './helpers.ts';

/** The demo's history in the general ledger (server/seed/demo/90-ledger.ts and the workflow areas' actions). */
describe('the seeded general ledger', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('holds the demo history, every entry balanced, the trial balance zero, the monthly summary exact', async () => {
    const n = Number((await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM journal_entries')).rows[0].n);
    expect(n).toBeGreaterThan(5000);
    const kinds = (await ctx.db.query<{ kind: string }>('SELECT DISTINCT kind FROM journal_entries ORDER BY kind')).rows.map((r) => r.kind);
    expect(kinds).toEqual(expect.arrayContaining(['ABERTURA', 'APROPRIACAO', 'BAIXA', 'MOVIMENTO']));
    const inv = await ledgerInvariants(ctx);
    expect(inv.unbalanced).toEqual([]);
    expect(inv.trial).toBe(0);
    expect(inv.summaryDrift).toEqual([]);
  });

  it('has the cash of every bank account equal to its statement balance at any date', async () => {
    for (const date of ['2020-01-01', new Date().toISOString().slice(0, 10), '2100-12-31']) {
      const rows = await cashAgainstStatements(ctx, date);
      expect(rows.filter((r) => r.ledger !== r.bank)).toEqual([]);
    }
  });

  it('posts every accrued lançamento once, by competência, and never again when the backfill runs twice', async () => {
    const { backfillLedger } = await import('../../../server/ledger/backfill.ts');
    const again = await ctx.db.tx((q) => backfillLedger(q, '2026-01-01', null));
    expect(again).toBe(0);
    const { rows } = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM journal_entries e JOIN payables p ON p.id = e.document_id
        WHERE e.kind = 'APROPRIACAO' AND e.competence <> (left(p.competence, 7) || '-01')::date`,
    );
    expect(rows[0].n).toBe(0);
  });

  it('lets the Financeiro policy read, export and close, and the Diretoria read the reports', async () => {
    const { rows } = await ctx.db.query<{ name: string; resources: { name: string; scopes: string[] }[] }>(
      `SELECT name, resources FROM application_policies WHERE name IN ('Financeiro', 'Diretoria') AND deleted_at IS NULL ORDER BY name`,
    );
    const grants = Object.fromEntries(rows.map((p) => [p.name, Object.fromEntries(p.resources.filter((r) => /reports|cash-flows|ledger-closings/.test(r.name)).map((r) => [r.name, r.scopes]))]));
    expect(grants).toEqual({
      Diretoria: { 'accounting-reports': ['read', 'export'], 'cash-flows': ['read', 'export'], 'analytical-reports': ['read', 'export'] },
      Financeiro: { 'accounting-reports': ['read', 'export'], 'cash-flows': ['read', 'export'], 'analytical-reports': ['read', 'export'], 'ledger-closings': ['create', 'read', 'delete'] },
    });
  });

  it('has the demo transfers between own accounts and project documents, made through the actions', async () => {
    const marks = (await ctx.db.query<{ key: string }>(`SELECT key FROM seed_marks WHERE key IN ('bank-transfers@1', 'project-documents@1') ORDER BY key`)).rows.map((r) => r.key);
    expect(marks).toEqual(['bank-transfers@1', 'project-documents@1']);
    // Transfers: pairs of movements (−X on one account, +X on another of the same organization), one entry each.
    const pairs = (await ctx.db.query<{ n: number; bad: number; entries: number }>(
      `SELECT count(*)::int AS n,
              count(*) FILTER (WHERE p.id IS NULL OR p.transfer_pair_id <> t.id OR p.amount <> -t.amount OR p.bank_account_id = t.bank_account_id OR p.organization_id <> t.organization_id)::int AS bad,
              (SELECT count(*)::int FROM journal_entries e JOIN bank_transactions o ON o.id = e.bank_transaction_id AND o.origin = 'TRANSFERENCIA') AS entries
         FROM bank_transactions t LEFT JOIN bank_transactions p ON p.id = t.transfer_pair_id
        WHERE t.origin = 'TRANSFERENCIA' AND t.amount < 0`,
    )).rows[0];
    expect(pairs.n).toBeGreaterThan(0);
    expect(pairs.bad).toBe(0);
    expect(pairs.entries).toBe(pairs.n);
    // Project documents: approved payables whose accrual carries the project on its journal lines.
    const docs = (await ctx.db.query<{ status: string; n: number }>(`SELECT status, count(*)::int AS n FROM payables WHERE project_id IS NOT NULL AND deleted_at IS NULL AND (description LIKE 'Reforma do 3º andar%' OR description LIKE 'Implantação do novo ERP%') GROUP BY 1`)).rows;
    expect(docs).toEqual([{ status: 'APROVADO', n: 4 }]);
    const projects = (await ctx.db.query<{ code: string; expense: number }>(
      `SELECT pr.code, sum(l.debit - l.credit)::bigint AS expense FROM journal_lines l JOIN projects pr ON pr.id = l.project_id
         JOIN ledger_accounts a ON a.id = l.ledger_account_id JOIN accounting_groups g ON g.id = a.accounting_group_id AND g.statement = 'DRE'
        GROUP BY 1 ORDER BY 1`,
    )).rows.map((r) => [r.code, Number(r.expense)]);
    expect(projects.length).toBeGreaterThan(0);
    for (const [, expense] of projects) expect(expense).toBeGreaterThan(0);
  });
});

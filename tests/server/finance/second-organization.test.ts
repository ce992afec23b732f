import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidCnpj } from '../../../src/engine/formats/cnpj.ts';
import secondOrganization, { SECOND_ORGANIZATION } from '../../../server/seed/demo/70-second-organization.ts';
import { ADMIN, loginOk } from '../identity/helpers.ts';
import { createTestApp, type TestContext } from '../helper.ts';
import { call, createUser, demoOrganizationId } from '../resources/helpers.ts';
import { AP } from './helpers.ts';

/** The demo's second company of the group (server/seed/demo/70-second-organization.ts). */
describe('demo: second organization', () => {
  let ctx: TestContext;
  let org: string;
  let matriz: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    matriz = await demoOrganizationId(ctx.db);
    org = (await ctx.db.query<{ id: string }>('SELECT id FROM organizations WHERE cnpj = $1', [SECOND_ORGANIZATION.cnpj])).rows[0].id;
  });
  afterAll(() => ctx.close());
  const n = async (sql: string, params: unknown[] = []) => Number((await ctx.db.query<{ n: number }>(sql, params)).rows[0].n);

  it('has a valid alphanumeric CNPJ, its own cost-center tree and bank account, and both companies as PROPRIA', async () => {
    expect(isValidCnpj(SECOND_ORGANIZATION.cnpj) && /[A-Z]/.test(SECOND_ORGANIZATION.cnpj)).toBe(true);
    const centers = await ctx.db.query<{ code: string; type: string; parent: string | null }>(
      `SELECT c.code, c.type, p.code AS parent FROM cost_centers c LEFT JOIN cost_centers p ON p.id = c.parent_id WHERE c.organization_id = $1 ORDER BY c.code`,
      [org],
    );
    expect(centers.rows.length).toBeGreaterThanOrEqual(5);
    expect(centers.rows.filter((c) => c.code.includes('.') && c.parent !== c.code.slice(0, c.code.lastIndexOf('.')))).toEqual([]);
    const account = await ctx.db.query<{ name: string; ledger: string }>(
      `SELECT a.name, la.code AS ledger FROM bank_accounts a JOIN ledger_accounts la ON la.id = a.ledger_account_id WHERE a.organization_id = $1`,
      [org],
    );
    expect(account.rows).toEqual([{ name: 'Bradesco Indústria', ledger: '1.1.01.002' }]);
    const own = await ctx.db.query<{ organization_id: string; document: string }>(
      `SELECT c.organization_id, c.document FROM companies c JOIN company_types t ON t.id = c.company_type_id WHERE t.kind = 'PROPRIA' ORDER BY c.document`,
    );
    expect(own.rows).toEqual(
      expect.arrayContaining([
        { organization_id: matriz, document: '11222333000181' },
        { organization_id: org, document: SECOND_ORGANIZATION.cnpj },
      ]),
    );
  });

  it('has payables and receivables whose references all belong to the industry, with their bank movements', async () => {
    expect(await n(`SELECT count(*)::int AS n FROM payables WHERE organization_id = $1`, [org])).toBeGreaterThan(50);
    expect(await n(`SELECT count(*)::int AS n FROM receivables WHERE organization_id = $1`, [org])).toBeGreaterThan(20);
    for (const [table, party] of [['payables', 'supplier_id'], ['receivables', 'customer_id']]) {
      const foreign = await n(
        `SELECT count(*)::int AS n FROM ${table} x
           LEFT JOIN companies c ON c.id = x.${party} LEFT JOIN cost_centers cc ON cc.id = x.cost_center_id LEFT JOIN bank_accounts a ON a.id = x.bank_account_id
          WHERE x.organization_id = $1 AND (c.organization_id <> $1 OR cc.organization_id <> $1 OR cc.type <> 'A' OR a.organization_id <> $1)`,
        [org],
      );
      expect({ table, foreign }).toEqual({ table, foreign: 0 });
    }
    const paid = await n(`SELECT count(*)::int AS n FROM payable_installments WHERE organization_id = $1 AND status = 'PAGO'`, [org]);
    const moved = await n(
      `SELECT count(*)::int AS n FROM bank_transactions t JOIN payable_installments i ON i.id = t.payable_installment_id WHERE i.organization_id = $1 AND t.organization_id = $1`,
      [org],
    );
    expect(paid).toBeGreaterThan(0);
    expect(moved).toBe(paid);
  });

  it('shows the industry to the SystemOwner, not to a user scoped to the Matriz', async () => {
    const admin = (await loginOk(ctx.app, ADMIN)).accessToken;
    const url = `${AP}/cost-centers?filter[organizationId][eq]=${org}`;
    const all = await call(ctx.app, admin, { method: 'GET', url });
    expect(all.json().length).toBeGreaterThanOrEqual(5);
    const { token } = await createUser(ctx, { resources: [{ name: 'cost-centers', scopes: ['read'] }] });
    const scoped = await call(ctx.app, token, { method: 'GET', url });
    expect(scoped.statusCode).toBe(200);
    expect(scoped.json()).toEqual([]);
  });

  it('runs again without duplicating anything', async () => {
    const count = () =>
      ctx.db.query(
        `SELECT (SELECT count(*) FROM organizations)::int AS o, (SELECT count(*) FROM cost_centers)::int AS cc, (SELECT count(*) FROM bank_accounts)::int AS ba,
                (SELECT count(*) FROM companies)::int AS c, (SELECT count(*) FROM payables)::int AS p, (SELECT count(*) FROM bank_transactions)::int AS t,
                (SELECT count(*) FROM account_balances)::int AS b, (SELECT count(*) FROM application_acl_items)::int AS i`,
      );
    const before = (await count()).rows;
    const adminId = (await ctx.db.query<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [ADMIN.email])).rows[0].id;
    await ctx.db.tx((q) => secondOrganization.run({ q, orgId: matriz, adminId, today: new Date().toISOString().slice(0, 10) }));
    expect((await count()).rows).toEqual(before);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, loginOk } from '../identity/helpers.ts';
import { createTestApp, type TestContext } from '../helper.ts';
import { createOrganization, demoOrganizationId } from '../resources/helpers.ts';
import { ORDERS, PURCHASE_ORDERS } from '../procurement/helpers.ts';
import { AP, client, errorsOf, idBy } from './helpers.ts';

const ACCOUNTS = `${AP}/bank-accounts`;

/** Fields of docs/resources-cadastros.md added after the first release: bank accounts, cost centers, company types, order items. */
describe('cadastros: added fields and their rules', () => {
  let ctx: TestContext;
  let api: ReturnType<typeof client>;
  let org: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    api = client(ctx.app, (await loginOk(ctx.app, ADMIN)).accessToken);
    org = await demoOrganizationId(ctx.db);
  });
  afterAll(() => ctx.close());

  it('takes a credit card with its issuing bank only, and an analytic, active ledger account', async () => {
    const bank = await idBy(ctx.db, 'banks', 'compe', '341');
    const card = { organizationId: org, name: 'Cartão corporativo', type: 'CARTAO_CREDITO', openingBalance: 0, openingBalanceDate: '2026-01-01', active: true };
    expect(errorsOf(await api.post(ACCOUNTS, card))).toEqual({ bankId: ['Informe o banco emissor do cartão.'] });
    const synthetic = await idBy(ctx.db, 'ledger_accounts', 'code', '1.1.01');
    expect(errorsOf(await api.post(ACCOUNTS, { ...card, bankId: bank, ledgerAccountId: synthetic }))).toEqual({
      ledgerAccountId: ['A conta 1.1.01 é sintética: escolha uma conta analítica, que recebe lançamentos.'],
    });
    const ok = await api.post(ACCOUNTS, { ...card, bankId: bank, ledgerAccountId: await idBy(ctx.db, 'ledger_accounts', 'code', '2.1.01.001') });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ type: 'CARTAO_CREDITO', allowNegativeBalance: false });
    expect(ok.json().agency ?? null).toBeNull();
  });

  it('sets a negative-balance limit only where the balance may go negative, and clears it when turned off', async () => {
    const body = { organizationId: org, name: 'Caixa da filial', type: 'CAIXA', openingBalance: 0, openingBalanceDate: '2026-01-01', active: true };
    expect(errorsOf(await api.post(ACCOUNTS, { ...body, overdraftLimit: 100_000 }))).toEqual({
      overdraftLimit: ['Marque “Permite saldo negativo” para informar um limite.'],
    });
    expect(errorsOf(await api.post(ACCOUNTS, { ...body, allowNegativeBalance: true, overdraftLimit: -1 })).overdraftLimit).toHaveLength(1);
    const created = (await api.post(ACCOUNTS, { ...body, allowNegativeBalance: true, overdraftLimit: 100_000 })).json();
    expect(created).toMatchObject({ allowNegativeBalance: true, overdraftLimit: 100_000 });
    const off = await api.patch(`${ACCOUNTS}/${created.id}`, { allowNegativeBalance: false }, created.version);
    expect(off.statusCode).toBe(200);
    expect(off.json().overdraftLimit ?? null).toBeNull();
  });

  it('seeds the links: ledger accounts of the bank accounts, the Itaú overdraft, cost-center responsibles, PROPRIA and OUTROS types', async () => {
    const { rows } = await ctx.db.query<{ name: string; code: string | null; allow: boolean | null; lim: string | null }>(
      `SELECT a.name, la.code, a.allow_negative_balance AS allow, a.overdraft_limit::text AS lim
         FROM bank_accounts a LEFT JOIN ledger_accounts la ON la.id = a.ledger_account_id WHERE a.organization_id = $1 AND a.name NOT IN ('Cartão corporativo', 'Caixa da filial') ORDER BY a.name`,
      [org],
    );
    expect(rows.filter((r) => !r.code || r.allow === null)).toEqual([]);
    expect(rows.find((r) => r.name === 'Caixa pequeno Matriz')?.code).toBe('1.1.01.001');
    expect(rows.find((r) => r.name === 'Itaú Matriz')).toMatchObject({ code: '1.1.01.002', allow: true, lim: '5000000' });
    const responsible = await ctx.db.query<{ email: string }>(
      `SELECT u.email FROM cost_centers c JOIN users u ON u.id = c.responsible_id WHERE c.organization_id = $1 AND c.code = '01.02'`,
      [org],
    );
    expect(responsible.rows).toEqual([{ email: 'financeiro@demo.com.br' }]);
    const kinds = await ctx.db.query<{ kind: string }>(`SELECT DISTINCT kind FROM company_types WHERE kind IN ('PROPRIA', 'OUTROS') ORDER BY kind`);
    expect(kinds.rows.map((r) => r.kind)).toEqual(['OUTROS', 'PROPRIA']);
    const items = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders o, jsonb_array_elements(o.items) i WHERE i->>'categoryId' IS NOT NULL`,
    );
    expect(items.rows[0].n).toBeGreaterThan(0);
    const pos = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM purchase_orders WHERE category_id IS NOT NULL`);
    expect(pos.rows[0].n).toBeGreaterThan(0);
  });

  it('keeps order items and purchase orders on analytic categories and the order organization’s analytic cost centers', async () => {
    const leaf = await idBy(ctx.db, 'cost_centers', 'code', '01.01');
    const order = {
      organizationId: org,
      title: 'Itens rateados',
      justification: 'Material de escritório de duas áreas.',
      requestDate: '2026-03-02',
      costCenterId: leaf,
      items: [{ description: 'Papel A4', quantity: 1, unit: 'RESMA', unitPrice: 2590 }],
    };
    const item = (extra: Record<string, unknown>) => ({ ...order, items: [{ ...order.items[0], ...extra }] });
    const other = await createOrganization(ctx.db, 'Outra Ltda (itens)');
    const foreign = (
      await ctx.db.query<{ id: string }>(`INSERT INTO cost_centers (organization_id, code, name, type, active) VALUES ($1, '98', 'Alheio', 'A', true) RETURNING id`, [other])
    ).rows[0].id;
    expect(errorsOf(await api.post(ORDERS, item({ costCenterId: foreign })))).toEqual({ 'items.0.costCenterId': ['O centro de custos 98 é de outra organização.'] });
    expect(errorsOf(await api.post(ORDERS, item({ costCenterId: await idBy(ctx.db, 'cost_centers', 'code', '02'), categoryId: await idBy(ctx.db, 'expense_categories', 'code', '2') })))).toEqual({
      'items.0.costCenterId': ['O centro de custos 02 é sintético: escolha um analítico.'],
      // The field's x-ref-filter (analytic, active) answers first; its picker never offers a synthetic category.
      'items.0.categoryId': ['Escolha uma categoria de despesa analítica e ativa.'],
    });
    const ok = await api.post(ORDERS, item({ costCenterId: await idBy(ctx.db, 'cost_centers', 'code', '02.01'), categoryId: await idBy(ctx.db, 'expense_categories', 'code', '2.06') }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().items[0]).toMatchObject({ categoryId: expect.any(String), costCenterId: expect.any(String) });

    const po = (
      await ctx.db.query<{ id: string; version: number }>(
        `UPDATE purchase_orders SET status = 'RASCUNHO' WHERE id = (SELECT id FROM purchase_orders ORDER BY number LIMIT 1) RETURNING id, version`,
      )
    ).rows[0];
    expect(errorsOf(await api.patch(`${PURCHASE_ORDERS}/${po.id}`, { categoryId: await idBy(ctx.db, 'expense_categories', 'code', '1') }, po.version))).toEqual({
      categoryId: ['Escolha uma categoria de despesa analítica e ativa.'],
    });
  });
});

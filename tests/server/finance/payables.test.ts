import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINANCE_MESSAGES } from '../../../src/i18n/finance.ts';
import { ADMIN, loginOk } from '../identity/helpers.ts';
import { createTestApp, type TestContext } from '../helper.ts';
import { call, demoOrganizationId } from '../resources/helpers.ts';

const API = '/api/accounts-payable/v1';
const BB = '00190500954014481606906809350314337370000000100';

type Json = Record<string, unknown>;

/** Contas a pagar / a receber over the generic API: the plan hooks (server/finance) keep Σ parcelas = total. */
describe('payables and their installments', () => {
  let ctx: TestContext;
  let token: string;
  let adminId: string;
  let base: Json;

  const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, version?: number) =>
    call(ctx.app, token, { method, url: `${API}${url}`, payload: payload as Json, headers: version === undefined ? {} : { 'if-match': `W/"${version}"` } });
  const installments = async (kind: 'payable' | 'receivable', id: string) =>
    (await api('GET', `/${kind}-installments?filter[${kind}Id][eq]=${id}&sort=number`)).json() as Json[];
  const count = async (table: string) => Number((await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n);

  beforeAll(async () => {
    ctx = await createTestApp();
    const login = await loginOk(ctx.app, ADMIN);
    token = login.accessToken;
    adminId = (await call(ctx.app, token, { method: 'GET', url: '/api/identity/v1/users/me' })).json().id;
    const org = await demoOrganizationId(ctx.db);
    const one = async (sql: string, params: unknown[] = []) => (await ctx.db.query<{ id: string }>(sql, params)).rows[0].id;
    const type = await one(`INSERT INTO company_types (name, kind, position, active) VALUES ('Fornecedores de teste', 'FORNECEDOR', 1, true) RETURNING id`);
    const supplier = await one(
      `INSERT INTO companies (organization_id, company_type_id, person_type, document, legal_name, active) VALUES ($1, $2, 'PJ', '11444777000161', 'Fornecedor Teste Ltda', true) RETURNING id`,
      [org, type],
    );
    base = {
      organizationId: org,
      supplierId: supplier,
      documentType: 'NFE',
      documentNumber: '123456',
      issueDate: '2026-03-02',
      competence: '2026-03',
      description: 'Compra de teste',
      amount: 123456,
      installmentCount: 3,
      firstDueDate: '2026-03-31',
      costCenterId: await one(`SELECT id FROM cost_centers WHERE type = 'A' AND deleted_at IS NULL ORDER BY code LIMIT 1`),
      categoryId: await one(`SELECT id FROM expense_categories WHERE type = 'A' AND deleted_at IS NULL ORDER BY code LIMIT 1`),
      paymentMethod: 'BOLETO',
    };
  });
  afterAll(() => ctx.close());

  it('creates a payable of R$ 1.234,56 with its 3 parcelas in the same write', async () => {
    const res = await api('POST', '/payables', base);
    expect(res.statusCode).toBe(201);
    const p = res.json();
    expect(p).toMatchObject({ netAmount: 123456, status: 'RASCUNHO', paidAmount: 0, nextDueDate: '2026-03-31', requesterId: adminId, interest: 0, fine: 0, discount: 0 });
    const list = await installments('payable', p.id);
    expect(list.map((i) => [i.number, i.count, i.dueDate, i.originalDueDate, i.amount, i.status, i.label])).toEqual([
      [1, 3, '2026-03-31', '2026-03-31', 41152, 'RASCUNHO', '1/3 — Compra de teste'],
      [2, 3, '2026-04-30', '2026-04-30', 41152, 'RASCUNHO', '2/3 — Compra de teste'],
      [3, 3, '2026-05-31', '2026-05-31', 41152, 'RASCUNHO', '3/3 — Compra de teste'],
    ]);
    expect(list.every((i) => i.supplierId === base.supplierId && i.costCenterId === base.costCenterId && i.paymentMethod === 'BOLETO')).toBe(true);
    const history = (await api('GET', `/payable-installments/${list[0].id}/history`)).json();
    expect(history[0]).toMatchObject({ action: 'create', actor: { id: adminId } });
  });

  it('puts the remainder on the last parcela and nets interest, fine and discount', async () => {
    const p = (await api('POST', '/payables', { ...base, amount: 10000, interest: 150, fine: 200, discount: 50, installmentCount: 3 })).json();
    expect(p.netAmount).toBe(10300);
    expect((await installments('payable', p.id)).map((i) => i.amount)).toEqual([3433, 3433, 3434]);
  });

  it('ignores status and other server fields sent by a client', async () => {
    const p = (await api('POST', '/payables', { ...base, status: 'PAGO', paidAmount: 999, netAmount: 1, approvedBy: adminId, requesterCheck: 'CONTESTADO' })).json();
    expect(p).toMatchObject({ status: 'RASCUNHO', paidAmount: 0, netAmount: 123456, requesterId: adminId, requesterCheck: 'CONFIRMADO' });
    expect(p.approvedBy ?? null).toBeNull();
    const patched = await api('PATCH', `/payables/${p.id}`, { status: 'APROVADO', description: 'Outra' }, p.version);
    expect(patched.json()).toMatchObject({ status: 'RASCUNHO', description: 'Outra' });
    expect((await installments('payable', p.id)).map((i) => i.label)).toEqual(['1/3 — Outra', '2/3 — Outra', '3/3 — Outra']);
  });

  it('refuses bad input with pt-BR field errors and writes nothing', async () => {
    const before = [await count('payables'), await count('payable_installments'), await count('audit_log')];
    // A synthetic (grouping) category has no ledger account of its own: the approval could not post it.
    const synthetic = (await ctx.db.query<{ id: string }>(`SELECT id FROM expense_categories WHERE type = 'S' AND deleted_at IS NULL ORDER BY code LIMIT 1`)).rows[0].id;
    const cases: [Json, Json][] = [
      [{ ...base, categoryId: synthetic }, { categoryId: ['Escolha uma categoria de despesa analítica e ativa.'] }],
      [{ ...base, discount: 200000 }, { discount: [FINANCE_MESSAGES.netAmountMin] }],
      [{ ...base, installmentCount: 0 }, { installmentCount: ['Valor mínimo: 1.'] }],
      [{ ...base, installmentCount: 361 }, { installmentCount: ['Valor máximo: 360.'] }],
      [{ ...base, amount: 0 }, { amount: ['Valor mínimo: R$\u00a00,01.'] }],
      [{ ...base, boletoLine: `${BB.slice(0, 12)}9${BB.slice(13)}` }, { boletoLine: [FINANCE_MESSAGES.boleto.field(2)] }],
      [{ ...base, pixCode: '000201xyz' }, { pixCode: ['Não é um código PIX copia e cola.'] }],
      [{ ...base, competence: '2026-13' }, { competence: ['Competência inválida (use MM/AAAA).'] }],
      [{ ...base, supplierId: base.categoryId }, { supplierId: ['Registro referenciado não encontrado.'] }],
      [{ ...base, paidAt: '2026-01-01' }, { paidAt: ['Campo não permitido.'] }],
      [{ ...base, description: undefined }, { description: ['Campo obrigatório.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await api('POST', '/payables', body);
      expect({ status: res.statusCode, errors: res.json().errors }).toEqual({ status: 400, errors });
    }
    expect([await count('payables'), await count('payable_installments'), await count('audit_log')]).toEqual(before);
  });

  it('accepts a valid boleto line (masked) and gives a single parcela its code', async () => {
    const masked = '00190.50095 40144.816069 06809.350314 3 37370000000100';
    const p = (await api('POST', '/payables', { ...base, boletoLine: masked, installmentCount: 1 })).json();
    expect(p.boletoLine).toBe(BB);
    expect((await installments('payable', p.id)).map((i) => [i.amount, i.boletoLine])).toEqual([[123456, BB]]);
  });

  it('re-spreads a new total and re-plans a new count or first due date', async () => {
    let p = (await api('POST', '/payables', base)).json();
    const first = await installments('payable', p.id);
    p = (await api('PUT', `/payables/${p.id}`, { ...base, amount: 150000 }, p.version)).json();
    expect(p.netAmount).toBe(150000);
    const spread = await installments('payable', p.id);
    expect(spread.map((i) => [i.id, i.amount, i.dueDate])).toEqual(first.map((i) => [i.id, 50000, i.dueDate]));

    p = (await api('PATCH', `/payables/${p.id}`, { installmentCount: 4, firstDueDate: '2026-04-10' }, p.version)).json();
    expect(p.nextDueDate).toBe('2026-04-10');
    const replanned = await installments('payable', p.id);
    expect(replanned.map((i) => [i.number, i.count, i.dueDate, i.amount])).toEqual([
      [1, 4, '2026-04-10', 37500],
      [2, 4, '2026-05-10', 37500],
      [3, 4, '2026-06-10', 37500],
      [4, 4, '2026-07-10', 37500],
    ]);
    expect(replanned.some((i) => first.some((f) => f.id === i.id))).toBe(false);
    expect((await api('GET', `/payable-installments/${first[0].id}`)).statusCode).toBe(404);
  });

  it('editing one parcela redistributes the others; an impossible edit changes nothing', async () => {
    const p = (await api('POST', '/payables', base)).json();
    const [a, b, c] = await installments('payable', p.id);
    const res = await api('PATCH', `/payable-installments/${a.id}`, { amount: 50000 }, Number(a.version));
    expect(res.statusCode).toBe(200);
    const after = await installments('payable', p.id);
    expect(after.map((i) => i.amount)).toEqual([50000, 36728, 36728]);
    expect(after.reduce((s, i) => s + Number(i.amount), 0)).toBe(123456);

    const bad = await api('PATCH', `/payable-installments/${b.id}`, { amount: 123456 }, Number(after[1].version));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ amount: [FINANCE_MESSAGES.restTooSmall('R$\u00a00,00', 2)] });
    expect(await installments('payable', p.id)).toEqual(after);

    const moved = await api('PATCH', `/payable-installments/${a.id}`, { dueDate: '2026-03-20' }, Number(after[0].version));
    expect(moved.json()).toMatchObject({ dueDate: '2026-03-20', originalDueDate: '2026-03-31' });
    expect((await api('GET', `/payables/${p.id}`)).json().nextDueDate).toBe('2026-03-20');
    expect(c.id).toBeTruthy();
  });

  it('never creates or deletes a parcela on its own', async () => {
    const p = (await api('POST', '/payables', base)).json();
    const [a] = await installments('payable', p.id);
    const created = await api('POST', '/payable-installments', { dueDate: '2026-05-01', amount: 100 });
    expect(created.statusCode).toBe(400);
    expect(created.json().message).toBe(FINANCE_MESSAGES.installmentsByPayable);
    expect((await api('DELETE', `/payable-installments/${a.id}`)).statusCode).toBe(400);
    expect(await installments('payable', p.id)).toHaveLength(3);
  });

  it('locks the plan after approval and deletes only drafts (with their parcelas)', async () => {
    const draft = (await api('POST', '/payables', base)).json();
    const parcels = await installments('payable', draft.id);
    expect((await api('DELETE', `/payables/${draft.id}`)).statusCode).toBe(204);
    for (const i of parcels) expect((await api('GET', `/payable-installments/${i.id}`)).statusCode).toBe(404);

    const approved = (await api('POST', '/payables', base)).json();
    await ctx.db.query(`UPDATE payables SET status = 'APROVADO' WHERE id = $1`, [approved.id]);
    await ctx.db.query(`UPDATE payable_installments SET status = 'APROVADO' WHERE payable_id = $1`, [approved.id]);
    const locked = await api('PATCH', `/payables/${approved.id}`, { amount: 100000 }, approved.version);
    expect({ status: locked.statusCode, errors: locked.json().errors }).toEqual({ status: 400, errors: { amount: ['Este campo não pode mais ser alterado.'] } });
    const [first] = await installments('payable', approved.id);
    const lockedParcel = await api('PATCH', `/payable-installments/${first.id}`, { amount: 100 }, Number(first.version));
    expect(lockedParcel.json().errors).toEqual({ amount: ['Este campo não pode mais ser alterado.'] });
    const deleted = await api('DELETE', `/payables/${approved.id}`);
    expect({ status: deleted.statusCode, message: deleted.json().message }).toEqual({ status: 409, message: FINANCE_MESSAGES.deleteOnlyDraft });
    expect(await installments('payable', approved.id)).toHaveLength(3);
  });

  it('receivables follow the same plan rules, starting open', async () => {
    const customer = base.supplierId;
    const category = (await ctx.db.query<{ id: string }>(`SELECT id FROM revenue_categories WHERE type = 'A' ORDER BY code LIMIT 1`)).rows[0].id;
    const res = await api('POST', '/receivables', { ...base, supplierId: undefined, customerId: customer, categoryId: category, documentType: 'NFSE', amount: 100000, installmentCount: 3 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'ABERTO', receivedAmount: 0, netAmount: 100000 });
    expect((await installments('receivable', res.json().id)).map((i) => [i.amount, i.status, i.customerId])).toEqual([
      [33333, 'ABERTO', customer],
      [33333, 'ABERTO', customer],
      [33334, 'ABERTO', customer],
    ]);
  });

  it('seeds a year of payables and receivables whose plans add up', async () => {
    const sums = await ctx.db.query<{ side: string; docs: number; broken: number }>(`
      SELECT 'pagar' AS side, count(*)::int AS docs,
             count(*) FILTER (WHERE net_amount <> (SELECT coalesce(sum(amount), 0) FROM payable_installments i WHERE i.payable_id = p.id AND i.deleted_at IS NULL))::int AS broken
        FROM payables p WHERE p.document_number IS DISTINCT FROM '123456'
      UNION ALL
      SELECT 'receber', count(*)::int,
             count(*) FILTER (WHERE net_amount <> (SELECT coalesce(sum(amount), 0) FROM receivable_installments i WHERE i.receivable_id = r.id AND i.deleted_at IS NULL))::int
        FROM receivables r WHERE r.document_number IS DISTINCT FROM '123456'`);
    const parties = await ctx.db.query<{ customers: number; suppliers: number }>(
      `SELECT count(*) FILTER (WHERE t.kind = 'CLIENTE')::int AS customers, count(*) FILTER (WHERE t.kind <> 'CLIENTE')::int AS suppliers
         FROM companies c JOIN company_types t ON t.id = c.company_type_id WHERE c.legal_name <> 'Fornecedor Teste Ltda'`,
    );
    const { customers, suppliers } = parties.rows[0];
    expect(sums.rows.map((r) => r.broken)).toEqual([0, 0]);
    // The demo draws on the companies of 20-companies: suppliers to pay, customers to charge.
    expect(sums.rows.map((r) => r.docs > 1000)).toEqual([suppliers > 0, customers > 0]);
    expect(suppliers).toBeGreaterThan(0);
    // The demo load skips foreign-key triggers (bulk load): every reference must still resolve.
    const fks = await ctx.db.query<{ t: string; col: string; ft: string }>(`
      SELECT c.conrelid::regclass::text AS t, a.attname AS col, c.confrelid::regclass::text AS ft
        FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
       WHERE c.contype = 'f' AND c.conrelid::regclass::text IN ('payables', 'payable_installments', 'receivables', 'receivable_installments')`);
    expect(fks.rows.length).toBeGreaterThan(20);
    for (const { t, col, ft } of fks.rows) {
      const { rows } = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t} x WHERE x.${col} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ${ft} y WHERE y.id = x.${col})`);
      expect({ t, col, dangling: rows[0].n }).toEqual({ t, col, dangling: 0 });
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, loginOk } from '../identity/helpers.ts';
import { createTestApp, type TestContext } from '../helper.ts';
import { apiFor, demoRefs, workflowUsers, type Api } from '../finance/workflow-helpers.ts';

type Json = Record<string, unknown> & { id: string; version: number };
type Row = { code: string; amount: number; kind: string };

const FR = '/api/finance-reporting/v1';
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

/**
 * The finance-reporting API against a hand-computed fixture in 2019 (before any demo data): a cash account opened
 * with R$ 10.000,00 on 01/01/2019, a service sold for R$ 3.000,00 (received with R$ 10,00 of interest), rent of
 * R$ 1.200,00 in two parcelas (the first paid with a R$ 5,00 discount) and a bank fee of R$ 25,00.
 */
describe('finance reports over the ledger', () => {
  let ctx: TestContext;
  let clerk: Api, approver: Api, treasurer: Api, admin: Api, reader: Api;
  let refs: Awaited<ReturnType<typeof demoRefs>>;
  let account: string;
  let org: string;
  let secondParcel: Json;
  let project: string;

  const category = async (table: string, code: string) =>
    (await ctx.db.query<{ id: string }>(`SELECT c.id FROM ${table} c JOIN ledger_accounts a ON a.id = c.ledger_account_id WHERE a.code = $1 AND c.type = 'A' ORDER BY c.code LIMIT 1`, [code])).rows[0].id;
  const rowsOf = (body: { rows: Row[] }) => Object.fromEntries(body.rows.filter((r) => r.kind !== 'account' && r.kind !== 'group').map((r) => [r.code, r.amount]));

  beforeAll(async () => {
    ctx = await createTestApp();
    const users = await workflowUsers(ctx);
    [clerk, approver, treasurer, reader] = [users.clerk, users.approver, users.treasurer, users.reader].map((u) => apiFor(ctx, u.token));
    admin = apiFor(ctx, (await loginOk(ctx.app, ADMIN)).accessToken);
    refs = await demoRefs(ctx);
    org = refs.organizationId;
    const created = await admin.post('/bank-accounts', { organizationId: org, name: 'Caixa dos relatórios', type: 'CAIXA', openingBalance: 1000000, openingBalanceDate: '2019-01-01', active: true });
    if (created.statusCode !== 201) throw new Error(created.body);
    account = created.json().id;

    project = (await ctx.db.query<{ id: string }>('SELECT id FROM projects WHERE organization_id = $1 AND deleted_at IS NULL ORDER BY code LIMIT 1', [org])).rows[0].id;
    const r = (await clerk.post('/receivables', {
      organizationId: org, customerId: refs.supplierId, documentType: 'NFSE', issueDate: '2019-01-15', competence: '2019-01', description: 'Implantação',
      amount: 300000, installmentCount: 1, firstDueDate: '2019-02-10', costCenterId: refs.costCenterId, categoryId: await category('revenue_categories', '3.1.01.002'), paymentMethod: 'PIX',
    })).json() as Json;
    const [rp] = await clerk.json<Json[]>(`/receivable-installments?filter[receivableId][eq]=${r.id}`);
    const got = await clerk.post('/receivable-installments/receive', { items: [{ id: rp.id, version: rp.version, interest: 1000 }], receivedAt: '2019-02-10', bankAccountId: account });
    if (got.statusCode !== 201) throw new Error(got.body);

    let p = (await clerk.post('/payables', {
      organizationId: org, supplierId: refs.supplierId, documentType: 'BOLETO', issueDate: '2019-01-20', competence: '2019-01', description: 'Aluguel de janeiro',
      amount: 120000, installmentCount: 2, firstDueDate: '2019-02-15', costCenterId: refs.costCenterId, categoryId: await category('expense_categories', '4.2.02.001'), paymentMethod: 'BOLETO', bankAccountId: account, projectId: project,
    })).json() as Json;
    p = (await clerk.post(`/payables/${p.id}/submit`, {}, p.version)).json().record;
    p = (await approver.post(`/payables/${p.id}/approve`, {}, p.version)).json().record;
    const parcels = await clerk.json<Json[]>(`/payable-installments?filter[payableId][eq]=${p.id}&sort=number`);
    const auth = (await treasurer.post('/payable-installments/authorize', { items: parcels.map((x) => ({ id: x.id, version: x.version })) })).json().installments as Json[];
    const paid = await treasurer.post('/payable-installments/pay', { items: [{ id: auth[0].id, version: auth[0].version, discount: 500 }], paidAt: '2019-02-15', bankAccountId: account });
    if (paid.statusCode !== 201) throw new Error(paid.body);
    secondParcel = auth[1];
    const fee = await admin.post('/transactions', { bankAccountId: account, date: '2019-03-05', amount: -2500, description: 'Tarifa' });
    if (fee.statusCode !== 201) throw new Error(fee.body);
  }, 180_000);
  afterAll(() => ctx.close());

  it('computes the DRE by competência with its subtotals, comparisons and drill-down filters', async () => {
    const res = await admin.get(`${FR}/accounting-reports/dre?from=2019-01&to=2019-03&organizationId=${org}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ report: 'dre', from: '2019-01', to: '2019-03' });
    expect(body.totals).toMatchObject({
      receitaBruta: 300000, deducoes: 0, receitaLiquida: 300000, custos: 0, lucroBruto: 300000, despesasOperacionais: -120000,
      resultadoOperacional: 180000, resultadoFinanceiro: -1000, resultadoAntesTributos: 179000, tributosLucro: 0, lucroLiquido: 179000,
    });
    const rent = body.rows.find((r: Row) => r.code === '4.2.02.001');
    expect(rent).toMatchObject({ amount: -120000, previous: 0, lastYear: 0, verticalPct: -40, level: 3 });
    expect(rent.drill).toEqual({ ledgerAccountId: expect.any(String) });
    // January only: the accrual, no cash yet; February alone has no revenue (it is by competência).
    expect((await admin.get(`${FR}/accounting-reports/dre?from=2019-01&to=2019-01&organizationId=${org}`)).json().totals.lucroLiquido).toBe(180000);
    const feb = (await admin.get(`${FR}/accounting-reports/dre?from=2019-02&to=2019-02&organizationId=${org}`)).json();
    expect(feb.totals).toMatchObject({ receitaBruta: 0, lucroLiquido: 1500 });
    expect(feb.rows.find((r: Row) => r.code === 'lucroLiquido')).toMatchObject({ previous: 180000 });
    // Budget vs actual: the cost center's monthly budget (R$ 500,00, set through the API) × 3 months against its
    // costs and expenses (the rent, R$ 1.200,00); in total and per cost center with a budget.
    const cc = await admin.json<Json & { code: string; name: string }>(`/api/accounts-payable/v1/cost-centers/${refs.costCenterId}`);
    const setBudget = await admin.patch(`/api/accounts-payable/v1/cost-centers/${refs.costCenterId}`, { monthlyBudget: 50000 }, cc.version);
    if (setBudget.statusCode !== 200) throw new Error(setBudget.body);
    const byCc = (await admin.get(`${FR}/accounting-reports/dre?from=2019-01&to=2019-03&organizationId=${org}&costCenterId=${refs.costCenterId}`)).json();
    expect(byCc.totals).toMatchObject({ receitaBruta: 300000, despesasOperacionais: -120000, resultadoFinanceiro: 1500 });
    expect(byCc.budget).toEqual({
      orcamento: 150000, realizado: 120000, consumoPct: 80,
      costCenters: [{ costCenterId: refs.costCenterId, code: cc.code, name: cc.name, orcamento: 150000, realizado: 120000, diferenca: 30000, consumoPct: 80 }],
    });
    // Consolidated: the line of this cost center is the same; every other budgeted cost center has no 2019 spending.
    const all = (await admin.get(`${FR}/accounting-reports/dre?from=2019-01&to=2019-03`)).json();
    const lines = all.budget.costCenters as { costCenterId: string; orcamento: number; realizado: number }[];
    expect(lines.find((l) => l.costCenterId === refs.costCenterId)).toMatchObject({ orcamento: 150000, realizado: 120000 });
    expect(lines.reduce((s, l) => s + l.realizado, 0)).toBe(120000);
    expect(all.budget.orcamento).toBe(lines.reduce((s, l) => s + l.orcamento, 0));
    // By project: only the rent carries it (its accrual and its payment, with the 5,00 discount).
    const byProject = (await admin.get(`${FR}/accounting-reports/dre?from=2019-01&to=2019-03&organizationId=${org}&projectId=${project}`)).json();
    expect(byProject.totals).toMatchObject({ receitaBruta: 0, despesasOperacionais: -120000, resultadoFinanceiro: 500, lucroLiquido: -119500 });
    // Budgets are per cost center: no comparison under a project filter.
    expect(byProject.budget).toBeNull();
  });

  it('computes the DFC by the direct method; the closing cash equals the bank balance', async () => {
    const q = await admin.get(`${FR}/accounting-reports/dfc?from=2019-01&to=2019-03&organizationId=${org}`);
    expect(q.statusCode).toBe(200);
    expect(q.json().totals).toEqual({ operacional: 239000, investimento: 0, financiamento: 0, naoCaixa: 1000000, variacao: 239000, saldoInicial: 0, saldoFinal: 1239000 });
    expect(rowsOf(q.json())).toMatchObject({ OPERACIONAL: 239000, SALDO_INICIAL: 0, SALDO_FINAL: 1239000 });
    const lines = Object.fromEntries(q.json().rows.filter((r: Row) => r.kind === 'account').map((r: Row & { label: string }) => [r.code, [r.amount, r.label]]));
    expect(lines).toMatchObject({ RECEBIMENTOS_CLIENTES: [301000, expect.any(String)], PAGAMENTOS_FORNECEDORES: [-59500, expect.any(String)], OUTROS_PAGAMENTOS_OPERACIONAIS: [-2500, expect.any(String)] });
    const febMar = (await admin.get(`${FR}/accounting-reports/dfc?from=2019-02&to=2019-03&organizationId=${org}`)).json();
    expect(febMar.totals).toMatchObject({ saldoInicial: 1000000, operacional: 239000, naoCaixa: 0, saldoFinal: 1239000 });
    const bank = await admin.get(`/api/accounts-payable/v1/bank-account-balances?id=${account}&date=2019-03-31`);
    expect(bank.json()).toEqual([{ id: account, balance: 1239000 }]);
  });

  it('computes the balanço at a date: Ativo = Passivo + PL, the result inside the PL', async () => {
    const end = (await admin.get(`${FR}/accounting-reports/balanco?date=2019-03-31&organizationId=${org}`)).json();
    expect(end.totals).toMatchObject({ ativo: 1239000, passivo: 60000, patrimonioLiquido: 1179000, resultadoDoPeriodo: 179000, passivoMaisPL: 1239000, diferenca: 0 });
    const jan = (await admin.get(`${FR}/accounting-reports/balanco?date=2019-01-31&organizationId=${org}`)).json();
    expect(jan.totals).toMatchObject({ ativo: 1300000, passivo: 120000, patrimonioLiquido: 1180000, diferenca: 0 });
    // The change of PL between two month-ends is the DRE of the months between them (no capital moved).
    expect(end.totals.patrimonioLiquido - jan.totals.patrimonioLiquido).toBe(1500 - 2500);
    // The whole demo company too: the identity holds on every date.
    for (const date of ['2025-06-30', today]) {
      expect((await admin.get(`${FR}/accounting-reports/balanco?date=${date}`)).json().totals.diferenca).toBe(0);
    }
  });

  it('gives the cash flow by month, realized and projected, with the running balance', async () => {
    const res = await admin.get(`${FR}/cash-flows?from=2019-01&to=2019-03&granularity=month&bankAccountId=${account}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().rows.map((r: Record<string, unknown>) => [r.period, r.realizedIn, r.realizedOut, r.balance])).toEqual([
      ['2019-01-01', 1000000, 0, 1000000],
      ['2019-02-01', 301000, 59500, 1241500],
      ['2019-03-01', 0, 2500, 1239000],
    ]);
    const month = today.slice(0, 7);
    const now = (await admin.get(`${FR}/cash-flows?from=${month}&to=${month}&granularity=day&bankAccountId=${account}`)).json();
    expect(now.totals).toMatchObject({ saldoInicial: 1239000, saidasPrevistas: 60000, saldoFinal: 1179000 });
    expect(secondParcel).toMatchObject({ amount: 60000, status: 'AUTORIZADO' });
    expect(now.rows.find((r: Record<string, unknown>) => r.period === today)).toMatchObject({ projectedOut: 60000 });
    const week = (await admin.get(`${FR}/cash-flows?from=2019-02&to=2019-02&granularity=week&bankAccountId=${account}`)).json();
    expect(week.rows[0]).toMatchObject({ period: '2019-01-28', label: 'Semana de 28/01/2019' });
  });

  it('ages the open parcelas by days overdue at a date', async () => {
    const due = String(secondParcel.dueDate);
    const at = new Date(Date.parse(`${due}T00:00:00Z`) + 5 * 86_400_000).toISOString().slice(0, 10);
    const res = await admin.get(`${FR}/agings?date=${at}&organizationId=${org}`);
    expect(res.statusCode).toBe(200);
    const bucket = (list: { key: string; amount: number; count: number }[], key: string) => list.find((b) => b.key === key);
    expect(bucket(res.json().pagar, 'ATE_30')).toMatchObject({ amount: 60000, count: 1 });
    expect(res.json().pagar.map((b: { key: string }) => b.key)).toEqual(['A_VENCER', 'ATE_30', 'DE_31_A_60', 'DE_61_A_90', 'ACIMA_DE_90']);
    const later = (await admin.get(`${FR}/agings?date=${new Date(Date.parse(`${due}T00:00:00Z`) + 45 * 86_400_000).toISOString().slice(0, 10)}&organizationId=${org}`)).json();
    expect(bucket(later.pagar, 'DE_31_A_60')).toMatchObject({ amount: 60000, count: 1 });
    expect((await reader.get(`${FR}/agings`)).statusCode).toBe(403);
  });

  it('lists the analytical lines behind a figure, paginated with X-Total-Count and Link', async () => {
    const url = `${FR}/analytical-reports?from=2019-01&to=2019-03&organizationId=${org}&bankAccountId=${account}&pageSize=2`;
    const first = await admin.get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('4');
    expect(first.headers.link).toContain('rel="next"');
    expect(first.json().totals).toEqual({ debit: 1301000, credit: 62000 });
    const second = (await admin.get(`${url}&page=2`)).json();
    expect([...first.json().items, ...second.items].map((l: Record<string, unknown>) => [l.date, l.kind, l.amount])).toEqual([
      ['2019-01-01', 'ABERTURA', 1000000],
      ['2019-02-10', 'BAIXA', 301000],
      ['2019-02-15', 'BAIXA', -59500],
      ['2019-03-05', 'MOVIMENTO', -2500],
    ]);
    expect(second.items[1].documentPath).toBe(`/contas-financeiras/${account}`);
    // A DRE figure's drill-down gives the journal lines that sum to it.
    const dre = (await admin.get(`${FR}/accounting-reports/dre?from=2019-01&to=2019-03&organizationId=${org}`)).json();
    const rent = dre.rows.find((r: Row) => r.code === '4.2.02.001');
    const drill = (await admin.get(`${FR}/analytical-reports?from=2019-01&to=2019-03&organizationId=${org}&ledgerAccountId=${rent.drill.ledgerAccountId}`)).json();
    expect(drill.totals.credit - drill.totals.debit).toBe(rent.amount);
    expect(drill.items[0].documentPath).toMatch(/^\/contas-a-pagar\/lancamentos\//);
  });

  it('refuses bad parameters with pt-BR field errors, and callers without the permission', async () => {
    const bad = await admin.get(`${FR}/accounting-reports/dre?from=2019-13&to=2019-01&foo=1`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ from: ['Informe o mês no formato AAAA-MM.'], foo: ['Parâmetro desconhecido.'] });
    expect((await admin.get(`${FR}/accounting-reports/dre?from=2019-03&to=2019-01`)).json().errors.to).toBeDefined();
    expect((await admin.get(`${FR}/accounting-reports/xyz?from=2019-01&to=2019-01`)).statusCode).toBe(400);
    expect((await admin.get(`${FR}/cash-flows?from=2019-01&to=2019-03&granularity=hour`)).json().errors).toEqual({ granularity: ['Use day, week ou month.'] });
    expect((await admin.get(`${FR}/analytical-reports?from=2019-01&to=2019-03&pageSize=9999`)).statusCode).toBe(400);
    for (const url of ['/accounting-reports/dre?from=2019-01&to=2019-01', '/cash-flows?from=2019-01&to=2019-01', '/analytical-reports?from=2019-01&to=2019-01']) {
      expect((await reader.get(`${FR}${url}`)).statusCode).toBe(403);
    }
  });
});

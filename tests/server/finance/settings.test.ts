import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInBrazil } from '../../../server/routes/finance-settings/bank-rules.ts';
import { ADMIN, loginOk } from '../identity/helpers.ts';
import { createTestApp, type TestContext } from '../helper.ts';
import { demoOrganizationId } from '../resources/helpers.ts';
import { AP, APPROVALS, client, errorsOf, FR, idBy } from './helpers.ts';

const BILLS = `${AP}/company-bills`;
const TRIGGERS = `${APPROVALS}/approval-triggers`;
const BALANCES = `${FR}/account-balances`;
const STAGES = `${APPROVALS}/approval-stages`;

/** Company bills, approval triggers and account balances (docs/resources-finance.md §4–§7). */
describe('finance settings', () => {
  let ctx: TestContext;
  let api: ReturnType<typeof client>;
  let org: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    api = client(ctx.app, (await loginOk(ctx.app, ADMIN)).accessToken);
    org = await demoOrganizationId(ctx.db);
  });
  afterAll(() => ctx.close());

  async function supplier(): Promise<string> {
    const type = (
      await ctx.db.query<{ id: string }>(`INSERT INTO company_types (name, kind, position, active) VALUES ('Concessionárias (teste)', 'FORNECEDOR', 1, true) RETURNING id`)
    ).rows[0].id;
    const { rows } = await ctx.db.query<{ id: string }>(
      `INSERT INTO companies (organization_id, company_type_id, person_type, document, legal_name, active)
       VALUES ($1, $2, 'PJ', '11444777000161', 'Energia Teste S.A.', true) RETURNING id`,
      [org, type],
    );
    return rows[0].id;
  }

  it('checks company bills: validity, fixed amount, analytic category, direct debit account', async () => {
    const body = {
      organizationId: org,
      description: 'Energia elétrica – Filial',
      billType: 'ENERGIA',
      supplierId: await supplier(),
      expenseCategoryId: await idBy(ctx.db, 'expense_categories', 'code', '2.02'),
      costCenterId: await idBy(ctx.db, 'cost_centers', 'code', '01.01'),
      paymentMethod: 'GUIA_ARRECADACAO',
      amountType: 'VARIAVEL',
      amount: 450_000,
      frequency: 'MENSAL',
      dueDay: 15,
      leadDays: 10,
      startDate: '2026-01-01',
      autoGenerate: true,
      active: true,
    };
    expect(errorsOf(await api.post(BILLS, { ...body, endDate: '2025-12-31' }))).toEqual({ endDate: ['O fim da vigência deve ser igual ou posterior ao início.'] });
    expect(errorsOf(await api.post(BILLS, { ...body, amountType: 'FIXO', amount: null }))).toEqual({ amount: ['Informe o valor fixo de cada conta.'] });
    expect(errorsOf(await api.post(BILLS, { ...body, paymentMethod: 'DEBITO_AUTOMATICO' }))).toEqual({
      bankAccountId: ['Informe a conta em que o débito automático é feito.'],
    });
    expect(errorsOf(await api.post(BILLS, { ...body, expenseCategoryId: await idBy(ctx.db, 'expense_categories', 'code', '2') }))).toEqual({
      expenseCategoryId: ['Escolha uma categoria de despesa analítica e ativa.'],
    });
    expect(errorsOf(await api.post(BILLS, { ...body, dueDay: 32 }))).toEqual({ dueDay: ['Informe um dia entre 1 e 31.'] });
    expect(errorsOf(await api.post(BILLS, { ...body, adjustmentIndex: 'IGPM' }))).toEqual({ adjustmentMonth: ['Informe o mês do reajuste.'] });
    const ok = await api.post(BILLS, body);
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ amount: 450_000, dueDay: 15 });
  });

  it('keeps an approval trigger range non-empty (minimum ≤ maximum, centavos) and its category kind right', async () => {
    const queue = await api.post(`${APPROVALS}/approvals`, { name: 'Teste de alçada', priority: 50, allowSelfApproval: false, onReject: 'DEVOLVER', active: true });
    expect(queue.statusCode).toBe(201);
    const base = { approvalId: queue.json().id, name: 'Faixa', resourceName: 'payables', active: true };
    expect(errorsOf(await api.post(TRIGGERS, { ...base, minAmount: 500_001, maxAmount: 500_000 }))).toEqual({
      // In the schema now (minAmount ≤ maxAmount through $data): the form says it too, on the minimum.
      minAmount: ['O valor mínimo deve ser igual ou menor que o máximo.'],
    });
    expect(errorsOf(await api.post(TRIGGERS, { ...base, minAmount: -1 }))).toEqual({ minAmount: [expect.stringMatching(/R\$\s0,00/)] });
    expect((await api.post(TRIGGERS, { ...base, minAmount: 500_000, maxAmount: 500_000 })).statusCode).toBe(201);
    const revenue = await idBy(ctx.db, 'revenue_categories', 'code', '1.02');
    expect(errorsOf(await api.post(TRIGGERS, { ...base, revenueCategoryId: revenue }))).toEqual({
      revenueCategoryId: ['Categorias de receita só valem para contas a receber.'],
    });
    // The revenue category fits receivables, but no approval flow handles them yet: only resourceName is refused.
    expect(errorsOf(await api.post(TRIGGERS, { ...base, resourceName: 'receivables', revenueCategoryId: revenue }))).toEqual({
      resourceName: ['Ainda não há fila de aprovação para este recurso (por enquanto, só Faturamentos, Pedidos, Contas a pagar, Ordens de compra).'],
    });
  });

  it('records closing balances per account and day: derived competence, no future, not before the opening', async () => {
    const itau = await idBy(ctx.db, 'bank_accounts', 'name', 'Itaú Matriz');
    const opening = (await ctx.db.query<{ d: string }>('SELECT opening_balance_date::text AS d FROM bank_accounts WHERE id = $1', [itau])).rows[0].d;
    const body = { organizationId: org, bankAccountId: itau, date: opening, balance: -12_345, source: 'EXTRATO_OFX', checked: true };
    const ok = await api.post(BALANCES, body);
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ balance: -12_345, competence: opening.slice(0, 7) });
    const dup = await api.post(BALANCES, body);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toEqual({ date: ['Já existe um registro com este valor.'] });
    const [y, m, d] = todayInBrazil().split('-').map(Number);
    const tomorrow = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
    expect(errorsOf(await api.post(BALANCES, { ...body, date: tomorrow }))).toEqual({ date: ['Saldo de fechamento é de hoje ou de um dia passado.'] });
    const before = new Date(Date.parse(`${opening}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect(errorsOf(await api.post(BALANCES, { ...body, date: before }))[`date`][0]).toMatch(/^A conta começa em \d{2}\/\d{2}\/\d{4} \(data do saldo de abertura\)\.$/);
  });
  it('defines approval stages an engine can run: unique order per queue, someone approves, dated substitute', async () => {
    const queue = (await api.post(`${APPROVALS}/approvals`, { name: 'Etapas de teste', priority: 60, allowSelfApproval: false, onReject: 'ENCERRAR', active: true })).json();
    const fin = await idBy(ctx.db, 'users', 'email', 'financeiro@demo.com.br');
    const admin = await idBy(ctx.db, 'users', 'email', 'admin@demo.com.br');
    const base = { approvalId: queue.id, order: 1, name: 'Gestor', rule: 'ANY', approverUserIds: [fin], approverGroupIds: [], active: true };
    expect(errorsOf(await api.post(STAGES, { ...base, approverUserIds: [] }))).toEqual({ approverUserIds: ['Informe ao menos um aprovador: usuários ou perfis.'] });
    expect(errorsOf(await api.post(STAGES, { ...base, substituteUserId: admin }))).toEqual({
      substituteFrom: ['Informe o período da substituição.'],
      substituteUntil: ['Informe o período da substituição.'],
    });
    expect(errorsOf(await api.post(STAGES, { ...base, substituteUserId: admin, substituteFrom: '2026-07-31', substituteUntil: '2026-07-01' }))).toEqual({
      substituteUntil: ['O fim da substituição deve ser igual ou posterior ao início.'],
    });
    expect(errorsOf(await api.post(STAGES, { ...base, substituteUserId: fin, substituteFrom: '2026-07-01', substituteUntil: '2026-07-31' }))).toEqual({
      substituteUserId: ['Esta pessoa já é aprovadora da etapa.'],
    });
    expect(errorsOf(await api.post(STAGES, { ...base, approverUserIds: ['00000000-0000-4000-8000-000000000000'] }))).toEqual({ 'approverUserIds.0': ['Registro referenciado não encontrado.'] });
    const first = await api.post(STAGES, { ...base, substituteUserId: admin, substituteFrom: '2026-07-01', substituteUntil: '2026-07-31' });
    expect(first.statusCode).toBe(201);
    const same = await api.post(STAGES, { ...base, name: 'Diretoria', approverUserIds: [admin] });
    expect(same.statusCode).toBe(409);
    expect(same.json().errors).toEqual({ order: ['Já existe um registro com este valor.'] });
    expect((await api.post(STAGES, { ...base, order: 2, name: 'Diretoria', rule: 'ALL', approverUserIds: [admin] })).statusCode).toBe(201);
    const list = await api.get(`${STAGES}?filter[approvalId][eq]=${queue.id}`);
    expect((list.json() as { order: number; name: string }[]).map((x) => [x.order, x.name])).toEqual([[1, 'Gestor'], [2, 'Diretoria']]);
  });

  it('seeds the example queue: payables from R$ 5.000,00, two stages', async () => {
    const queue = (await api.get(`${APPROVALS}/approvals?q=${encodeURIComponent('Contas a pagar acima de R$ 5.000,00')}`)).json()[0];
    expect(queue).toMatchObject({ priority: 10, active: true });
    const triggers = (await api.get(`${TRIGGERS}?filter[approvalId][eq]=${queue.id}`)).json();
    expect(triggers).toEqual([expect.objectContaining({ resourceName: 'payables', minAmount: 500_000 })]);
    expect(triggers[0]).not.toHaveProperty('maxAmount', expect.anything());
    const stages = (await api.get(`${STAGES}?filter[approvalId][eq]=${queue.id}&sort=order`)).json() as { order: number; approverUserIds: string[]; approverGroupIds: string[] }[];
    expect(stages.map((x) => x.order)).toEqual([1, 2]);
    // Someone may always act at each stage, whoever registered the payable (issue 17): the finance manager or the
    // administrator at the first, the Diretoria profile at the second.
    expect(stages[0].approverUserIds).toHaveLength(2);
    expect(stages[1].approverGroupIds).toHaveLength(1);
  });
});

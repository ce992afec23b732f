import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS } from '../../../server/seed/demo/accounting/chart.ts';
import { ADMIN, loginOk } from '../identity/helpers.ts';
import { createTestApp, type TestContext } from '../helper.ts';
import { createOrganization, demoOrganizationId } from '../resources/helpers.ts';
import { AP, client, errorsOf, idBy } from './helpers.ts';

const LEDGER = `${AP}/ledger-accounts`;
const GROUPS = `${AP}/accounting-groups`;
const EXPENSES = `${AP}/expense-categories`;
const REVENUES = `${AP}/revenue-categories`;

/** Accounting catalogues over the seeded standard chart (docs/resources-finance.md §1–§3). */
describe('accounting catalogues', () => {
  let ctx: TestContext;
  let api: ReturnType<typeof client>;
  let chartId: string;
  let adminGroup: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    api = client(ctx.app, (await loginOk(ctx.app, ADMIN)).accessToken);
    chartId = await idBy(ctx.db, 'chart_accounts', 'name', 'Plano de contas padrão');
    adminGroup = await idBy(ctx.db, 'accounting_groups', 'code', 'DRE-06B');
  });
  afterAll(() => ctx.close());

  const account = (code: string, extra: Record<string, unknown> = {}) => ({
    chartAccountId: chartId,
    code,
    name: `Conta ${code}`,
    type: 'A',
    nature: 'D',
    contra: false,
    accountingGroupId: adminGroup,
    active: true,
    ...extra,
  });

  it('seeds the standard chart as a consistent tree: parents by code prefix, natures, levels, groups', async () => {
    const res = await api.get(`${LEDGER}?pageSize=1000&filter[chartAccountId][eq]=${chartId}`);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { id: string; code: string; parentId?: string; level: number; type: string; nature: string; contra: boolean; accountingGroupId?: string }[];
    expect(rows).toHaveLength(ACCOUNTS.length);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const problems = rows.flatMap((r) => {
      const parent = r.parentId ? byId.get(r.parentId) : undefined;
      const out: string[] = [];
      if (r.level !== r.code.split('.').length) out.push(`${r.code}: nível ${r.level}`);
      if ((r.type === 'A') !== (typeof r.accountingGroupId === 'string')) out.push(`${r.code}: grupo`);
      if (r.level === 1) return parent ? [...out, `${r.code}: raiz com superior`] : out;
      if (parent?.code !== r.code.slice(0, r.code.lastIndexOf('.'))) out.push(`${r.code}: superior ${parent?.code}`);
      if (parent?.type !== 'S') out.push(`${r.code}: superior analítica`);
      if ((r.nature === parent?.nature) === r.contra) out.push(`${r.code}: natureza`);
      return out;
    });
    expect(problems).toEqual([]);
  });

  it('fills the parent from the code and computes the level', async () => {
    const res = await api.post(LEDGER, account('4.2.02.901'));
    expect(res.statusCode).toBe(201);
    const parent = await idBy(ctx.db, 'ledger_accounts', 'code', '4.2.02');
    expect(res.json()).toMatchObject({ code: '4.2.02.901', parentId: parent, level: 4 });
  });

  it('rejects a code off the chart mask, a missing or analytic parent, and a parent that is not the prefix', async () => {
    expect(errorsOf(await api.post(LEDGER, account('4.2.2.901')))).toEqual({ code: ['O nível 3 tem 2 dígitos na máscara 9.9.99.999.'] });
    expect(errorsOf(await api.post(LEDGER, account('4.2.02.001.01')))).toEqual({ code: ['O plano tem 4 níveis (máscara 9.9.99.999); este código tem 5.'] });
    expect(errorsOf(await api.post(LEDGER, account('4.2.07.001')))).toEqual({ code: ['Cadastre antes a conta superior de código 4.2.07.'] });
    const aluguel = await idBy(ctx.db, 'ledger_accounts', 'code', '4.2.02.001');
    const analytic = await api.post(LEDGER, account('4.2.02.902', { parentId: aluguel }));
    expect(errorsOf(analytic)).toEqual({ parentId: ['A conta superior deve ser a de código 4.2.02, prefixo deste código.'] });
    const leaf = await api.post(LEDGER, account('4.2', { type: 'S', accountingGroupId: null, parentId: await idBy(ctx.db, 'ledger_accounts', 'code', '4') }));
    expect(leaf.statusCode).toBe(409);
    expect(leaf.json().errors).toEqual({ code: ['Já existe um registro com este valor.'] });
  });

  it('keeps natures: the parent one, the opposite one for contra accounts', async () => {
    expect(errorsOf(await api.post(LEDGER, account('4.2.02.903', { nature: 'C' })))).toEqual({
      nature: ['A natureza é a da conta superior (Devedora), a não ser em contas redutoras.'],
    });
    expect(errorsOf(await api.post(LEDGER, account('1.2.03.098', { contra: true, nature: 'D', accountingGroupId: await idBy(ctx.db, 'accounting_groups', 'code', 'BP-ANC-IMOB') })))).toEqual({
      nature: ['Contas redutoras têm a natureza oposta à da conta superior: Credora.'],
    });
    const ok = await api.post(LEDGER, account('1.2.03.097', { contra: true, nature: 'C', name: '(−) Amortização acumulada', accountingGroupId: await idBy(ctx.db, 'accounting_groups', 'code', 'BP-ANC-IMOB') }));
    expect(ok.statusCode).toBe(201);
  });

  it('asks analytic accounts for a group of the same chart, and refuses a group on synthetic ones', async () => {
    expect(errorsOf(await api.post(LEDGER, account('4.2.02.904', { accountingGroupId: null })))).toEqual({
      accountingGroupId: ['Contas analíticas pertencem a um grupo contábil.'],
    });
    expect(errorsOf(await api.post(LEDGER, account('4.2.09', { type: 'S' })))).toEqual({
      accountingGroupId: ['Contas sintéticas não têm grupo contábil: ele é definido nas analíticas.'],
    });
    const other = await api.post(`${AP}/chart-accounts`, { name: 'Plano gerencial', codeMask: '9.99.999', active: true });
    const group = await api.post(GROUPS, { chartAccountId: other.json().id, code: 'G-1', name: 'Outro', statement: 'DRE', section: 'CUSTOS', sign: -1, order: 1, active: true });
    expect(group.statusCode).toBe(201);
    expect(errorsOf(await api.post(LEDGER, account('4.2.02.905', { accountingGroupId: group.json().id })))).toEqual({
      accountingGroupId: ['Este grupo contábil é de outro plano de contas.'],
    });
  });

  it('keeps a parent synthetic with its code, and an account used by categories analytic', async () => {
    const parent = (await api.get(`${LEDGER}/${await idBy(ctx.db, 'ledger_accounts', 'code', '4.2.02')}`)).json();
    expect(errorsOf(await api.put(`${LEDGER}/${parent.id}`, { ...parent, code: '4.2.08' }, parent.version))).toEqual({
      code: ['Esta conta tem subordinadas: o código não pode mudar.'],
    });
    const energy = (await api.get(`${LEDGER}/${await idBy(ctx.db, 'ledger_accounts', 'code', '4.2.02.002')}`)).json();
    const res = await api.patch(`${LEDGER}/${energy.id}`, { type: 'S', accountingGroupId: null }, energy.version);
    expect(errorsOf(res)).toEqual({ type: ['Categorias lançam nesta conta: ela continua analítica.'] });
    const del = await api.del(`${LEDGER}/${parent.id}`);
    expect(del.statusCode).toBe(409);
  });

  it('checks accounting groups: the section belongs to the statement', async () => {
    const body = { chartAccountId: chartId, code: 'DRE-99', name: 'Teste', statement: 'DRE', section: 'PASSIVO_CIRCULANTE', sign: 1, order: 5, active: true };
    expect(errorsOf(await api.post(GROUPS, body))).toEqual({
      section: ['Escolha uma seção da DRE (receitas, deduções, custos, despesas, resultado financeiro, tributos ou participações).'],
    });
    expect((await api.post(GROUPS, { ...body, section: 'OUTRAS_OPERACIONAIS' })).statusCode).toBe(201);
  });

  it('maps categories to analytic ledger accounts and to a DFC line of their class', async () => {
    const rent = await idBy(ctx.db, 'ledger_accounts', 'code', '4.2.02.001');
    const admin = await idBy(ctx.db, 'ledger_accounts', 'code', '4.2.02');
    const base = { code: '2.90', name: 'Coworking', type: 'A', ledgerAccountId: rent, dfcClass: 'OPERACIONAL', dfcLine: 'PAGAMENTOS_FORNECEDORES', active: true };
    const ok = await api.post(EXPENSES, base);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().parentId).toBe(await idBy(ctx.db, 'expense_categories', 'code', '2'));
    expect(errorsOf(await api.post(EXPENSES, { ...base, code: '2.91', ledgerAccountId: admin }))).toEqual({
      ledgerAccountId: ['A conta 4.2.02 é sintética: escolha uma conta analítica, que recebe lançamentos.'],
    });
    expect(errorsOf(await api.post(EXPENSES, { ...base, code: '2.92', dfcClass: 'FINANCIAMENTO' }))).toEqual({
      dfcLine: ['Esta linha não pertence à classe escolhida no DFC.'],
    });
    expect(errorsOf(await api.post(EXPENSES, { ...base, code: '2.93', ledgerAccountId: undefined, dfcClass: undefined, dfcLine: undefined }))).toEqual({
      ledgerAccountId: ['Campo obrigatório.'],
      dfcClass: ['Campo obrigatório.'],
    });
    expect(errorsOf(await api.post(EXPENSES, { ...base, code: '2.01.001' }))).toEqual({
      parentId: ['A categoria 2.01 é analítica: só sintéticas têm subordinadas.'],
    });
    const revenue = await api.post(REVENUES, { code: '1.90', name: 'Licenciamento', type: 'A', ledgerAccountId: await idBy(ctx.db, 'ledger_accounts', 'code', '3.1.01.002'), dfcClass: 'OPERACIONAL', dfcLine: 'PAGAMENTOS_FORNECEDORES', active: true });
    expect(errorsOf(revenue).dfcLine).toContain('Escolha uma das opções.');
  });

  it('keeps a department on cost centers of its own organization, analytic ones', async () => {
    const org = await demoOrganizationId(ctx.db);
    const other = await createOrganization(ctx.db, 'Outra Ltda');
    const foreign = (
      await ctx.db.query<{ id: string }>(`INSERT INTO cost_centers (organization_id, code, name, type, active) VALUES ($1, '99', 'Alheio', 'A', true) RETURNING id`, [other])
    ).rows[0].id;
    const body = { organizationId: org, code: 'JUR', name: 'Jurídico', active: true };
    expect(errorsOf(await api.post(`${AP}/departments`, { ...body, defaultCostCenterId: foreign }))).toEqual({ defaultCostCenterId: ['Este registro é de outra organização.'] });
    const synthetic = await idBy(ctx.db, 'cost_centers', 'code', '01');
    expect(errorsOf(await api.post(`${AP}/departments`, { ...body, defaultCostCenterId: synthetic }))).toEqual({
      defaultCostCenterId: ['O centro de custos 01 é sintético: escolha um analítico.'],
    });
    const ok = await api.post(`${AP}/departments`, { ...body, defaultCostCenterId: await idBy(ctx.db, 'cost_centers', 'code', '01.01'), code: 'jur' });
    expect(errorsOf(ok)).toEqual({ code: ['Use até 16 letras maiúsculas, números, hífen ou sublinhado (ex.: FIN).'] });
  });
});

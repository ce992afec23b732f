import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, loginOk } from '../identity/helpers.ts';
import { createTestApp, type TestContext } from '../helper.ts';
import { apiFor, demoRefs, workflowUsers, type Api } from '../finance/workflow-helpers.ts';
import { cashAgainstStatements, ledgerInvariants } from './helpers.ts';

const FR = '/api/finance-reporting/v1';
type Totals = Record<string, number>;

/**
 * Transferência entre contas próprias (D59) in 2018, before any demo data: R$ 2.500,00 from account A (opened with
 * R$ 10.000,00) to account B (opened with R$ 1.000,00) on 10/02/2018. Moves cash between the accounts; changes no
 * result, no consolidated DFC figure, no balanço total.
 */
describe('transfers between own bank accounts', () => {
  let ctx: TestContext;
  let admin: Api, clerk: Api;
  let org: string;
  let a: string, b: string;
  const before: Record<string, Totals> = {};

  const reports = async () => ({
    dre: (await admin.get(`${FR}/accounting-reports/dre?from=2018-01&to=2018-03`)).json().totals as Totals,
    dfc: (await admin.get(`${FR}/accounting-reports/dfc?from=2018-01&to=2018-03`)).json().totals as Totals,
    dfcOrg: (await admin.get(`${FR}/accounting-reports/dfc?from=2018-01&to=2018-03&organizationId=${org}`)).json().totals as Totals,
    balanco: (await admin.get(`${FR}/accounting-reports/balanco?date=2018-03-31`)).json().totals as Totals,
    flow: (await admin.get(`${FR}/cash-flows?from=2018-01&to=2018-03&granularity=month`)).json().totals as Totals,
  });
  const balance = async (id: string, date: string) => (await admin.get(`/api/accounts-payable/v1/bank-account-balances?id=${id}&date=${date}`)).json()[0].balance as number;

  beforeAll(async () => {
    ctx = await createTestApp();
    const users = await workflowUsers(ctx);
    clerk = apiFor(ctx, users.clerk.token);
    admin = apiFor(ctx, (await loginOk(ctx.app, ADMIN)).accessToken);
    org = (await demoRefs(ctx)).organizationId;
    const open = async (name: string, openingBalance: number) => {
      const res = await admin.post('/bank-accounts', { organizationId: org, name, type: 'CAIXA', openingBalance, openingBalanceDate: '2018-01-01', active: true });
      if (res.statusCode !== 201) throw new Error(res.body);
      return res.json().id as string;
    };
    a = await open('Conta A das transferências', 1000000);
    b = await open('Conta B das transferências', 100000);
    Object.assign(before, await reports());
  }, 180_000);
  afterAll(() => ctx.close());

  it('moves the money between the statements and posts one balanced entry, with no effect on the reports consolidated', async () => {
    const res = await admin.post(`/bank-accounts/${a}/transfer`, { toBankAccountId: b, date: '2018-02-10', amount: 250000, description: 'Reforço de caixa da conta B' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.out).toMatchObject({ bankAccountId: a, amount: -250000, origin: 'TRANSFERENCIA', date: '2018-02-10', transferPairId: body.in.id, description: 'Reforço de caixa da conta B' });
    expect(body.in).toMatchObject({ bankAccountId: b, amount: 250000, origin: 'TRANSFERENCIA', transferPairId: body.out.id });

    // The statements (opening + movements) and the ledger's cash agree, account by account.
    expect([await balance(a, '2018-02-09'), await balance(b, '2018-02-09')]).toEqual([1000000, 100000]);
    expect([await balance(a, '2018-03-31'), await balance(b, '2018-03-31')]).toEqual([750000, 350000]);
    for (const row of await cashAgainstStatements(ctx, '2018-03-31')) expect(row.ledger).toBe(row.bank);
    const inv = await ledgerInvariants(ctx);
    expect(inv).toEqual({ unbalanced: [], trial: 0, summaryDrift: [] });

    // The entry: D bank B / C bank A, both cash lines of the transfer DFC line, pointing at the origin's movement.
    const lines = await admin.get(`${FR}/analytical-reports?from=2018-02&to=2018-02&documentId=${body.out.id}`);
    expect(lines.json().total).toBe(2);
    expect(lines.json().totals).toEqual({ debit: 250000, credit: 250000 });
    const byAccount = Object.fromEntries(lines.json().items.map((l: { bankAccountName: string; debit: number; credit: number }) => [l.bankAccountName, [l.debit, l.credit]]));
    expect(byAccount).toEqual({ 'Conta B das transferências': [250000, 0], 'Conta A das transferências': [0, 250000] });

    // Consolidated (and for the organization), nothing changes: result, DFC, balanço, cash flow.
    const after = await reports();
    expect(after.dre).toEqual(before.dre);
    expect(after.dfc).toEqual(before.dfc);
    expect(after.dfcOrg).toEqual(before.dfcOrg);
    expect(after.balanco).toEqual(before.balanco);
    expect(after.flow).toEqual(before.flow);
    // Per account, the cash flow shows the money leaving A and arriving in B.
    const flowOf = async (id: string) => (await admin.get(`${FR}/cash-flows?from=2018-02&to=2018-02&granularity=month&bankAccountId=${id}`)).json().rows[0];
    expect(await flowOf(a)).toMatchObject({ realizedIn: 0, realizedOut: 250000, balance: 750000 });
    expect(await flowOf(b)).toMatchObject({ realizedIn: 250000, realizedOut: 0, balance: 350000 });
    // By month the realized sums come from the monthly summary, by day from the lines: the same figures.
    for (const q of ['', `&bankAccountId=${a}`, `&bankAccountId=${b}`]) {
      const totalsOf = async (g: string) => {
        const t = (await admin.get(`${FR}/cash-flows?from=2018-01&to=2018-03&granularity=${g}${q}`)).json().totals as Totals;
        return [t.saldoInicial, t.entradasRealizadas, t.saidasRealizadas, t.saldoFinal];
      };
      expect(await totalsOf('month')).toEqual(await totalsOf('day'));
    }

    // The movements cannot be edited nor deleted through the generic API (a wrong transfer is undone by another one).
    const stored = await admin.json<{ version: number }>(`/transactions/${body.out.id}`);
    expect((await admin.patch(`/transactions/${body.out.id}`, { description: 'outra' }, stored.version)).statusCode).toBe(409);
  });

  it('refuses what is not a transfer between two own accounts, with pt-BR field errors, and changes nothing', async () => {
    const count = async () => (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM bank_transactions')).rows[0].n;
    const n = await count();
    const other = (await ctx.db.query<{ id: string }>('SELECT id FROM bank_accounts WHERE organization_id <> $1 AND deleted_at IS NULL AND active LIMIT 1', [org])).rows[0]?.id;
    const cases: [Record<string, unknown>, string, string | RegExp][] = [
      [{ toBankAccountId: a, date: '2018-02-10', amount: 100 }, 'toBankAccountId', 'Escolha uma conta de destino diferente da conta de origem.'],
      [{ toBankAccountId: b, date: '2999-01-01', amount: 100 }, 'date', 'A data da transferência não pode ser futura.'],
      [{ toBankAccountId: b, date: '2017-12-31', amount: 100 }, 'date', /anterior ao saldo de abertura/],
      [{ toBankAccountId: b, date: '2018-02-10', amount: 0 }, 'amount', /./],
      [{ toBankAccountId: b, date: '2018-02-10', amount: 100, bankAccountId: a }, 'bankAccountId', /./],
    ];
    // Today: after the other organization's account opened (only the organization is wrong).
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    if (other) cases.push([{ toBankAccountId: other, date: today, amount: 100 }, 'toBankAccountId', 'Transferências só entre contas da mesma organização.']);
    for (const [payload, field, message] of cases) {
      const res = await admin.post(`/bank-accounts/${a}/transfer`, payload);
      expect({ payload, status: res.statusCode }).toEqual({ payload, status: 400 });
      expect(res.json().errors[field]?.[0] ?? JSON.stringify(res.json())).toMatch(message);
    }
    // Without "update" on bank accounts (the clerk only reads them): 403.
    expect((await clerk.post(`/bank-accounts/${a}/transfer`, { toBankAccountId: b, date: '2018-02-10', amount: 100 })).statusCode).toBe(403);
    // In a closed period: 409 and nothing written; reopened, it goes through.
    expect((await admin.post(`${FR}/ledger-closings`, { organizationId: org, month: '2018-03' })).statusCode).toBe(201);
    const closed = await admin.post(`/bank-accounts/${a}/transfer`, { toBankAccountId: b, date: '2018-03-05', amount: 100 });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('PERIOD_CLOSED');
    expect(await count()).toBe(n);
    expect((await admin.del(`${FR}/ledger-closings/${org}/2018-03`)).statusCode).toBe(204);
    expect((await admin.post(`/bank-accounts/${a}/transfer`, { toBankAccountId: b, date: '2018-03-05', amount: 100 })).statusCode).toBe(201);
    expect(await count()).toBe(n + 2);
  });

  it('reverses a transfer: an estorno movement on each side, the entry reversed on its date, the reports as before', async () => {
    // A bank fee: a movement that is not a transfer (refused below).
    const fee = (await admin.post('/transactions', { bankAccountId: a, date: '2018-02-12', amount: -990, description: 'Tarifa' })).json();
    const reportsBefore = await reports();
    const made = (await admin.post(`/bank-accounts/${a}/transfer`, { toBankAccountId: b, date: '2018-02-12', amount: 50000, description: 'Transferência por engano' })).json();
    const [aBefore, bBefore] = [await balance(a, '2018-02-28'), await balance(b, '2018-02-28')];
    const url = (id: string) => `/transactions/${id}/reverse-transfer`;
    // Refusals first, each writing nothing: no motive, stale version, a date before the transfer or in the future,
    // without "update" on bank accounts, a movement that is not a transfer.
    expect((await admin.post(url(made.in.id), { date: '2018-02-15' }, made.in.version)).statusCode).toBe(400);
    expect((await admin.post(url(made.in.id), { comment: 'Engano', date: '2018-02-15' }, made.in.version + 1)).json().code).toBe('VERSION_CONFLICT');
    expect((await admin.post(url(made.in.id), { comment: 'Engano', date: '2018-02-11' }, made.in.version)).json().errors.date).toEqual(['O estorno não pode ser anterior à transferência (12/02/2018).']);
    expect((await admin.post(url(made.in.id), { comment: 'Engano', date: '2999-01-01' }, made.in.version)).json().errors.date).toEqual(['A data do estorno não pode ser futura.']);
    expect((await clerk.post(url(made.in.id), { comment: 'Engano', date: '2018-02-15' }, made.in.version)).statusCode).toBe(403);
    expect((await admin.post(url(fee.id), { comment: 'Engano' }, fee.version)).json().code).toBe('INVALID_TRANSITION');
    expect([await balance(a, '2018-02-28'), await balance(b, '2018-02-28')]).toEqual([aBefore, bBefore]);

    // From either side (here the incoming one): both sides reversed at once.
    const res = await admin.post(url(made.in.id), { comment: 'Conta de destino errada', date: '2018-02-15' }, made.in.version);
    expect(res.statusCode).toBe(200);
    const { reversed, reversals } = res.json();
    expect(reversed.map((m: { id: string; reversed: boolean }) => [m.id, m.reversed])).toEqual([[made.out.id, true], [made.in.id, true]]);
    expect(reversals).toMatchObject([
      { bankAccountId: a, amount: 50000, origin: 'ESTORNO', reversalOfId: made.out.id, date: '2018-02-15', description: 'Estorno: Transferência por engano — Conta de destino errada' },
      { bankAccountId: b, amount: -50000, origin: 'ESTORNO', reversalOfId: made.in.id, date: '2018-02-15' },
    ]);
    // The statements: the money back on the 15th; on the 13th it was still moved.
    expect([await balance(a, '2018-02-13'), await balance(b, '2018-02-13')]).toEqual([aBefore, bBefore]);
    expect([await balance(a, '2018-02-28'), await balance(b, '2018-02-28')]).toEqual([aBefore + 50000, bBefore - 50000]);
    for (const row of await cashAgainstStatements(ctx, '2018-03-31')) expect(row.ledger).toBe(row.bank);
    expect(await ledgerInvariants(ctx)).toEqual({ unbalanced: [], trial: 0, summaryDrift: [] });
    // The ledger: the transfer's entry and its reversal (4 lines on the origin's movement), nothing edited.
    const lines = (await admin.get(`${FR}/analytical-reports?from=2018-02&to=2018-02&documentId=${made.out.id}`)).json();
    expect(lines.totals).toEqual({ debit: 100000, credit: 100000 });
    const after = await reports();
    expect(after.dre).toEqual(reportsBefore.dre);
    expect(after.balanco).toEqual(reportsBefore.balanco);
    expect(after.flow).toEqual(reportsBefore.flow);
    // Once: the second try is refused.
    const twice = await admin.post(url(made.out.id), { comment: 'De novo' }, (await admin.json<{ version: number }>(`/transactions/${made.out.id}`)).version);
    expect(twice.json()).toMatchObject({ code: 'INVALID_TRANSITION', message: 'Esta transferência já foi estornada.' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helper.ts';
import { createUser } from '../resources/helpers.ts';
import { apiFor, count, demoRefs, freshAccount, type Api } from '../finance/workflow-helpers.ts';
import { upload } from './helpers.ts';
import { ADMIN, loginOk } from '../identity/helpers.ts';

type Json = Record<string, unknown> & { id: string; version: number };
type Line = Json & { amount: number; status: string; memo: string; suggestions: Json[]; transactionIds: string[]; group?: string[] };

const READ = (...names: string[]) => names.map((name) => ({ name, scopes: ['read'] }));

/** An OFX 1.x statement with these lines (amount in centavos; FITIDs unique per test). */
function ofx(lines: { date: string; amount: number; memo: string; ref?: string }[], tag: string): Buffer {
  const trn = lines
    .map((l, i) => `<STMTTRN>\n<TRNTYPE>${l.amount < 0 ? 'DEBIT' : 'CREDIT'}\n<DTPOSTED>${l.date.replaceAll('-', '')}\n<TRNAMT>${(l.amount / 100).toFixed(2)}\n<FITID>${tag}-${i}\n${l.ref ? `<REFNUM>${l.ref}\n` : ''}<MEMO>${l.memo}\n</STMTTRN>`)
    .join('\n');
  return Buffer.from(
    `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nCHARSET:1252\n\n<OFX>\n<BANKMSGSRSV1>\n<STMTTRNRS>\n<STMTRS>\n<CURDEF>BRL\n<BANKACCTFROM>\n<BANKID>0341\n<BRANCHID>1234\n<ACCTID>567890\n</BANKACCTFROM>\n<BANKTRANLIST>\n${trn}\n</BANKTRANLIST>\n</STMTRS>\n</STMTTRNRS>\n</BANKMSGSRSV1>\n</OFX>\n`,
  );
}

/** Bulk accept of the high-confidence suggestions (D79), N:1 (several bank lines, one movement) and the split of a line (D80). */
describe('reconciliation: bulk accept and many-to-one', () => {
  let ctx: TestContext;
  let token: string;
  let api: Api, reader: Api, admin: Api, noReceive: Api;
  let refs: Awaited<ReturnType<typeof demoRefs>>;

  beforeAll(async () => {
    ctx = await createTestApp();
    refs = await demoRefs(ctx);
    const base = [{ name: 'reconcilables', scopes: ['create', 'read', 'update'] }, ...READ('bank-transactions', 'statement-imports', 'bank-accounts', 'receivable-installments', 'companies', 'cost-centers', 'revenue-categories', 'organizations')];
    token = (await createUser(ctx, { resources: [...base, { name: 'receivables', scopes: ['create', 'read', 'update'] }] })).token;
    api = apiFor(ctx, token);
    noReceive = apiFor(ctx, (await createUser(ctx, { resources: [...base, ...READ('receivables')] })).token);
    admin = apiFor(ctx, (await loginOk(ctx.app, ADMIN)).accessToken);
    reader = apiFor(ctx, (await createUser(ctx, { resources: READ('reconcilables', 'bank-accounts') })).token);
  });
  afterAll(() => ctx.close());

  /** A fresh account with these statement lines imported. */
  async function accountWith(name: string, lines: Parameters<typeof ofx>[0]): Promise<string> {
    const account = await freshAccount(ctx, refs.organizationId, name);
    const res = await upload(ctx, token, account, 'extrato.ofx', ofx(lines, `${name.replace(/\W/g, '')}${Date.now()}`));
    if (res.statusCode !== 201) throw new Error(`import failed: ${res.body}`);
    return account;
  }
  const board = async (account: string) => (await api.json<{ lines: Line[]; movements: Json[] }>(`/bank-accounts/${account}/reconciliation?from=2026-03-01&to=2026-03-31`)).lines;
  const byMemo = async (account: string, memo: string) => (await board(account)).find((l) => l.memo === memo)!;
  const movement = async (account: string, date: string, amount: number, description: string, documentNumber?: string) => {
    const res = await admin.post('/transactions', { bankAccountId: account, date, amount, description, ...(documentNumber ? { documentNumber } : {}) });
    expect(res.statusCode).toBe(201);
    return res.json() as Json;
  };

  it('accepts every high-confidence suggestion in one action; a target already taken in the batch is skipped and said', async () => {
    const account = await accountWith('Aceite em lote', [
      { date: '2026-03-10', amount: -50000, memo: 'PAG NF7001 PRIMEIRO', ref: 'NF7001' },
      { date: '2026-03-11', amount: -50000, memo: 'PAG NF7001 SEGUNDO', ref: 'NF7001' },
      { date: '2026-03-11', amount: 123456, memo: 'DEPOSITO SEM DOCUMENTO' },
      { date: '2026-04-02', amount: -7000, memo: 'PAG NF7002 FORA DO PERIODO', ref: 'NF7002' },
    ]);
    const m1 = await movement(account, '2026-03-10', -50000, 'Pagamento NF7001', 'NF7001');
    await movement(account, '2026-03-11', 123456, 'Depósito'); // same day, same amount, no document: 70 points (média) — not accepted
    await movement(account, '2026-04-02', -7000, 'Pagamento NF7002', 'NF7002');
    const url = `/bank-accounts/${account}/reconciliation/accept-suggestions`;

    expect((await reader.post(url, { preview: true })).statusCode).toBe(403);
    const unknown = await api.post(url, { from: '2026-03-01', to: '2026-03-31', all: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ all: ['Campo não permitido.'] });
    expect((await api.post(url, { from: '2026-03-31', to: '2026-03-01' })).statusCode).toBe(400);

    const preview = await api.post(url, { from: '2026-03-01', to: '2026-03-31', preview: true });
    expect(preview.statusCode).toBe(200);
    const p = preview.json();
    expect(p.matched.map((m: Json) => [m.memo, m.amount, (m.suggestion as Json).ids])).toEqual([['PAG NF7001 PRIMEIRO', -50000, [m1.id]]]);
    expect(p.skipped.map((m: Json) => m.memo)).toEqual(['PAG NF7001 SEGUNDO']);
    expect(p.skipped[0].reason).toMatch(/^A sugestão "Pagamento NF7001" já foi usada pelo lançamento de 10\/03\/2026 \(PAG NF7001 PRIMEIRO, -R\$\s500,00\) neste mesmo aceite\.$/);
    expect(p.total).toBe(-50000);
    expect((await board(account)).every((l) => l.status === 'PENDENTE')).toBe(true);

    const done = await api.post(url, { from: '2026-03-01', to: '2026-03-31' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ preview: false, total: -50000 });
    expect(done.json().matched.map((m: Json) => m.memo)).toEqual(['PAG NF7001 PRIMEIRO']);
    expect(done.json().skipped.map((m: Json) => m.memo)).toEqual(['PAG NF7001 SEGUNDO']);
    const lines = await board(account);
    expect(lines.map((l) => [l.memo, l.status, l.transactionIds])).toEqual([
      ['PAG NF7001 PRIMEIRO', 'CONCILIADO', [m1.id]],
      ['PAG NF7001 SEGUNDO', 'PENDENTE', []],
      ['DEPOSITO SEM DOCUMENTO', 'PENDENTE', []],
    ]);
    // Outside the period: untouched.
    const april = await api.json<{ lines: Line[] }>(`/bank-accounts/${account}/reconciliation?from=2026-04-01&to=2026-04-30`);
    expect(april.lines[0]).toMatchObject({ memo: 'PAG NF7002 FORA DO PERIODO', status: 'PENDENTE' });
    // Nothing left to accept: empty lists.
    expect((await api.post(url, { from: '2026-03-01', to: '2026-03-31' })).json()).toMatchObject({ matched: [], skipped: [], total: 0 });
  });

  it('bulk accept skips a parcela the person may not receive (reason said) and still accepts the rest in the same transaction', async () => {
    const doc = `NF${Date.now() % 100000}`;
    const account = await accountWith('Aceite com parcela', [
      { date: '2026-03-05', amount: 77700, memo: `PIX RECEBIDO ${doc}` },
      { date: '2026-03-06', amount: -2500, memo: 'PAG NF8100', ref: 'NF8100' },
    ]);
    const created = await api.post('/receivables', {
      organizationId: refs.organizationId, customerId: refs.supplierId, documentType: 'NFSE', documentNumber: doc, issueDate: '2026-02-01', competence: '2026-02',
      description: 'Serviço', amount: 77700, installmentCount: 1, firstDueDate: '2026-03-05', costCenterId: refs.costCenterId, categoryId: refs.revenueCategoryId, paymentMethod: 'PIX', bankAccountId: account,
    });
    expect(created.statusCode).toBe(201);
    const [parcel] = await api.json<Json[]>(`/receivable-installments?filter[receivableId][eq]=${created.json().id}`);
    const m = await movement(account, '2026-03-06', -2500, 'Pagamento NF8100', 'NF8100');
    const url = `/bank-accounts/${account}/reconciliation/accept-suggestions`;
    // The preview rehearses the settlements and rolls them back: it already names the refusal, and writes nothing.
    const audits = await count(ctx, 'audit_log');
    const preview = await noReceive.post(url, { from: '2026-03-01', to: '2026-03-31', preview: true });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().matched.map((x: Json) => x.memo)).toEqual(['PAG NF8100']);
    expect(preview.json().skipped.map((x: Json) => x.memo)).toEqual([`PIX RECEBIDO ${doc}`]);
    expect(preview.json().skipped[0].reason).toMatch(/registrar recebimentos/);
    expect(await count(ctx, 'audit_log')).toBe(audits);
    expect((await byMemo(account, 'PAG NF8100')).status).toBe('PENDENTE');
    const res = await noReceive.post(url, { from: '2026-03-01', to: '2026-03-31' });
    expect(res.statusCode).toBe(200);
    expect(res.json().matched.map((x: Json) => x.memo)).toEqual(['PAG NF8100']);
    expect(res.json().skipped).toHaveLength(1);
    expect(res.json().skipped[0]).toMatchObject({ memo: `PIX RECEBIDO ${doc}` });
    expect(res.json().skipped[0].reason).toMatch(/registrar recebimentos/);
    expect(await api.json(`/receivable-installments/${parcel.id}`)).toMatchObject({ status: 'ABERTO' });
    expect((await byMemo(account, 'PAG NF8100')).transactionIds).toEqual([m.id]);
    // With the permission, the parcela is received through the receipt action and the line reconciled.
    const again = await api.post(url, { from: '2026-03-01', to: '2026-03-31' });
    expect(again.json().matched.map((x: Json) => [x.memo, (x.suggestion as Json).kind])).toEqual([[`PIX RECEBIDO ${doc}`, 'receivable-installment']]);
    expect(await api.json(`/receivable-installments/${parcel.id}`)).toMatchObject({ status: 'RECEBIDO', receivedAt: '2026-03-05' });
    expect((await byMemo(account, `PIX RECEBIDO ${doc}`)).status).toBe('CONCILIADO');
  });

  it('matches several bank lines to one movement (N:1): sums must agree, every line pending and of this account; undo undoes the group', async () => {
    const account = await accountWith('N para 1', [
      { date: '2026-03-12', amount: -30000, memo: 'PAG PARCIAL 1' },
      { date: '2026-03-12', amount: -20000, memo: 'PAG PARCIAL 2' },
      { date: '2026-03-13', amount: -50000, memo: 'OUTRO DEBITO' },
    ]);
    const other = await accountWith('N para 1 outra conta', [{ date: '2026-03-12', amount: -10000, memo: 'DE OUTRA CONTA' }]);
    const move = await movement(account, '2026-03-12', -50000, 'Pagamento fornecedor em duas parcelas do banco');
    const extra = await movement(account, '2026-03-12', -1000, 'Tarifa');
    const [l1, l2, l3] = await Promise.all(['PAG PARCIAL 1', 'PAG PARCIAL 2', 'OUTRO DEBITO'].map((m) => byMemo(account, m)));
    const foreign = await byMemo(other, 'DE OUTRA CONTA');
    const url = `/bank-accounts/${account}/reconciliation/match-many`;
    const pair = [{ id: l1.id, version: l1.version }, { id: l2.id, version: l2.version }];

    expect((await reader.post(url, { lines: pair, transactionIds: [move.id] })).statusCode).toBe(403);
    const unknown = await api.post(url, { lines: pair, transactionIds: [move.id], note: 'x' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ note: ['Campo não permitido.'] });
    expect((await api.post(url, { lines: [{ id: l1.id, version: l1.version, x: 1 }], transactionIds: [move.id] })).statusCode).toBe(400);
    expect((await api.post(url, { lines: [pair[0], pair[0]], transactionIds: [move.id] })).statusCode).toBe(400);
    expect((await api.post(url, { lines: [], transactionIds: [move.id] })).statusCode).toBe(400);

    const wrong = await api.post(url, { lines: pair, transactionIds: [move.id, extra.id] });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toMatchObject({ code: 'MATCH_AMOUNT', linesTotal: -50000, movementsTotal: -51000 });
    expect(wrong.json().message).toMatch(/^Os 2 lançamentos do extrato somam -R\$\s500,00, mas as movimentações somam -R\$\s510,00\.$/);
    const foreignRes = await api.post(url, { lines: [...pair, { id: foreign.id, version: foreign.version }], transactionIds: [move.id] });
    expect(foreignRes.statusCode).toBe(409);
    expect(foreignRes.json()).toMatchObject({ code: 'MATCH_REFUSED' });
    expect(foreignRes.json().message).toMatch(/^O lançamento do extrato de 12\/03\/2026 \(-R\$\s100,00\) é de outra conta financeira\.$/);
    const stale = await api.post(url, { lines: [{ id: l1.id, version: l1.version + 1 }, pair[1]], transactionIds: [move.id] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('VERSION_CONFLICT');
    expect((await board(account)).every((l) => l.status === 'PENDENTE')).toBe(true);

    const res = await api.post(url, { lines: pair, transactionIds: [move.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json().records.map((r: Json) => [r.memo, r.status, r.transactionIds])).toEqual([
      ['PAG PARCIAL 1', 'CONCILIADO', [move.id]],
      ['PAG PARCIAL 2', 'CONCILIADO', [move.id]],
    ]);
    const after = await board(account);
    expect(after.find((l) => l.id === l1.id)!.group).toEqual([l2.id]);
    expect(after.find((l) => l.id === l2.id)!.group).toEqual([l1.id]);
    expect(after.find((l) => l.id === l3.id)!.suggestions.map((x) => x.ids)).not.toContainEqual([move.id]);
    // The movement is reconciled now: another line cannot take it, alone or in a group; it is locked for edits.
    const taken = await api.post(`/reconcilables/${l3.id}/match`, { version: l3.version, transactionIds: [move.id] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'MATCH_REFUSED', message: 'Esta movimentação já está conciliada com outro lançamento do extrato.' });
    expect((await api.post(url, { lines: [{ id: l3.id, version: l3.version }], transactionIds: [move.id] })).json().code).toBe('MATCH_REFUSED');
    expect((await admin.patch(`/transactions/${move.id}`, { description: 'Outra' }, move.version)).statusCode).toBe(409);
    // A line already reconciled cannot join another group.
    const again = await api.post(url, { lines: [{ id: l1.id, version: l1.version + 1 }, { id: l3.id, version: l3.version }], transactionIds: [extra.id] });
    expect(again.json().code).toBe('INVALID_TRANSITION');

    // Undoing one line of the group undoes the whole group.
    const l2now = after.find((l) => l.id === l2.id)!;
    const undo = await api.post(`/reconcilables/${l2.id}/unmatch`, { version: l2now.version });
    expect(undo.statusCode).toBe(200);
    expect(undo.json()).toMatchObject({ record: { status: 'PENDENTE', transactionIds: [] }, group: [l1.id] });
    expect((await board(account)).map((l) => [l.memo, l.status])).toEqual([
      ['PAG PARCIAL 1', 'PENDENTE'],
      ['PAG PARCIAL 2', 'PENDENTE'],
      ['OUTRO DEBITO', 'PENDENTE'],
    ]);
    expect((await admin.patch(`/transactions/${move.id}`, { description: 'Pagamento corrigido' }, move.version)).statusCode).toBe(200);
    // Audited like the other actions: one update per line per action.
    const { rows } = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE record_id = $1 AND action = 'update'`, [l1.id]);
    expect(rows[0].n).toBe(2);
  });

  it('splits a line: part matched to a movement, the rest a new manual movement posted to the ledger, in one action', async () => {
    const account = await accountWith('Divisao', [
      { date: '2026-03-20', amount: -10000, memo: 'PAG FORNECEDOR COM TARIFA' },
      { date: '2026-03-21', amount: 5000, memo: 'DEPOSITO' },
    ]);
    const part = await movement(account, '2026-03-20', -9500, 'Pagamento fornecedor');
    const bigger = await movement(account, '2026-03-20', -12000, 'Outro pagamento');
    const credit = await movement(account, '2026-03-21', 2000, 'Recebimento parcial');
    const line = await byMemo(account, 'PAG FORNECEDOR COM TARIFA');
    const url = `/reconcilables/${line.id}/split`;
    const before = await count(ctx, 'bank_transactions', 'bank_account_id = $1', [account]);

    expect((await reader.post(url, { transactionIds: [part.id] })).statusCode).toBe(403);
    expect((await api.post(url, { transactionIds: [part.id], amount: 1 })).json().errors).toEqual({ amount: ['Campo não permitido.'] });
    expect((await api.post(url, { transactionIds: [] })).statusCode).toBe(400);
    for (const ids of [[bigger.id], [credit.id]]) {
      const res = await api.post(url, { version: line.version, transactionIds: ids });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('MATCH_AMOUNT');
    }
    expect((await api.post(url, { version: line.version, transactionIds: [bigger.id] })).json().message).toMatch(/^Para dividir, as movimentações precisam somar parte do lançamento do extrato, no mesmo sentido: somam -R\$\s120,00 e o lançamento é de -R\$\s100,00\.$/);
    expect((await api.post(url, { version: line.version + 1, transactionIds: [part.id] })).json().code).toBe('VERSION_CONFLICT');
    expect(await count(ctx, 'bank_transactions', 'bank_account_id = $1', [account])).toBe(before);

    const res = await api.post(url, { version: line.version, transactionIds: [part.id], description: 'Tarifa do pagamento' });
    expect(res.statusCode).toBe(200);
    const { record, created } = res.json();
    expect(created.amount).toBe(-500);
    expect(record).toMatchObject({ status: 'CONCILIADO', transactionIds: [part.id, created.id] });
    const [rest] = await api.json<Json[]>(`/transactions?filter[id][eq]=${created.id}`);
    expect(rest).toMatchObject({ origin: 'MANUAL', amount: -500, date: '2026-03-20', description: 'Tarifa do pagamento' });
    expect(await count(ctx, 'journal_entries', 'bank_transaction_id = $1', [created.id])).toBe(1);
    // Split again: the line is no longer pending.
    expect((await api.post(url, { transactionIds: [part.id] })).json().code).toBe('INVALID_TRANSITION');
  });

  it('says when the period holds more bank lines than the screen takes, and answers the first ones by date', async () => {
    const lines = Array.from({ length: 5001 }, (_, i) => ({ date: `2026-05-${String(1 + (i % 28)).padStart(2, '0')}`, amount: -(100 + i), memo: `Tarifa ${i}` }));
    const account = await accountWith('Conta cheia', lines);
    const full = await api.json<{ lines: Line[]; truncated: { limit: number } | null }>(`/bank-accounts/${account}/reconciliation?from=2026-05-01&to=2026-05-31`);
    expect(full.truncated).toEqual({ limit: 5000 });
    expect(full.lines).toHaveLength(5000);
    expect(full.lines.at(-1)!.date).toBe('2026-05-28');
    const part = await api.json<{ lines: Line[]; truncated: { limit: number } | null }>(`/bank-accounts/${account}/reconciliation?from=2026-05-01&to=2026-05-10`);
    expect(part.truncated).toBeNull();
    expect(part.lines.length).toBeLessThan(5000);
  });
});

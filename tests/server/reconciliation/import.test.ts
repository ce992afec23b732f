import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helper.ts';
import { call, createUser } from '../resources/helpers.ts';
import { AP, apiFor, count, demoRefs, freshAccount, type Api } from '../finance/workflow-helpers.ts';
import { fixture, upload } from './helpers.ts';

type Json = Record<string, unknown> & { id: string; version: number };

const READ = (...names: string[]) => names.map((name) => ({ name, scopes: ['read'] }));

/** Statement import (docs/reconciliation.md): preview, whole-or-nothing commit, de-duplication, account check, CNAB retorno. */
describe('statement import', () => {
  let ctx: TestContext;
  let token: string;
  let outsider: string;
  let api: Api;
  let refs: Awaited<ReturnType<typeof demoRefs>>;

  beforeAll(async () => {
    ctx = await createTestApp();
    refs = await demoRefs(ctx);
    token = (
      await createUser(ctx, {
        resources: [
          { name: 'reconcilables', scopes: ['create', 'read', 'update'] },
          { name: 'receivables', scopes: ['create', 'read', 'update'] },
          ...READ('statement-imports', 'bank-accounts', 'bank-transactions', 'receivable-installments', 'companies', 'cost-centers', 'revenue-categories', 'organizations'),
        ],
      })
    ).token;
    outsider = (await createUser(ctx, { resources: READ('reconcilables', 'bank-accounts') })).token;
    api = apiFor(ctx, token);
  });
  afterAll(() => ctx.close());

  const lines = (account: string) => api.json<Json[]>(`/reconcilables?filter[bankAccountId][eq]=${account}&sort=date,amount`);

  it('previews without writing, then imports an OFX whole, keeps the original file, and adds nothing on a re-import', async () => {
    const account = await freshAccount(ctx, refs.organizationId, 'Conta Itaú do teste de importação');
    const bytes = fixture('ofx1-itau-1252.ofx');
    const preview = await upload(ctx, token, account, 'itau.ofx', bytes, { preview: 'true' });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ preview: true, format: 'OFX1', lines: 3, duplicates: 0, balance: { amount: 825460, date: '2026-03-10' } });
    expect(preview.json().items.map((l: Json) => [l.amount, l.duplicate])).toEqual([[-4590, false], [150000, false], [-120050, false]]);
    expect(await count(ctx, 'reconcilables', 'bank_account_id = $1', [account])).toBe(0);
    expect(await count(ctx, 'statement_imports', 'bank_account_id = $1', [account])).toBe(0);

    const res = await upload(ctx, token, account, 'itau.ofx', bytes);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ format: 'OFX1', lines: 3, duplicates: 0, settled: 0 });
    const got = await lines(account);
    expect(got.map((l) => [l.date, l.amount, l.memo, l.status, l.fitid])).toEqual([
      ['2026-03-02', -4590, 'TARIFA BANCÁRIA MENSALIDADE', 'PENDENTE', '20260302001'],
      ['2026-03-05', 150000, 'PIX RECEBIDO JOSÉ AÇÃO 12.345.678/0001-95', 'PENDENTE', '20260305002'],
      ['2026-03-09', -120050, 'PAG BOLETO FORNECEDOR LTDA', 'PENDENTE', '20260309003'],
    ]);
    const imp = await api.json<Json>(`/statement-imports/${res.json().id}`);
    expect(imp).toMatchObject({ bankAccountId: account, format: 'OFX1', fileName: 'itau.ofx', lineCount: 3, bankBalance: 825460, accountMismatch: false });
    const file = await ctx.db.query<{ size: string; status: string }>('SELECT size::int AS size, status FROM files WHERE id = $1', [imp.fileId]);
    expect(file.rows[0]).toEqual({ size: bytes.length, status: 'complete' });
    const stored = await ctx.db.query<{ data: Uint8Array }>('SELECT data FROM file_chunks WHERE file_id = $1 ORDER BY index', [imp.fileId]);
    expect(Buffer.concat(stored.rows.map((r) => Buffer.from(r.data))).equals(bytes)).toBe(true);

    const again = await upload(ctx, token, account, 'itau.ofx', bytes);
    expect(again.json()).toMatchObject({ lines: 0, duplicates: 3 });
    // An overlapping period: the same three and one more.
    const more = Buffer.from(
      bytes.toString('latin1').replace('</BANKTRANLIST>', '<STMTTRN>\r\n<TRNTYPE>CREDIT\r\n<DTPOSTED>20260310\r\n<TRNAMT>10.00\r\n<FITID>20260310004\r\n<MEMO>RENDIMENTO\r\n</STMTTRN>\r\n</BANKTRANLIST>'),
      'latin1',
    );
    expect((await upload(ctx, token, account, 'itau-2.ofx', more)).json()).toMatchObject({ lines: 1, duplicates: 3 });
    expect(await lines(account)).toHaveLength(4);
  });

  it('de-duplicates lines without FITID by the stable key (BB), keeping two equal fees of one day', async () => {
    const account = await freshAccount(ctx, refs.organizationId, 'Conta BB do teste de importação');
    const bytes = fixture('ofx1-bb-mixed-utf8-lying.ofx');
    const first = await upload(ctx, token, account, 'bb.ofx', bytes);
    expect(first.json()).toMatchObject({ lines: 4, duplicates: 0, warnings: ['O cabeçalho declara windows-1252, mas o conteúdo é UTF-8: lido como UTF-8.'] });
    expect((await upload(ctx, token, account, 'bb.ofx', bytes)).json()).toMatchObject({ lines: 0, duplicates: 4 });
    expect((await lines(account)).filter((l) => l.amount === -1250)).toHaveLength(2);
  });

  it('refuses a file of another account with 409 naming both, unless allowAccountMismatch=true', async () => {
    const account = await freshAccount(ctx, refs.organizationId, 'Conta Bradesco do teste');
    await ctx.db.query(`UPDATE bank_accounts SET bank_id = (SELECT id FROM banks WHERE compe = '237' LIMIT 1), agency = '0987', account = '12345', account_digit = '6' WHERE id = $1`, [account]);
    // The Bradesco file is this account (0987 / 0012345-6): accepted.
    expect((await upload(ctx, token, account, 'bradesco.ofx', fixture('ofx1-bradesco-latin1.ofx'))).statusCode).toBe(201);
    const res = await upload(ctx, token, account, 'itau.ofx', fixture('ofx1-itau-1252.ofx'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'ACCOUNT_MISMATCH',
      message: 'O arquivo é de outra conta (banco 341, agência 1234, conta 567890); a conta financeira "Conta Bradesco do teste" é banco 237, agência 0987, conta 12345-6. Importe o arquivo na conta certa ou confirme a importação assim mesmo.',
    });
    expect(await count(ctx, 'reconcilables', 'bank_account_id = $1', [account])).toBe(2);
    const forced = await upload(ctx, token, account, 'itau.ofx', fixture('ofx1-itau-1252.ofx'), {}, '?allowAccountMismatch=true');
    expect(forced.statusCode).toBe(201);
    expect(await api.json<Json>(`/statement-imports/${forced.json().id}`)).toMatchObject({ accountMismatch: true, fileAccount: 'banco 341, agência 1234, conta 567890' });
  });

  it('answers 400 naming the line or element for a malformed file and writes nothing; 403 without the scope; unknown fields refused', async () => {
    const account = await freshAccount(ctx, refs.organizationId, 'Conta do teste de arquivo ruim');
    const files = await count(ctx, 'files');
    const bad = await upload(ctx, token, account, 'ruim.ret', fixture('cnab240-extrato-bad-value.ret'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Linha 4, posições 151–168 (valor do lançamento): "00000000000015X000" não é um número.', where: { line: 4 } });
    const ofx = await upload(ctx, token, account, 'ruim.ofx', fixture('ofx1-truncated.ofx'));
    expect(ofx.json().errors).toEqual({ file: ['O arquivo termina sem fechar o elemento <BANKTRANLIST> (arquivo incompleto?).'] });
    expect(await count(ctx, 'files')).toBe(files);
    expect(await count(ctx, 'statement_imports', 'bank_account_id = $1', [account])).toBe(0);
    expect((await upload(ctx, outsider, account, 'itau.ofx', fixture('ofx1-itau-1252.ofx'))).statusCode).toBe(403);
    const unknown = await upload(ctx, token, account, 'itau.ofx', fixture('ofx1-itau-1252.ofx'), { color: 'azul' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ color: ['Campo não permitido.'] });
  });

  it('reads the statement segment of a CNAB 240 and a CSV with a mapping saved for the account', async () => {
    const account = await freshAccount(ctx, refs.organizationId, 'Conta do teste de CNAB e CSV');
    expect((await upload(ctx, token, account, 'extrato.ret', fixture('cnab240-extrato-bb.ret'))).json()).toMatchObject({ format: 'CNAB240', lines: 3 });
    const mapping = JSON.stringify({ date: 'Data Lançamento', memo: 'Descrição', amount: 'Valor' });
    const csv = await upload(ctx, token, account, 'inter.csv', fixture('csv-inter.csv'), { csvMapping: mapping });
    expect(csv.json()).toMatchObject({ format: 'CSV', lines: 3 });
    // The next CSV of this account needs no mapping: the saved one is used (and finds the same lines).
    expect((await upload(ctx, token, account, 'inter.csv', fixture('csv-inter.csv'))).json()).toMatchObject({ format: 'CSV', lines: 0, duplicates: 3 });
    const noMap = await freshAccount(ctx, refs.organizationId, 'Conta sem mapeamento');
    expect((await upload(ctx, token, noMap, 'inter.csv', fixture('csv-inter.csv'))).json().message).toMatch(/^Formato não reconhecido/);
  });

  it('keeps the CSV mapping per account (GET csv-mapping) and names the mapping field of a CSV error', async () => {
    const account = await freshAccount(ctx, refs.organizationId, 'Conta do teste de mapeamento CSV');
    const get = (tok: string, id = account) => call(ctx.app, tok, { method: 'GET', url: `${AP}/bank-accounts/${id}/csv-mapping` });
    expect((await get(token)).json()).toEqual({ bankAccountId: account, mapping: null, updatedAt: null });
    // Without a mapping the 400 says so on the `csvMapping` field (the screen opens the mapping form).
    const none = await upload(ctx, token, account, 'inter.csv', fixture('csv-inter.csv'), { preview: 'true' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'INVALID_FILE', where: { field: 'csvMapping' } });
    expect(Object.keys(none.json().errors)).toEqual(['csvMapping']);
    const bad = async (mapping: Record<string, unknown>) => (await upload(ctx, token, account, 'inter.csv', fixture('csv-inter.csv'), { preview: 'true', csvMapping: JSON.stringify(mapping) })).json();
    expect((await bad({ date: 'Data Lançamento', memo: 'Memorando', amount: 'Valor' })).errors).toEqual({ 'csvMapping.memo': ['O CSV não tem a coluna "Memorando" (histórico) no cabeçalho da linha 1.'] });
    expect((await bad({ date: 'Data Lançamento', memo: 'Descrição', amount: 'Valor', dateFormat: 'AAAA-MM-DD' })).errors).toEqual({ 'csvMapping.dateFormat': ['Linha 2: "02/03/2026" não é uma data (AAAA-MM-DD).'] });
    expect((await bad({ date: 1, memo: 3, amount: 2, headerRows: 1 })).errors).toEqual({ 'csvMapping.amount': ['Linha 2: "Pix enviado" não é um valor (valor).'] });
    expect((await bad({ date: 1, memo: 3, amount: 9 })).errors).toEqual({ 'csvMapping.amount': ['O CSV tem 5 coluna(s) separadas por ";"; não há a coluna 9 (valor).'] });
    // A preview saves nothing; the import saves the mapping it was given.
    const mapping = { delimiter: ';', headerRows: 1, dateFormat: 'DD/MM/AAAA', date: 'Data Lançamento', memo: 'Descrição', amount: 'Valor' };
    expect((await bad(mapping)).lines).toBe(3);
    expect((await get(token)).json().mapping).toBeNull();
    expect((await upload(ctx, token, account, 'inter.csv', fixture('csv-inter.csv'), { csvMapping: JSON.stringify(mapping) })).statusCode).toBe(201);
    const saved = (await get(token)).json();
    expect(saved).toMatchObject({ bankAccountId: account, mapping });
    expect(Date.parse(saved.updatedAt)).toBeGreaterThan(Date.now() - 60_000);
    // Permission and scope: without reconcilables read → 403; an unknown account → 404; unknown parameter → 400.
    const noScope = (await createUser(ctx, { resources: READ('bank-accounts') })).token;
    expect((await get(noScope)).statusCode).toBe(403);
    expect((await get(token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await call(ctx.app, token, { method: 'GET', url: `${AP}/bank-accounts/${account}/csv-mapping?x=1` })).statusCode).toBe(400);
  });

  describe('CNAB retorno de cobrança', () => {
    const receivable = async (documentNumber: string, amount: number) => {
      const res = await api.post('/receivables', {
        organizationId: refs.organizationId, customerId: refs.supplierId, documentType: 'NFSE', documentNumber, issueDate: '2026-02-01', competence: '2026-02',
        description: `Serviço ${documentNumber}`, amount, installmentCount: 1, firstDueDate: '2026-03-10', costCenterId: refs.costCenterId,
        categoryId: refs.revenueCategoryId, paymentMethod: 'BOLETO',
      });
      expect(res.statusCode).toBe(201);
      const [parcel] = await api.json<Json[]>(`/receivable-installments?filter[receivableId][eq]=${res.json().id}`);
      return parcel;
    };

    it('receives each liquidated boleto through the receipt action (ledger posted), books the fee, lists the unmatched; re-import settles nothing', async () => {
      const account = await freshAccount(ctx, refs.organizationId, 'Conta Sicoob de cobrança');
      const a = await receivable(`RT-${Date.now()}`, 100000);
      await ctx.db.query(`UPDATE receivable_installments SET nosso_numero = '12345' WHERE id = $1`, [a.id]);
      const b = await receivable('REC-0002', 50000);
      const res = await upload(ctx, token, account, 'cobranca.ret', fixture('cnab240-cobranca-sicoob.ret'));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ format: 'CNAB240', lines: 0, settled: 2 });
      expect(res.json().unmatched).toEqual([expect.stringMatching(/^Linha 9: boleto 0000099999 \(seu número DESCONHECIDO, R\$\s70,00\): nenhuma parcela em aberto com esse nosso número ou seu número\.$/)]);
      expect(await api.json(`/receivable-installments/${a.id}`)).toMatchObject({ status: 'RECEBIDO', receivedAmount: 101500, interest: 1500, receivedAt: '2026-03-12', bankAccountId: account });
      expect(await api.json(`/receivable-installments/${b.id}`)).toMatchObject({ status: 'RECEBIDO', receivedAmount: 48000, discount: 2000 });
      const moves = await api.json<Json[]>(`/transactions?filter[bankAccountId][eq]=${account}&sort=amount`);
      expect(moves.map((m) => [m.origin, m.amount, m.date])).toEqual([
        ['MANUAL', -250, '2026-03-12'],
        ['MANUAL', -250, '2026-03-12'],
        ['RECEBIMENTO', 48000, '2026-03-12'],
        ['RECEBIMENTO', 101500, '2026-03-12'],
      ]);
      // Every movement has its ledger entry, posted in the same transaction.
      expect(await count(ctx, 'journal_entries', 'bank_transaction_id = ANY($1::uuid[])', [moves.map((m) => m.id)])).toBe(4);
      const again = await upload(ctx, token, account, 'cobranca.ret', fixture('cnab240-cobranca-sicoob.ret'));
      expect(again.json()).toMatchObject({ settled: 0, alreadySettled: 2 });
      expect(await count(ctx, 'bank_transactions', 'bank_account_id = $1', [account])).toBe(4);
    });

    it('receives a boleto of a Banco do Brasil CNAB 400 (CBR643) by its 17-digit nosso número, with juros, multa, desconto and tarifa', async () => {
      const account = await freshAccount(ctx, refs.organizationId, 'Conta BB de cobrança CNAB 400');
      // The file's account (001, agência 3456, conta 98765-X): no mismatch.
      await ctx.db.query(`UPDATE bank_accounts SET bank_id = (SELECT id FROM banks WHERE compe = '001' LIMIT 1), agency = '3456', account = '98765', account_digit = 'X' WHERE id = $1`, [account]);
      const a = await receivable(`BB4-${Date.now()}`, 100000);
      await ctx.db.query(`UPDATE receivable_installments SET nosso_numero = '12345670000000123' WHERE id = $1`, [a.id]);
      const res = await upload(ctx, token, account, 'CBR64312032601.ret', fixture('cnab400-bb.ret'));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ format: 'CNAB400', lines: 0, settled: 1, alreadySettled: 0, warnings: ['Linha 4: registro tipo 5 ignorado.'] });
      // The 15 (liquidação em cartório) has no parcela; the 02 (entrada confirmada) is not a liquidation.
      expect(res.json().unmatched).toEqual([expect.stringMatching(/^Linha 5: boleto 12345670000000125 \(seu número REC-0003\/1, R\$\s300,00\): nenhuma parcela em aberto com esse nosso número ou seu número\.$/)]);
      expect(await api.json(`/statement-imports/${res.json().id}`)).toMatchObject({ format: 'CNAB400', accountMismatch: false });
      // R$ 1.000,00 + juros 15,00 + multa (outros recebimentos) 20,00 − abatimento 2,00 − desconto 3,00.
      expect(await api.json(`/receivable-installments/${a.id}`)).toMatchObject({ status: 'RECEBIDO', receivedAmount: 103000, interest: 3500, discount: 500, receivedAt: '2026-03-12', bankAccountId: account });
      const moves = await api.json<Json[]>(`/transactions?filter[bankAccountId][eq]=${account}&sort=amount`);
      expect(moves.map((m) => [m.origin, m.amount, m.date])).toEqual([
        ['MANUAL', -235, '2026-03-12'],
        ['RECEBIMENTO', 103000, '2026-03-12'],
      ]);
      expect(await count(ctx, 'journal_entries', 'bank_transaction_id = ANY($1::uuid[])', [moves.map((m) => m.id)])).toBe(2);
      expect((await upload(ctx, token, account, 'CBR64312032601.ret', fixture('cnab400-bb.ret'))).json()).toMatchObject({ settled: 0, alreadySettled: 1 });
    });

    it('is all or nothing: a receipt refused (date before the account opens) writes no import, file, line or receipt', async () => {
      const account = await freshAccount(ctx, refs.organizationId, 'Conta aberta depois do retorno');
      await ctx.db.query(`UPDATE bank_accounts SET opening_balance_date = '2026-03-20' WHERE id = $1`, [account]);
      const a = await receivable(`RT2-${Date.now()}`, 100000);
      await ctx.db.query(`UPDATE receivable_installments SET nosso_numero = '0000012345' WHERE id = $1`, [a.id]);
      const files = await count(ctx, 'files');
      const res = await upload(ctx, token, account, 'cobranca.ret', fixture('cnab240-cobranca-sicoob.ret'));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ receivedAt: ['A data é anterior ao saldo de abertura da conta (20/03/2026).'] });
      expect(await count(ctx, 'files')).toBe(files);
      expect(await count(ctx, 'statement_imports', 'bank_account_id = $1', [account])).toBe(0);
      expect(await api.json(`/receivable-installments/${a.id}`)).toMatchObject({ status: 'ABERTO' });
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../server/helper.ts';
import { signIn, unique, type Caller } from './helpers.ts';

const BANKS = '/api/accounts-payable/v1/banks';

/** ASVS 5.0 V2 Validation and Business Logic: the server validates from the schemas, whatever the client did. */
describe('V2 Validation and Business Logic', () => {
  let ctx: TestContext;
  let admin: Caller;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn(ctx.app);
  });
  afterAll(() => ctx.close());

  it('V2.2.1 V2.2.2 the server checks every field against the schema, with pt-BR messages per field', async () => {
    const res = await admin.call('POST', BANKS, { ispb: '12', name: '', fullName: 'x'.repeat(201), participatesCompe: 'sim', active: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      ispb: ['Informe os 8 dígitos do ISPB.'],
      name: ['Campo obrigatório.'],
      fullName: ['Deve ter no máximo 200 caracteres.'],
      participatesCompe: ['Deve ser verdadeiro ou falso.'],
    });
  });

  it('V2.3.3 a refused write changes nothing (one transaction with its audit)', async () => {
    const name = unique('Banco');
    const created = await admin.call('POST', BANKS, { ispb: '55443322', name, fullName: `${name} S.A.`, participatesCompe: false, active: true });
    const { id, version } = created.json();
    const audit = async () => Number((await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE record_id = $1', [id])).rows[0].n);
    const before = await audit();
    const res = await admin.call('PATCH', `${BANKS}/${id}`, { name: '', fullName: 'ok' }, { 'if-match': `W/"${version}"` });
    expect(res.statusCode).toBe(400);
    expect((await admin.call('GET', `${BANKS}/${id}`)).json()).toMatchObject({ name, version });
    expect(await audit()).toBe(before);
  });

  it('V2.3.4 a stale version cannot overwrite a newer one (409, If-Match required)', async () => {
    const name = unique('Banco');
    const { id, version } = (await admin.call('POST', BANKS, { ispb: '55443323', name, fullName: `${name} S.A.`, participatesCompe: false, active: true })).json();
    expect((await admin.call('PATCH', `${BANKS}/${id}`, { fullName: 'Primeira' }, { 'if-match': `W/"${version}"` })).statusCode).toBe(200);
    expect((await admin.call('PATCH', `${BANKS}/${id}`, { fullName: 'Segunda' }, { 'if-match': `W/"${version}"` })).statusCode).toBe(409);
    expect((await admin.call('PATCH', `${BANKS}/${id}`, { fullName: 'Sem versão' })).statusCode).toBe(428);
  });
});

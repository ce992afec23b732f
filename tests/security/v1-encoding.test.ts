import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../server/helper.ts';
import { API, login, signIn, type Caller } from './helpers.ts';

const BANKS = '/api/accounts-payable/v1/banks';
const BAD_TEXT = 'Contém caracteres inválidos (caractere nulo ou texto fora do padrão UTF-8).';

/** ASVS 5.0 V1 Encoding and Sanitization: untrusted text reaches interpreters only in a form they accept. */
describe('V1 Encoding and Sanitization', () => {
  let ctx: TestContext;
  let admin: Caller;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn(ctx.app);
  });
  afterAll(() => ctx.close());

  const banksCount = async () => Number((await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM banks')).rows[0].n);

  it('V1.2.4 SQL injection in q, filters and sort stays data (parameterized queries)', async () => {
    const before = await banksCount();
    for (const probe of ["' OR 1=1 --", "x'); DROP TABLE banks; --", '%_\\', "1' UNION SELECT password_hash FROM users --"]) {
      const list = await admin.call('GET', `${BANKS}?q=${encodeURIComponent(probe)}`);
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual([]);
      const filtered = await admin.call('GET', `${BANKS}?filter[name][contains]=${encodeURIComponent(probe)}&filter[ispb][in]=${encodeURIComponent(probe)}`);
      expect(filtered.statusCode).toBe(200);
    }
    const sort = await admin.call('GET', `${BANKS}?sort=${encodeURIComponent('name;DROP TABLE banks')}`);
    expect(sort.statusCode).toBe(400);
    expect(sort.json().errors.sort[0]).toMatch(/^Campo de ordenação desconhecido/);
    const field = await admin.call('GET', `${BANKS}?filter[${encodeURIComponent('name" OR 1=1 --')}]=x`);
    expect(field.statusCode).toBe(400);
    expect(await banksCount()).toBe(before);
  });

  it('V1.3.3 a NUL byte in q, a filter value or a parameter name is a 400 on that parameter, never a 500', async () => {
    for (const [url, key] of [
      [`${BANKS}?q=ita%00u`, 'q'],
      [`${BANKS}?filter[name][contains]=a%00b`, 'filter[name][contains]'],
      [`${BANKS}?filter[na%00me]=x`, 'query'],
      [`${BANKS}/00000000-0000-4000-8000-000000000000%00`, 'path'],
    ] as const) {
      const res = await admin.call('GET', url);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 400 });
      expect(res.json()).toMatchObject({ code: 'VALIDATION', errors: { [key]: [BAD_TEXT] } });
    }
  });

  it('V1.3.3 invalid UTF-8 in the query string is a 400 before the database sees it', async () => {
    for (const url of [`${BANKS}?q=%FF%FE`, `${BANKS}?q=%C3%28`, `${BANKS}?filter[name][eq]=%ED%A0%80`]) {
      const res = await admin.call('GET', url);
      expect(res.statusCode).toBe(400);
      expect(Object.values(res.json().errors as Record<string, string[]>).flat()).toEqual([BAD_TEXT]);
    }
    // A literal percent sign that is not an escape stays a plain search (as the query parser reads it).
    expect((await admin.call('GET', `${BANKS}?q=100%`)).statusCode).toBe(200);
    // Accents percent-encoded as UTF-8 are fine.
    expect((await admin.call('GET', `${BANKS}?q=${encodeURIComponent('Itaú')}`)).statusCode).toBe(200);
  });

  it('V1.3.3 NUL bytes and lone surrogates in JSON body strings and keys are 400 on the field, nothing written', async () => {
    const before = await banksCount();
    const cases: [string, string][] = [
      ['{"ispb":"12345678","name":"Banco\\u0000X","fullName":"Banco X SA","participatesCompe":true,"active":true}', 'name'],
      ['{"ispb":"12345678","name":"Banco \\ud800","fullName":"Banco X SA","participatesCompe":true,"active":true}', 'name'],
      ['{"ispb":"12345678","name":"Banco X","fullName":"Banco X SA","participatesCompe":true,"active":true,"notes":["a","\\u0000"]}', 'notes.1'],
    ];
    for (const [payload, field] of cases) {
      const res = await admin.call('POST', BANKS, payload, { 'content-type': 'application/json' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ [field]: [BAD_TEXT] });
    }
    const key = await admin.call('POST', BANKS, '{"na\\u0000me":"x"}', { 'content-type': 'application/json' });
    expect(key.statusCode).toBe(400);
    expect(await banksCount()).toBe(before);
  });

  it('V1.3.3 a JSON body whose bytes are not UTF-8 is a 400, not silently repaired', async () => {
    const body = Buffer.concat([Buffer.from('{"ispb":"12345678","name":"Banco '), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    const res = await admin.call('POST', BANKS, body, { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'ERROR', errors: { body: ['O corpo da requisição não está em UTF-8 válido.'] } });
  });

  it('V1.3.3 a NUL byte in the login field is a 400 on the field, not a 500 from PostgreSQL', async () => {
    const res = await login(ctx.app, 'admin\u0000@demo.com.br', 'qualquer-coisa');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ login: [BAD_TEXT] });
    const recovery = await ctx.app.inject({ method: 'POST', url: `${API}/auth/password-recovery`, payload: { email: 'a\u0000@b.com' } });
    expect(recovery.statusCode).toBe(400);
  });

  it('V1.3.3 control characters in the headers the API reads are refused', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: BANKS, headers: { authorization: `Bearer ${admin.token}`, 'if-none-match': 'W/"1"\u0001' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'if-none-match': ['Cabeçalho com caracteres inválidos.'] });
  });

  it('V1.2.10 exported CSV cells that start with = + - @ are prefixed with a quote (formula injection)', async () => {
    const name = `=HYPERLINK("http://x")`;
    const created = await admin.call('POST', BANKS, { ispb: '87654321', name, fullName: '+cmd|calc', participatesCompe: false, active: true });
    expect(created.statusCode).toBe(201);
    const csv = await admin.call('GET', `${BANKS}/export?format=csv&fields=name,fullName&filter[ispb]=87654321`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(`'=HYPERLINK(""http://x"")`);
    expect(csv.body).toContain(`'+cmd|calc`);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, loginOk } from '../identity/helpers.ts';
import { createTestApp, type TestContext } from '../helper.ts';
import { call, demoOrganizationId } from '../resources/helpers.ts';
import { client, errorsOf, FR, idBy } from './helpers.ts';

const TOKENS = `${FR}/account-tokens`;
const SECRET = 'sk_live_9f8e7d6c5b4a3210ZZQX';

/** Account tokens: the secret is write-only — sealed at rest, never in any response (docs/resources-finance.md §8). */
describe('account tokens', () => {
  let ctx: TestContext;
  let api: ReturnType<typeof client>;
  let token: string;
  let body: Record<string, unknown>;
  beforeAll(async () => {
    ctx = await createTestApp();
    token = (await loginOk(ctx.app, ADMIN)).accessToken;
    api = client(ctx.app, token);
    body = {
      organizationId: await demoOrganizationId(ctx.db),
      bankAccountId: await idBy(ctx.db, 'bank_accounts', 'name', 'Itaú Matriz'),
      name: 'API Itaú – extrato',
      provider: 'API_BANCO',
      environment: 'PRODUCAO',
      scopes: ['EXTRATO', 'PIX'],
      clientId: 'client-123',
      secret: SECRET,
      status: 'ATIVO',
    };
  });
  afterAll(() => ctx.close());

  it('never returns the secret: create, read, list, export and history show only the masked end', async () => {
    const created = await api.post(TOKENS, body);
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const responses = [
      created,
      await api.get(`${TOKENS}/${id}`),
      await api.get(TOKENS),
      await api.get(`${TOKENS}/${id}/history`),
      await call(ctx.app, token, { method: 'GET', url: `${TOKENS}/export?format=csv` }),
    ];
    for (const res of responses) {
      expect(res.statusCode).toBe(200 + (res === created ? 1 : 0));
      expect(res.body).not.toContain(SECRET);
      expect(res.body).not.toContain('"secret"');
    }
    expect(created.json()).toMatchObject({ secretHint: '••••ZZQX', clientId: 'client-123' });
    expect(created.json()).not.toHaveProperty('secret');
    const stored = (await ctx.db.query<{ secret: string }>('SELECT secret FROM account_tokens WHERE id = $1', [id])).rows[0].secret;
    expect(stored).toMatch(/^v1\./);
    expect(ctx.app.auth.secretBox.open(stored)).toBe(SECRET);
    expect(responses[4].body.split('\r\n')[0].split(';')).not.toContain('Segredo');
    expect(responses[4].body.split('\r\n')[0].split(';')).toContain('Final do segredo');
  });

  it('keeps the stored secret on an edit without one, replaces it when a new one comes', async () => {
    const created = (await api.post(TOKENS, { ...body, name: 'API Itaú – pagamentos' })).json();
    const secretOf = async () => (await ctx.db.query<{ secret: string }>('SELECT secret FROM account_tokens WHERE id = $1', [created.id])).rows[0].secret;
    const before = await secretOf();
    const put = await api.put(`${TOKENS}/${created.id}`, { ...created, name: 'API Itaú – pagamentos e PIX' }, created.version);
    expect(put.statusCode).toBe(200);
    expect(await secretOf()).toBe(before);
    const renewed = await api.patch(`${TOKENS}/${created.id}`, { secret: 'curto123' }, put.json().version);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().secretHint).toBe('••••••••');
    expect(ctx.app.auth.secretBox.open(await secretOf())).toBe('curto123');
    const history = (await api.get(`${TOKENS}/${created.id}/history`)).json() as { diff: Record<string, unknown> }[];
    expect(history.at(-1)?.diff).toEqual({ secretHint: { before: '••••ZZQX', after: '••••••••' } });
  });

  it('refuses to sort, filter or export by the secret, and an active token without one', async () => {
    expect((await api.get(`${TOKENS}?sort=secret`)).json().errors).toEqual({ sort: ['Campo de ordenação desconhecido: secret.'] });
    expect((await api.get(`${TOKENS}?filter[secret][eq]=x`)).statusCode).toBe(400);
    expect((await call(ctx.app, token, { method: 'GET', url: `${TOKENS}/export?format=csv&fields=name,secret` })).statusCode).toBe(400);
    expect(errorsOf(await api.post(TOKENS, { ...body, name: 'Sem segredo', secret: undefined }))).toEqual({ secret: ['Informe o segredo para ativar o token.'] });
    expect((await api.post(TOKENS, { ...body, name: 'Aguardando', secret: undefined, status: 'PENDENTE' })).statusCode).toBe(201);
    expect(errorsOf(await api.post(TOKENS, { ...body, name: 'Curto', secret: 'abc' }))).toEqual({ secret: [expect.stringContaining('8')] });
  });

  it('asks Open Finance for the consent and refuses the petty cash', async () => {
    expect(errorsOf(await api.post(TOKENS, { ...body, name: 'OF', provider: 'OPEN_FINANCE' }))).toEqual({ consentId: ['Informe o ID do consentimento do Open Finance.'] });
    const cash = await idBy(ctx.db, 'bank_accounts', 'name', 'Caixa pequeno Matriz');
    expect(errorsOf(await api.post(TOKENS, { ...body, name: 'Caixa', bankAccountId: cash }))).toEqual({
      bankAccountId: ['Um caixa não tem integração bancária: escolha uma conta em banco.'],
    });
  });

  it('erases the secret when revoking and freezes the token afterwards', async () => {
    const created = (await api.post(TOKENS, { ...body, name: 'API BB – cobrança' })).json();
    const revoked = await api.patch(`${TOKENS}/${created.id}`, { status: 'REVOGADO' }, created.version);
    expect(revoked.statusCode).toBe(200);
    expect((await ctx.db.query('SELECT secret FROM account_tokens WHERE id = $1', [created.id])).rows[0]).toEqual({ secret: null });
    const again = await api.patch(`${TOKENS}/${created.id}`, { status: 'ATIVO', secret: SECRET }, revoked.json().version);
    expect(errorsOf(again)).toEqual({ status: ['Este token foi revogado e não muda mais: cadastre um novo.'] });
    expect(errorsOf(await api.post(TOKENS, { ...body, name: 'Nasce revogado', status: 'REVOGADO' }))).toEqual({ status: ['Um token novo não começa revogado.'] });
  });
});

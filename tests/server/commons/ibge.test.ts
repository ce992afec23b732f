import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helper.ts';
import { ADMIN, bearer, loginOk } from '../identity/helpers.ts';
import { json, startStub, type Stub } from './stub-server.ts';

const SP = { id: 35, sigla: 'SP', nome: 'São Paulo', regiao: { id: 3, sigla: 'SE', nome: 'Sudeste' } };

describe('IBGE states and cities', () => {
  let ctx: TestContext;
  let online: TestContext;
  let stub: Stub;
  let token: string;
  let onlineToken: string;
  const get = (c: TestContext, t: string, url: string) => c.app.inject({ method: 'GET', url: `/api/commons/v1${url}`, headers: bearer(t) });

  beforeAll(async () => {
    stub = await startStub((path, res) => {
      // IBGE's shape, with the null microrregiao of Boa Esperança do Norte/MT (domain.md §4.2).
      if (path === '/estados/MT/municipios?orderBy=nome') return json(res, 200, [{ id: 5101837, nome: 'Boa Esperança do Norte (IBGE)', microrregiao: null }]);
      json(res, 503, {});
    });
    ctx = await createTestApp({ ibgeApiUrl: 'off' });
    online = await createTestApp({ ibgeApiUrl: stub.url });
    token = (await loginOk(ctx.app, ADMIN)).accessToken;
    onlineToken = (await loginOk(online.app, ADMIN)).accessToken;
  });
  afterAll(async () => {
    await ctx.close();
    await online.close();
    await stub.close();
  });

  it('requires authentication', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/commons/v1/states' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/commons/v1/cities?uf=SP' })).statusCode).toBe(401);
  });

  it('lists the 27 UFs in the IBGE shape, by name', async () => {
    const states = (await get(ctx, token, '/states')).json();
    expect(states).toHaveLength(27);
    expect(states[0]).toMatchObject({ sigla: 'AC', nome: 'Acre', regiao: { sigla: 'N', nome: 'Norte' } });
    expect(states.find((s: { sigla: string }) => s.sigla === 'SP')).toEqual(SP);
    expect(new Set(states.map((s: { regiao: { sigla: string } }) => s.regiao.sigla))).toEqual(new Set(['N', 'NE', 'SE', 'S', 'CO']));
  });

  it('ships every municipality: counts per UF and the total', async () => {
    let total = 0;
    for (const [uf, n] of [['SP', 645], ['MG', 853], ['RR', 15], ['DF', 1]] as const) {
      const cities = (await get(ctx, token, `/cities?uf=${uf}`)).json();
      expect({ uf, n: cities.length }).toEqual({ uf, n });
    }
    for (const s of (await get(ctx, token, '/states')).json()) total += (await get(ctx, token, `/cities?uf=${s.sigla}`)).json().length;
    expect(total).toBe(5571);
  });

  it('searches without accents or case, prefix matches first', async () => {
    const res = (await get(ctx, token, '/cities?uf=sp&q=sao p')).json();
    expect(res[0]).toEqual({ id: 3550308, nome: 'São Paulo', UF: SP });
    const any = (await get(ctx, token, '/cities?q=BRASILIA')).json();
    expect(any.map((c: { nome: string }) => c.nome)).toEqual(expect.arrayContaining(['Brasília', 'Brasília de Minas']));
    expect(any[0].nome).toBe('Brasília');
    expect((await get(ctx, token, '/cities/5101837')).json()).toMatchObject({ nome: 'Boa Esperança do Norte', UF: { sigla: 'MT' } });
  });

  it('answers 400 in pt-BR for a bad UF or no filter, 404 for an unknown code', async () => {
    expect((await get(ctx, token, '/cities?uf=XX')).json().errors).toEqual({ uf: ['UF inválida.'] });
    expect((await get(ctx, token, '/cities')).statusCode).toBe(400);
    expect((await get(ctx, token, '/cities/1234567')).statusCode).toBe(404);
  });

  it('uses IBGE_API_URL when it answers, and the snapshot when it fails', async () => {
    const mt = (await get(online, onlineToken, '/cities?uf=MT')).json();
    expect(mt).toEqual([{ id: 5101837, nome: 'Boa Esperança do Norte (IBGE)', UF: expect.objectContaining({ sigla: 'MT' }) }]);
    expect(stub.calls).toContain('/estados/MT/municipios?orderBy=nome');
    const sp = (await get(online, onlineToken, '/cities?uf=SP')).json();
    expect(sp).toHaveLength(645);
  });
});

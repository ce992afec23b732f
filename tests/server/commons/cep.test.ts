import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helper.ts';
import { ADMIN, bearer, loginOk } from '../identity/helpers.ts';
import { json, startStub, type Stub } from './stub-server.ts';

const PAULISTA = {
  cep: '01310-100', logradouro: 'Avenida Paulista', complemento: 'de 612 a 1510 - lado par', unidade: '', bairro: 'Bela Vista',
  localidade: 'São Paulo', uf: 'SP', estado: 'São Paulo', regiao: 'Sudeste', ibge: '3550308', gia: '1004', ddd: '11', siafi: '7107',
};

describe('GET /api/commons/v1/addresses/cep/:cep', () => {
  let ctx: TestContext;
  let offline: TestContext;
  let stub: Stub;
  let token: string;
  let offlineToken: string;
  const get = (c: TestContext, t: string, cep: string) => c.app.inject({ method: 'GET', url: `/api/commons/v1/addresses/cep/${cep}`, headers: bearer(t) });

  beforeAll(async () => {
    stub = await startStub((path, res) => {
      if (path === '/ws/01310100/json/') return json(res, 200, { ...PAULISTA, extra: 'ignored' });
      if (path === '/ws/99999999/json/') return json(res, 200, { erro: true });
      if (path === '/ws/99999998/json/') return json(res, 200, { erro: 'true' });
      if (path === '/ws/20000001/json/') return json(res, 500, { message: 'boom' });
      if (path === '/ws/30130000/json/') return; // never answers: the adapter's timeout
      json(res, 400, {});
    });
    ctx = await createTestApp({ cepApiUrl: `${stub.url}/ws`, externalTimeoutMs: 300 });
    offline = await createTestApp({ cepApiUrl: 'off' });
    token = (await loginOk(ctx.app, ADMIN)).accessToken;
    offlineToken = (await loginOk(offline.app, ADMIN)).accessToken;
  });
  afterAll(async () => {
    await ctx.close();
    await offline.close();
    await stub.close();
  });

  it('requires authentication', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/commons/v1/addresses/cep/01001000' });
    expect(res.statusCode).toBe(401);
  });

  it('answers the ViaCEP shape from the service, keeping only its keys', async () => {
    const res = await get(ctx, token, '01310-100');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-source']).toBe('viacep');
    expect(res.json()).toEqual(PAULISTA);
  });

  it('turns both forms of {"erro": true} into a pt-BR 404', async () => {
    for (const cep of ['99999999', '99999998']) {
      const res = await get(ctx, token, cep);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('CEP não encontrado. Confira o número ou preencha o endereço manualmente.');
    }
  });

  it('rejects a malformed CEP with 400 before calling anyone', async () => {
    const before = stub.calls.length;
    for (const cep of ['0100100', 'abcdefgh', '00000000']) {
      const res = await get(ctx, token, cep);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ cep: ['CEP inválido.'] });
    }
    expect(stub.calls.length).toBe(before);
  });

  it('answers 01001-000 from the bundled list without the service', async () => {
    const res = await get(offline, offlineToken, '01001000');
    expect(res.headers['x-source']).toBe('offline');
    expect(res.json()).toMatchObject({ cep: '01001-000', logradouro: 'Praça da Sé', bairro: 'Sé', localidade: 'São Paulo', uf: 'SP', ibge: '3550308' });
  });

  it('falls back to the CEP ranges when the service fails or times out (city and UF only)', async () => {
    const rio = await get(ctx, token, '20000001');
    expect(rio.statusCode).toBe(200);
    expect(rio.headers['x-source']).toBe('offline-range');
    expect(rio.json()).toMatchObject({ cep: '20000-001', logradouro: '', bairro: '', localidade: 'Rio de Janeiro', uf: 'RJ', estado: 'Rio de Janeiro', ibge: '3304557' });
    const interior = await get(offline, offlineToken, '13083970');
    expect(interior.json()).toMatchObject({ localidade: '', uf: 'SP', estado: 'São Paulo', regiao: 'Sudeste', ibge: '' });
  });

  it('does not wait on a service that hangs: timeout, then the breaker skips it', async () => {
    const app = await createTestApp({ cepApiUrl: `${stub.url}/ws`, externalTimeoutMs: 300 });
    try {
      const t = (await loginOk(app.app, ADMIN)).accessToken;
      let started = Date.now();
      const bh = await get(app, t, '30130000');
      expect(Date.now() - started).toBeLessThan(2000);
      expect(bh.json()).toMatchObject({ localidade: 'Belo Horizonte', uf: 'MG', ibge: '3106200' });
      const before = stub.calls.length;
      started = Date.now();
      expect((await get(app, t, '01310100')).headers['x-source']).toBe('offline-range');
      expect(stub.calls.length).toBe(before);
    } finally {
      await app.close();
    }
  });
});

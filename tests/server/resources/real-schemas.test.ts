import { readdir, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, COMPRAS, loginOk } from '../identity/helpers.ts';
import { createTestApp, type TestContext } from '../helper.ts';
import { call, demoOrganizationId, ORGANIZATIONS } from './helpers.ts';

const BANKS = '/api/accounts-payable/v1/banks';

/** The resources of schemas/ (banks, cost centers, bank accounts, organizations…) with the seeded logins. */
describe('generic API over schemas/', () => {
  let ctx: TestContext;
  let admin: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = (await loginOk(ctx.app, ADMIN)).accessToken;
  });
  afterAll(() => ctx.close());

  it('gives every schema file its endpoints and OpenAPI paths', async () => {
    const files = (await readdir('schemas')).filter((f) => f.endsWith('.schema.json'));
    expect(files.length).toBeGreaterThan(0);
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    for (const file of files) {
      const x = JSON.parse(await readFile(`schemas/${file}`, 'utf8'))['x-resource'];
      const path = `/api/${x.service}/v1/${x.path}`;
      expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([path, `${path}/{id}`, `${path}/export`, `${path}/{id}/history`]));
      const res = await call(ctx.app, admin, { method: 'GET', url: `${path}?pageSize=1` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toMatch(/^\d+$/);
    }
    expect(doc.paths[`${BANKS}/{id}`].put.parameters[0]).toEqual({ $ref: '#/components/parameters/ifMatch' });
    expect(doc.components.schemas.Banks.properties.id).toMatchObject({ format: 'uuid', readOnly: true });
    expect(doc.components.schemas.BanksInput.properties).not.toHaveProperty('id');
    // A picker's `refOf` (x-ref-filter) on the lists of the resources some field refers to.
    const companies = doc.paths['/api/companies/v1/companies'].get.parameters as { name?: string; schema?: { enum: string[] } }[];
    expect(companies.find((x) => x.name === 'refOf')?.schema?.enum).toEqual(expect.arrayContaining(['purchase-orders.supplierId']));
    const accepted = await call(ctx.app, admin, { method: 'GET', url: '/api/companies/v1/companies?refOf=purchase-orders.supplierId&pageSize=1' });
    expect(accepted.statusCode).toBe(200);
    for (const [path, item] of Object.entries(doc.paths as Record<string, { get?: { parameters?: { name?: string; schema?: { enum: string[] } }[] } }>)) {
      // Every value the document offers is one the server accepts on that list.
      for (const value of item.get?.parameters?.find((x) => x.name === 'refOf')?.schema?.enum ?? []) {
        const res = await call(ctx.app, admin, { method: 'GET', url: `${path}?refOf=${value}&pageSize=1` });
        expect({ path, value, status: res.statusCode }).toEqual({ path, value, status: 200 });
      }
    }
    const html = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toContain('/api/docs/openapi.json');
    expect(html.body).toContain(`<code>${BANKS}</code>`);
    expect(html.body).not.toMatch(/<script|cdn/i);
  });

  it('keeps Compras (real login) away from banks: 403 with the catalogue message', async () => {
    const { accessToken } = await loginOk(ctx.app, COMPRAS);
    for (const [method, url] of [['GET', BANKS], ['POST', BANKS], ['GET', `${BANKS}/export`]] as const) {
      const res = await call(ctx.app, accessToken, { method, url, payload: method === 'POST' ? {} : undefined });
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({
        url,
        status: 403,
        body: { statusCode: 403, code: 'FORBIDDEN', message: 'Você não tem permissão para realizar esta ação.' },
      });
    }
  });

  it('serves organizations from the identity table (one table, seeded organization visible)', async () => {
    const id = await demoOrganizationId(ctx.db);
    const res = await call(ctx.app, admin, { method: 'GET', url: `${ORGANIZATIONS}/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, name: 'Demo Comércio e Serviços Ltda', cnpj: '11222333000181', active: true, version: 1 });
    const tables = await ctx.db.query(`SELECT 1 FROM information_schema.tables WHERE table_name LIKE '%organization%'`);
    expect(tables.rows).toHaveLength(1);
  });

  it('creates, finds and edits a bank with the admin login', async () => {
    const created = await call(ctx.app, admin, {
      method: 'POST',
      url: BANKS,
      payload: { compe: '999', ispb: '99999999', name: 'Banco Teste', fullName: 'Banco Teste S.A.', participatesCompe: true, active: true },
    });
    expect(created.statusCode).toBe(201);
    const found = await call(ctx.app, admin, { method: 'GET', url: `${BANKS}?q=banco%20teste` });
    expect(found.json().map((b: { ispb: string }) => b.ispb)).toContain('99999999');
    const dup = await call(ctx.app, admin, {
      method: 'POST',
      url: BANKS,
      payload: { ispb: '99999999', name: 'Outro', fullName: 'Outro S.A.', participatesCompe: false, active: true },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toEqual({ ispb: ['Já existe um registro com este valor.'] });
    const bad = await call(ctx.app, admin, { method: 'PATCH', url: `${BANKS}/${created.json().id}`, payload: { compe: '12' }, headers: { 'if-match': 'W/"1"' } });
    expect(bad.json().errors).toEqual({ compe: ['Informe os 3 dígitos do código COMPE.'] });
  });
});

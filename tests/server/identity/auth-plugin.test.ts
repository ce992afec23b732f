import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { freshDb } from '../helper.ts';
import { testConfig } from '../config.ts';
import { buildApp } from '../../../server/app.ts';
import type { Db } from '../../../server/db/index.ts';
import type { TokenType } from '../../../server/lib/principal.ts';
import { ADMIN, bearer, COMPRAS, FINANCEIRO, loginOk } from './helpers.ts';
import { SEED_POLICIES } from '../../../server/seed/access.ts';

/** The plugin as other route families use it: authenticate + requireScope on routes of their own. */
describe('auth plugin', () => {
  let app: FastifyInstance;
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await freshDb());
    app = await buildApp({ config: testConfig(), db, logger: false });
    app.get('/api/test/principal', { onRequest: app.authenticate }, async (req) => req.principal);
    const pre: TokenType[] = ['Authorization', 'PreAuthorization'];
    app.get('/api/test/pre', { config: { tokenTypes: pre }, onRequest: app.authenticate }, async (req) => ({ typ: req.principal!.tokenType }));
    app.post('/api/test/orders', { onRequest: [app.authenticate, app.requireScope('orders', 'create')] }, async () => ({ ok: true }));
    app.delete('/api/test/orders', { onRequest: [app.authenticate, app.requireScope('orders', 'delete')] }, async () => ({ ok: true }));
    app.post('/api/test/payables', { onRequest: [app.authenticate, app.requireScope('payables', 'create')] }, async () => ({ ok: true }));
    app.post('/api/test/purchase-orders', { onRequest: [app.authenticate, app.requireScope('purchaseOrders', 'update')] }, async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await drop();
  });

  it('puts the Principal on the request, with permissions and record scope', async () => {
    const { accessToken } = await loginOk(app, COMPRAS);
    const p = (await app.inject({ url: '/api/test/principal', headers: bearer(accessToken) })).json();
    expect(p).toMatchObject({ email: COMPRAS.email, accessLevel: 'User', tokenType: 'Authorization' });
    expect(p.permissions.resources.map((r: { name: string }) => r.name)).toEqual(SEED_POLICIES.find((x) => x.name === 'Compras')!.resources.map((r) => r.name));
    // No ACL items: own organization only, every cost center.
    expect(p.recordScope).toEqual({ organizationIds: [p.organizationId], costCenterIds: 'all' });
    const admin = (await app.inject({ url: '/api/test/principal', headers: bearer((await loginOk(app, ADMIN)).accessToken) })).json();
    expect(admin.recordScope).toEqual({ organizationIds: 'all', costCenterIds: 'all' });
  });

  it('derives record scope from the ACL items of the policies', async () => {
    const org2 = (await db.query<{ id: string }>(`INSERT INTO organizations (name, cnpj) VALUES ('Filial', '11444777000161') RETURNING id`)).rows[0].id;
    const cc = (await db.query<{ id: string }>(`INSERT INTO cost_centers (organization_id, code, name, type, active) VALUES ($1, '77', 'Filial', 'A', true) RETURNING id`, [org2])).rows[0].id;
    await db.query(`
      WITH app AS (SELECT id FROM applications WHERE name = 'back-office'),
           acl AS (INSERT INTO application_acls (application_id, name, title, scopes)
                   SELECT id, 'filial', 'Filial', '["read"]' FROM app RETURNING id),
           items AS (INSERT INTO application_acl_items (acl_id, kind, organization_id, cost_center_id)
                     SELECT acl.id, k.kind, k.org, k.cc FROM acl, (VALUES ('organization', $1::uuid, NULL::uuid), ('cost-center', NULL, $2::uuid)) AS k(kind, org, cc))
      UPDATE application_policies SET acls = '[{"name":"filial","scopes":["read"]}]' WHERE name = 'Compras'`, [org2, cc]);
    const { accessToken } = await loginOk(app, COMPRAS);
    const p = (await app.inject({ url: '/api/test/principal', headers: bearer(accessToken) })).json();
    expect(p.recordScope).toEqual({ organizationIds: [org2], costCenterIds: [cc] });
    expect(p.permissions.acls).toEqual([{ name: 'filial', scopes: ['read'] }]);
  });

  it('requireScope: 403 with the catalogue message when the scope is missing, camelCase names match', async () => {
    const compras = (await loginOk(app, COMPRAS)).accessToken;
    expect((await app.inject({ method: 'POST', url: '/api/test/orders', headers: bearer(compras) })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/test/purchase-orders', headers: bearer(compras) })).statusCode).toBe(200);
    for (const url of ['/api/test/payables']) {
      const res = await app.inject({ method: 'POST', url, headers: bearer(compras) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ statusCode: 403, code: 'FORBIDDEN', message: 'Você não tem permissão para realizar esta ação.' });
    }
    expect((await app.inject({ method: 'DELETE', url: '/api/test/orders', headers: bearer(compras) })).statusCode).toBe(403);
    const admin = (await loginOk(app, ADMIN)).accessToken;
    expect((await app.inject({ method: 'DELETE', url: '/api/test/orders', headers: bearer(admin) })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/test/orders' })).statusCode).toBe(401);
  });

  it('lets PreAuthorization through only where the route opts in, with no permissions', async () => {
    const pre = (await loginOk(app, FINANCEIRO)).accessToken;
    expect((await app.inject({ url: '/api/test/pre', headers: bearer(pre) })).json()).toEqual({ typ: 'PreAuthorization' });
    expect((await app.inject({ url: '/api/test/principal', headers: bearer(pre) })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/test/orders', headers: bearer(pre) })).statusCode).toBe(401);
  });
});

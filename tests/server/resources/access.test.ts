import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginOk, COMPRAS } from '../identity/helpers.ts';
import type { TestContext } from '../helper.ts';
import { call, COST_CENTERS, createFixtureApp, createOrganization, createUser, CRUD, demoOrganizationId, ORGANIZATIONS, PAYABLES } from './helpers.ts';

const FORBIDDEN = { statusCode: 403, code: 'FORBIDDEN', message: 'Você não tem permissão para realizar esta ação.' };
const ALL = [{ name: 'test-payables', scopes: [...CRUD, 'export'] }, { name: 'test-cost-centers', scopes: ['read'] }, { name: 'organizations', scopes: ['read'] }];

describe('permissions and record scope', () => {
  let ctx: TestContext;
  let admin: string;
  let orgA: string;
  let orgB: string;
  const ids: Record<string, string> = {};
  const as = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
    call(ctx.app, token, { method, url, payload, headers });
  const payable = (n: string, org: string, cc?: string) => ({ description: `Conta ${n}`, documentNumber: n, amount: 100, dueDate: '2026-02-01', organizationId: org, costCenterId: cc ?? null });

  beforeAll(async () => {
    ctx = await createFixtureApp();
    orgA = await demoOrganizationId(ctx.db);
    orgB = await createOrganization(ctx.db, 'Filial B Ltda');
    admin = (await createUser(ctx, { accessLevel: 'SystemOwner' })).token;
    for (const [key, code, org] of [['ccA1', 'A1', orgA], ['ccA2', 'A2', orgA], ['ccB', 'B1', orgB]] as const) {
      ids[key] = (await as(admin, 'POST', COST_CENTERS, { code, name: `Centro ${code}`, organizationId: org })).json().id;
    }
    for (const [key, org, cc] of [['pA1', orgA, ids.ccA1], ['pA2', orgA, ids.ccA2], ['pA0', orgA, undefined], ['pB', orgB, ids.ccB]] as const) {
      const res = await as(admin, 'POST', PAYABLES, payable(key, org, cc));
      if (res.statusCode !== 201) throw new Error(res.body);
      ids[key] = res.json().id;
    }
  });
  afterAll(() => ctx.close());

  it('answers 403 with the catalogue message on every route without the scope', async () => {
    const { token } = await createUser(ctx, { resources: [{ name: 'test-payables', scopes: ['read'] }] });
    const one = `${PAYABLES}/${ids.pA1}`;
    expect((await as(token, 'GET', PAYABLES)).statusCode).toBe(200);
    for (const [method, url, body] of [
      ['POST', PAYABLES, payable('X', orgA)],
      ['PATCH', one, { description: 'x' }],
      ['PUT', one, payable('X', orgA)],
      ['DELETE', one, undefined],
      ['GET', `${PAYABLES}/export`, undefined],
    ] as const) {
      const res = await as(token, method, url, body, { 'if-match': 'W/"1"' });
      expect({ method, url, status: res.statusCode }).toEqual({ method, url, status: 403 });
      expect(res.json()).toEqual(FORBIDDEN);
    }
    const none = await createUser(ctx, { resources: [] });
    for (const url of [PAYABLES, one, `${one}/history`, `${PAYABLES}/labels?id=${ids.pA1}`]) {
      expect({ url, status: (await as(none.token, 'GET', url)).statusCode }).toEqual({ url, status: 403 });
    }
  });

  it('keeps the seeded Compras profile (real login) away from resources it has no policy for', async () => {
    const { accessToken } = await loginOk(ctx.app, COMPRAS);
    const res = await as(accessToken, 'GET', PAYABLES);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(FORBIDDEN);
  });

  it('hides records of other organizations: not listed, 404 on read, write, delete and history', async () => {
    const { token } = await createUser(ctx, { resources: ALL, organizations: [orgA] });
    const list = await as(token, 'GET', `${PAYABLES}?pageSize=100`);
    expect(list.json().map((r: { id: string }) => r.id).sort()).toEqual([ids.pA1, ids.pA2, ids.pA0].sort());
    expect(list.headers['x-total-count']).toBe('3');
    const other = `${PAYABLES}/${ids.pB}`;
    expect((await as(token, 'GET', other)).statusCode).toBe(404);
    expect((await as(token, 'PATCH', other, { description: 'x' }, { 'if-match': 'W/"1"' })).statusCode).toBe(404);
    expect((await as(token, 'DELETE', other)).statusCode).toBe(404);
    expect((await as(token, 'GET', `${other}/history`)).statusCode).toBe(404);
    expect((await as(token, 'GET', `${PAYABLES}?filter[id][eq]=${ids.pB}`)).json()).toEqual([]);
    const orgs = (await as(token, 'GET', ORGANIZATIONS)).json();
    expect(orgs.map((o: { id: string }) => o.id)).toEqual([orgA]);
  });

  it('refuses (403) a write that would move a record out of the caller scope, and changes nothing', async () => {
    const { token } = await createUser(ctx, { resources: ALL, organizations: [orgA] });
    const create = await as(token, 'POST', PAYABLES, payable('FORA', orgB));
    expect(create.statusCode).toBe(403);
    expect(create.json().errors).toEqual({ organizationId: ['Fora das organizações e centros de custo do seu acesso.'] });
    const move = await as(token, 'PATCH', `${PAYABLES}/${ids.pA0}`, { organizationId: orgB }, { 'if-match': 'W/"1"' });
    expect(move.statusCode).toBe(403);
    expect((await as(admin, 'GET', `${PAYABLES}/${ids.pA0}`)).json()).toMatchObject({ organizationId: orgA, version: 1 });
    // A reference the caller cannot see reads as missing.
    const ref = await as(token, 'POST', PAYABLES, payable('REF-B', orgA, ids.ccB));
    expect(ref.statusCode).toBe(400);
    expect(ref.json().errors).toEqual({ costCenterId: ['Registro referenciado não encontrado.'] });
  });

  it('restricts by cost center too; a record without one is visible only to unrestricted callers', async () => {
    const { token } = await createUser(ctx, { resources: ALL, costCenters: [ids.ccA1] });
    const list = await as(token, 'GET', PAYABLES);
    expect(list.json().map((r: { id: string }) => r.id)).toEqual([ids.pA1]);
    expect((await as(token, 'GET', `${PAYABLES}/${ids.pA2}`)).statusCode).toBe(404);
    expect((await as(token, 'GET', `${PAYABLES}/${ids.pA0}`)).statusCode).toBe(404);
  });

  it('never shares a cached total between scopes', async () => {
    const scoped = (await createUser(ctx, { resources: ALL, organizations: [orgA] })).token;
    // Page 2 of size 1 forces a count (a short page would tell the total by itself).
    const total = async (token: string) => (await as(token, 'GET', `${PAYABLES}?pageSize=1&page=2`)).headers['x-total-count'];
    expect(await total(admin)).toBe('4');
    expect(await total(scoped)).toBe('3');
    expect(await total(admin)).toBe('4');
  });

  it('resolves labels of many ids in one call, only the visible ones', async () => {
    const { token } = await createUser(ctx, { resources: ALL, organizations: [orgA] });
    const res = await as(token, 'GET', `${PAYABLES}/labels?id=${ids.pA2}&id=${ids.pB}&id=${ids.pA1}`);
    expect(res.json()).toEqual([
      { id: ids.pA2, label: 'Conta pA2' },
      { id: ids.pA1, label: 'Conta pA1' },
    ]);
    expect((await as(token, 'GET', `${PAYABLES}/labels?id=x`)).statusCode).toBe(400);
  });

  it('reports permissions on the resource and on many records in one call', async () => {
    const { token } = await createUser(ctx, { resources: [{ name: 'test-payables', scopes: ['read', 'update'] }], organizations: [orgA] });
    const res = await as(token, 'GET', `${PAYABLES}/permissions?id=${ids.pA1}&id=${ids.pB}`);
    expect(res.json()).toEqual({
      resource: 'test-payables',
      scopes: { create: false, read: true, update: true, delete: false, export: false },
      records: [
        { id: ids.pA1, read: true, update: true, delete: false },
        { id: ids.pB, read: false, update: false, delete: false },
      ],
    });
  });

  it('refuses a PreAuthorization token', async () => {
    const { id } = await createUser(ctx, { resources: ALL });
    const { token } = await ctx.app.auth.tokens.sign(id, 'PreAuthorization');
    expect((await as(token, 'GET', PAYABLES)).statusCode).toBe(401);
  });
});

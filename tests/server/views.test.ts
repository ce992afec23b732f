import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helper.ts';
import { call, createUser } from './resources/helpers.ts';

const URL = '/api/commons/v1/saved-views';
const STATE = {
  q: 'itaú',
  filters: [{ field: 'active', operator: 'eq', value: true }, { field: 'compe', operator: 'in', value: ['001', '341'] }],
  sort: [{ field: 'name', order: 'desc' }],
  pageSize: 50,
  columns: ['compe', 'name'],
};

describe('saved views', () => {
  let ctx: TestContext;
  let owner: string;
  let reader: string;
  let stranger: string;
  const as = (token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => call(ctx.app, token, { method, url, payload: payload as object });

  beforeAll(async () => {
    ctx = await createTestApp();
    owner = (await createUser(ctx, { resources: [{ name: 'banks', scopes: ['read'] }] })).token;
    reader = (await createUser(ctx, { resources: [{ name: 'banks', scopes: ['read'] }] })).token;
    stranger = (await createUser(ctx, { resources: [{ name: 'cost-centers', scopes: ['read'] }] })).token;
  });
  afterAll(() => ctx.close());

  it('needs a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: `${URL}?resource=banks` })).statusCode).toBe(401);
  });

  it('creates a view and lists it for its owner only until shared', async () => {
    const created = await as(owner, 'POST', URL, { resource: 'banks', name: 'Itaú ativos', state: STATE });
    expect(created.statusCode).toBe(201);
    const view = created.json();
    expect(view).toMatchObject({ resource: 'banks', name: 'Itaú ativos', state: STATE, shared: false, mine: true });
    expect((await as(owner, 'GET', `${URL}?resource=banks`)).json().map((v: { name: string }) => v.name)).toEqual(['Itaú ativos']);
    expect((await as(reader, 'GET', `${URL}?resource=banks`)).json()).toEqual([]);
    expect((await as(reader, 'GET', `${URL}/${view.id}`)).statusCode).toBe(404);

    const shared = await as(owner, 'PATCH', `${URL}/${view.id}`, { shared: true });
    expect(shared.json()).toMatchObject({ shared: true, state: STATE });
    const seen = (await as(reader, 'GET', `${URL}?resource=banks`)).json();
    expect(seen).toEqual([expect.objectContaining({ id: view.id, mine: false, shared: true })]);
    expect((await as(reader, 'GET', `${URL}/${view.id}`)).statusCode).toBe(200);
  });

  it('hides shared views from users without read scope on the resource', async () => {
    expect((await as(stranger, 'GET', `${URL}?resource=banks`)).statusCode).toBe(403);
    const { id } = (await as(owner, 'POST', URL, { resource: 'banks', name: 'Compartilhada', state: {}, shared: true })).json();
    expect((await as(stranger, 'GET', `${URL}/${id}`)).statusCode).toBe(404);
    expect((await as(stranger, 'POST', URL, { resource: 'banks', name: 'x', state: {} })).statusCode).toBe(403);
  });

  it('lets only the owner edit or delete', async () => {
    const { id } = (await as(owner, 'POST', URL, { resource: 'banks', name: 'Só minha', state: {}, shared: true })).json();
    const edit = await as(reader, 'PUT', `${URL}/${id}`, { name: 'Tomada' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe('Só quem criou a visão pode alterá-la ou excluí-la.');
    expect((await as(reader, 'DELETE', `${URL}/${id}`)).statusCode).toBe(403);
    expect((await as(owner, 'PUT', `${URL}/${id}`, { name: 'Renomeada', state: { pageSize: 100 } })).json()).toMatchObject({ name: 'Renomeada', state: { pageSize: 100 } });
    expect((await as(owner, 'DELETE', `${URL}/${id}`)).statusCode).toBe(204);
    expect((await as(owner, 'GET', `${URL}/${id}`)).statusCode).toBe(404);
  });

  it('refuses a second view with the same name on the same list (any case)', async () => {
    await as(owner, 'POST', URL, { resource: 'banks', name: 'Duplicada', state: {} });
    const again = await as(owner, 'POST', URL, { resource: 'banks', name: 'DUPLICADA', state: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Você já tem uma visão com este nome nesta lista.');
    // Another user may use the same name.
    expect((await as(reader, 'POST', URL, { resource: 'banks', name: 'Duplicada', state: {} })).statusCode).toBe(201);
  });

  it('validates the body: name, resource and the state shape, naming the fields', async () => {
    const bad = async (payload: unknown) => {
      const res = await as(owner, 'POST', URL, payload);
      expect(res.statusCode).toBe(400);
      return Object.keys(res.json().errors);
    };
    expect(await bad({ resource: 'banks', state: {} })).toContain('name');
    expect(await bad({ resource: 'banks', name: '   ', state: {} })).toContain('name');
    expect(await bad({ resource: 'Bancos!', name: 'x', state: {} })).toContain('resource');
    expect(await bad({ resource: 'banks', name: 'x', state: { filters: [{ field: 'a', operator: 'like', value: 1 }] } })).toEqual(['state.filters.0.operator']);
    expect(await bad({ resource: 'banks', name: 'x', state: { pageSize: 33 } })).toEqual(['state.pageSize']);
    expect(await bad({ resource: 'banks', name: 'x', state: {}, owner: 'y' })).toEqual(['owner']);
    expect((await as(owner, 'PATCH', `${URL}/not-a-uuid`, { name: 'x' })).statusCode).toBe(400);
  });
});

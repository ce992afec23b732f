import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../helper.ts';
import { call, createFixtureApp, createUser, demoOrganizationId, PAYABLES } from './helpers.ts';

const valid = (org: string, n = 1) => ({
  description: `Aluguel ${n}`,
  documentNumber: `NF-${n}`,
  amount: 150000,
  dueDate: '2026-03-10',
  organizationId: org,
});

describe('generic CRUD (fixture test-payables)', () => {
  let ctx: TestContext;
  let admin: { id: string; token: string };
  let org: string;
  beforeAll(async () => {
    ctx = await createFixtureApp();
    org = await demoOrganizationId(ctx.db);
    admin = await createUser(ctx, { accessLevel: 'SystemOwner' });
  });
  afterAll(() => ctx.close());

  it('creates with 201, Location, ETag, defaults and server-set audit fields', async () => {
    const res = await call(ctx.app, admin.token, {
      method: 'POST',
      url: PAYABLES,
      payload: { ...valid(org), id: '00000000-0000-0000-0000-000000000000', version: 99, createdBy: org },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(res.headers.location).toBe(`${PAYABLES}/${body.id}`);
    expect(res.headers.etag).toBe('W/"1"');
    expect(body).toMatchObject({ ...valid(org), status: 'ABERTO', paid: false, version: 1, createdBy: admin.id, updatedBy: admin.id });
    expect(body.id).not.toBe('00000000-0000-0000-0000-000000000000');
    expect(new Date(body.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // An optional non-nullable field never set is absent, not null.
    expect(body).not.toHaveProperty('tags');
    expect(body.notes).toBeNull();
  });

  it('reads one with ETag and answers 304 to If-None-Match', async () => {
    const created = (await call(ctx.app, admin.token, { method: 'POST', url: PAYABLES, payload: valid(org, 2) })).json();
    const res = await call(ctx.app, admin.token, { method: 'GET', url: `${PAYABLES}/${created.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe('W/"1"');
    expect(res.json()).toEqual(created);
    const again = await call(ctx.app, admin.token, { method: 'GET', url: `${PAYABLES}/${created.id}`, headers: { 'if-none-match': 'W/"1"' } });
    expect(again.statusCode).toBe(304);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await call(ctx.app, admin.token, { method: 'GET', url: `${PAYABLES}/7d9f1c8e-7a43-4c55-9a1b-2f3c4d5e6f70` })).statusCode).toBe(404);
    const bad = await call(ctx.app, admin.token, { method: 'GET', url: `${PAYABLES}/nao-e-uuid` });
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Conteúdo indisponível.' });
  });

  it('requires a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: PAYABLES });
    expect(res.statusCode).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helper.ts';

describe('GET /api/health', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('answers ok with the database kind', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite' });
  });

  it('answers unknown API paths with a pt-BR 404 body', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nada/aqui' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { createTestApp, type TestContext } from '../server/helper.ts';
import { fuzzResources } from './fuzz.ts';
import { signIn, type Caller } from './helpers.ts';

/** Runs per resource and verb in CI (fixed seed); `npm run bench` runs many more (scripts/bench/fuzz.ts). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);

/** ASVS 5.0 V16 Security Logging and Error Handling: failing safely, saying nothing of the internals. */
describe('V16 Security Logging and Error Handling', () => {
  let ctx: TestContext;
  let admin: Caller;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn(ctx.app);
  });
  afterAll(() => ctx.close());

  it('V16.5.3 fuzzed creates and updates of every resource never answer 5xx nor leave a partial write', async () => {
    const report = await fuzzResources(ctx.app, ctx.db, admin.token, { numRuns: RUNS, seed: 20260415 });
    expect(report.serverErrors).toEqual([]);
    expect(report.partialWrites).toEqual([]);
    expect(report.requests).toBeGreaterThan(ctx.app.resources.registry.size * RUNS);
  }, 600_000);

  it('V16.5.1 an unexpected error answers the generic catalogue message, with no stack, query or secret', async () => {
    const app = await buildApp({ config: ctx.config, db: ctx.db, logger: false });
    app.get('/api/teste/falha', async () => {
      throw new Error('SELECT password_hash FROM users WHERE id = 42 -- segredo');
    });
    try {
      await app.ready();
      const res = await app.inject({ method: 'GET', url: '/api/teste/falha' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ statusCode: 500, code: 'ERROR', message: 'Algo deu errado do nosso lado.' });
      expect(res.body).not.toMatch(/password_hash|segredo|at .*\.ts/);
      expect(res.headers['cache-control']).toBe('no-store');
    } finally {
      await app.close();
    }
  });

  it('V16.5.3 a request the server cannot read is a 400 in pt-BR, never a 500', async () => {
    for (const payload of ['{', '[1,2', '"só texto"', 'null', '{"a":' + '['.repeat(5000)]) {
      const res = await admin.call('POST', '/api/accounts-payable/v1/banks', payload, { 'content-type': 'application/json' });
      expect(res.statusCode).toBe(400);
    }
    const xml = await admin.call('POST', '/api/accounts-payable/v1/banks', '<a/>', { 'content-type': 'application/xml' });
    expect(xml.statusCode).toBe(415);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../server/helper.ts';

/** ASVS 5.0 V13 Configuration: nothing leaks beyond what the product means to serve. */
describe('V13 Configuration', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('V13.4.4 the TRACE method is not supported', async () => {
    const res = await ctx.app.inject({ method: 'TRACE' as never, url: '/api/health' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('V13.4.6 no header names the server software or its version', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers.server).toBeUndefined();
  });

  it('V13.4.1 V13.4.3 source metadata and folders are not served (no .git, no listing)', async () => {
    for (const url of ['/.git/config', '/.env', '/server/config.ts', '/api/', '/assets/']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
    }
  });

  it('V13.4.2 the development outbox does not exist once SMTP is configured', async () => {
    const smtp = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      expect((await smtp.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
    } finally {
      await smtp.close();
    }
  });
});

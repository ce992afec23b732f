import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../server/helper.ts';
import { signIn, type Caller } from './helpers.ts';

/** ASVS 5.0 V3 Web Frontend Security, on the server side (the built client under the CSP: v3-csp.spec.ts). */
describe('V3 Web Frontend Security', () => {
  let ctx: TestContext;
  let admin: Caller;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn(ctx.app);
  });
  afterAll(() => ctx.close());

  const urls = ['/api/health', '/api/accounts-payable/v1/banks?pageSize=1', '/api/docs', '/app.config.json', '/api/nao-existe'];

  it('V3.4.3 every response carries a CSP with object-src none, base-uri none, no unsafe-eval and a fresh style nonce', async () => {
    const nonces = new Set<string>();
    for (const url of urls) {
      const res = await admin.call('GET', url);
      const csp = String(res.headers['content-security-policy']);
      expect({ url, csp }).toMatchObject({ url, csp: expect.stringContaining("default-src 'self'") });
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).not.toContain('unsafe-eval');
      nonces.add(/'nonce-([^']+)'/.exec(csp)![1]);
    }
    expect(nonces.size).toBe(urls.length);
  });

  it('V3.4.3 the API docs page carries its style with the nonce of its own policy', async () => {
    const res = await admin.call('GET', '/api/docs');
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))![1];
    expect(res.body).toContain(`<style nonce="${nonce}">`);
    expect(res.body).not.toContain('__CSP_NONCE__');
  });

  it('V3.4.6 frame-ancestors none and X-Frame-Options DENY on every response', async () => {
    for (const url of urls) {
      const res = await admin.call('GET', url);
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('V3.4.4 X-Content-Type-Options nosniff on every response', async () => {
    for (const url of urls) expect((await admin.call('GET', url)).headers['x-content-type-options']).toBe('nosniff');
  });

  it('V3.4.5 Referrer-Policy no-referrer (recovery links carry a token)', async () => {
    for (const url of urls) expect((await admin.call('GET', url)).headers['referrer-policy']).toBe('no-referrer');
  });

  it('V3.4.1 Strict-Transport-Security of at least one year, subdomains included', async () => {
    const hsts = String((await admin.call('GET', '/api/health')).headers['strict-transport-security']);
    expect(Number(/max-age=(\d+)/.exec(hsts)![1])).toBeGreaterThanOrEqual(31_536_000);
    expect(hsts).toContain('includeSubDomains');
  });

  it('V3.4.2 no CORS: the API never answers with Access-Control-Allow-Origin for another origin', async () => {
    const res = await admin.call('GET', '/api/accounts-payable/v1/banks', undefined, { origin: 'https://evil.example' });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await ctx.app.inject({ method: 'OPTIONS', url: '/api/accounts-payable/v1/banks', headers: { origin: 'https://evil.example', 'access-control-request-method': 'DELETE' } });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('V3.5.1 state-changing calls need the Bearer token in a header (no cookie session a cross-site form could ride)', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/accounts-payable/v1/banks', payload: 'ispb=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.statusCode).toBe(401);
  });
});

import { SignJWT } from 'jose';
import { createTokenService } from '../../server/lib/jwt.ts';
import { deriveKey } from '../../server/lib/secret-box.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../server/helper.ts';
import { API, ADMIN, loginOk } from './helpers.ts';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

/** ASVS 5.0 V9 Self-contained Tokens: the access token's integrity, algorithm, lifetime and type. */
describe('V9 Self-contained Tokens', () => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    token = (await loginOk(ctx.app, ADMIN)).accessToken;
  });
  afterAll(() => ctx.close());

  const me = (t: string) => ctx.app.inject({ method: 'GET', url: `${API}/users/me`, headers: { authorization: `Bearer ${t}` } });

  it('V9.1.1 a tampered token (payload changed, signature kept) is 401', async () => {
    const [h, p, s] = token.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    expect((await me(`${h}.${b64({ ...claims, sub: '00000000-0000-4000-8000-000000000000' })}.${s}`)).statusCode).toBe(401);
    expect((await me(`${h}.${p}.${s.slice(0, -2)}AA`)).statusCode).toBe(401);
    expect((await me(token)).statusCode).toBe(200);
  });

  it("V9.1.2 alg 'none' and an algorithm outside the allowlist are refused", async () => {
    const [, p] = token.split('.');
    expect((await me(`${b64({ alg: 'none', typ: 'JWT' })}.${p}.`)).statusCode).toBe(401);
    // Signed with the server's own key, but HS512: not on the allowlist (HS256 only).
    const hs512 = await new SignJWT(JSON.parse(Buffer.from(p, 'base64url').toString())).setProtectedHeader({ alg: 'HS512' }).sign(deriveKey(ctx.config.jwtSecret!, 'jwt-hs256'));
    expect((await me(hs512)).statusCode).toBe(401);
  });

  it('V9.1.3 a key sent in the token header (jwk, jku) is never used', async () => {
    const [, p, s] = token.split('.');
    const forged = `${b64({ alg: 'HS256', jku: 'https://evil.example/keys', jwk: { kty: 'oct', k: 'AAAA' } })}.${p}.${s}`;
    expect((await me(forged)).statusCode).toBe(401);
  });

  it('V9.2.1 an expired token is 401 (exp checked)', async () => {
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    const expired = await ctx.app.auth.tokens.sign(claims.sub, 'Authorization', new Date(Date.now() - 3_600_000));
    expect((await me(expired.token)).statusCode).toBe(401);
  });

  it('V9.2.2 a token of another type (second-factor pending, verification) does not open the API', async () => {
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    const pre = await ctx.app.auth.tokens.sign(claims.sub, 'PreAuthorization');
    expect((await me(pre.token)).json().code).toBe('TWO_FACTOR_REQUIRED');
    const verification = await ctx.app.auth.tokens.sign(claims.sub, 'Verification');
    expect((await me(verification.token)).statusCode).toBe(401);
  });

  it('V9.2.3 a token of another project (audience) is 401', async () => {
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    // Same secret, same algorithm: only the project differs.
    const other = await createTokenService(ctx.config.jwtSecret!, 'outro-projeto').sign(claims.sub, 'Authorization');
    expect((await me(other.token)).statusCode).toBe(401);
  });
});

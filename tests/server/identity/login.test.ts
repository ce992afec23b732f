import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { createTestApp, type TestContext } from '../helper.ts';
import { createTokenService } from '../../../server/lib/jwt.ts';
import { loadAppConfig } from '../../../server/lib/app-config.ts';
import { ADMIN, API, bearer, COMPRAS, FINANCEIRO, login, loginOk } from './helpers.ts';

const INVALID = { statusCode: 401, code: 'INVALID_CREDENTIALS', message: 'Login ou senha inválidos. Verifique as credenciais e tente novamente.' };

describe('POST auth (Password)', () => {
  let ctx: TestContext;
  let projectId: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    projectId = String((await loadAppConfig(ctx.config.dataDir)).projectId);
  });
  afterAll(() => ctx.close());

  it('gives a user without two-factor an Authorization session at once', async () => {
    const res = await login(ctx.app, ADMIN.email, ADMIN.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ tokenType: 'Authorization', twoFactor: { isSetupRequired: false, allowedMethods: ['TOTP', 'Email'] } });
    expect(body.twoFactor.verificationToken).toBeUndefined();
    expect(body.refreshToken).toMatch(/^[\w-]{43}$/);
    expect(new Date(body.refreshTokenExpireAt).getTime() - Date.now()).toBeGreaterThan(29 * 86400_000);
    const claims = decodeJwt(body.accessToken);
    expect(claims).toMatchObject({ typ: 'Authorization', projectId });
    expect(new Date(body.accessTokenExpireAt).getTime()).toBe(claims.exp! * 1000);
  });

  it('accepts the login in any letter case', async () => {
    expect((await login(ctx.app, COMPRAS.email.toUpperCase(), COMPRAS.password)).statusCode).toBe(200);
  });

  it('gives a user with mandatory two-factor only a PreAuthorization token', async () => {
    const body = await loginOk(ctx.app, FINANCEIRO);
    expect(body).toMatchObject({
      tokenType: 'PreAuthorization',
      refreshToken: null,
      refreshTokenExpireAt: null,
      twoFactor: { isSetupRequired: true, allowedMethods: ['TOTP', 'Email'] },
    });
    expect(body.twoFactor.verificationToken).toBeUndefined();
    // PreAuthorization opens only the two-factor endpoints.
    const me = await ctx.app.inject({ method: 'GET', url: `${API}/users/me`, headers: bearer(body.accessToken) });
    expect(me.statusCode).toBe(401);
    expect(me.json().code).toBe('TWO_FACTOR_REQUIRED');
    const setup = await ctx.app.inject({ method: 'GET', url: `${API}/auth/two-factors/setup`, headers: bearer(body.accessToken) });
    expect(setup.statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown e-mail the same way', async () => {
    const wrong = await login(ctx.app, ADMIN.email, 'Senha-errada-123');
    const unknown = await login(ctx.app, 'ninguem@demo.com.br', 'Senha-errada-123');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(INVALID);
    expect(unknown.json()).toEqual(INVALID);
  });

  it('refuses an inactive user even with the right password', async () => {
    await ctx.db.query(`UPDATE users SET active = false WHERE email = $1`, [COMPRAS.email]);
    try {
      const res = await login(ctx.app, COMPRAS.email, COMPRAS.password);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('USER_INACTIVE');
    } finally {
      await ctx.db.query(`UPDATE users SET active = true WHERE email = $1`, [COMPRAS.email]);
    }
  });

  it('rehashes a password made with a lower cost than configured', async () => {
    const stronger = await createTestApp({ scryptN: 2 ** 15 });
    try {
      const hashOf = async () =>
        (await stronger.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', [ADMIN.email])).rows[0].password_hash;
      expect(await hashOf()).toMatch(/^scrypt\$16384\$/);
      expect((await login(stronger.app, ADMIN.email, ADMIN.password)).statusCode).toBe(200);
      expect(await hashOf()).toMatch(/^scrypt\$32768\$/);
      expect((await login(stronger.app, ADMIN.email, ADMIN.password)).statusCode).toBe(200);
    } finally {
      await stronger.close();
    }
  });

  it.each([
    [{ login: 'a', secret: 'b' }, { grantType: ['Campo obrigatório.'] }],
    [{ login: 'a', secret: 'b', grantType: 'Password', extra: 1 }, { extra: ['Campo não permitido.'] }],
    [{ login: '', secret: 'b', grantType: 'Password' }, { login: ['Campo obrigatório.'] }],
    [{ login: 'a', secret: 1, grantType: 'Senha' }, { secret: ['Deve ser um texto.'], grantType: ['Escolha uma das opções.'] }],
  ])('answers bad input %j with 400 and field errors', async (payload, errors) => {
    const res = await ctx.app.inject({ method: 'POST', url: `${API}/auth`, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, code: 'VALIDATION', message: 'Os dados enviados são inválidos.', errors });
  });

  it('reports every missing field when the body is absent', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: `${API}/auth` });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['grantType', 'login', 'secret']);
  });

  it('answers a malformed JSON body with 400 and the errors map of the contract', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${API}/auth`,
      headers: { 'content-type': 'application/json' },
      payload: '{"login": "admin@demo.com.br", "secret": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      code: 'ERROR',
      message: 'O corpo da requisição é inválido.',
      errors: { body: ['O corpo da requisição não é um JSON válido.'] },
    });
  });
});

describe('Bearer tokens', () => {
  let ctx: TestContext;
  let userId: string;
  let projectId: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    projectId = String((await loadAppConfig(ctx.config.dataDir)).projectId);
    userId = decodeJwt((await loginOk(ctx.app, ADMIN)).accessToken).sub!;
  });
  afterAll(() => ctx.close());

  const me = (headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: `${API}/users/me`, headers });

  it('open users/me with a valid Authorization token', async () => {
    const { accessToken } = await loginOk(ctx.app, ADMIN);
    const res = await me(bearer(accessToken));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: userId, email: ADMIN.email, accessLevel: 'SystemOwner' });
  });

  it('rejects a missing, malformed, forged, expired or other-project token with 401 pt-BR', async () => {
    const unauthorized = { statusCode: 401, code: 'UNAUTHORIZED', message: 'Você precisa se autenticar.' };
    const secret = ctx.config.jwtSecret!;
    const expired = await createTokenService(secret, projectId).sign(userId, 'Authorization', new Date(Date.now() - 16 * 60_000));
    const otherProject = await createTokenService(secret, `${projectId}-outro`).sign(userId, 'Authorization');
    const forged = await createTokenService('o'.repeat(40), projectId).sign(userId, 'Authorization');
    const verification = await createTokenService(secret, projectId).sign(userId, 'Verification');
    for (const headers of [{}, { authorization: 'Basic abc' }, bearer('abc.def.ghi'), bearer(expired.token), bearer(otherProject.token), bearer(forged.token), bearer(verification.token)]) {
      const res = await me(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(unauthorized);
    }
  });

  it('rejects the token of a user made inactive after login', async () => {
    const { accessToken } = await loginOk(ctx.app, COMPRAS);
    await ctx.db.query(`UPDATE users SET active = false WHERE email = $1`, [COMPRAS.email]);
    expect((await me(bearer(accessToken))).statusCode).toBe(401);
    await ctx.db.query(`UPDATE users SET active = true WHERE email = $1`, [COMPRAS.email]);
  });

  it('answers 401 before looking at the body', async () => {
    const res = await ctx.app.inject({ method: 'PUT', url: `${API}/users/me`, payload: { nada: 1 } });
    expect(res.statusCode).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helper.ts';
import { base32Decode, hotp, totp } from '../../../server/lib/totp.ts';
import { ADMIN, API, bearer, FINANCEIRO, lastEmailCode, loginOk, outbox, type AuthBody } from './helpers.ts';

const INVALID_CODE = { statusCode: 401, code: 'INVALID_CODE', message: 'O código é inválido ou expirou. Tente novamente...' };

describe('two-factor at login (financeiro: mandatory, TOTP and Email)', () => {
  let ctx: TestContext;
  let totpKey: string;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    ctx.app.inject({ method, url: `${API}/${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
  const codeAt = (offsetSeconds = 0) => totp(base32Decode(totpKey), Date.now() + offsetSeconds * 1000);

  it('sets up TOTP with a PreAuthorization token and gets a full session with a verification token', async () => {
    const pre = await loginOk(ctx.app, FINANCEIRO);
    expect(pre.twoFactor.isSetupRequired).toBe(true);
    const first = (await call('GET', 'auth/two-factors/setup', pre.accessToken)).json();
    const second = (await call('GET', 'auth/two-factors/setup', pre.accessToken)).json();
    expect(first.totpKey).toMatch(/^[A-Z2-7]{32}$/);
    expect(second.totpKey).not.toBe(first.totpKey);
    expect(first.otpauthUrl).toContain(`secret=${first.totpKey}`);
    expect(first.qrCode).toMatch(/^data:image\/png;base64,/);
    totpKey = first.totpKey;

    const window = [codeAt(-30), codeAt(), codeAt(30)];
    const wrongCode = ['000000', '111111', '222222', '333333'].find((c) => !window.includes(c))!;
    const wrong = await call('POST', 'auth/two-factors/setup', pre.accessToken, { totpKey, verificationCode: wrongCode });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(INVALID_CODE);
    const empty = await call('POST', 'auth/two-factors/setup', pre.accessToken, { extra: 1 });
    expect(empty.json().errors).toEqual({ totpKey: ['Campo obrigatório.'], verificationCode: ['Campo obrigatório.'], extra: ['Campo não permitido.'] });
    const badKey = await call('POST', 'auth/two-factors/setup', pre.accessToken, { totpKey: 'ABC', verificationCode: '123456' });
    expect(badKey.json()).toMatchObject({ statusCode: 400, errors: { totpKey: ['Chave do autenticador inválida.'] } });

    const ok = await call('POST', 'auth/two-factors/setup', pre.accessToken, { totpKey, verificationCode: codeAt() });
    expect(ok.statusCode).toBe(200);
    const body: AuthBody = ok.json();
    expect(body).toMatchObject({ tokenType: 'Authorization', twoFactor: { isSetupRequired: false } });
    expect(body.refreshToken).toBeTruthy();
    expect(body.twoFactor.verificationToken).toBeTruthy();
    expect(body.twoFactor.verificationTokenExpireAt).toBeTruthy();

    const me = (await call('GET', 'users/me', body.accessToken)).json();
    expect(me.twoFactorsSettings).toEqual({ isMandatory: true, isEnabledByUser: false, allowedMethods: ['TOTP', 'Email'], isTotpConfigured: true });
    // The key is stored encrypted, never in clear.
    const { rows } = await ctx.db.query<{ totp_secret: string }>('SELECT totp_secret FROM users WHERE email = $1', [FINANCEIRO.email]);
    expect(rows[0].totp_secret).not.toContain(totpKey);
    expect(rows[0].totp_secret.startsWith('v1.')).toBe(true);
  });

  it('refuses a second setup once a key is confirmed (unbind first)', async () => {
    const pre = await loginOk(ctx.app, FINANCEIRO);
    expect(pre.twoFactor.isSetupRequired).toBe(false);
    expect((await call('GET', 'auth/two-factors/setup', pre.accessToken)).statusCode).toBe(409);
    const res = await call('POST', 'auth/two-factors/setup', pre.accessToken, { totpKey, verificationCode: codeAt(30) });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('TOTP_ALREADY_CONFIGURED');
  });

  it('verifies a TOTP code once (replay refused), with whitespace removed', async () => {
    const pre = await loginOk(ctx.app, FINANCEIRO);
    // The setup consumed one step; that step's code is a replay, the next one is inside the ±1 window.
    const lastStep = (await ctx.db.query<{ s: number }>('SELECT last_totp_step AS s FROM users WHERE email = $1', [FINANCEIRO.email])).rows[0].s;
    const key = base32Decode(totpKey);
    const replayed = await call('POST', 'auth/two-factors/verify', pre.accessToken, { method: 'TOTP', verificationCode: hotp(key, lastStep) });
    expect(replayed.json()).toEqual(INVALID_CODE);
    const code = hotp(key, lastStep + 1);
    const ok = await call('POST', 'auth/two-factors/verify', pre.accessToken, { method: 'TOTP', verificationCode: ` ${code.slice(0, 3)} ${code.slice(3)} ` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ tokenType: 'Authorization' });
    expect(ok.json().twoFactor.verificationToken).toBeTruthy();
    const again = await loginOk(ctx.app, FINANCEIRO);
    expect((await call('POST', 'auth/two-factors/verify', again.accessToken, { method: 'TOTP', verificationCode: code })).json()).toEqual(INVALID_CODE);
  });

  it('sends an e-mail code (10 min) and accepts it once', async () => {
    const pre = await loginOk(ctx.app, FINANCEIRO);
    const sent = await call('POST', 'auth/two-factors/email-code', pre.accessToken);
    expect(sent.statusCode).toBe(202);
    const expireIn = new Date(sent.json().expireAt).getTime() - Date.now();
    expect(expireIn).toBeGreaterThan(9 * 60_000);
    expect(expireIn).toBeLessThanOrEqual(10 * 60_000);
    const [mail] = await outbox(ctx.app, FINANCEIRO.email);
    expect(mail.subject).toContain('código');
    const code = await lastEmailCode(ctx.app, FINANCEIRO.email);
    const ok = await call('POST', 'auth/two-factors/verify', pre.accessToken, { method: 'Email', verificationCode: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().tokenType).toBe('Authorization');
    const replay = await call('POST', 'auth/two-factors/verify', pre.accessToken, { method: 'Email', verificationCode: code });
    expect(replay.json()).toEqual(INVALID_CODE);
  });

  it('burns an e-mail code after 5 wrong tries and invalidates older codes on resend', async () => {
    await ctx.db.query('DELETE FROM rate_limit_events'); // earlier tests' wrong codes count toward the 10/15 min limit
    const pre = await loginOk(ctx.app, FINANCEIRO);
    await call('POST', 'auth/two-factors/email-code', pre.accessToken);
    await call('POST', 'auth/two-factors/email-code', pre.accessToken);
    const code = await lastEmailCode(ctx.app, FINANCEIRO.email);
    const live = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM two_factor_codes c JOIN users u ON u.id = c.user_id WHERE u.email = $1 AND c.used_at IS NULL`,
      [FINANCEIRO.email],
    );
    expect(live.rows[0].n).toBe(1); // the resend invalidated the older code
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await call('POST', 'auth/two-factors/verify', pre.accessToken, { method: 'Email', verificationCode: wrong })).statusCode).toBe(401);
    expect((await call('POST', 'auth/two-factors/verify', pre.accessToken, { method: 'Email', verificationCode: code })).statusCode).toBe(401);
  });

  it('throttles wrong codes (10 in 15 min → 429) and e-mail sends (5 in 15 min → 429)', async () => {
    await ctx.db.query('DELETE FROM rate_limit_events');
    const pre = await loginOk(ctx.app, FINANCEIRO);
    for (let i = 0; i < 10; i++) await call('POST', 'auth/two-factors/verify', pre.accessToken, { method: 'TOTP', verificationCode: '12345' });
    const blocked = await call('POST', 'auth/two-factors/verify', pre.accessToken, { method: 'TOTP', verificationCode: codeAt(30) });
    expect(blocked.statusCode).toBe(429);
    for (let i = 0; i < 5; i++) expect((await call('POST', 'auth/two-factors/email-code', pre.accessToken)).statusCode).toBe(202);
    expect((await call('POST', 'auth/two-factors/email-code', pre.accessToken)).statusCode).toBe(429);
    await ctx.db.query('DELETE FROM rate_limit_events');
  });

  it('validates the verify body and refuses methods the user does not have', async () => {
    const pre = await loginOk(ctx.app, FINANCEIRO);
    const bad = await call('POST', 'auth/two-factors/verify', pre.accessToken, { method: 'SMS', verificationCode: '', extra: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      method: ['Escolha uma das opções.'],
      verificationCode: ['Campo obrigatório.'],
      extra: ['Campo não permitido.'],
    });
    await ctx.db.query(`UPDATE users SET two_factor_methods = '["TOTP"]' WHERE email = $1`, [FINANCEIRO.email]);
    const email = await call('POST', 'auth/two-factors/email-code', pre.accessToken);
    expect(email.statusCode).toBe(400);
    expect(email.json().errors.method).toBeDefined();
    await ctx.db.query(`UPDATE users SET two_factor_methods = '["TOTP", "Email"]' WHERE email = $1`, [FINANCEIRO.email]);
  });

  it('refuses the second step when two-factor was turned off after the password step', async () => {
    const pre = await loginOk(ctx.app, FINANCEIRO);
    await ctx.db.query('UPDATE users SET two_factor_mandatory = false WHERE email = $1', [FINANCEIRO.email]);
    try {
      const res = await call('POST', 'auth/two-factors/verify', pre.accessToken, { method: 'Email', verificationCode: '123456' });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('TWO_FACTOR_NOT_REQUIRED');
    } finally {
      await ctx.db.query('UPDATE users SET two_factor_mandatory = true WHERE email = $1', [FINANCEIRO.email]);
    }
  });

  it('keeps PreAuthorization-only endpoints closed to Authorization tokens and to users without two-factor', async () => {
    const admin = await loginOk(ctx.app, ADMIN);
    expect((await call('POST', 'auth/two-factors/email-code', admin.accessToken)).statusCode).toBe(401);
    expect((await call('POST', 'auth/two-factors/verify', admin.accessToken, { method: 'Email', verificationCode: '123456' })).statusCode).toBe(401);
    // But an Authorization token may set up TOTP (voluntary setup).
    expect((await call('GET', 'auth/two-factors/setup', admin.accessToken)).statusCode).toBe(200);
  });
});

describe('two-factor from the account page (users/me)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    ctx.app.inject({ method, url: `${API}/${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

  it('enables two-factor, sets up TOTP, re-verifies for a verification token, unbinds and disables', async () => {
    const admin = await loginOk(ctx.app, ADMIN);
    const enabled = await call('PUT', 'users/me/security', admin.accessToken, { isTwoFactorEnabled: true });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().twoFactorsSettings).toMatchObject({ isEnabledByUser: true, isTotpConfigured: false });

    // Next login: PreAuthorization with setup required.
    const pre = await loginOk(ctx.app, ADMIN);
    expect(pre).toMatchObject({ tokenType: 'PreAuthorization', twoFactor: { isSetupRequired: true } });
    const { totpKey } = (await call('GET', 'auth/two-factors/setup', pre.accessToken)).json();
    const key = base32Decode(totpKey);
    const full: AuthBody = (await call('POST', 'auth/two-factors/setup', pre.accessToken, { totpKey, verificationCode: totp(key, Date.now()) })).json();
    expect(full.tokenType).toBe('Authorization');

    // A verification token proves a recent second factor (e-mail here).
    expect((await call('POST', 'users/me/two-factors/email-code', full.accessToken)).statusCode).toBe(202);
    const code = await lastEmailCode(ctx.app, ADMIN.email);
    const verified = await call('POST', 'users/me/two-factors/verify', full.accessToken, { method: 'Email', verificationCode: code });
    expect(verified.statusCode).toBe(200);
    const { verificationToken, verificationTokenExpireAt } = verified.json();
    expect(new Date(verificationTokenExpireAt).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);

    const badVerify = await call('POST', 'users/me/two-factors/verify', full.accessToken, { method: 'totp', verificationCode: 123456 });
    expect(badVerify.json().errors).toEqual({ method: ['Escolha uma das opções.'], verificationCode: ['Deve ser um texto.'] });
    // TOTP also works here, once per step.
    const totpCode = totp(key, Date.now() + 30_000);
    expect((await call('POST', 'users/me/two-factors/verify', full.accessToken, { method: 'TOTP', verificationCode: totpCode })).statusCode).toBe(200);
    expect((await call('POST', 'users/me/two-factors/verify', full.accessToken, { method: 'TOTP', verificationCode: totpCode })).statusCode).toBe(401);

    // Unbind needs the verification token (not an access token, not another user's).
    expect((await call('DELETE', 'users/me/two-factors/unbind', full.accessToken, { verificationToken: full.accessToken })).statusCode).toBe(403);
    expect((await call('DELETE', 'users/me/two-factors/unbind', full.accessToken, {})).statusCode).toBe(400);
    expect((await call('DELETE', 'users/me/two-factors/unbind', full.accessToken, { verificationToken })).statusCode).toBe(204);
    const me = (await call('GET', 'users/me', full.accessToken)).json();
    expect(me.twoFactorsSettings).toMatchObject({ isEnabledByUser: true, isTotpConfigured: false });
    expect((await loginOk(ctx.app, ADMIN)).twoFactor.isSetupRequired).toBe(true);

    // Disabling needs the verification token too.
    const noToken = await call('PUT', 'users/me/security', full.accessToken, { isTwoFactorEnabled: false });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().code).toBe('VERIFICATION_REQUIRED');
    const off = await call('PUT', 'users/me/security', full.accessToken, { isTwoFactorEnabled: false, verificationToken });
    expect(off.statusCode).toBe(200);
    expect(off.json().twoFactorsSettings.isEnabledByUser).toBe(false);
    expect((await loginOk(ctx.app, ADMIN)).tokenType).toBe('Authorization');
  });

  it('refuses to disable mandatory two-factor and validates the security body', async () => {
    await ctx.db.query(`UPDATE users SET two_factor_methods = '["Email"]' WHERE email = $1`, [FINANCEIRO.email]);
    const pre = await loginOk(ctx.app, FINANCEIRO);
    expect(pre.twoFactor).toEqual({ isSetupRequired: false, allowedMethods: ['Email'] });
    await call('POST', 'auth/two-factors/email-code', pre.accessToken);
    const full: AuthBody = (
      await call('POST', 'auth/two-factors/verify', pre.accessToken, { method: 'Email', verificationCode: await lastEmailCode(ctx.app, FINANCEIRO.email) })
    ).json();
    const res = await call('PUT', 'users/me/security', full.accessToken, { isTwoFactorEnabled: false, verificationToken: full.twoFactor.verificationToken });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ isTwoFactorEnabled: ['A verificação em duas etapas é obrigatória para o seu usuário.'] });
    const bad = await call('PUT', 'users/me/security', full.accessToken, { isTwoFactorEnabled: 'sim', outro: 1 });
    expect(bad.json().errors).toEqual({ isTwoFactorEnabled: ['Deve ser verdadeiro ou falso.'], outro: ['Campo não permitido.'] });
    // TOTP is not allowed for this user now: no setup.
    expect((await call('GET', 'auth/two-factors/setup', full.accessToken)).statusCode).toBe(400);
  });
});

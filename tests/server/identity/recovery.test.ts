import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helper.ts';
import { API, COMPRAS, FINANCEIRO, login, loginOk, outbox } from './helpers.ts';

describe('password recovery', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ publicUrl: 'https://bo.exemplo.com.br' });
  });
  afterAll(() => ctx.close());

  const recover = (payload: object) => ctx.app.inject({ method: 'POST', url: `${API}/auth/password-recovery`, payload });
  const reset = (payload: object) => ctx.app.inject({ method: 'POST', url: `${API}/auth/password-reset`, payload });
  const tokenFromMail = async (to: string) => {
    const [mail] = await outbox(ctx.app, to);
    const url = /https:\/\/\S+/.exec(mail.text)![0];
    expect(url.startsWith('https://bo.exemplo.com.br/auth/recuperar-senha?token=')).toBe(true);
    expect(mail.html).toContain(url.replace(/&/g, '&amp;'));
    return new URL(url).searchParams.get('token')!;
  };

  it('answers 202 for unknown addresses without sending anything', async () => {
    const res = await recover({ email: 'ninguem@demo.com.br' });
    expect(res.statusCode).toBe(202);
    expect(await outbox(ctx.app, 'ninguem@demo.com.br')).toEqual([]);
  });

  it('validates the e-mail', async () => {
    const res = await recover({ email: 'não é e-mail', x: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ email: ['E-mail inválido.'], x: ['Campo não permitido.'] });
  });

  it('e-mails a single-use link that sets a new password and ends every session', async () => {
    const session = await loginOk(ctx.app, COMPRAS);
    expect((await recover({ email: COMPRAS.email.toUpperCase() })).statusCode).toBe(202);
    const token = await tokenFromMail(COMPRAS.email);

    const common = await reset({ token, newPassword: 'senha123' });
    expect(common.statusCode).toBe(400);
    expect(common.json().errors).toEqual({ newPassword: ['Esta senha é muito comum ou já apareceu em vazamentos. Escolha outra.'] });
    const short = await reset({ token, newPassword: 'curta' });
    expect(short.json().errors).toEqual({ newPassword: ['A senha deve ter pelo menos 8 caracteres (espaços repetidos ou nas pontas não contam).'] });

    expect((await reset({ token, newPassword: 'girassol na janela azul' })).statusCode).toBe(204);
    expect((await login(ctx.app, COMPRAS.email, COMPRAS.password)).statusCode).toBe(401);
    expect((await login(ctx.app, COMPRAS.email, 'girassol na janela azul')).statusCode).toBe(200);
    // The refresh token of the earlier session was revoked.
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: `${API}/auth`,
      headers: { authorization: `Bearer ${session.accessToken}` },
      payload: { login: COMPRAS.email, secret: session.refreshToken, grantType: 'RefreshToken' },
    });
    expect(refreshed.statusCode).toBe(401);

    const again = await reset({ token, newPassword: 'outra frase bem longa' });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual({ token: ['O link de recuperação é inválido ou expirou. Peça um novo.'] });
    expect((await login(ctx.app, COMPRAS.email, 'girassol na janela azul')).statusCode).toBe(200);
  });

  it('refuses expired links and links replaced by a newer one', async () => {
    await recover({ email: COMPRAS.email });
    const older = await tokenFromMail(COMPRAS.email);
    await recover({ email: COMPRAS.email });
    const newer = await tokenFromMail(COMPRAS.email);
    expect((await reset({ token: older, newPassword: 'mais uma frase longa' })).statusCode).toBe(400);
    await ctx.db.query(`UPDATE password_reset_tokens SET expires_at = now() - interval '1 second'`);
    expect((await reset({ token: newer, newPassword: 'mais uma frase longa' })).statusCode).toBe(400);
  });

  it('sends at most 3 recovery e-mails per address in 15 minutes, still answering 202', async () => {
    await ctx.db.query('DELETE FROM rate_limit_events');
    const before = (await outbox(ctx.app, COMPRAS.email)).length;
    for (let i = 0; i < 5; i++) expect((await recover({ email: COMPRAS.email })).statusCode).toBe(202);
    expect((await outbox(ctx.app, COMPRAS.email)).length).toBe(before + 3);
  });

  it('rejects bad reset bodies', async () => {
    const res = await reset({ newPassword: 1 });
    expect(res.json().errors).toEqual({ token: ['Campo obrigatório.'], newPassword: ['Deve ser um texto.'] });
  });
});

describe('with SMTP configured', () => {
  it('has no dev outbox, answers 503 when the server is down and never reveals it on recovery', async () => {
    // Port 1 on loopback refuses connections at once.
    const ctx = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
      const pre = await loginOk(ctx.app, FINANCEIRO);
      const res = await ctx.app.inject({ method: 'POST', url: `${API}/auth/two-factors/email-code`, headers: { authorization: `Bearer ${pre.accessToken}` } });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('MAIL_UNAVAILABLE');
      expect((await ctx.app.inject({ method: 'POST', url: `${API}/auth/password-recovery`, payload: { email: FINANCEIRO.email } })).statusCode).toBe(202);
      await ctx.app.background.drain();
      const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_outbox');
      expect(rows[0].n).toBe(0);
    } finally {
      await ctx.close();
    }
  });
});

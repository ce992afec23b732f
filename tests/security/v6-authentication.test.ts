import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { Background } from '../../server/plugins/background.ts';
import { createTestApp, type TestContext } from '../server/helper.ts';
import { ADMIN, API, COMPRAS, bearer, loginOk, outbox, signIn, unique, type Caller } from './helpers.ts';
import { inviteUser, linkToken, loginFrom, resetPassword, travel } from './identity-helpers.ts';

const TOO_SHORT = 'A senha deve ter pelo menos 8 caracteres (espaços repetidos ou nas pontas não contam).';
const COMMON = 'Esta senha é muito comum ou já apareceu em vazamentos. Escolha outra.';
const PATTERN = 'Esta senha é fácil de adivinhar (repetições ou sequências). Escolha outra.';
const PERSONAL = 'A senha não pode conter o seu nome ou o seu e-mail. Escolha outra.';
const PRODUCT = 'A senha não pode ser o nome do sistema nem uma senha de demonstração publicada. Escolha outra.';

/** ASVS 5.0 V6 Authentication: password policy, brute-force defenses without lockouts, recovery. */
describe('V6 Authentication', () => {
  let ctx: TestContext;
  let admin: Caller;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn(ctx.app);
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.db.query('DELETE FROM login_throttle');
    await ctx.db.query('DELETE FROM login_trust');
  });

  describe('V6.2 password policy (change, reset and first password of an invited user)', () => {
    const newUser = async () => {
      const email = `${unique('pessoa').replace(/\W+/g, '.')}@exemplo.com.br`;
      return { email, ...(await inviteUser(ctx.app, admin, { name: 'Joana Prado Lima', email })) };
    };
    const problems = async (token: string, newPassword: string) => {
      const res = await resetPassword(ctx.app, token, newPassword);
      return res.statusCode === 204 ? [] : (res.json().errors?.newPassword as string[]);
    };

    it('V6.2.1 at least 8 characters, counted as typed; spaces at the ends or repeated do not count', async () => {
      const { token } = await newUser();
      expect(await problems(token, '        ')).toEqual([TOO_SHORT]);
      expect(await problems(token, '  abc     def  ')).toEqual([TOO_SHORT]);
      expect(await problems(token, 'çäö€ß日本語')).toEqual([]);
    });

    it('V6.2.9 passwords of 64 characters and more are accepted (up to 128)', async () => {
      const { token, email } = await newUser();
      const long = 'uma frase bem comprida sobre um tucano que atravessa o rio amazonas de canoa';
      expect(long.length).toBeGreaterThan(64);
      expect(await problems(token, long)).toEqual([]);
      expect((await loginFrom(ctx.app, email, long, '10.9.0.1')).statusCode).toBe(200);
    });

    it('V6.2.4 the breached and common passwords are refused (a kept list, plus pt-BR ones)', async () => {
      const { token } = await newUser();
      for (const p of ['123456789', 'password1', 'iloveyou', 'senha123', 'flamengo123', 'Qwerty123']) expect(await problems(token, p)).toEqual([COMMON]);
      expect(await problems(token, 'aaaaaaaa')).toEqual([PATTERN]);
    });

    it('V6.2.5 no composition rules: a lowercase passphrase and a digits-only random password are fine', async () => {
      expect(await problems((await newUser()).token, 'tucano azul de bicicleta')).toEqual([]);
      expect(await problems((await newUser()).token, '8372918465')).toEqual([]);
    });

    it("V6.2.11 the user's e-mail and name, the product's name and the published demo passwords are refused", async () => {
      const { token, email } = await newUser();
      expect(await problems(token, email)).toEqual([PERSONAL]);
      expect(await problems(token, email.split('@')[0])).toEqual([PERSONAL]);
      expect(await problems(token, 'Joana.Prado2026!')).toEqual([PERSONAL]);
      expect(await problems(token, 'backoffice')).toEqual([PRODUCT]);
      expect(await problems(token, 'BackOffice@2026')).toEqual([PRODUCT]);
      for (const demo of ['Admin@2026!', 'Compras@2026!', 'Financeiro@2026!']) expect(await problems(token, demo)).toEqual([PRODUCT]);
      // The same rules on a password change, with the user's own name and e-mail.
      expect(await problems(token, 'joana e o tucano azul')).toEqual([]);
      const session = await loginOk(ctx.app, { email, password: 'joana e o tucano azul' });
      const change = (newPassword: string) =>
        ctx.app.inject({ method: 'PUT', url: `${API}/users/me/password`, headers: bearer(session.accessToken), payload: { currentPassword: 'joana e o tucano azul', newPassword } });
      expect((await change('Joana Prado Lima')).json().errors).toEqual({ newPassword: [PERSONAL] });
      expect((await change('Admin@2026!')).json().errors).toEqual({ newPassword: [PRODUCT] });
      expect((await change('        ')).json().errors).toEqual({ newPassword: [TOO_SHORT] });
      // The seeded demo users still log in with the published passwords.
      expect((await loginFrom(ctx.app, COMPRAS.email, COMPRAS.password, '10.9.0.2')).statusCode).toBe(200);
    });

    it('V6.2.3 a password change needs the current password', async () => {
      const { token, email } = await newUser();
      await resetPassword(ctx.app, token, 'um girassol na janela');
      const session = await loginOk(ctx.app, { email, password: 'um girassol na janela' });
      const res = await ctx.app.inject({ method: 'PUT', url: `${API}/users/me/password`, headers: bearer(session.accessToken), payload: { newPassword: 'outra frase qualquer' } });
      expect(res.json().errors).toEqual({ currentPassword: ['Campo obrigatório.'] });
      const wrong = await ctx.app.inject({
        method: 'PUT',
        url: `${API}/users/me/password`,
        headers: bearer(session.accessToken),
        payload: { currentPassword: 'não é esta', newPassword: 'outra frase qualquer' },
      });
      expect(wrong.json().errors).toEqual({ currentPassword: ['A senha atual não confere.'] });
    });

    it('V6.2.8 the password is checked exactly as typed (no trimming, no case folding)', async () => {
      const { token, email } = await newUser();
      expect(await problems(token, ' Espaço No Começo e fim ')).toEqual([]);
      expect((await loginFrom(ctx.app, email, ' Espaço No Começo e fim ', '10.9.0.3')).statusCode).toBe(200);
      expect((await loginFrom(ctx.app, email, 'Espaço No Começo e fim', '10.9.0.3')).statusCode).toBe(401);
      expect((await loginFrom(ctx.app, email, ' espaço no começo e fim ', '10.9.0.3')).statusCode).toBe(401);
    });

    it('V6.4.1 an invitation link is single use and expires', async () => {
      const { token } = await newUser();
      expect(await problems(token, 'primeira senha de todas')).toEqual([]);
      const again = await resetPassword(ctx.app, token, 'segunda senha de todas');
      expect(again.json().errors).toEqual({ token: ['O link de recuperação é inválido ou expirou. Peça um novo.'] });
    });
  });

  describe('V6.3.1 brute force slowed down, never a lockout a stranger can trigger', () => {
    const wrong = (email: string, ip: string, n: number) => Promise.all(Array.from({ length: n }, (_, i) => loginFrom(ctx.app, email, `errada-${i}-${ip}`, ip)));

    it('V6.3.1 one address guessing one account waits longer after each failure (progressive delay)', async () => {
      const ip = '203.0.113.10';
      for (let i = 0; i < 5; i++) expect((await loginFrom(ctx.app, COMPRAS.email, `errada-${i}`, ip)).statusCode).toBe(401);
      const waits: number[] = [];
      for (let i = 0; i < 4; i++) {
        const blocked = await loginFrom(ctx.app, COMPRAS.email, COMPRAS.password, ip);
        expect(blocked.statusCode).toBe(429);
        expect(blocked.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: expect.stringMatching(/^Muitas tentativas de login\. Aguarde \d+ (s|min) e tente novamente\.$/) });
        waits.push(Number(blocked.headers['retry-after']));
        await travel(ctx.app, waits[i]);
        expect((await loginFrom(ctx.app, COMPRAS.email, `errada-mais-${i}`, ip)).statusCode).toBe(401);
      }
      expect(waits).toEqual([2, 4, 8, 16]);
      // Capped at 5 minutes: slowed, never locked.
      for (let i = 0; i < 10; i++) {
        await travel(ctx.app, 300);
        await loginFrom(ctx.app, COMPRAS.email, `errada-cap-${i}`, ip);
      }
      expect(Number((await loginFrom(ctx.app, COMPRAS.email, COMPRAS.password, ip)).headers['retry-after'])).toBeLessThanOrEqual(300);
      await travel(ctx.app, 300);
      expect((await loginFrom(ctx.app, COMPRAS.email, COMPRAS.password, ip)).statusCode).toBe(200);
    });

    it('V6.3.1 a concurrent burst gets no more password checks than the free attempts', async () => {
      const started = Date.now();
      const codes = (await wrong(COMPRAS.email, '203.0.113.20', 25)).map((r) => r.statusCode);
      // 5 free checks; on a very slow machine a wait (2 s, 4 s, …) may run out during the burst and let one more in.
      const seconds = (Date.now() - started) / 1000;
      const expired = Math.floor(Math.log2(seconds / 2 + 1));
      expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(5 + expired);
      expect(codes.filter((c) => c === 429).length).toBeGreaterThan(0);
      expect(codes.filter((c) => c !== 401 && c !== 429)).toEqual([]);
    });

    it("V6.1.1 a stranger's failures from many addresses never stop the owner on a computer they use", async () => {
      expect((await loginFrom(ctx.app, COMPRAS.email, COMPRAS.password, '192.168.7.7')).statusCode).toBe(200);
      // A patient attacker: one guess from a new address whenever the account lets him, 20 times.
      for (let i = 0; i < 20; i++) {
        expect((await loginFrom(ctx.app, COMPRAS.email, `errada-${i}`, `198.51.100.${i + 1}`)).statusCode).toBe(401);
        await travel(ctx.app, 300);
      }
      await loginFrom(ctx.app, COMPRAS.email, 'mais-uma-errada', '198.51.100.99');
      // From an address the account never used, the owner is slowed like the attacker — for minutes at most.
      const fresh = await loginFrom(ctx.app, COMPRAS.email, COMPRAS.password, '192.0.2.50');
      expect(fresh.statusCode).toBe(429);
      expect(Number(fresh.headers['retry-after'])).toBeLessThanOrEqual(300);
      // On the computer they use, never: and that success starts the account's counter over.
      expect((await loginFrom(ctx.app, COMPRAS.email, COMPRAS.password, '192.168.7.7')).statusCode).toBe(200);
      expect((await loginFrom(ctx.app, COMPRAS.email, COMPRAS.password, '192.0.2.50')).statusCode).toBe(200);
    });

    it('V6.1.1 an office behind one NAT address keeps logging in while someone there fails on other accounts', async () => {
      const nat = '198.51.100.200';
      expect((await loginFrom(ctx.app, ADMIN.email, ADMIN.password, nat)).statusCode).toBe(200);
      for (let i = 0; i < 60; i++) await loginFrom(ctx.app, `ataque-${i}@exemplo.com`, 'qualquer-coisa', nat);
      // However slow the machine was, the address is now at its longest wait (as after a long attack).
      await ctx.db.query(`UPDATE login_throttle SET failures = greatest(failures, 60), last_at = now() WHERE kind = 'ip' AND key = $1`, [nat]);
      expect((await loginFrom(ctx.app, ADMIN.email, ADMIN.password, nat)).statusCode).toBe(200);
      // A colleague who never logged in from there is slowed (seconds), not locked out.
      const colleague = await loginFrom(ctx.app, COMPRAS.email, COMPRAS.password, nat);
      expect(colleague.statusCode).toBe(429);
      await travel(ctx.app, Number(colleague.headers['retry-after']));
      expect((await loginFrom(ctx.app, COMPRAS.email, COMPRAS.password, nat)).statusCode).toBe(200);
    });

    it('V6.1.1 the e-mailed recovery link is the way back: it clears the counters and trusts that address', async () => {
      for (let i = 0; i < 12; i++) {
        await loginFrom(ctx.app, COMPRAS.email, `errada-${i}`, `198.51.100.${i + 1}`);
        await travel(ctx.app, 300);
      }
      await loginFrom(ctx.app, COMPRAS.email, 'mais-uma-errada', '198.51.100.99');
      expect((await loginFrom(ctx.app, COMPRAS.email, COMPRAS.password, '192.0.2.99')).statusCode).toBe(429);
      const { rows: saved } = await ctx.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', [COMPRAS.email]);
      await ctx.app.inject({ method: 'POST', url: `${API}/auth/password-recovery`, payload: { email: COMPRAS.email }, remoteAddress: '192.0.2.99' });
      expect((await resetPassword(ctx.app, await linkToken(ctx.app, COMPRAS.email), 'caneca de café sem açúcar', '192.0.2.99')).statusCode).toBe(204);
      expect((await loginFrom(ctx.app, COMPRAS.email, 'caneca de café sem açúcar', '192.0.2.99')).statusCode).toBe(200);
      await ctx.db.query('UPDATE users SET password_hash = $2 WHERE email = $1', [COMPRAS.email, saved[0].password_hash]);
    });

    it('V6.3.1 the counters live in the database: a second instance sees the same waits', async () => {
      const other = await buildApp({ config: ctx.config, db: ctx.db, logger: false });
      try {
        for (let i = 0; i < 5; i++) await loginFrom(ctx.app, COMPRAS.email, `errada-${i}`, '203.0.113.30');
        expect((await loginFrom(other, COMPRAS.email, COMPRAS.password, '203.0.113.30')).statusCode).toBe(429);
      } finally {
        await other.close();
      }
    });

    it('V6.3.1 the current-password check of a password change is throttled like the login', async () => {
      const { accessToken } = await loginOk(ctx.app, ADMIN);
      const change = (currentPassword: string) =>
        ctx.app.inject({ method: 'PUT', url: `${API}/users/me/password`, headers: bearer(accessToken), payload: { currentPassword, newPassword: 'uma frase nova e longa' } });
      for (let i = 0; i < 5; i++) expect((await change(`errada-${i}`)).statusCode).toBe(400);
      expect((await change(ADMIN.password)).statusCode).toBe(429);
    });
  });

  describe('V6.3.8 / V6.4.3 password recovery', () => {
    it('V6.3.8 recovery answers before looking the address up: known and unknown e-mails run the same statements', async () => {
      const background = ctx.app.background as Background & { afterResponse: Background['afterResponse'] };
      const original = background.afterResponse;
      const jobs: (() => Promise<void>)[] = [];
      background.afterResponse = (_req, _what, job) => void jobs.push(job);
      const query = ctx.db.query.bind(ctx.db);
      const statements: string[] = [];
      ctx.db.query = ((sql: string, params?: unknown[]) => {
        statements.push(sql.replace(/\s+/g, ' '));
        return query(sql, params);
      }) as typeof ctx.db.query;
      try {
        const ask = async (email: string) => {
          statements.length = 0;
          const res = await ctx.app.inject({ method: 'POST', url: `${API}/auth/password-recovery`, payload: { email } });
          return { status: res.statusCode, body: res.body, statements: [...statements] };
        };
        const known = await ask(COMPRAS.email);
        const unknown = await ask('ninguem-aqui@demo.com.br');
        expect(known).toEqual(unknown);
        expect(known.status).toBe(202);
        expect(known.statements.some((s) => /\bFROM users\b/i.test(s))).toBe(false);
      } finally {
        ctx.db.query = query;
        background.afterResponse = original;
      }
      // The lookup and the e-mail were left for after the answer: run them now.
      expect(jobs).toHaveLength(2);
      const before = (await outbox(ctx.app, COMPRAS.email)).length;
      for (const job of jobs) await job();
      expect((await outbox(ctx.app, COMPRAS.email)).length).toBe(before + 1);
      expect(await outbox(ctx.app, 'ninguem-aqui@demo.com.br')).toEqual([]);
    });

    it('V6.3.8 the answer does not wait for the e-mail to be sent', async () => {
      const mailer = ctx.app.auth.mailer;
      const send = mailer.send;
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let sending = false;
      mailer.send = async (mail) => {
        sending = true;
        await gate;
        return send.call(mailer, mail);
      };
      try {
        const res = await ctx.app.inject({ method: 'POST', url: `${API}/auth/password-recovery`, payload: { email: ADMIN.email } });
        expect(res.statusCode).toBe(202);
        // Answered while the e-mail is still waiting to leave.
        await expect.poll(() => sending).toBe(true);
      } finally {
        release();
        await ctx.app.background.drain();
        mailer.send = send;
      }
    });

    it('V6.4.3 recovery does not bypass the second factor: a reset password still needs it to sign in', async () => {
      const email = 'financeiro@demo.com.br';
      const { rows: saved } = await ctx.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', [email]);
      await ctx.app.inject({ method: 'POST', url: `${API}/auth/password-recovery`, payload: { email } });
      expect((await resetPassword(ctx.app, await linkToken(ctx.app, email), 'um novo começo para a senha')).statusCode).toBe(204);
      const res = await loginFrom(ctx.app, email, 'um novo começo para a senha', '10.9.0.9');
      expect(res.json().tokenType).toBe('PreAuthorization');
      await ctx.db.query('UPDATE users SET password_hash = $2 WHERE email = $1', [email, saved[0].password_hash]);
    });
  });

  it('V6.3.8 a wrong password and an unknown login get the same answer', async () => {
    const unknown = await loginFrom(ctx.app, 'ninguem@demo.com.br', 'qualquer-coisa', '10.9.0.20');
    const wrongPassword = await loginFrom(ctx.app, ADMIN.email, 'qualquer-coisa', '10.9.0.21');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrongPassword.json());
  });
});

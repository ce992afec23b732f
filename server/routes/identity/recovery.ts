import type { FastifyInstance } from 'fastify';
import { badRequest, HttpError } from '../../lib/errors.ts';
import { escapeHtml } from '../../lib/mailer.ts';
import { hashPassword } from '../../lib/password.ts';
import { passwordProblems } from '../../lib/password-policy.ts';
import { passwordResetFrom } from '../../lib/login-throttle.ts';
import { countAttempt } from '../../lib/rate-limit.ts';
import { endSessions, newOpaqueToken, sha256 } from '../../lib/identity/sessions.ts';
import { findUserByEmail } from '../../lib/identity/users.ts';
import { recoveryBody, resetBody } from './schemas.ts';

const RESET_TTL_MS = 30 * 60 * 1000;
const invalidLink = () => badRequest({ token: ['O link de recuperação é inválido ou expirou. Peça um novo.'] });

/** Password recovery by e-mailed link (public). */
export default async function recoveryRoutes(app: FastifyInstance): Promise<void> {
  const { db, auth } = app;

  /** Looks the address up and e-mails a new link: after the answer, so its timing says nothing. */
  async function sendLink(email: string, now: Date): Promise<void> {
    const user = await findUserByEmail(db, email);
    if (!user?.active) return;
    const token = newOpaqueToken();
    await db.tx(async (q) => {
      await q.query('UPDATE password_reset_tokens SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [user.id, now]);
      await q.query('INSERT INTO password_reset_tokens (user_id, token_hash, expires_at, created_at) VALUES ($1, $2, $3, $4)', [
        user.id,
        sha256(token),
        new Date(now.getTime() + RESET_TTL_MS),
        now,
      ]);
    });
    const link = `${auth.publicUrl}/auth/recuperar-senha?token=${encodeURIComponent(token)}`;
    await auth.mailer.send({
      to: user.email,
      subject: 'Recuperação de senha',
      text: `Olá, ${user.name}.\n\nPara criar uma nova senha, abra o link abaixo em até 30 minutos (ele só funciona uma vez):\n\n${link}\n\nSe você não pediu a recuperação, ignore este e-mail; sua senha continua a mesma.`,
      html: `<p>Olá, ${escapeHtml(user.name)}.</p><p>Para criar uma nova senha, <a href="${escapeHtml(link)}">clique aqui</a> em até 30 minutos (o link só funciona uma vez).</p><p>Se você não pediu a recuperação, ignore este e-mail; sua senha continua a mesma.</p>`,
    });
  }

  /**
   * Always 202, answered before anything about the address is looked up: known, unknown, inactive and
   * throttled addresses get the same answer in the same time (ASVS V6.3.8). The lookup, the link and the
   * e-mail run after the response; a failure is logged without the address or the link.
   */
  app.post('/auth/password-recovery', { schema: { body: recoveryBody } }, async (req, reply) => {
    const email = (req.body as { email: string }).email.trim().toLowerCase();
    const now = new Date();
    // Over the limit the request is dropped silently: a 429 would tell that the address was tried.
    const counted = await countAttempt(db, [{ kind: 'password-recovery', key: email }], now).then(() => true, (err: unknown) => {
      if (err instanceof HttpError && err.statusCode === 429) return false;
      throw err;
    });
    if (counted) app.background.afterResponse(req, 'e-mail de recuperação de senha', () => sendLink(email, now));
    return reply.code(202).send();
  });

  /** Single use; sets the password (policy of lib/password-policy.ts) and ends every session of the user. */
  app.post('/auth/password-reset', { schema: { body: resetBody } }, async (req, reply) => {
    const body = req.body as { token: string; newPassword: string };
    const now = new Date();
    const hashOfToken = sha256(body.token);
    // Check the link before hashing: scrypt is expensive and must not be free to trigger.
    const { rows } = await db.query<{ user_id: string; email: string; name: string }>(
      `SELECT t.user_id, u.email, u.name FROM password_reset_tokens t JOIN users u ON u.id = t.user_id
       WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > $2`,
      [hashOfToken, now],
    );
    if (!rows[0]) throw invalidLink();
    const problems = passwordProblems(body.newPassword, { email: rows[0].email, name: rows[0].name });
    if (problems.length) throw badRequest({ newPassword: problems });
    const hash = await hashPassword(body.newPassword, auth.scryptN);
    await db.tx(async (q) => {
      const used = await q.query<{ user_id: string }>(
        'UPDATE password_reset_tokens SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING user_id',
        [hashOfToken, now],
      );
      const userId = used.rows[0]?.user_id;
      if (!userId) throw invalidLink(); // used by a concurrent request
      const { rows: u } = await q.query<{ email: string }>(
        'UPDATE users SET password_hash = $2, updated_at = $3, version = version + 1 WHERE id = $1 RETURNING email',
        [userId, hash, now],
      );
      await endSessions(q, { userId }, 'password', now);
      // The link proved the mailbox: the account's login counters start over and this address is trusted.
      await passwordResetFrom(q, u[0].email, req.ip, now);
    });
    return reply.code(204).send();
  });
}

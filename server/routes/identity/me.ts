import type { FastifyInstance, preValidationAsyncHookHandler } from 'fastify';
import { normalizePhone } from '../../../src/engine/formats/contact.ts';
import { badRequest, unauthorized } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { passwordProblems } from '../../lib/password-policy.ts';
import { beginLogin, loginSucceeded } from '../../lib/login-throttle.ts';
import { assertRecentVerification } from '../../lib/identity/second-factor.ts';
import { endSessions } from '../../lib/identity/sessions.ts';
import { findUserById, toUserDto } from '../../lib/identity/users.ts';
import { passwordBody, profileBody } from './schemas.ts';

/** users/me: the logged user and their password. */
export default async function meRoutes(app: FastifyInstance): Promise<void> {
  const { db, auth } = app;
  app.addHook('onRequest', app.authenticate);

  const me = async (id: string) => {
    const user = await findUserById(db, id);
    if (!user) throw unauthorized();
    return user;
  };

  app.get('/users/me', async (req) => toUserDto(await me(req.principal!.userId)));

  const normalizeBody: preValidationAsyncHookHandler = async (req) => {
    const body = req.body as { phone?: unknown } | undefined;
    if (typeof body?.phone === 'string') body.phone = body.phone.trim() ? normalizePhone(body.phone.trim()) : null;
  };

  app.put('/users/me', { schema: { body: profileBody }, preValidation: normalizeBody }, async (req) => {
    const body = req.body as { name: string; phone?: string | null };
    const name = body.name.trim();
    if (!name) throw badRequest({ name: ['Campo obrigatório.'] });
    // An omitted phone is kept; null clears it.
    const phone = body.phone;
    await db.query(
      `UPDATE users SET name = $2, phone = CASE WHEN $3 THEN $4 ELSE phone END, updated_at = now(), updated_by = $1, version = version + 1
       WHERE id = $1`,
      [req.principal!.userId, name, phone !== undefined, phone ?? null],
    );
    return toUserDto(await me(req.principal!.userId));
  });

  app.put('/users/me/password', { schema: { body: passwordBody } }, async (req, reply) => {
    const body = req.body as { currentPassword: string; newPassword: string; verificationToken?: string };
    const now = new Date();
    const user = await me(req.principal!.userId);
    // Same throttle as the login: this endpoint must not become a password oracle.
    const attempt = await beginLogin(db, user.email, req.ip, now);
    if (!(await verifyPassword(body.currentPassword, user.password_hash ?? (await auth.dummyHash())))) {
      throw badRequest({ currentPassword: ['A senha atual não confere.'] });
    }
    await loginSucceeded(db, attempt);
    if (user.two_factor_mandatory) await assertRecentVerification(auth, user.id, body.verificationToken);
    const problems = passwordProblems(body.newPassword, { email: user.email, name: user.name });
    if (problems.length) throw badRequest({ newPassword: problems });
    const hash = await hashPassword(body.newPassword, auth.scryptN);
    await db.tx(async (q) => {
      await q.query('UPDATE users SET password_hash = $2, updated_at = $3, updated_by = $1, version = version + 1 WHERE id = $1', [
        user.id,
        hash,
        now,
      ]);
      // Every other session ends at once (one that knew the old password must not stay); this one goes on.
      await endSessions(q, { userId: user.id, except: req.principal!.sessionId }, 'password', now);
    });
    return reply.code(204).send();
  });
}

import type { FastifyInstance } from 'fastify';
import { badRequest, unauthorized } from '../../lib/errors.ts';
import { assertRecentVerification, sendEmailCode, verifySecondFactor } from '../../lib/identity/second-factor.ts';
import { endSessions } from '../../lib/identity/sessions.ts';
import { findUserById, toUserDto } from '../../lib/identity/users.ts';
import { securityBody, unbindBody, verifyBody, type VerifyBody } from './schemas.ts';

/** users/me/two-factors/* and users/me/security: a full session proving a second factor again. */
export default async function meTwoFactorRoutes(app: FastifyInstance): Promise<void> {
  const { db, auth } = app;
  app.addHook('onRequest', app.authenticate);

  const me = async (id: string) => {
    const user = await findUserById(db, id);
    if (!user) throw unauthorized();
    return user;
  };

  app.post('/users/me/two-factors/email-code', async (req, reply) =>
    reply.code(202).send(await sendEmailCode(db, auth, await me(req.principal!.userId), 'verify')),
  );

  app.post('/users/me/two-factors/verify', { schema: { body: verifyBody } }, async (req) => {
    const body = req.body as VerifyBody;
    const user = await me(req.principal!.userId);
    await verifySecondFactor(db, auth, user, body.method, body.verificationCode, 'verify');
    const v = await auth.tokens.sign(user.id, 'Verification');
    return { verificationToken: v.token, verificationTokenExpireAt: v.expiresAt.toISOString() };
  });

  /** Removes the TOTP key; when two-factor stays required the next login asks for a new setup. */
  app.delete('/users/me/two-factors/unbind', { schema: { body: unbindBody } }, async (req, reply) => {
    const { verificationToken } = req.body as { verificationToken: string };
    const userId = req.principal!.userId;
    await assertRecentVerification(auth, userId, verificationToken);
    await db.tx(async (q) => {
      await q.query(
        `UPDATE users SET totp_secret = NULL, totp_confirmed_at = NULL, last_totp_step = NULL,
           updated_at = now(), updated_by = $1, version = version + 1 WHERE id = $1`,
        [userId],
      );
      // A second-factor change ends the user's other sessions at once (D25).
      await endSessions(q, { userId, except: req.principal!.sessionId }, 'two-factor', new Date());
    });
    return reply.code(204).send();
  });

  app.put('/users/me/security', { schema: { body: securityBody } }, async (req) => {
    const body = req.body as { isTwoFactorEnabled: boolean; verificationToken?: string };
    const user = await me(req.principal!.userId);
    if (!body.isTwoFactorEnabled) {
      if (user.two_factor_mandatory)
        throw badRequest({ isTwoFactorEnabled: ['A verificação em duas etapas é obrigatória para o seu usuário.'] });
      if (user.two_factor_enabled_by_user) await assertRecentVerification(auth, user.id, body.verificationToken);
    } else if (!user.two_factor_methods.length) {
      throw badRequest({ isTwoFactorEnabled: ['Nenhum método de verificação está habilitado para o seu usuário.'] });
    }
    await db.tx(async (q) => {
      await q.query(
        `UPDATE users SET two_factor_enabled_by_user = $2, updated_at = now(), updated_by = $1, version = version + 1 WHERE id = $1`,
        [user.id, body.isTwoFactorEnabled],
      );
      if (user.two_factor_enabled_by_user !== body.isTwoFactorEnabled) {
        await endSessions(q, { userId: user.id, except: req.principal!.sessionId }, 'two-factor', new Date());
      }
    });
    return toUserDto(await me(user.id));
  });
}

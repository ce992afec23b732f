import type { FastifyInstance, FastifyRequest } from 'fastify';
import { statusDescriptor } from '../../../src/i18n/status.ts';
import { HttpError, unauthorized } from '../../lib/errors.ts';
import { hashPassword, needsRehash, verifyPassword } from '../../lib/password.ts';
import { beginLogin, loginSucceeded, sweepThrottle } from '../../lib/login-throttle.ts';
import { rotateRefreshToken } from '../../lib/identity/refresh-rotation.ts';
import { endSessions, fullAuthResponse, preAuthResponse, sessionOfToken, sweepSessions } from '../../lib/identity/sessions.ts';
import { findUserByEmail, findUserById, twoFactorState } from '../../lib/identity/users.ts';
import { bearerToken } from '../../plugins/auth.ts';
import { loginBody, logoutBody, type LoginBody } from './schemas.ts';

export const invalidCredentials = () =>
  new HttpError(401, 'INVALID_CREDENTIALS', 'Login ou senha inválidos. Verifique as credenciais e tente novamente.');
const sessionExpired = () => new HttpError(401, 'INVALID_REFRESH_TOKEN', 'Sua sessão expirou. Faça login novamente.');

/** POST auth (Password and RefreshToken grants) and POST auth/logout. */
export default async function authRoutes(app: FastifyInstance): Promise<void> {
  const { db, auth } = app;

  async function passwordGrant(req: FastifyRequest, body: LoginBody, now: Date) {
    // Charged before the password is even looked at (progressive delay, never a lockout: lib/login-throttle.ts);
    // a concurrent burst cannot pass the counters between check and record.
    const attempt = await beginLogin(db, body.login, req.ip, now);
    void sweepThrottle(db, now).catch((err: Error) => req.log.warn({ err: err.message }, 'limpeza do controle de tentativas falhou'));
    void sweepSessions(db, now).catch((err: Error) => req.log.warn({ err: err.message }, 'limpeza de sessões antigas falhou'));
    const user = await findUserByEmail(db, body.login);
    // Unknown logins verify against a dummy hash so both answers take about as long.
    const ok = await verifyPassword(body.secret, user?.password_hash ?? (await auth.dummyHash()));
    if (!user || !ok) throw invalidCredentials();
    await loginSucceeded(db, attempt);
    if (!user.active) throw new HttpError(401, 'USER_INACTIVE', 'Este usuário está inativo. Procure o administrador do sistema.');
    if (user.password_hash && needsRehash(user.password_hash, auth.scryptN)) {
      const hash = await hashPassword(body.secret, auth.scryptN);
      await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [user.id, hash]);
    }
    if (twoFactorState(user).required) return preAuthResponse(db, auth.tokens, user, now);
    return db.tx((q) => fullAuthResponse(q, auth.tokens, user, now, { verified: false }));
  }

  /** The caller's access token may be expired but must be validly signed and belong to the refresh token's owner. */
  async function refreshGrant(req: FastifyRequest, body: LoginBody, now: Date) {
    const token = bearerToken(req);
    const claims = token ? await auth.tokens.verify(token, { allowExpired: true }) : null;
    if (!claims || claims.typ !== 'Authorization') throw unauthorized('Envie o token de acesso da sessão para renová-la.');
    const user = await findUserById(db, claims.sub);
    if (!user?.active || user.email.toLowerCase() !== body.login.trim().toLowerCase()) throw sessionExpired();
    const rotated = await rotateRefreshToken(db, auth.secretBox, user.id, body.secret, now);
    if (!rotated.ok) {
      if (rotated.reuse) req.log.warn({ userId: user.id }, 'refresh token reutilizado: sessão encerrada');
      throw sessionExpired();
    }
    return fullAuthResponse(db, auth.tokens, user, now, { verified: false, refresh: rotated.refresh });
  }

  app.post('/auth', { schema: { body: loginBody } }, async (req) => {
    const body = req.body as LoginBody;
    const now = new Date();
    return body.grantType === 'Password' ? passwordGrant(req, body, now) : refreshGrant(req, body, now);
  });

  /**
   * Logout accepts an expired access token (validly signed, this project, Authorization or PreAuthorization):
   * "Sair" after the 15-minute lifetime must still end the session and its 30-day refresh token. Checked in
   * `onRequest` so a missing or bad token is 401 before the body is validated.
   */
  const logoutUser = new WeakMap<FastifyRequest, { userId: string; sessionId?: string }>();
  async function authenticateLogout(req: FastifyRequest) {
    const token = bearerToken(req);
    const claims = token ? await auth.tokens.verify(token, { allowExpired: true }) : null;
    if (!claims || (claims.typ !== 'Authorization' && claims.typ !== 'PreAuthorization')) throw unauthorized(statusDescriptor(401).message);
    logoutUser.set(req, { userId: claims.sub, sessionId: claims.sid });
  }

  app.post('/auth/logout', { schema: { body: logoutBody }, onRequest: authenticateLogout }, async (req, reply) => {
    const { refreshToken } = req.body as { refreshToken?: string };
    const caller = logoutUser.get(req);
    if (!caller) return reply.code(204).send();
    const now = new Date();
    await db.tx(async (q) => {
      // The token's session, and the session of the refresh token sent (older clients send only that one);
      // endSessions only touches sessions of this user, so a foreign or unknown token ends nothing.
      const byRefresh = refreshToken ? await sessionOfToken(q, caller.userId, refreshToken) : null;
      for (const sessionId of new Set([caller.sessionId, byRefresh])) {
        if (sessionId) await endSessions(q, { userId: caller.userId, sessionId }, 'logout', now);
      }
    });
    return reply.code(204).send();
  });
}

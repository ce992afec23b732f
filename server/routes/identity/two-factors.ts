import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { badRequest, conflict, HttpError } from '../../lib/errors.ts';
import { countAttempt, releaseAttempt } from '../../lib/rate-limit.ts';
import { base32Decode, generateTotpKey, matchTotp, otpauthUrl } from '../../lib/totp.ts';
import { endSessions, fullAuthResponse } from '../../lib/identity/sessions.ts';
import { invalidCode, normalizeCode, sendEmailCode, verifySecondFactor } from '../../lib/identity/second-factor.ts';
import { findUserById, twoFactorState, type UserRow } from '../../lib/identity/users.ts';
import type { TokenType } from '../../lib/principal.ts';
import { setupBody, verifyBody, type VerifyBody } from './schemas.ts';

const alreadyConfigured = () =>
  conflict('O aplicativo autenticador já está configurado. Desvincule-o antes de configurar outro.', 'TOTP_ALREADY_CONFIGURED');

/** Keys shorter than 128 bits are refused (RFC 4226 §4). */
function decodeKey(totpKey: string): Buffer {
  let key: Buffer | undefined;
  try {
    key = base32Decode(totpKey);
  } catch {
    key = undefined;
  }
  if (!key || key.length < 16) throw badRequest({ totpKey: ['Chave do autenticador inválida.'] });
  return key;
}

/** auth/two-factors/*: second step of the login (PreAuthorization) and TOTP setup. */
export default async function twoFactorRoutes(app: FastifyInstance): Promise<void> {
  const { db, auth } = app;
  const either: { tokenTypes: TokenType[] } = { tokenTypes: ['Authorization', 'PreAuthorization'] };
  const preOnly: { tokenTypes: TokenType[] } = { tokenTypes: ['PreAuthorization'] };

  async function setupUser(userId: string): Promise<UserRow> {
    const user = (await findUserById(db, userId))!;
    if (user.totp_confirmed_at) throw alreadyConfigured();
    if (!user.two_factor_methods.includes('TOTP'))
      throw badRequest({ totpKey: ['O aplicativo autenticador não está habilitado para o seu usuário.'] });
    return user;
  }

  app.get('/auth/two-factors/setup', { config: either, onRequest: app.authenticate }, async (req) => {
    const user = await setupUser(req.principal!.userId);
    const totpKey = generateTotpKey();
    const url = otpauthUrl(auth.issuer, user.email, totpKey);
    return { totpKey, otpauthUrl: url, qrCode: await QRCode.toDataURL(url, { margin: 1, width: 240 }) };
  });

  app.post(
    '/auth/two-factors/setup',
    { schema: { body: setupBody }, config: either, onRequest: app.authenticate },
    async (req) => {
      const body = req.body as { totpKey: string; verificationCode: string };
      const now = new Date();
      const user = await setupUser(req.principal!.userId);
      const limitKey = { kind: 'two-factor' as const, key: user.id };
      const key = decodeKey(body.totpKey);
      const attempt = await countAttempt(db, [limitKey], now);
      const step = matchTotp(key, normalizeCode(body.verificationCode), now.getTime());
      if (step === null) throw invalidCode();
      await releaseAttempt(db, attempt);
      return db.tx(async (q) => {
        const res = await q.query(
          `UPDATE users SET totp_secret = $2, totp_confirmed_at = $3, last_totp_step = $4, updated_at = $3
           WHERE id = $1 AND totp_confirmed_at IS NULL`,
          [user.id, auth.secretBox.seal(body.totpKey.replace(/[\s=]/g, '').toUpperCase()), now, step],
        );
        if (res.rowCount !== 1) throw alreadyConfigured(); // another request confirmed a key meanwhile
        const updated = (await findUserById(q, user.id))!;
        // A new second factor ends the user's other sessions; this one (the login's, or the caller's) goes on.
        const sessionId = req.principal!.sessionId;
        await endSessions(q, { userId: user.id, except: sessionId }, 'two-factor', now);
        return fullAuthResponse(q, auth.tokens, updated, now, { verified: true, sessionId });
      });
    },
  );

  app.post('/auth/two-factors/email-code', { config: preOnly, onRequest: app.authenticate }, async (req, reply) => {
    const user = (await findUserById(db, req.principal!.userId))!;
    return reply.code(202).send(await sendEmailCode(db, auth, user, 'login'));
  });

  app.post(
    '/auth/two-factors/verify',
    { schema: { body: verifyBody }, config: preOnly, onRequest: app.authenticate },
    async (req) => {
      const body = req.body as VerifyBody;
      const now = new Date();
      const user = (await findUserById(db, req.principal!.userId))!;
      if (!twoFactorState(user).required) throw new HttpError(409, 'TWO_FACTOR_NOT_REQUIRED', 'A verificação em duas etapas não está ativa para o seu usuário.');
      await verifySecondFactor(db, auth, user, body.method, body.verificationCode, 'login', now);
      // The login's session (started with the password) becomes a full one.
      return db.tx((q) => fullAuthResponse(q, auth.tokens, user, now, { verified: true, sessionId: req.principal!.sessionId }));
    },
  );
}

import { randomInt, timingSafeEqual } from 'node:crypto';
import type { Db, Queryable } from '../../db/index.ts';
import { badRequest, HttpError } from '../errors.ts';
import { escapeHtml } from '../mailer.ts';
import { countAttempt, releaseAttempt } from '../rate-limit.ts';
import { base32Decode, matchTotp } from '../totp.ts';
import type { AuthServices } from './services.ts';
import { twoFactorState, type TwoFactorMethod, type UserRow } from './users.ts';

export type CodePurpose = 'login' | 'verify';

const EMAIL_CODE_TTL_MS = 10 * 60 * 1000;
const EMAIL_CODE_MAX_TRIES = 5;

export const invalidCode = () => new HttpError(401, 'INVALID_CODE', 'O código é inválido ou expirou. Tente novamente...');

/** Users paste codes with spaces ("123 456"); the spec removes all whitespace. */
export const normalizeCode = (code: string) => code.replace(/\s+/g, '');

/** True when the code matches the user's confirmed key; the matched step is stored so the code works once. */
export async function checkTotp(q: Queryable, services: AuthServices, user: UserRow, code: string, now: Date): Promise<boolean> {
  if (!user.totp_secret || !user.totp_confirmed_at) return false;
  let key: Buffer;
  try {
    key = base32Decode(services.secretBox.open(user.totp_secret));
  } catch {
    return false; // sealed with another server secret: the user must unbind and set up again
  }
  const step = matchTotp(key, code, now.getTime(), 1, user.last_totp_step);
  if (step === null) return false;
  const res = await q.query('UPDATE users SET last_totp_step = $2 WHERE id = $1 AND (last_totp_step IS NULL OR last_totp_step < $2)', [
    user.id,
    step,
  ]);
  return res.rowCount === 1;
}

/** A new 6-digit code; earlier unused codes of the same purpose stop working. */
export async function createEmailCode(q: Queryable, services: AuthServices, userId: string, purpose: CodePurpose, now: Date) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(now.getTime() + EMAIL_CODE_TTL_MS);
  await q.query('UPDATE two_factor_codes SET used_at = $3 WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL', [userId, purpose, now]);
  await q.query('INSERT INTO two_factor_codes (user_id, purpose, code_hash, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)', [
    userId,
    purpose,
    services.hashCode(code),
    expiresAt,
    now,
  ]);
  return { code, expiresAt };
}

/** Single use; the fifth wrong try burns the code. */
export async function checkEmailCode(q: Queryable, services: AuthServices, userId: string, purpose: CodePurpose, code: string, now: Date) {
  const { rows } = await q.query<{ id: string; code_hash: string }>(
    `SELECT id, code_hash FROM two_factor_codes
     WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3 ORDER BY created_at DESC LIMIT 1`,
    [userId, purpose, now],
  );
  const row = rows[0];
  if (!row) return false;
  const given = Buffer.from(services.hashCode(code));
  const stored = Buffer.from(row.code_hash);
  if (given.length === stored.length && timingSafeEqual(given, stored)) {
    const res = await q.query('UPDATE two_factor_codes SET used_at = $2 WHERE id = $1 AND used_at IS NULL', [row.id, now]);
    return res.rowCount === 1;
  }
  await q.query(
    `UPDATE two_factor_codes SET attempts = attempts + 1, used_at = CASE WHEN attempts + 1 >= $3 THEN $2::timestamptz END WHERE id = $1`,
    [row.id, now, EMAIL_CODE_MAX_TRIES],
  );
  return false;
}

/** Creates and e-mails a code (at most 5 e-mails per user in 15 min). */
export async function sendEmailCode(db: Db, services: AuthServices, user: UserRow, purpose: CodePurpose, now = new Date()) {
  if (!twoFactorState(user).allowedMethods.includes('Email'))
    throw badRequest({ method: ['Este método de verificação não está habilitado para o seu usuário.'] });
  const limitKey = { kind: 'email-code' as const, key: user.id };
  // Counted before the code exists: a burst of requests cannot send more than the limit.
  await countAttempt(db, [limitKey], now);
  const { code, expiresAt } = await db.tx((q) => createEmailCode(q, services, user.id, purpose, now));
  await services.mailer.send({
    to: user.email,
    subject: `Seu código de verificação: ${code}`,
    text: `Olá, ${user.name}.\n\nSeu código de verificação é ${code}. Ele vale por 10 minutos e só pode ser usado uma vez.\n\nSe você não pediu este código, ignore este e-mail e troque sua senha.`,
    html: `<p>Olá, ${escapeHtml(user.name)}.</p><p>Seu código de verificação é <strong style="font-size:20px;letter-spacing:4px">${code}</strong>.</p><p>Ele vale por 10 minutos e só pode ser usado uma vez.</p><p>Se você não pediu este código, ignore este e-mail e troque sua senha.</p>`,
  });
  return { expireAt: expiresAt.toISOString() };
}

/** Disabling or unbinding two-factor (and, when it is mandatory, changing the password) needs a recent second factor. */
export async function assertRecentVerification(services: AuthServices, userId: string, token: string | undefined): Promise<void> {
  const claims = token ? await services.tokens.verify(token) : null;
  if (!claims || claims.typ !== 'Verification' || claims.sub !== userId)
    throw new HttpError(403, 'VERIFICATION_REQUIRED', 'Confirme a verificação em duas etapas para continuar.');
}

export function assertMethodAllowed(user: UserRow, method: TwoFactorMethod): void {
  if (!twoFactorState(user).allowedMethods.includes(method))
    throw badRequest({ method: ['Este método de verificação não está habilitado para o seu usuário.'] });
  if (method === 'TOTP' && !user.totp_confirmed_at)
    throw badRequest({ method: ['Configure o aplicativo autenticador antes de usar este método.'] });
}

/**
 * Checks a TOTP or e-mail code, throttled per user (10 wrong codes in 15 min → 429). Wrong code → 401.
 * Attempts are recorded outside any transaction so a rollback never erases them.
 */
export async function verifySecondFactor(
  db: Db,
  services: AuthServices,
  user: UserRow,
  method: TwoFactorMethod,
  rawCode: string,
  purpose: CodePurpose,
  now = new Date(),
): Promise<void> {
  const limitKey = { kind: 'two-factor' as const, key: user.id };
  assertMethodAllowed(user, method);
  // Counted before the code is checked, so parallel guesses all count (see countAttempt).
  const attempt = await countAttempt(db, [limitKey], now);
  const code = normalizeCode(rawCode);
  const ok = method === 'TOTP' ? await checkTotp(db, services, user, code, now) : await checkEmailCode(db, services, user.id, purpose, code, now);
  if (!ok) throw invalidCode();
  await releaseAttempt(db, attempt);
}

import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../../db/index.ts';
import type { TokenService } from '../jwt.ts';
import { twoFactorState, type UserRow } from './users.ts';

const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Opaque tokens (refresh, password reset) are 256-bit random and stored only as SHA-256. */
export const newOpaqueToken = () => randomBytes(32).toString('base64url');
export const sha256 = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface IssuedRefresh {
  token: string;
  expiresAt: Date;
}

export async function issueRefreshToken(q: Queryable, userId: string, now: Date, familyId: string = randomUUID()) {
  const token = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + REFRESH_TTL_MS);
  const { rows } = await q.query<{ id: string }>(
    `INSERT INTO refresh_tokens (user_id, token_hash, family_id, expires_at, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [userId, sha256(token), familyId, expiresAt, now],
  );
  return { id: rows[0].id, token, expiresAt };
}

interface RefreshRow {
  id: string;
  user_id: string;
  family_id: string;
  expires_at: Date;
  revoked_at: Date | null;
  replaced_by: string | null;
}

export type RotateResult = { ok: true; refresh: IssuedRefresh } | { ok: false; reuse: boolean };

/**
 * Trades a refresh token for a new one of the same family. A token that was already rotated is a sign of
 * theft: the whole family is revoked (the revocation commits even though the caller then answers 401).
 */
/**
 * A rotated token replayed this soon after its rotation is a lost response (a reload or closed tab while the
 * refresh was in flight), not a theft: it gets a new token of the same family instead of revoking it.
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;

export async function rotateRefreshToken(db: Db, userId: string, token: string, now: Date): Promise<RotateResult> {
  return db.tx(async (q) => {
    const { rows } = await q.query<RefreshRow>(
      `SELECT id, user_id, family_id, expires_at, revoked_at, replaced_by FROM refresh_tokens WHERE token_hash = $1 FOR UPDATE`,
      [sha256(token)],
    );
    const row = rows[0];
    if (!row || row.user_id !== userId) return { ok: false, reuse: false };
    if (row.revoked_at) {
      const rotatedJustNow = row.replaced_by && now.getTime() - new Date(row.revoked_at).getTime() < REFRESH_REUSE_GRACE_MS;
      if (rotatedJustNow && new Date(row.expires_at) > now) {
        // Only while the family is alive: after a logout or a detected theft nothing comes back.
        const live = await q.query('SELECT 1 FROM refresh_tokens WHERE family_id = $1 AND revoked_at IS NULL LIMIT 1', [row.family_id]);
        if (live.rows.length) {
          const next = await issueRefreshToken(q, userId, now, row.family_id);
          return { ok: true, refresh: { token: next.token, expiresAt: next.expiresAt } };
        }
      }
      if (row.replaced_by) await revokeFamily(q, row.family_id, now);
      return { ok: false, reuse: Boolean(row.replaced_by) };
    }
    if (new Date(row.expires_at) <= now) return { ok: false, reuse: false };
    const next = await issueRefreshToken(q, userId, now, row.family_id);
    await q.query('UPDATE refresh_tokens SET revoked_at = $2, replaced_by = $3 WHERE id = $1', [row.id, now, next.id]);
    return { ok: true, refresh: { token: next.token, expiresAt: next.expiresAt } };
  });
}

export async function revokeFamily(q: Queryable, familyId: string, now: Date): Promise<void> {
  await q.query('UPDATE refresh_tokens SET revoked_at = $2 WHERE family_id = $1 AND revoked_at IS NULL', [familyId, now]);
}

/** Logout: revokes the family of the given token when it belongs to the user; unknown tokens are ignored. */
export async function revokeByToken(q: Queryable, userId: string, token: string, now: Date): Promise<void> {
  await q.query(
    `UPDATE refresh_tokens SET revoked_at = $3
     WHERE revoked_at IS NULL AND family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = $1 AND user_id = $2)`,
    [sha256(token), userId, now],
  );
}

export async function revokeAllForUser(q: Queryable, userId: string, now: Date): Promise<void> {
  await q.query('UPDATE refresh_tokens SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL', [userId, now]);
}

export interface AuthResponse {
  accessToken: string;
  tokenType: 'Authorization' | 'PreAuthorization';
  accessTokenExpireAt: string;
  refreshToken: string | null;
  refreshTokenExpireAt: string | null;
  twoFactor: {
    isSetupRequired: boolean;
    allowedMethods: string[];
    verificationToken?: string;
    verificationTokenExpireAt?: string;
  };
}

/** Password accepted, second factor pending: no refresh token, no verification token. */
export async function preAuthResponse(tokens: TokenService, user: UserRow, now: Date): Promise<AuthResponse> {
  const access = await tokens.sign(user.id, 'PreAuthorization', now);
  const { isSetupRequired, allowedMethods } = twoFactorState(user);
  return {
    accessToken: access.token,
    tokenType: 'PreAuthorization',
    accessTokenExpireAt: access.expiresAt.toISOString(),
    refreshToken: null,
    refreshTokenExpireAt: null,
    twoFactor: { isSetupRequired, allowedMethods },
  };
}

/**
 * Full session. `verified`: a second factor was just proven, so a verification token is included.
 * `refresh`: an already rotated token (RefreshToken grant); otherwise a new family starts.
 */
export async function fullAuthResponse(
  q: Queryable,
  tokens: TokenService,
  user: UserRow,
  now: Date,
  opts: { verified: boolean; refresh?: IssuedRefresh },
): Promise<AuthResponse> {
  const access = await tokens.sign(user.id, 'Authorization', now);
  const refresh = opts.refresh ?? (await issueRefreshToken(q, user.id, now));
  const { isSetupRequired, allowedMethods } = twoFactorState(user);
  const verification = opts.verified ? await tokens.sign(user.id, 'Verification', now) : undefined;
  return {
    accessToken: access.token,
    tokenType: 'Authorization',
    accessTokenExpireAt: access.expiresAt.toISOString(),
    refreshToken: refresh.token,
    refreshTokenExpireAt: refresh.expiresAt.toISOString(),
    twoFactor: {
      isSetupRequired,
      allowedMethods,
      ...(verification
        ? { verificationToken: verification.token, verificationTokenExpireAt: verification.expiresAt.toISOString() }
        : {}),
    },
  };
}

import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/index.ts';
import type { TokenService } from '../jwt.ts';
import { twoFactorState, type UserRow } from './users.ts';

const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Opaque tokens (refresh, password reset) are 256-bit random and stored only as SHA-256. */
export const newOpaqueToken = () => randomBytes(32).toString('base64url');
export const sha256 = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface IssuedRefresh {
  token: string;
  expiresAt: Date;
  /** The session (= refresh family) the token belongs to. */
  sessionId: string;
}

/** Why a session ended (sessions.end_reason). */
export type SessionEndReason = 'logout' | 'password' | 'two-factor' | 'user-inactive' | 'refresh-reuse';

/** A new session of the user: a login that proved the password (the second factor may still be pending). */
export async function startSession(q: Queryable, userId: string, now: Date): Promise<string> {
  const { rows } = await q.query<{ id: string }>('INSERT INTO sessions (user_id, created_at) VALUES ($1, $2) RETURNING id', [userId, now]);
  return rows[0].id;
}

/** A refresh token of the session's family (the family id is the session id). */
export async function issueRefreshToken(q: Queryable, userId: string, now: Date, sessionId: string) {
  const token = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + REFRESH_TTL_MS);
  const { rows } = await q.query<{ id: string }>(
    `INSERT INTO refresh_tokens (user_id, token_hash, family_id, expires_at, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [userId, sha256(token), sessionId, expiresAt, now],
  );
  return { id: rows[0].id, token, expiresAt, sessionId };
}

/**
 * Ends sessions at once: `sessionId` → that one session of the user; otherwise every live session of the user
 * but `except` (the caller's own, kept after a password change). Their refresh tokens are revoked in the same
 * transaction; the sessions trigger (migration 0020) tells every API instance at commit, so the next request
 * with one of their access tokens is 401 (lib/identity/auth-state.ts). Returns the ended session ids.
 */
export async function endSessions(
  q: Queryable,
  target: { userId: string; sessionId?: string; except?: string },
  reason: SessionEndReason,
  now: Date,
): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `UPDATE sessions SET ended_at = $4, end_reason = $5
     WHERE user_id = $1 AND ended_at IS NULL AND ($2::uuid IS NULL OR id = $2) AND ($3::uuid IS NULL OR id <> $3)
     RETURNING id`,
    [target.userId, target.sessionId ?? null, target.except ?? null, now, reason],
  );
  const ids = rows.map((r) => r.id);
  if (ids.length) {
    await q.query(
      `UPDATE refresh_tokens SET revoked_at = coalesce(revoked_at, $2), successor_sealed = NULL
       WHERE family_id = ANY($1::uuid[]) AND (revoked_at IS NULL OR successor_sealed IS NOT NULL)`,
      [ids, now],
    );
  }
  return ids;
}

let lastSweep = 0;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * At most once an hour per process: forgets sessions that can no longer be used — ended 30+ days ago, or whose
 * newest refresh token expired 30+ days ago (a second factor never completed counts from its start). Their refresh
 * tokens go with them (foreign key); a token that old answers like an unknown one.
 */
export async function sweepSessions(q: Queryable, now = new Date()): Promise<void> {
  if (now.getTime() - lastSweep < 60 * 60_000) return;
  lastSweep = now.getTime();
  const before = new Date(now.getTime() - 30 * DAY_MS);
  await q.query(
    `DELETE FROM sessions s WHERE s.ended_at < $1
       OR (s.created_at < $1 AND NOT EXISTS (SELECT 1 FROM refresh_tokens t WHERE t.family_id = s.id AND t.expires_at >= $1))`,
    [before],
  );
}

/** Logout: ends the session of the given refresh token when it belongs to the user; unknown tokens are ignored. */
export async function sessionOfToken(q: Queryable, userId: string, token: string): Promise<string | null> {
  const { rows } = await q.query<{ family_id: string }>('SELECT family_id FROM refresh_tokens WHERE token_hash = $1 AND user_id = $2', [
    sha256(token),
    userId,
  ]);
  return rows[0]?.family_id ?? null;
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

/**
 * Password accepted, second factor pending: the session starts now (a logout ends it) but holds no refresh
 * token and no verification token yet.
 */
export async function preAuthResponse(q: Queryable, tokens: TokenService, user: UserRow, now: Date): Promise<AuthResponse> {
  const sessionId = await startSession(q, user.id, now);
  const access = await tokens.sign(user.id, 'PreAuthorization', now, sessionId);
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
 * `refresh`: an already rotated token (RefreshToken grant). Otherwise `sessionId` (the session of the login's
 * PreAuthorization token, or the caller's own) gets a new refresh token — its earlier live ones are rotated
 * into it, one branch only — or, without it, a new session starts.
 */
export async function fullAuthResponse(
  q: Queryable,
  tokens: TokenService,
  user: UserRow,
  now: Date,
  opts: { verified: boolean; refresh?: IssuedRefresh; sessionId?: string },
): Promise<AuthResponse> {
  const refresh = opts.refresh ?? (await sessionRefresh(q, user.id, now, opts.sessionId));
  const access = await tokens.sign(user.id, 'Authorization', now, refresh.sessionId);
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

async function sessionRefresh(q: Queryable, userId: string, now: Date, sessionId?: string): Promise<IssuedRefresh> {
  if (!sessionId) return issueRefreshToken(q, userId, now, await startSession(q, userId, now));
  const next = await issueRefreshToken(q, userId, now, sessionId);
  await q.query(
    'UPDATE refresh_tokens SET revoked_at = $3, replaced_by = $2 WHERE family_id = $1 AND revoked_at IS NULL AND id <> $2',
    [sessionId, next.id, now],
  );
  return next;
}

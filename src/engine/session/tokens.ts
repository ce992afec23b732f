import type { SessionState } from './types.ts';

/** Reads a JWT's payload without verifying it (the server verifies; the client only needs exp and projectId). */
export function decodeJwtPayload(token: string | null | undefined): Record<string, unknown> | null {
  const part = token?.split('.')[1];
  if (!part) return null;
  try {
    const b64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** `exp` (seconds) as an ISO date, or null. @example jwtExpireAt(token) // '2026-11-23T12:00:00.000Z' */
export function jwtExpireAt(token: string | null | undefined): string | null {
  const exp = decodeJwtPayload(token)?.exp;
  return typeof exp === 'number' ? new Date(exp * 1000).toISOString() : null;
}

const inFuture = (iso: string | null, now: number) => !!iso && Date.parse(iso) > now;

/** Valid only if the token's project id matches the configured one and it has not expired (spec §4). */
export function isAccessTokenValid(s: Pick<SessionState, 'accessToken' | 'accessTokenExpireAt'>, projectId: string, now = Date.now()): boolean {
  if (!s.accessToken) return false;
  return decodeJwtPayload(s.accessToken)?.projectId === projectId && inFuture(s.accessTokenExpireAt, now);
}

/** A verification token is valid if present and unexpired (spec §4). */
export function isVerificationTokenValid(s: Pick<SessionState, 'verificationToken' | 'verificationTokenExpireAt'>, now = Date.now()): boolean {
  return !!s.verificationToken && inFuture(s.verificationTokenExpireAt, now);
}

/**
 * An expired access token of this project can still be exchanged while the refresh token lives (the identity
 * API accepts an expired, validly signed Bearer for the RefreshToken grant); the guard then refreshes
 * instead of logging the user out after 15 idle minutes.
 */
export function canRefreshSession(s: SessionState, projectId: string, now = Date.now()): boolean {
  return (
    s.tokenType === 'Authorization' &&
    !!s.refreshToken &&
    !!s.loggedUser?.email &&
    decodeJwtPayload(s.accessToken)?.projectId === projectId &&
    inFuture(s.refreshTokenExpireAt, now)
  );
}

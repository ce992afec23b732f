import { randomBytes, randomUUID } from 'node:crypto';
import { open, readFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { SignJWT, jwtVerify, compactVerify } from 'jose';
import type { ServerConfig } from '../config.ts';
import { deriveKey } from './secret-box.ts';

export type SignedTokenType = 'Authorization' | 'PreAuthorization' | 'Verification';

/** Lifetimes in seconds (docs/api-identity.md). */
export const TOKEN_TTL: Record<SignedTokenType, number> = { Authorization: 15 * 60, PreAuthorization: 10 * 60, Verification: 10 * 60 };

export interface TokenClaims {
  sub: string;
  typ: SignedTokenType;
  projectId: string;
  jti: string;
  /** The session (sessions.id) an Authorization or PreAuthorization token belongs to; absent on Verification tokens. */
  sid?: string;
  iat: number;
  exp: number;
}

/**
 * The server secret: `config.jwtSecret` (JWT_SECRET), else JWT_SECRET_FILE, else `DATA_DIR/jwt.key`,
 * created once with mode 0600 so tokens survive restarts. Every other key is derived from it.
 */
export async function loadServerSecret(config: Pick<ServerConfig, 'jwtSecret' | 'jwtSecretFile' | 'dataDir'>): Promise<string> {
  let secret = config.jwtSecret;
  if (!secret && config.jwtSecretFile) secret = (await readFile(config.jwtSecretFile, 'utf8')).trim();
  if (!secret) secret = await readOrCreateKeyFile(path.join(config.dataDir, 'jwt.key'));
  if (secret.length < 32) throw new Error('O segredo dos tokens (JWT_SECRET) deve ter pelo menos 32 caracteres.');
  return secret;
}

async function readOrCreateKeyFile(file: string): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true });
  try {
    // 'wx' fails when the file exists, so two processes starting together never overwrite each other's key.
    const handle = await open(file, 'wx', 0o600);
    const secret = randomBytes(48).toString('base64url');
    await handle.writeFile(secret);
    await handle.close();
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return (await readFile(file, 'utf8')).trim();
  }
}

function isClaims(p: Record<string, unknown>): p is TokenClaims & Record<string, unknown> {
  return typeof p.sub === 'string' && typeof p.projectId === 'string' && typeof p.exp === 'number'
    && (p.sid === undefined || typeof p.sid === 'string')
    && (p.typ === 'Authorization' || p.typ === 'PreAuthorization' || p.typ === 'Verification');
}

export interface TokenService {
  /** `sid`: the session the token belongs to (required by `app.authenticate` on Authorization/PreAuthorization tokens). */
  sign(userId: string, typ: SignedTokenType, now?: Date, sid?: string): Promise<{ token: string; expiresAt: Date }>;
  /** Claims of a valid token of this project, or null. `allowExpired` only for the RefreshToken grant. */
  verify(token: string, opts?: { allowExpired?: boolean; now?: Date }): Promise<TokenClaims | null>;
}

const VERIFIED_MAX = 10_000;

/** HS256 tokens bound to the app's `projectId`: a token of another project is rejected like a forged one. */
export function createTokenService(secret: string, projectId: string): TokenService {
  // Imported once as a WebCrypto key: handed the raw bytes, jose imports them again on every sign and verify (a
  // tenth of an authenticated request's CPU under load).
  const key = crypto.subtle.importKey('raw', new Uint8Array(deriveKey(secret, 'jwt-hs256')), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  // Tokens whose signature and project were already checked, with their claims: a token's signature never changes,
  // so each request after the first only checks the expiry here (and the session, in lib/identity/auth-state.ts).
  // HMAC verification through WebCrypto was the largest single cost of an authenticated request. Bounded: when
  // full, the oldest half goes. Expired or revoked tokens are refused as before: expiry here, revocation per request.
  const verified = new Map<string, TokenClaims>();
  const remember = (token: string, claims: TokenClaims) => {
    if (verified.size >= VERIFIED_MAX) for (const k of [...verified.keys()].slice(0, VERIFIED_MAX / 2)) verified.delete(k);
    verified.set(token, claims);
  };
  return {
    async sign(userId, typ, now = new Date(), sid) {
      const iat = Math.floor(now.getTime() / 1000);
      const exp = iat + TOKEN_TTL[typ];
      const token = await new SignJWT(sid ? { projectId, typ, sid } : { projectId, typ })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setJti(randomUUID())
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(await key);
      return { token, expiresAt: new Date(exp * 1000) };
    },
    async verify(token, { allowExpired = false, now } = {}) {
      const known = allowExpired ? undefined : verified.get(token);
      if (known) return known.exp > Math.floor((now ?? new Date()).getTime() / 1000) ? known : null;
      try {
        const payload = allowExpired
          ? (JSON.parse(new TextDecoder().decode((await compactVerify(token, await key, { algorithms: ['HS256'] })).payload)) as Record<string, unknown>)
          : (await jwtVerify(token, await key, { algorithms: ['HS256'], currentDate: now })).payload;
        if (!isClaims(payload) || payload.projectId !== projectId) return null;
        if (!allowExpired) remember(token, payload);
        return payload;
      } catch {
        return null;
      }
    },
  };
}

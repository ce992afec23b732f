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

/** HS256 tokens bound to the app's `projectId`: a token of another project is rejected like a forged one. */
export function createTokenService(secret: string, projectId: string): TokenService {
  const key = deriveKey(secret, 'jwt-hs256');
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
        .sign(key);
      return { token, expiresAt: new Date(exp * 1000) };
    },
    async verify(token, { allowExpired = false, now } = {}) {
      try {
        const payload = allowExpired
          ? (JSON.parse(new TextDecoder().decode((await compactVerify(token, key, { algorithms: ['HS256'] })).payload)) as Record<string, unknown>)
          : (await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now })).payload;
        if (!isClaims(payload) || payload.projectId !== projectId) return null;
        return payload;
      } catch {
        return null;
      }
    },
  };
}

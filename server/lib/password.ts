import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** OWASP parameters (docs/api-identity.md): N from config (2^17 in production), r=8, p=1, 16-byte salt, 32-byte key. */
const R = 8;
const P = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 32;

function derive(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; node's default cap (32 MiB) is below N=2^17.
  const maxmem = 256 * (opts.N ?? 1) * (opts.r ?? R) + 1024 * 1024;
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, { ...opts, maxmem }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/**
 * The hash string carries its own parameters, so N can be raised later without breaking old hashes.
 * @example await hashPassword('uma senha longa', 2 ** 14) // 'scrypt$16384$8$1$<salt>$<key>'
 */
export async function hashPassword(password: string, N: number): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Constant-time check; a malformed hash is simply "no match". */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, saltText, keyText] = stored.split('$');
  const N = Number(n);
  if (alg !== 'scrypt' || !saltText || !keyText || !Number.isInteger(N) || N < 2) return false;
  const expected = Buffer.from(keyText, 'base64url');
  const actual = await derive(password, Buffer.from(saltText, 'base64url'), { N, r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** True when the hash was made with a lower cost than `N` (rehash it after a successful login). */
export function needsRehash(stored: string, N: number): boolean {
  return !(Number(stored.split('$')[1]) >= N);
}

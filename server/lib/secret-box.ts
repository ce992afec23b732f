import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/** A 32-byte key for one purpose, derived from the server secret (HKDF-SHA256), so one secret serves all uses. */
export function deriveKey(secret: string, purpose: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', secret, 'backoffice', purpose, 32));
}

/**
 * AES-256-GCM for small secrets at rest (TOTP keys). Format `v1.<iv>.<tag>.<ciphertext>` (base64url).
 * @example const box = createSecretBox(secret); box.open(box.seal('JBSWY3DP')) // 'JBSWY3DP'
 */
export function createSecretBox(secret: string) {
  const key = deriveKey(secret, 'totp-secret-aes-256-gcm');
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
    },
    /** Throws when the value was sealed with another secret or tampered with. */
    open(sealed: string): string {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('segredo cifrado em formato desconhecido');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;

/** Keyed hash for short one-time codes: a leaked table cannot be brute-forced offline without the secret. */
export function createCodeHasher(secret: string): (code: string) => string {
  const key = deriveKey(secret, 'one-time-codes');
  return (code) => createHmac('sha256', key).update(code).digest('base64url');
}

import { createHmac, randomBytes } from 'node:crypto';

/** RFC 4226 (HOTP) and RFC 6238 (TOTP) on node:crypto, plus RFC 4648 base32 for authenticator apps. */
export type HashAlgorithm = 'sha1' | 'sha256' | 'sha512';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(data: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of data) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** Accepts lower case, spaces and '=' padding (as users copy keys); throws on any other character. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of clean) {
    const idx = ALPHABET.indexOf(ch);
    if (idx < 0) throw new Error('base32 inválido');
    value = ((value << 5) | idx) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** @example hotp(Buffer.from('12345678901234567890'), 0) // '755224' (RFC 4226 appendix D) */
export function hotp(key: Uint8Array, counter: number, digits = 6, algorithm: HashAlgorithm = 'sha1'): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(msg).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(binary).padStart(digits, '0');
}

export interface TotpOptions {
  stepSeconds?: number;
  digits?: number;
  algorithm?: HashAlgorithm;
}

export const totpStep = (timeMs: number, stepSeconds = 30) => Math.floor(timeMs / 1000 / stepSeconds);

export function totp(key: Uint8Array, timeMs: number, { stepSeconds = 30, digits = 6, algorithm = 'sha1' }: TotpOptions = {}): string {
  return hotp(key, totpStep(timeMs, stepSeconds), digits, algorithm);
}

/**
 * The time step the code matches within ±`window` steps, or null. Steps ≤ `lastStep` are refused so a
 * code is accepted once (RFC 6238 §5.2).
 */
export function matchTotp(key: Uint8Array, code: string, timeMs: number, window = 1, lastStep: number | null = null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const now = totpStep(timeMs);
  let found: number | null = null;
  // Check every candidate (no early exit) so timing does not reveal which step matched.
  for (let step = now - window; step <= now + window; step++) {
    if (hotp(key, step) === code && (lastStep === null || step > lastStep)) found ??= step;
  }
  return found;
}

/** A new 160-bit key (RFC 4226 §4 recommends 160 bits), base32 for the authenticator app. */
export const generateTotpKey = () => base32Encode(randomBytes(20));

/** `otpauth://` URI understood by Google Authenticator, Authy, 1Password… */
export function otpauthUrl(issuer: string, account: string, key: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const params = new URLSearchParams({ secret: key, issuer, algorithm: 'SHA1', digits: '6', period: '30' });
  return `otpauth://totp/${label}?${params.toString()}`;
}

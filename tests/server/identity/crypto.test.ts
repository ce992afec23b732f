import { describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { base32Decode, base32Encode, hotp, matchTotp, otpauthUrl, totp, type HashAlgorithm } from '../../../server/lib/totp.ts';
import { hashPassword, needsRehash, verifyPassword } from '../../../server/lib/password.ts';
import { isCommonPassword, passwordProblems } from '../../../server/lib/password-policy.ts';
import { createCodeHasher, createSecretBox } from '../../../server/lib/secret-box.ts';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createTokenService, loadServerSecret } from '../../../server/lib/jwt.ts';

describe('HOTP (RFC 4226 appendix D)', () => {
  const key = Buffer.from('12345678901234567890');
  const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
  it.each(expected.map((code, counter) => [counter, code]))('counter %i → %s', (counter, code) => {
    expect(hotp(key, counter)).toBe(code);
  });
});

describe('TOTP (RFC 6238 appendix B, 8 digits)', () => {
  const seeds: Record<HashAlgorithm, Buffer> = {
    sha1: Buffer.from('12345678901234567890'),
    sha256: Buffer.from('12345678901234567890123456789012'),
    sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234'),
  };
  const vectors: [number, string, HashAlgorithm][] = [
    [59, '94287082', 'sha1'], [59, '46119246', 'sha256'], [59, '90693936', 'sha512'],
    [1111111109, '07081804', 'sha1'], [1111111109, '68084774', 'sha256'], [1111111109, '25091201', 'sha512'],
    [1111111111, '14050471', 'sha1'], [1111111111, '67062674', 'sha256'], [1111111111, '99943326', 'sha512'],
    [1234567890, '89005924', 'sha1'], [1234567890, '91819424', 'sha256'], [1234567890, '93441116', 'sha512'],
    [2000000000, '69279037', 'sha1'], [2000000000, '90698825', 'sha256'], [2000000000, '38618901', 'sha512'],
    [20000000000, '65353130', 'sha1'], [20000000000, '77737706', 'sha256'], [20000000000, '47863826', 'sha512'],
  ];
  it.each(vectors)('T=%i → %s (%s)', (seconds, code, algorithm) => {
    expect(totp(seeds[algorithm], seconds * 1000, { digits: 8, algorithm })).toBe(code);
  });

  it('accepts ±1 step, refuses older steps and replays', () => {
    const key = seeds.sha1;
    const t = 1_700_000_000_000;
    const step = Math.floor(t / 30_000);
    expect(matchTotp(key, totp(key, t), t)).toBe(step);
    expect(matchTotp(key, totp(key, t - 30_000), t)).toBe(step - 1);
    expect(matchTotp(key, totp(key, t + 30_000), t)).toBe(step + 1);
    expect(matchTotp(key, totp(key, t - 60_000), t)).toBeNull();
    expect(matchTotp(key, totp(key, t), t, 1, step)).toBeNull();
    expect(matchTotp(key, 'abcdef', t)).toBeNull();
  });
});

describe('base32 (RFC 4648 §10)', () => {
  it.each([
    ['f', 'MY'], ['fo', 'MZXQ'], ['foo', 'MZXW6'], ['foob', 'MZXW6YQ'], ['fooba', 'MZXW6YTB'], ['foobar', 'MZXW6YTBOI'],
  ])('%s ↔ %s', (plain, encoded) => {
    expect(base32Encode(Buffer.from(plain))).toBe(encoded);
    expect(base32Decode(encoded).toString()).toBe(plain);
  });
  it('decodes lower case with spaces and padding, rejects other characters', () => {
    expect(base32Decode('mzxw 6ytb oi======').toString()).toBe('foobar');
    expect(() => base32Decode('MZXW1')).toThrow('base32 inválido');
  });
  it('builds an otpauth URL with issuer and SHA1/6/30', () => {
    const url = new URL(otpauthUrl('Back Office', 'a@b.com', 'ABC'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe('ABC');
    expect(url.searchParams.get('algorithm')).toBe('SHA1');
    expect(decodeURIComponent(url.pathname)).toContain('Back Office:a@b.com');
  });
});

describe('password hashing (scrypt)', () => {
  it('stores its parameters and verifies only the right password', async () => {
    const hash = await hashPassword('correct horse battery', 2 ** 14);
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
    expect(await verifyPassword('x', 'lixo')).toBe(false);
    expect(needsRehash(hash, 2 ** 14)).toBe(false);
    expect(needsRehash(hash, 2 ** 17)).toBe(true);
  });
  it('salts every hash', async () => {
    expect(await hashPassword('mesma senha', 2 ** 10)).not.toBe(await hashPassword('mesma senha', 2 ** 10));
  });
  it('checks length 8–128 and the common list, without composition rules', () => {
    expect(passwordProblems('curta12')).toEqual(['A senha deve ter pelo menos 8 caracteres (espaços repetidos ou nas pontas não contam).']);
    expect(passwordProblems('a'.repeat(129))).toEqual(['A senha deve ter no máximo 128 caracteres.']);
    expect(passwordProblems('Senha123')).toEqual(['Esta senha é muito comum ou já apareceu em vazamentos. Escolha outra.']);
    expect(passwordProblems('qwertyuiop')).toEqual(['Esta senha é muito comum ou já apareceu em vazamentos. Escolha outra.']);
    expect(passwordProblems('tucano azul de bicicleta')).toEqual([]);
    expect(passwordProblems('🦜🐢🦊🐙🦉🐝🦀🐌')).toEqual([]);
    expect(isCommonPassword('FLAMENGO123')).toBe(true);
  });
});

describe('secret box and code hasher', () => {
  const secret = 'x'.repeat(40);
  it('round-trips, uses a new IV each time and detects tampering or another secret', () => {
    const box = createSecretBox(secret);
    const a = box.seal('JBSWY3DPEHPK3PXP');
    expect(a).not.toContain('JBSWY3DP');
    expect(box.seal('JBSWY3DPEHPK3PXP')).not.toBe(a);
    expect(box.open(a)).toBe('JBSWY3DPEHPK3PXP');
    const parts = a.split('.');
    parts[3] = Buffer.from('outra coisa').toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow(/authenticate/);
    expect(() => createSecretBox('y'.repeat(40)).open(a)).toThrow(/authenticate/);
  });
  it('hashes codes with a key', () => {
    expect(createCodeHasher(secret)('123456')).toBe(createCodeHasher(secret)('123456'));
    expect(createCodeHasher(secret)('123456')).not.toBe(createCodeHasher('z'.repeat(40))('123456'));
  });
});

describe('token service', () => {
  const secret = 's'.repeat(40);
  const tokens = createTokenService(secret, 'demo');
  it('signs HS256 with sub, typ, projectId, jti and the documented lifetimes', async () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const { token, expiresAt } = await tokens.sign('u1', 'PreAuthorization', now);
    expect(expiresAt.toISOString()).toBe('2026-11-23T12:10:00.000Z');
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ sub: 'u1', typ: 'PreAuthorization', projectId: 'demo' });
    expect(claims.jti).toBeTypeOf('string');
    expect((await tokens.sign('u1', 'Authorization', now)).expiresAt.toISOString()).toBe('2026-11-23T12:15:00.000Z');
  });
  it('rejects expired tokens unless asked, other projects and other secrets', async () => {
    const old = await tokens.sign('u1', 'Authorization', new Date(Date.now() - 3600_000));
    expect(await tokens.verify(old.token)).toBeNull();
    expect(await tokens.verify(old.token, { allowExpired: true })).toMatchObject({ sub: 'u1' });
    const other = await createTokenService(secret, 'outro').sign('u1', 'Authorization');
    expect(await tokens.verify(other.token)).toBeNull();
    expect(await tokens.verify(other.token, { allowExpired: true })).toBeNull();
    const forged = await createTokenService('f'.repeat(40), 'demo').sign('u1', 'Authorization');
    expect(await tokens.verify(forged.token, { allowExpired: true })).toBeNull();
    expect(await tokens.verify('não é um token')).toBeNull();
  });
  it('remembers a verified token but still refuses it once expired, and never remembers a forged one', async () => {
    const issued = new Date(Date.now() - 14 * 60_000); // 15-minute lifetime: one minute left
    const { token, expiresAt } = await tokens.sign('u2', 'Authorization', issued, 'sess-1');
    expect(await tokens.verify(token)).toMatchObject({ sub: 'u2', sid: 'sess-1' });
    expect(await tokens.verify(token)).toMatchObject({ sub: 'u2' }); // from memory
    expect(await tokens.verify(token, { now: new Date(expiresAt.getTime() + 1000) })).toBeNull();
    const forged = await createTokenService('f'.repeat(40), 'demo').sign('u2', 'Authorization');
    expect(await tokens.verify(forged.token)).toBeNull();
    expect(await tokens.verify(forged.token)).toBeNull();
    // A tampered payload with the remembered token's signature is another string: verified again, refused.
    const [h, , sig] = token.split('.');
    const payload = Buffer.from(JSON.stringify({ sub: 'admin', typ: 'Authorization', projectId: 'demo', exp: 9_999_999_999 })).toString('base64url');
    expect(await tokens.verify(`${h}.${payload}.${sig}`)).toBeNull();
  });
});

describe('server secret', () => {
  it('comes from JWT_SECRET, then JWT_SECRET_FILE, else DATA_DIR/jwt.key created once with mode 0600', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'bo-secret-'));
    try {
      const first = await loadServerSecret({ dataDir: dir });
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(await loadServerSecret({ dataDir: dir })).toBe(first);
      expect((await stat(path.join(dir, 'jwt.key'))).mode & 0o777).toBe(0o600);
      const file = path.join(dir, 'secret.txt');
      await writeFile(file, `${'k'.repeat(40)}\n`);
      expect(await loadServerSecret({ dataDir: dir, jwtSecretFile: file })).toBe('k'.repeat(40));
      expect(await loadServerSecret({ dataDir: dir, jwtSecretFile: file, jwtSecret: 'e'.repeat(32) })).toBe('e'.repeat(32));
      await expect(loadServerSecret({ dataDir: dir, jwtSecret: 'curto' })).rejects.toThrow(/32 caracteres/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MESSAGES as M } from '../../src/i18n/security.ts';
import { DEMO_USERS } from '../seed/demo-users.ts';

/**
 * The password policy of ASVS 5.0 V6.2 (docs/security.md "Senhas"), on every path that sets a password:
 * change, reset by e-mailed link and the first password of an invited user. No composition rules.
 * - Length as typed, 8 to 128 characters, counting code points; spaces are allowed, but leading, trailing and
 *   repeated spaces do not count toward the 8 ("        " is 0 long, "minha senha longa" is 17).
 * - Not among ~50,000 breached passwords (@zxcvbn-ts/language-common, the list of zxcvbn-ts, kept up to date
 *   on npm) nor our pt-BR list (`data/common-passwords.txt`), ignoring case and spaces.
 * - Not a single repeated character, a short block repeated, or a straight sequence (`aaaaaaaa`, `abcabcabc`,
 *   `12345678`, `hgfedcba`).
 * - Context words (ASVS V6.1.2, V6.2.11): the user's e-mail, its local part and pieces, the user's name and
 *   its words, and the product's words ("backoffice") may not make up the password: what is left after taking
 *   them out, with digits and symbols, must still hold 4 letters. The published demo passwords are refused.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Product words no password may be built on (documented in docs/security.md). */
export const PRODUCT_WORDS = ['backoffice', 'back office', 'senha', 'password'] as const;

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  if (common) return common;
  const own = readFileSync(fileURLToPath(new URL('./data/common-passwords.txt', import.meta.url)), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  common = new Set([...dictionary['passwords-common'], ...own].map((p) => p.toLowerCase()));
  return common;
}

/** Lower case, no accents, letters and digits only: how context words are compared. */
const fold = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** Spaces at the ends and runs of spaces do not count toward the length. */
export const effectiveLength = (password: string) => [...password.trim().replace(/\s+/gu, ' ')].length;

export function isCommonPassword(password: string): boolean {
  const list = commonPasswords();
  const lower = password.normalize('NFKC').trim().toLowerCase();
  return list.has(lower) || list.has(lower.replace(/\s+/gu, ''));
}

/** One character repeated, a block of up to 4 repeated, or 8+ characters in a straight run of code points. */
export function isTrivialPattern(password: string): boolean {
  const chars = [...password.toLowerCase().replace(/\s+/gu, '')];
  const s = chars.join('');
  if (/^(.{1,4})\1+$/su.test(s)) return true;
  if (chars.length < PASSWORD_MIN) return false;
  const codes = chars.map((c) => c.codePointAt(0)!);
  const step = codes[1] - codes[0];
  return Math.abs(step) === 1 && codes.every((c, i) => i === 0 || c - codes[i - 1] === step);
}

export interface PasswordContext {
  email?: string | null;
  name?: string | null;
}

/** The words of a user's e-mail and name that may not make up a password. */
export function contextWords({ email, name }: PasswordContext): string[] {
  const words = new Set<string>(PRODUCT_WORDS.map(fold));
  if (email) {
    const [local, domain = ''] = email.toLowerCase().split('@');
    for (const w of [email, local, ...local.split(/[._+-]+/), domain.split('.')[0]]) words.add(fold(w));
  }
  if (name) {
    words.add(fold(name));
    for (const w of name.split(/\s+/)) words.add(fold(w));
  }
  return [...words].filter((w) => w.length >= 3).sort((a, b) => b.length - a.length);
}

/**
 * True when the user's e-mail, name or the product's words, with digits and symbols, make up the password
 * (a password holding none of them is never refused here: that would be a composition rule).
 */
export function isContextual(password: string, context: PasswordContext): boolean {
  const folded = fold(password);
  let rest = folded;
  for (const w of contextWords(context)) rest = rest.split(w).join('');
  return rest !== folded && rest.replace(/\p{N}/gu, '').length < 4;
}

const DEMO_PASSWORDS = new Set(DEMO_USERS.map((u) => u.password.toLowerCase()));

/**
 * The pt-BR problems of a new password (empty when it is fine); the first rule broken is reported.
 * @example passwordProblems('Carla2026!', { name: 'Carla Compras', email: 'compras@demo.com.br' }) // [PASSWORD_MESSAGES.personal]
 */
export function passwordProblems(password: string, context: PasswordContext = {}): string[] {
  if ([...password].length > PASSWORD_MAX) return [M.tooLong(PASSWORD_MAX)];
  if (effectiveLength(password) < PASSWORD_MIN) return [M.tooShort(PASSWORD_MIN)];
  if (DEMO_PASSWORDS.has(password.trim().toLowerCase())) return [M.product];
  if (isCommonPassword(password)) return [M.common];
  if (isTrivialPattern(password)) return [M.pattern];
  if (isContextual(password, context)) {
    const productOnly = isContextual(password, {});
    return [productOnly ? M.product : M.personal];
  }
  return [];
}

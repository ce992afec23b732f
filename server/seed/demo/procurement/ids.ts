import { cnpjCheckDigits } from '../../../../src/engine/formats/cnpj.ts';
import { cpfCheckDigits } from '../../../../src/engine/formats/cpf.ts';
import type { Random } from '../random.ts';

/** A random version-4 uuid drawn from the seeded generator (reproducible ids). */
export function uuid(rng: Random): string {
  const hex = Array.from({ length: 32 }, () => rng.int(0, 15).toString(16));
  hex[12] = '4';
  hex[16] = ((rng.int(0, 15) & 0x3) | 0x8).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

/** A numeric CNPJ (head office, ordem 0001) with its check digits; never one digit repeated. */
export function cnpj(rng: Random): string {
  const base = `${rng.int(1, 9)}${rng.digits(7)}0001`;
  return base + cnpjCheckDigits(base);
}

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** An alphanumeric CNPJ (issued from July 2026): letters in the root and the ordem, numeric check digits. */
export function alphanumericCnpj(rng: Random): string {
  const pick = () => ALNUM[rng.int(0, ALNUM.length - 1)];
  const root = Array.from({ length: 8 }, (_, i) => (i % 3 === 1 ? ALNUM[rng.int(10, 35)] : pick())).join('');
  const base = `${root}${String.fromCharCode(65 + rng.int(0, 25))}001`;
  return base + cnpjCheckDigits(base);
}

/** A CPF with its check digits (not all digits equal). */
export function cpf(rng: Random): string {
  let base = rng.digits(9);
  if (/^(\d)\1{8}$/.test(base)) base = `1${base.slice(1, 8)}2`;
  return base + cpfCheckDigits(base);
}

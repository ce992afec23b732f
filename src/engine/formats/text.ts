/** Small string helpers shared by the format definitions. */

export const onlyDigits = (value: string): string => value.replace(/\D+/g, '');

/**
 * Progressive input mask: `0` takes a digit, `A` takes a letter or digit, anything else is a literal
 * written only when more input follows (so typing "529" shows "529", not "529.").
 * @example applyPattern('52998224725', '000.000.000-00') // '529.982.247-25'
 */
export function applyPattern(chars: string, pattern: string): string {
  let out = '';
  let i = 0;
  for (const p of pattern) {
    if (i >= chars.length) break;
    if (p === '0' || p === 'A') out += chars[i++];
    else out += p;
  }
  return out;
}

/** Digit value of a character: ASCII − 48 ('0'..'9' → 0..9, 'A' → 17 … 'Z' → 42; CNPJ rule). */
export const charValue = (c: string): number => c.charCodeAt(0) - 48;

/** Σ value(c) × weight over the characters, weights aligned from the left. */
export function weightedSum(chars: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < chars.length; i++) sum += charValue(chars[i]) * weights[i];
  return sum;
}

/** `dv = r < 2 ? 0 : 11 − r` with `r = sum % 11` (CPF and CNPJ). */
export const mod11Dv = (sum: number): number => {
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
};

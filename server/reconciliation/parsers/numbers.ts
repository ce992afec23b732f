import { StatementParseError } from './types.ts';

/**
 * Amounts written by people's tools: `-10.00`, `-10,00`, `  -1.234,56`, `+00000010.5`, `1,234.56`. The last
 * `.` or `,` followed by 1–2 digits is the decimal separator when both appear; a lone `,` is decimal; a lone
 * `.` is decimal (the OFX rule). More than two decimals are accepted only when the extra digits are zeros.
 * Returns signed centavos, or null when the text is not an amount without doubt.
 */
export function parseDecimalAmount(raw: string): number | null {
  let s = raw.replace(/[\s\u00a0]/g, '').replace(/^R\$/i, '');
  if (!s) return null;
  let sign = 1;
  if (s.startsWith('-') || s.startsWith('+')) {
    if (s[0] === '-') sign = -1;
    s = s.slice(1);
  } else if (s.endsWith('-')) {
    sign = -1;
    s = s.slice(0, -1);
  }
  if (s.startsWith('(') && s.endsWith(')')) {
    sign = -sign;
    s = s.slice(1, -1);
  }
  if (!/^[0-9.,]+$/.test(s) || !/[0-9]/.test(s)) return null;
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  let intPart: string;
  let frac: string;
  if (lastDot >= 0 && lastComma >= 0) {
    const dec = Math.max(lastDot, lastComma);
    const thousands = dec === lastDot ? ',' : '.';
    intPart = s.slice(0, dec);
    frac = s.slice(dec + 1);
    if (intPart.includes(s[dec])) return null;
    if (!/^\d{1,3}(\d{3})*$/.test(intPart.split(thousands).join('')) || !validGroups(intPart, thousands)) return null;
    intPart = intPart.split(thousands).join('');
  } else if (lastComma >= 0 || lastDot >= 0) {
    const sep = lastComma >= 0 ? ',' : '.';
    const parts = s.split(sep);
    if (parts.length > 2) {
      // `1.234.567` (thousands only) is a whole number; anything else is doubt.
      if (!validGroups(s, sep)) return null;
      intPart = parts.join('');
      frac = '';
    } else {
      [intPart, frac] = parts;
    }
  } else {
    intPart = s;
    frac = '';
  }
  if (!/^\d*$/.test(intPart) || !/^\d*$/.test(frac)) return null;
  if (frac.length > 2) {
    if (!/^0+$/.test(frac.slice(2))) return null;
    frac = frac.slice(0, 2);
  }
  const cents = Number(intPart || '0') * 100 + Number(frac.padEnd(2, '0') || '0');
  if (!Number.isSafeInteger(cents)) return null;
  return sign * cents || 0;
}

function validGroups(s: string, sep: string): boolean {
  const groups = s.split(sep);
  return groups[0].length >= 1 && groups[0].length <= 3 && groups.slice(1).every((g) => g.length === 3);
}

/** `AAAA-MM-DD` when y/m/d name a real day. */
export function isoDate(y: number, m: number, d: number): string | null {
  if (!(y >= 1900 && y <= 2200 && m >= 1 && m <= 12 && d >= 1)) return null;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > last) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Only the digits of a text (`123.456.789-09` → `12345678909`). */
export const digits = (s: string | null | undefined) => (s ?? '').replace(/\D/g, '');

/** The first CPF (11) or CNPJ (14 digits), formatted or not, in a free text such as a memo. */
export function findTaxId(text: string): string | null {
  const cnpj = /(?<!\d)(\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2})(?!\d)/.exec(text);
  if (cnpj) return digits(cnpj[1]);
  const cpf = /(?<!\d)(\d{3}\.?\d{3}\.?\d{3}-?\d{2})(?!\d)/.exec(text);
  return cpf ? digits(cpf[1]) : null;
}

export function fail(message: string, where: { line?: number; element?: string; field?: string } = {}): never {
  throw new StatementParseError(message, where);
}

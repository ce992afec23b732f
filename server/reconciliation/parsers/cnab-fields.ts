import { fail, isoDate } from './numbers.ts';

/**
 * Fixed-width records (CNAB 240 / 400). Positions are 1-based and inclusive, as the FEBRABAN and bank manuals
 * print them. A record whose trailing blanks were stripped is padded back; a longer one must only have blanks
 * past the layout's width. Every message names the line and the positions.
 */

export interface CnabRecord {
  line: number;
  text: string;
}

const EOF_MARK = String.fromCharCode(26);

export function splitRecords(text: string, width: 240 | 400): CnabRecord[] {
  const raw = text.split(/\r\n|\n|\r/);
  // Blank lines at the end, and the DOS end-of-file mark (Ctrl-Z) alone on the last one, are not records.
  while (raw.length && !raw[raw.length - 1].split(EOF_MARK).join('').trim()) raw.pop();
  const out: CnabRecord[] = [];
  raw.forEach((l, i) => {
    const line = i + 1;
    // A DOS end-of-file mark (Ctrl-Z) some bank systems still append.
    const cleaned = l.endsWith(EOF_MARK) ? l.slice(0, -1) : l;
    if (!cleaned.trim()) fail(`Linha ${line}: linha em branco no meio do arquivo CNAB ${width}.`, { line });
    if (cleaned.length > width) {
      if (cleaned.slice(width).trim()) fail(`Linha ${line}: tem ${cleaned.length} caracteres; o registro do CNAB ${width} tem ${width}.`, { line });
    }
    out.push({ line, text: cleaned.slice(0, width).padEnd(width, ' ') });
  });
  return out;
}

export const alpha = (r: CnabRecord, from: number, to: number) => r.text.slice(from - 1, to).trim();

export function num(r: CnabRecord, from: number, to: number, label: string, opts: { blankIsZero?: boolean } = {}): number {
  const s = r.text.slice(from - 1, to);
  if (opts.blankIsZero && !s.trim()) return 0;
  if (!/^\d+$/.test(s)) fail(`Linha ${r.line}, posições ${from}–${to} (${label}): "${s.trim()}" não é um número.`, { line: r.line });
  return Number(s);
}

/** A zero-padded amount with 2 implied decimals → centavos. */
export const money = (r: CnabRecord, from: number, to: number, label: string) => num(r, from, to, label, { blankIsZero: true });

/** DDMMAAAA (or DDMMAA when `to - from` is 5); zeros or blanks → null. */
export function dateField(r: CnabRecord, from: number, to: number, label: string): string | null {
  const s = r.text.slice(from - 1, to);
  if (!s.trim() || /^0+$/.test(s)) return null;
  if (!/^\d+$/.test(s)) fail(`Linha ${r.line}, posições ${from}–${to} (${label}): "${s.trim()}" não é uma data.`, { line: r.line });
  const d = Number(s.slice(0, 2));
  const m = Number(s.slice(2, 4));
  const y = s.length === 6 ? 2000 + Number(s.slice(4, 6)) : Number(s.slice(4, 8));
  const iso = isoDate(y, m, d);
  if (!iso) fail(`Linha ${r.line}, posições ${from}–${to} (${label}): "${s}" não é uma data válida.`, { line: r.line });
  return iso;
}

export const stripZeros = (s: string) => s.replace(/^0+(?=.)/, '');

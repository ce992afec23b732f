/**
 * The first lines of a CSV read in the browser, for the mapping form of the import (docs/reconciliation.md): the
 * delimiter, the column list (by header name, or by number without a header) and a first guess of the mapping.
 * Pure: the server reads the whole file with the same rules (server/reconciliation/parsers/csv.ts).
 */

import { splitCsvRows } from '../../engine/formats/csv-rows.ts';

export type CsvDelimiter = ';' | ',' | '\t' | '|';
export type CsvDateFormat = 'DD/MM/AAAA' | 'AAAA-MM-DD' | 'DD-MM-AAAA';
export type ColumnRef = string | number;

/** The mapping the import API takes as `csvMapping` (and keeps per bank account). */
export interface CsvMapping {
  delimiter?: CsvDelimiter;
  headerRows?: number;
  date: ColumnRef;
  memo: ColumnRef;
  amount?: ColumnRef;
  credit?: ColumnRef;
  debit?: ColumnRef;
  document?: ColumnRef;
  fitid?: ColumnRef;
  dateFormat?: CsvDateFormat;
}

export const DELIMITERS: readonly CsvDelimiter[] = [';', ',', '\t', '|'];

/** The rows of a CSV text (quotes, doubled quotes, delimiter and newline inside quotes), at most `max` rows. */
export const splitRows = (text: string, delimiter: string, max = Infinity): string[][] => splitCsvRows(text, delimiter, max).rows;

/**
 * The delimiter of the first lines: the candidate (`;`, `,`, tab, `|`, outside quotes) that splits the first line
 * into the most columns and the next lines into the same number; `;` when none splits anything (the Brazilian
 * default, where `,` is the decimal separator).
 */
export function detectDelimiter(text: string): CsvDelimiter {
  let best: CsvDelimiter = ';';
  let bestScore = 0;
  for (const d of DELIMITERS) {
    const rows = splitRows(text, d, 6).filter((r) => r.some((c) => c.trim()));
    if (!rows.length) continue;
    const width = rows[0].length;
    if (width < 2) continue;
    const consistent = rows.filter((r) => r.length === width).length;
    const score = width * 10 + consistent;
    if (score > bestScore) {
      best = d;
      bestScore = score;
    }
  }
  return best;
}

export interface ColumnOption {
  /** What goes in the mapping: the header name when it names one column only, else the 1-based number. */
  value: ColumnRef;
  label: string;
  number: number;
}

export interface CsvSample {
  columns: ColumnOption[];
  /** The header cells (empty without a header). */
  header: string[];
  /** Up to `rows` data lines after the header. */
  rows: string[][];
}

const norm = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').trim().toLowerCase();

/** The columns and the first data rows of a CSV read with this delimiter and this many lines before the data. */
export function sampleOf(text: string, delimiter: string, headerRows: number, rows = 3): CsvSample {
  const all = splitRows(text, delimiter, headerRows + 50);
  const header = headerRows > 0 ? (all[headerRows - 1] ?? []).map((h) => h.trim()) : [];
  const data = all.slice(headerRows).filter((r) => r.some((c) => c.trim()));
  const width = Math.max(header.length, ...data.slice(0, 50).map((r) => r.length), 0);
  const names = header.map(norm);
  const columns: ColumnOption[] = [];
  for (let i = 0; i < width; i++) {
    const name = header[i] ?? '';
    const unique = name !== '' && names.indexOf(names[i]) === i && names.lastIndexOf(names[i]) === i;
    const example = (data[0]?.[i] ?? '').trim();
    const label = name ? (unique ? name : `Coluna ${i + 1} (${name})`) : `Coluna ${i + 1}${example ? ` (ex.: ${example.slice(0, 30)})` : ''}`;
    columns.push({ value: unique ? name : i + 1, label, number: i + 1 });
  }
  return { columns, header, rows: data.slice(0, rows) };
}

/** `AAAA-MM-DD`, `DD-MM-AAAA` or the default `DD/MM/AAAA`, from a date cell. */
export function guessDateFormat(cell: string | undefined): CsvDateFormat {
  const s = (cell ?? '').trim();
  if (/^\d{4}-\d{2}-\d{2}/.test(s)) return 'AAAA-MM-DD';
  if (/^\d{2}-\d{2}-\d{4}/.test(s)) return 'DD-MM-AAAA';
  return 'DD/MM/AAAA';
}

const GUESSES: [keyof CsvMapping, RegExp][] = [
  ['date', /^data|^dt\b|^date/],
  ['credit', /credito|entrada/],
  ['debit', /debito|saida/],
  ['amount', /^valor|^vlr|^montante|^quantia|^amount/],
  ['document', /documento|^doc\b|^n(umero|o|º)?\.? ?doc/],
  ['fitid', /^id$|identificador|^fitid|autenticacao/],
  ['memo', /historico|descricao|lancamento|^memo|^detalhe/],
];

/**
 * A first mapping from the header names (Data, Histórico/Descrição, Valor or Crédito + Débito, Documento): each
 * column used once; without a header, nothing is guessed but the format. The person checks it before the preview.
 */
export function guessMapping(sample: CsvSample, delimiter: CsvDelimiter, headerRows: number): Partial<CsvMapping> {
  const out: Partial<CsvMapping> = { delimiter, headerRows };
  const used = new Set<number>();
  if (sample.header.length) {
    for (const [field, re] of GUESSES) {
      const col = sample.columns.find((c) => !used.has(c.number) && re.test(norm(c.label)));
      if (col) {
        (out as Record<string, ColumnRef>)[field] = col.value;
        used.add(col.number);
      }
    }
    // A signed amount column wins over a credit/debit pair only when the pair is incomplete.
    if (out.amount !== undefined && out.credit !== undefined && out.debit !== undefined) delete out.amount;
    if (out.amount !== undefined) {
      delete out.credit;
      delete out.debit;
    }
  }
  const dateCol = out.date === undefined ? undefined : sample.columns.find((c) => c.value === out.date);
  out.dateFormat = guessDateFormat(dateCol ? sample.rows[0]?.[dateCol.number - 1] : undefined);
  return out;
}

/**
 * The text of the first bytes of a file as the server would decode it: strict UTF-8 when valid (a character cut
 * at the end of the slice is forgiven), else windows-1252.
 */
export function decodeHead(bytes: Uint8Array): string {
  for (let cut = 0; cut <= 3 && cut < bytes.length; cut++) {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, bytes.length - cut)).replace(/^\uFEFF/, '');
    } catch {
      // a multi-byte character cut by the slice, or not UTF-8
    }
  }
  return new TextDecoder('windows-1252').decode(bytes);
}

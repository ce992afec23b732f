import { splitCsvRows } from '../../../src/engine/formats/csv-rows.ts';
import { fail, findTaxId, isoDate, parseDecimalAmount } from './numbers.ts';
import type { ParsedLine, ParsedStatement } from './types.ts';

/**
 * CSV statements with a column mapping the user saves per bank account. A column is named by its header text
 * (case and accents ignored) or by its 1-based number. Either one signed amount column, or a credit and a debit
 * column. Dates `DD/MM/AAAA` (default), `AAAA-MM-DD` or `DD-MM-AAAA`.
 */

export interface CsvMapping {
  delimiter?: ';' | ',' | '\t' | '|';
  /** Lines before the data (the header is the last of them; 0 = no header, columns by number). Default 1. */
  headerRows?: number;
  date: string | number;
  amount?: string | number;
  credit?: string | number;
  debit?: string | number;
  memo: string | number;
  document?: string | number;
  fitid?: string | number;
  dateFormat?: 'DD/MM/AAAA' | 'AAAA-MM-DD' | 'DD-MM-AAAA';
}

/** RFC 4180 rows (quotes, doubled quotes, newlines inside quotes); a text left inside quotes refuses the file. */
export function csvRows(text: string, delimiter: string): string[][] {
  const { rows, openQuoteLine } = splitCsvRows(text, delimiter);
  if (openQuoteLine !== null) fail('O CSV termina dentro de um texto entre aspas.', { line: openQuoteLine });
  return rows;
}

const norm = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').trim().toLowerCase();

function guessDelimiter(text: string): string {
  const first = text.split(/\r?\n/, 1)[0] ?? '';
  const counts = [';', '\t', ',', '|'].map((d) => [d, first.split(d).length - 1] as const);
  return counts.sort((a, b) => b[1] - a[1])[0][1] > 0 ? counts[0][0] : ';';
}

function csvDate(raw: string, format: CsvMapping['dateFormat'], line: number): string {
  const s = raw.trim();
  const m = format === 'AAAA-MM-DD' ? /^(\d{4})-(\d{2})-(\d{2})/.exec(s) : /^(\d{2})[/-](\d{2})[/-](\d{4})/.exec(s);
  const iso = m ? (format === 'AAAA-MM-DD' ? isoDate(+m[1], +m[2], +m[3]) : isoDate(+m[3], +m[2], +m[1])) : null;
  if (!iso) fail(`Linha ${line}: "${s.slice(0, 20)}" não é uma data (${format ?? 'DD/MM/AAAA'}).`, { line, field: 'dateFormat' });
  return iso;
}

export function parseCsv(text: string, charset: string, mapping: CsvMapping): ParsedStatement {
  const delimiter = mapping.delimiter ?? guessDelimiter(text);
  const rows = csvRows(text, delimiter);
  const headerRows = mapping.headerRows ?? 1;
  const header = headerRows > 0 ? (rows[headerRows - 1] ?? []).map(norm) : [];
  const width = Math.max(0, ...rows.slice(0, headerRows + 50).map((r) => r.length));
  const col = (field: keyof CsvMapping, label: string, required: boolean): number | null => {
    const ref = mapping[field] as string | number | undefined;
    if (ref === undefined || ref === '') {
      if (required) fail(`O mapeamento do CSV não diz a coluna de ${label}.`, { field });
      return null;
    }
    if (typeof ref === 'number') {
      if (ref > width) fail(`O CSV tem ${width} coluna(s) separadas por "${delimiter === '\t' ? 'tabulação' : delimiter}"; não há a coluna ${ref} (${label}).`, { field });
      return ref - 1;
    }
    const i = header.indexOf(norm(ref));
    if (i < 0) fail(`O CSV não tem a coluna "${ref}" (${label}) no cabeçalho da linha ${headerRows}.`, { line: headerRows, field });
    return i;
  };
  const cDate = col('date', 'data', true)!;
  const cMemo = col('memo', 'histórico', true)!;
  const cAmount = col('amount', 'valor', false);
  const cCredit = col('credit', 'crédito', false);
  const cDebit = col('debit', 'débito', false);
  if (cAmount === null && (cCredit === null || cDebit === null)) fail('O mapeamento do CSV precisa da coluna de valor, ou das colunas de crédito e de débito.', { field: cCredit === null && cDebit === null ? 'amount' : cCredit === null ? 'credit' : 'debit' });
  const cDoc = col('document', 'documento', false);
  const cFitid = col('fitid', 'identificador', false);
  const lines: ParsedLine[] = [];
  rows.slice(headerRows).forEach((row, i) => {
    const line = headerRows + i + 1;
    if (row.every((c) => !c.trim())) return;
    const cell = (c: number | null) => (c === null ? '' : (row[c] ?? '').trim());
    const amountText = (c: number | null, label: string, field: keyof CsvMapping): number => {
      const t = cell(c);
      if (!t) return 0;
      const v = parseDecimalAmount(t);
      if (v === null) fail(`Linha ${line}: "${t.slice(0, 20)}" não é um valor (${label}).`, { line, field });
      return v;
    };
    const amount = cAmount !== null ? amountText(cAmount, 'valor', 'amount') : Math.abs(amountText(cCredit, 'crédito', 'credit')) - Math.abs(amountText(cDebit, 'débito', 'debit'));
    const memo = cell(cMemo);
    if (!cell(cDate)) fail(`Linha ${line}: sem data.`, { line, field: 'date' });
    if (amount === 0) return;
    lines.push({
      seq: line,
      date: csvDate(cell(cDate), mapping.dateFormat, line),
      amount,
      memo,
      document: cell(cDoc) || null,
      fitid: cell(cFitid) || null,
      kind: null,
      counterpart: findTaxId(memo),
    });
  });
  const dates = lines.map((l) => l.date).sort();
  return { format: 'CSV', account: null, period: dates.length ? { from: dates[0], to: dates[dates.length - 1] } : null, balance: null, lines, settlements: [], warnings: [], charset };
}

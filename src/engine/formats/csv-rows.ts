/**
 * The rows of a CSV text, RFC 4180 style: quotes, doubled quotes, the delimiter and newlines inside quotes, CRLF or
 * LF. One reader for the server's import (server/reconciliation/parsers/csv.ts) and the browser's preview of the
 * first lines (src/plugins/reconciliation/csvSample.ts).
 * @returns the rows (at most `max`) and, when the text ends inside quotes before `max` rows, the 1-based line of the
 *   unclosed text (the caller decides: the import refuses the file, a preview of a file's head keeps what it read).
 */
export function splitCsvRows(text: string, delimiter: string, max = Infinity): { rows: string[][]; openQuoteLine: number | null } {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length && rows.length < max; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"' && !field) quoted = true;
    else if (c === delimiter) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  const openQuoteLine = quoted && rows.length < max ? rows.length + 1 : null;
  if (rows.length < max && (field || row.length)) {
    row.push(field);
    rows.push(row);
  }
  return { rows, openQuoteLine };
}

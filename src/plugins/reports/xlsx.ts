import type { ReportTable, TableCell } from './table.ts';
import { zipStored } from './zip.ts';

/**
 * The minimal Office Open XML workbook (one sheet) of a report table (D58): inline strings, numbers as numbers
 * with number formats that Excel shows in the reader's locale (pt-BR: `R$ 1.234,56`, `31/12/2026`, `12,5%`).
 * Rows: the title, the filters, a blank row, the header (frozen) and the lines; totals in bold.
 */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Number formats (custom ids start at 164). */
const FORMATS = ['General', '"R$" #,##0.00;[Red]-"R$" #,##0.00', 'dd/mm/yyyy', '0.0%', 'mm/yyyy'] as const;
type Fmt = 0 | 1 | 2 | 3 | 4;
/** Cell style index: format × bold (0–9), then the title (10). */
const style = (fmt: Fmt, bold: boolean) => fmt + (bold ? FORMATS.length : 0);
const TITLE_STYLE = FORMATS.length * 2;

const esc = (s: string) =>
  s
    // eslint-disable-next-line no-control-regex -- XML 1.0 forbids these control characters.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

const colName = (i: number): string => (i < 26 ? String.fromCharCode(65 + i) : colName(Math.floor(i / 26) - 1) + String.fromCharCode(65 + (i % 26)));

/** Days since 1899-12-30 (Excel's date serial). */
const serial = (y: number, m: number, d: number) => (Date.UTC(y, m - 1, d) - Date.UTC(1899, 11, 30)) / 86_400_000;

function cellXml(ref: string, c: TableCell, bold: boolean): string {
  if (c == null || c === '') return '';
  if (typeof c === 'string') return `<c r="${ref}" t="inlineStr"${bold ? ` s="${style(0, true)}"` : ''}><is><t xml:space="preserve">${esc(c)}</t></is></c>`;
  let fmt: Fmt;
  let v: number;
  switch (c.t) {
    case 'money':
      fmt = 1;
      v = c.v / 100;
      break;
    case 'pct':
      if (c.v == null) return '';
      fmt = 3;
      v = c.v / 100;
      break;
    case 'date':
      fmt = 2;
      v = serial(Number(c.v.slice(0, 4)), Number(c.v.slice(5, 7)), Number(c.v.slice(8, 10)));
      break;
    case 'month':
      fmt = 4;
      v = serial(Number(c.v.slice(0, 4)), Number(c.v.slice(5, 7)), 1);
      break;
  }
  return Number.isFinite(v) ? `<c r="${ref}" s="${style(fmt, bold)}"><v>${v}</v></c>` : '';
}

function sheetXml(t: ReportTable): string {
  const rows: string[] = [];
  let r = 0;
  const row = (cells: string) => rows.push(`<row r="${++r}">${cells}</row>`);
  row(`<c r="A1" t="inlineStr" s="${TITLE_STYLE}"><is><t xml:space="preserve">${esc(t.title)}</t></is></c>`);
  for (const [label, value] of t.filters) row(`${cellXml(`A${r + 1}`, label, true)}${cellXml(`B${r + 1}`, value, false)}`);
  r++; // blank row between the heading and the table
  const headerRow = r + 1;
  row(t.columns.map((c, i) => cellXml(`${colName(i)}${r + 1}`, c.label, true)).join(''));
  for (const line of t.rows) row(line.cells.map((c, i) => cellXml(`${colName(i)}${r + 1}`, c, !!line.strong)).join(''));
  const cols = t.columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? Math.max(12, c.label.length + 4)}" customWidth="1"/>`).join('');
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    `<sheetViews><sheetView workbookViewId="0"><pane ySplit="${headerRow}" topLeftCell="A${headerRow + 1}" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>` +
    `<cols>${cols}</cols><sheetData>${rows.join('')}</sheetData></worksheet>`
  );
}

function stylesXml(): string {
  const numFmts = FORMATS.slice(1).map((code, i) => `<numFmt numFmtId="${164 + i}" formatCode="${esc(code)}"/>`).join('');
  const xf = (fmt: number, font: number) => `<xf numFmtId="${fmt === 0 ? 0 : 163 + fmt}" fontId="${font}" fillId="0" borderId="0" xfId="0"${fmt ? ' applyNumberFormat="1"' : ''}${font ? ' applyFont="1"' : ''}/>`;
  const xfs = [...FORMATS.map((_, i) => xf(i, 0)), ...FORMATS.map((_, i) => xf(i, 1)), xf(0, 2)];
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    `<numFmts count="${FORMATS.length - 1}">${numFmts}</numFmts>` +
    '<fonts count="3"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="14"/><name val="Calibri"/></font></fonts>' +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${xfs.length}">${xfs.join('')}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
    '</styleSheet>'
  );
}

/** A sheet name: at most 31 characters, none of `[]:*?/\`. */
const sheetName = (title: string) => title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31).trim() || 'Relatório';

export function xlsxBytes(t: ReportTable, when = new Date()): Uint8Array {
  const enc = new TextEncoder();
  const head = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
  const parts: [string, string][] = [
    ['[Content_Types].xml', `${head}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`],
    ['_rels/.rels', `${head}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`],
    ['xl/workbook.xml', `${head}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${esc(sheetName(t.title))}" sheetId="1" r:id="rId1"/></sheets></workbook>`],
    ['xl/_rels/workbook.xml.rels', `${head}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`],
    ['xl/styles.xml', stylesXml()],
    ['xl/worksheets/sheet1.xml', sheetXml(t)],
  ];
  return zipStored(parts.map(([name, xml]) => ({ name, data: enc.encode(xml) })), when);
}

import { saveBlob } from '../../renderers/antd/list/save-blob.ts';
import { csvText, type CsvCell } from './csv.ts';

/**
 * What a report exports, once for CSV and XLSX: a title, the filters that produced it (the heading of the
 * file), the column headers and typed cells — money in centavos, percentages as shown (12.5 = 12,5%), dates
 * as AAAA-MM-DD and months as AAAA-MM — so each format writes numbers as numbers and dates as dates.
 */
export type TableCell =
  | null
  | undefined
  | string
  | { t: 'money'; v: number }
  | { t: 'pct'; v: number | null | undefined }
  | { t: 'date'; v: string }
  | { t: 'month'; v: string };

export interface ReportTable {
  title: string;
  /** `[label, value]`: period, organization, cost center… as the page shows them. */
  filters: [string, string][];
  columns: { label: string; width?: number }[];
  rows: { cells: TableCell[]; strong?: boolean }[];
}

export const money = (centavos: number | null | undefined): TableCell => (centavos == null ? null : { t: 'money', v: centavos });
export const pct = (v: number | null | undefined): TableCell => (v == null ? null : { t: 'pct', v });

const csvCell = (c: TableCell): CsvCell => {
  if (c == null || typeof c === 'string') return c;
  switch (c.t) {
    case 'money':
      return c.v / 100;
    case 'pct':
      return c.v ?? null;
    case 'date':
      return `${c.v.slice(8, 10)}/${c.v.slice(5, 7)}/${c.v.slice(0, 4)}`;
    case 'month':
      return `${c.v.slice(5, 7)}/${c.v.slice(0, 4)}`;
  }
};

export const tableCsv = (t: ReportTable) => csvText(t.columns.map((c) => c.label), t.rows.map((r) => r.cells.map(csvCell)));

export function downloadTable(format: 'csv' | 'xlsx', name: string, t: ReportTable): Promise<void> {
  if (format === 'csv') {
    saveBlob(new Blob([tableCsv(t)], { type: 'text/csv;charset=utf-8' }), `${name}.csv`);
    return Promise.resolve();
  }
  // The XLSX writer is its own chunk: only a click on "Exportar XLSX" loads it.
  return import('./xlsx.ts').then(({ xlsxBytes, XLSX_TYPE }) => saveBlob(new Blob([xlsxBytes(t) as BlobPart], { type: XLSX_TYPE }), `${name}.xlsx`));
}

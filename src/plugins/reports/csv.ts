/**
 * CSV for Excel in pt-BR, built from what the page shows: BOM, `;` separators, CRLF, amounts with a decimal
 * comma (numbers, not text) and dates as DD/MM/AAAA.
 */
export type CsvCell = string | number | null | undefined;

const field = (v: CsvCell) => {
  if (v == null) return '';
  const s = typeof v === 'number' ? v.toFixed(2).replace('.', ',') : v;
  return /[";\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** Centavos → the number Excel-BR reads. */
export const csvMoney = (centavos: number | null | undefined) => (centavos == null ? null : centavos / 100);

export function csvText(header: string[], rows: CsvCell[][]): string {
  return `\uFEFF${[header, ...rows].map((r) => r.map(field).join(';')).join('\r\n')}\r\n`;
}


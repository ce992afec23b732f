import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { money, pct, tableCsv, type ReportTable } from './table.ts';
import { xlsxBytes } from './xlsx.ts';
import { crc32 } from './zip.ts';

const table: ReportTable = {
  title: 'DRE — Demonstração do Resultado',
  filters: [['Período', '01/2026 a 03/2026'], ['Organização', 'Todas as organizações (consolidado)']],
  columns: [{ label: 'Código' }, { label: 'Linha' }, { label: 'Valor (R$)' }, { label: 'AV %' }, { label: 'Data' }, { label: 'Mês' }],
  rows: [
    { cells: ['3.1', 'Receita bruta & <serviços>', money(123456789), pct(100), { t: 'date', v: '2026-03-31' }, { t: 'month', v: '2026-02' }] },
    { cells: ['', 'Lucro líquido', money(-5), pct(-12.5), null, null], strong: true },
  ],
};

async function open(bytes: Uint8Array) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  return book;
}

describe('reports XLSX', () => {
  it('crc32 matches the standard check value', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });

  it('writes a workbook Excel opens: heading with the filters, bold header, numbers as numbers with pt-BR formats', async () => {
    const book = await open(xlsxBytes(table));
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('DRE — Demonstração do Resultado');
    expect(sheet.getCell('A1').value).toBe('DRE — Demonstração do Resultado');
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect([sheet.getCell('A2').value, sheet.getCell('B2').value]).toEqual(['Período', '01/2026 a 03/2026']);
    expect([sheet.getCell('A3').value, sheet.getCell('B3').value]).toEqual(['Organização', 'Todas as organizações (consolidado)']);
    expect(sheet.getCell('A4').value).toBeNull();
    expect(sheet.getRow(5).values).toEqual([undefined, 'Código', 'Linha', 'Valor (R$)', 'AV %', 'Data', 'Mês']);
    expect(sheet.getCell('A5').font?.bold).toBe(true);

    expect(sheet.getCell('B6').value).toBe('Receita bruta & <serviços>');
    const amount = sheet.getCell('C6');
    expect(amount.type).toBe(ExcelJS.ValueType.Number);
    expect(amount.value).toBe(1234567.89);
    expect(amount.numFmt).toBe('"R$" #,##0.00;[Red]-"R$" #,##0.00');
    expect(sheet.getCell('D6').value).toBe(1);
    expect(sheet.getCell('D6').numFmt).toBe('0.0%');
    const date = sheet.getCell('E6');
    expect(date.type).toBe(ExcelJS.ValueType.Date);
    expect((date.value as Date).toISOString()).toBe('2026-03-31T00:00:00.000Z');
    expect(date.numFmt).toBe('dd/mm/yyyy');
    expect((sheet.getCell('F6').value as Date).toISOString()).toBe('2026-02-01T00:00:00.000Z');
    expect(sheet.getCell('F6').numFmt).toBe('mm/yyyy');

    expect(sheet.getCell('C7').value).toBe(-0.05);
    expect(sheet.getCell('C7').font?.bold).toBe(true);
    expect(sheet.getCell('D7').value).toBe(-0.125);
    expect(sheet.getCell('E7').value).toBeNull();
    expect(sheet.rowCount).toBe(7);
  });

  it('the CSV of the same table keeps the Excel-BR conventions', () => {
    expect(tableCsv(table)).toBe('\uFEFFCódigo;Linha;Valor (R$);AV %;Data;Mês\r\n3.1;Receita bruta & <serviços>;1234567,89;100,00;31/03/2026;02/2026\r\n;Lucro líquido;-0,05;-12,50;;\r\n');
  });
});

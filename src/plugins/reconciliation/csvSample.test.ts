import { describe, expect, it } from 'vitest';
import { decodeHead, detectDelimiter, guessDateFormat, guessMapping, sampleOf, splitRows } from './csvSample.ts';

const BR = 'Data;Histórico;Valor\n05/03/2026;PIX RECEBIDO CLIENTE;1.234,56\n06/03/2026;"TARIFA; PACOTE";-45,90\n10/03/2026;PAGAMENTO FORNECEDOR;-500,00\n11/03/2026;RENDIMENTO;0,12\n';

describe('CSV sample for the mapping form', () => {
  it('splits rows with quotes, doubled quotes and delimiters or newlines inside quotes', () => {
    expect(splitRows('a;"b;c";"d ""e"""\r\n1;"x\ny";3', ';')).toEqual([['a', 'b;c', 'd "e"'], ['1', 'x\ny', '3']]);
    expect(splitRows(BR, ';', 2)).toHaveLength(2);
  });

  it('detects the delimiter: ; with decimal commas, comma, tab, pipe; ; when nothing splits', () => {
    expect(detectDelimiter(BR)).toBe(';');
    expect(detectDelimiter('date,description,amount\n2026-03-05,"Pix, cliente",1234.56\n')).toBe(',');
    expect(detectDelimiter('Data\tHistórico\tValor\n05/03/2026\tPIX\t1,00\n')).toBe('\t');
    expect(detectDelimiter('Data|Histórico|Valor\n05/03/2026|PIX, TED|1,00\n')).toBe('|');
    // Decimal commas in a ;-file: the first line has more ; than , and the rows agree.
    expect(detectDelimiter('05/03/2026;PIX;1,00;2,00\n06/03/2026;TED;3,00;4,00\n')).toBe(';');
    expect(detectDelimiter('uma coluna só\n')).toBe(';');
  });

  it('lists the columns by header name, by number for a repeated or empty name, and by number without a header', () => {
    const s = sampleOf(BR, ';', 1);
    expect(s.columns).toEqual([
      { value: 'Data', label: 'Data', number: 1 },
      { value: 'Histórico', label: 'Histórico', number: 2 },
      { value: 'Valor', label: 'Valor', number: 3 },
    ]);
    expect(s.rows).toEqual([['05/03/2026', 'PIX RECEBIDO CLIENTE', '1.234,56'], ['06/03/2026', 'TARIFA; PACOTE', '-45,90'], ['10/03/2026', 'PAGAMENTO FORNECEDOR', '-500,00']]);
    expect(sampleOf('Valor;valor;\n1;2;3\n', ';', 1).columns.map((c) => [c.value, c.label])).toEqual([[1, 'Coluna 1 (Valor)'], [2, 'Coluna 2 (valor)'], [3, 'Coluna 3 (ex.: 3)']]);
    const raw = sampleOf(BR, ';', 0);
    expect(raw.header).toEqual([]);
    expect(raw.columns.map((c) => [c.value, c.label])).toEqual([[1, 'Coluna 1 (ex.: Data)'], [2, 'Coluna 2 (ex.: Histórico)'], [3, 'Coluna 3 (ex.: Valor)']]);
    // Lines before the header (a bank's preamble): the header is the last of them.
    expect(sampleOf('Extrato conta 123\nData;Histórico;Valor\n05/03/2026;PIX;1,00\n', ';', 2).columns.map((c) => c.value)).toEqual(['Data', 'Histórico', 'Valor']);
  });

  it('guesses the mapping from the header names and the date format from the first date', () => {
    expect(guessMapping(sampleOf(BR, ';', 1), ';', 1)).toEqual({ delimiter: ';', headerRows: 1, date: 'Data', memo: 'Histórico', amount: 'Valor', dateFormat: 'DD/MM/AAAA' });
    const cd = 'Data Lançamento;Descrição;Nº Documento;Crédito (R$);Débito (R$);Saldo\n2026-03-05;PIX;123;10,00;;100,00\n';
    expect(guessMapping(sampleOf(cd, ';', 1), ';', 1)).toEqual({ delimiter: ';', headerRows: 1, date: 'Data Lançamento', memo: 'Descrição', credit: 'Crédito (R$)', debit: 'Débito (R$)', document: 'Nº Documento', dateFormat: 'AAAA-MM-DD' });
    expect(guessMapping(sampleOf(BR, ';', 0), ';', 0)).toEqual({ delimiter: ';', headerRows: 0, dateFormat: 'DD/MM/AAAA' });
    expect(guessDateFormat('05-03-2026')).toBe('DD-MM-AAAA');
  });

  it('decodes the head of a file as UTF-8 (a character cut at the end forgiven), else windows-1252', () => {
    const utf8 = new TextEncoder().encode('\uFEFFData;Histórico');
    expect(decodeHead(utf8)).toBe('Data;Histórico');
    const cut = new TextEncoder().encode('Data;Hó');
    expect(decodeHead(cut.subarray(0, cut.length - 1))).toBe('Data;H');
    expect(decodeHead(Uint8Array.from([0x48, 0x69, 0x73, 0x74, 0xf3, 0x72, 0x69, 0x63, 0x6f]))).toBe('Histórico');
  });
});

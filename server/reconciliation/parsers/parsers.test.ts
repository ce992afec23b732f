import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectFormat, lineKey, parseBankFile, StatementParseError, type ParsedStatement } from './index.ts';
import { parseDecimalAmount } from './numbers.ts';
import { csvRows } from './csv.ts';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));
const parse = (name: string, opts?: Parameters<typeof parseBankFile>[1]) => parseBankFile(fixture(name), opts);

function refusal(fn: () => unknown): StatementParseError {
  try {
    fn();
  } catch (err) {
    if (err instanceof StatementParseError) return err;
    throw err;
  }
  throw new Error('expected a StatementParseError');
}

describe('amounts', () => {
  it.each([
    ['-10.00', -1000],
    ['-10,00', -1000],
    ['   -00012.50', -1250],
    ['+2.000,00', 200000],
    ['1,234.56', 123456],
    ['10.740,44', 1074044],
    ['1500', 150000],
    ['-0,99', -99],
    ['12.5', 1250],
    ['7.000', 700],
    ['1.234.567', 123456700],
    ['10.500', 1050],
    ['(45,90)', -4590],
    ['45,90-', -4590],
  ])('%s → %i centavos', (raw, cents) => {
    expect(parseDecimalAmount(raw)).toBe(cents);
  });
  it.each(['abc', '', '1.500.0X', '1,2,3', '10.123', '1.2.3', '--5', '12,345,6'])('refuses %j', (raw) => {
    expect(parseDecimalAmount(raw)).toBeNull();
  });
});

describe('OFX 1.x SGML', () => {
  it('reads Itaú windows-1252 with unclosed leaves, dates with time zone, balance and account', () => {
    const s = parse('ofx1-itau-1252.ofx');
    expect(s.format).toBe('OFX1');
    expect(s.charset).toBe('windows-1252');
    expect(s.account).toEqual({ bankCode: '0341', agency: '1234', account: '567890' });
    expect(s.period).toEqual({ from: '2026-03-01', to: '2026-03-10' });
    expect(s.balance).toEqual({ amount: 825460, date: '2026-03-10' });
    expect(s.lines.map((l) => [l.date, l.amount, l.fitid, l.document, l.kind])).toEqual([
      ['2026-03-02', -4590, '20260302001', '000123', 'DEBIT'],
      ['2026-03-05', 150000, '20260305002', null, 'CREDIT'],
      ['2026-03-09', -120050, '20260309003', 'NF4521', 'DEBIT'],
    ]);
    expect(s.lines[0].memo).toBe('TARIFA BANCÁRIA MENSALIDADE');
    expect(s.lines[1].memo).toBe('PIX RECEBIDO JOSÉ AÇÃO 12.345.678/0001-95');
    expect(s.lines[1].counterpart).toBe('12345678000195');
    expect(s.warnings).toEqual([]);
  });

  it('reads BB: mixed closing styles, empty FITIDs, decimal comma, padded amounts, a header that lies about the charset', () => {
    const s = parse('ofx1-bb-mixed-utf8-lying.ofx');
    expect(s.format).toBe('OFX1');
    expect(s.charset).toBe('UTF-8');
    expect(s.warnings).toEqual(['O cabeçalho declara windows-1252, mas o conteúdo é UTF-8: lido como UTF-8.']);
    expect(s.account).toEqual({ bankCode: '1', agency: '34567', account: '98765X' });
    expect(s.lines.map((l) => [l.amount, l.fitid, l.memo])).toEqual([
      [-123456, null, 'Pagto conta água e esgoto'],
      [-1250, null, 'Tarifa Pacote Serviços'],
      [-1250, null, 'Tarifa Pacote Serviços'],
      [200000, null, 'Transferência recebida'],
    ]);
    expect(s.lines[0].document).toBe('0000001');
    expect(s.balance).toEqual({ amount: 1074044, date: '2026-03-15' });
    // Two identical fees on one day stay two lines, with keys stable across imports.
    const keys = lineKey(s.lines);
    expect(new Set(keys).size).toBe(4);
    expect(lineKey(parse('ofx1-bb-mixed-utf8-lying.ofx').lines)).toEqual(keys);
  });

  it('reads Bradesco ISO-8859-1 without a balance, NAME joined to MEMO once', () => {
    const s = parse('ofx1-bradesco-latin1.ofx');
    expect(s.charset).toBe('windows-1252');
    expect(s.balance).toBeNull();
    expect(s.account).toEqual({ bankCode: '237', agency: '0987', account: '00123456' });
    expect(s.lines.map((l) => [l.date, l.amount, l.memo, l.kind])).toEqual([
      ['2026-02-10', -35000, 'ENERGIA ELÉTRICA CONTA 02/26', 'PAYMENT'],
      ['2026-02-15', -235, 'IOF', 'FEE'],
    ]);
  });

  it('refuses a truncated file naming the element left open', () => {
    const e = refusal(() => parse('ofx1-truncated.ofx'));
    expect(e.message).toBe('O arquivo termina sem fechar o elemento <BANKTRANLIST> (arquivo incompleto?).');
    expect(e.where.element).toBe('BANKTRANLIST');
  });

  it('refuses an amount that cannot be read, naming the element', () => {
    const e = refusal(() => parse('ofx1-bad-amount.ofx'));
    expect(e.message).toBe('<TRNAMT> não é um valor ("1.500.0X").');
  });

  it('refuses a transaction without DTPOSTED, a stray closing tag and a file without a statement', () => {
    const base = new TextDecoder().decode(fixture('ofx2-nubank.ofx'));
    const enc = (t: string) => new TextEncoder().encode(t);
    expect(refusal(() => parseBankFile(enc(base.replace('<DTPOSTED>20260319</DTPOSTED>', '')))).message).toBe('Lançamento 2 do OFX (<STMTTRN>): falta <DTPOSTED>.');
    expect(refusal(() => parseBankFile(enc(base.replace('</BANKTRANLIST>', '</STMTTRN></BANKTRANLIST></BANKTRANLIST>')))).message).toBe('O elemento </STMTTRN> fecha algo que não foi aberto.');
    expect(refusal(() => parseBankFile(enc('OFXHEADER:100\n<OFX><SIGNONMSGSRSV1></SIGNONMSGSRSV1></OFX>'))).message).toBe('O OFX não tem extrato (<STMTRS> ou <CCSTMTRS>).');
    expect(refusal(() => parseBankFile(enc(base.replace('20260318000000[-3:BRT]', '20260231')))).message).toBe('<DTPOSTED> não é uma data OFX válida ("20260231").');
  });
});

describe('OFX 2.x XML', () => {
  it('reads a fintech export: entities, a missing MEMO, account with DV', () => {
    const s = parse('ofx2-nubank.ofx');
    expect(s.format).toBe('OFX2');
    expect(s.account).toEqual({ bankCode: '0260', agency: '1', account: '12345678' });
    expect(s.lines).toHaveLength(2);
    expect(s.lines[0]).toMatchObject({ date: '2026-03-18', amount: 98000, memo: 'Transferência recebida pelo Pix - CLIENTE & FILHOS - 123.456.789-09', counterpart: '12345678909' });
    expect(s.lines[1]).toMatchObject({ amount: -4990, memo: '', fitid: '6412a0b1-0c2d-4e5f-8a9b-0c1d2e3f4a5c' });
    expect(s.balance).toEqual({ amount: 93010, date: '2026-03-20' });
  });
});

describe('CNAB 240', () => {
  it('reads the statement segment E with balances; stripped trailing blanks, an extra segment and a trailer with another bank code', () => {
    const s = parse('cnab240-extrato-bb.ret');
    expect(s.format).toBe('CNAB240');
    expect(s.account).toEqual({ bankCode: '001', agency: '3456', account: '98765X' });
    expect(s.lines.map((l) => [l.seq, l.date, l.amount, l.memo, l.document])).toEqual([
      [3, '2026-03-02', -4590, 'TARIFA PACOTE SERVICOS', '000123'],
      [4, '2026-03-05', 150000, 'PIX RECEBIDO — 12345678000195', 'E0000000020260305'],
      [5, '2026-03-09', -120050, 'PAGAMENTO BOLETO', 'NF4521'],
    ]);
    expect(s.lines[1].counterpart).toBe('12345678000195');
    expect(s.balance).toEqual({ amount: 825460, date: '2026-03-10' });
    expect(s.warnings).toEqual(['Linha 6: segmento Y ignorado.', 'Linha 8: o trailer de arquivo traz o banco 756; lido como 001.']);
  });

  it('reads the retorno de cobrança T/U: liquidations with interest, discount and fee; a rejection is not a liquidation', () => {
    const s = parse('cnab240-cobranca-sicoob.ret');
    expect(s.account).toEqual({ bankCode: '756', agency: '4321', account: '556678' });
    expect(s.lines).toEqual([]);
    expect(s.settlements.map((t) => [t.line, t.occurrence, t.liquidated, t.nossoNumero, t.seuNumero, t.titleAmount, t.interest, t.discount, t.paidAmount, t.fee, t.netCredit, t.date, t.creditDate])).toEqual([
      [3, '06', true, '0000012345', 'REC-0001/1', 100000, 1500, 0, 101500, 250, 101250, '2026-03-11', '2026-03-12'],
      [5, '06', true, '0000012346', 'REC-0002/1', 50000, 0, 2000, 48000, 250, 47750, '2026-03-11', '2026-03-12'],
      [7, '03', false, '0000012347', 'REC-0003/1', 30000, 0, 0, 0, 0, 0, '2026-03-11', null],
      [9, '06', true, '0000099999', 'DESCONHECIDO', 7000, 0, 0, 7000, 250, 6750, '2026-03-11', '2026-03-12'],
    ]);
    expect(s.settlements[0].payerDocument).toBe('11222333000181');
    expect(s.settlements[1].payerDocument).toBe('12345678909');
  });

  it('refuses, naming the line: a non-numeric value, a missing trailer, a T without U, a remessa', () => {
    expect(refusal(() => parse('cnab240-extrato-bad-value.ret')).message).toBe('Linha 4, posições 151–168 (valor do lançamento): "00000000000015X000" não é um número.');
    expect(refusal(() => parse('cnab240-extrato-truncated.ret')).message).toBe('O arquivo termina na linha 5 sem o trailer de arquivo (registro 9): arquivo incompleto.');
    expect(refusal(() => parse('cnab240-cobranca-t-sem-u.ret')).message).toBe('Linha 3: o segmento T não é seguido do segmento U.');
    const text = new TextDecoder('latin1').decode(fixture('cnab240-extrato-bb.ret'));
    const remessa = text.split('\r\n').map((l, i) => (i === 0 ? `${l.slice(0, 142)}1${l.slice(143)}` : l)).join('\r\n');
    expect(refusal(() => parseBankFile(new TextEncoder().encode(remessa))).message).toBe('Linha 1, posição 143: este arquivo é uma remessa (1), não um retorno ou extrato do banco.');
    const long = text.split('\r\n').map((l, i) => (i === 2 ? `${l.padEnd(240)}XX` : l)).join('\r\n');
    expect(refusal(() => parseBankFile(new TextEncoder().encode(long))).message).toBe('Linha 3: tem 242 caracteres; o registro do CNAB 240 tem 240.');
    const unknown = text.split('\r\n').map((l, i) => (i === 2 ? `${l.slice(0, 7)}7${l.slice(8)}` : l)).join('\r\n');
    expect(refusal(() => parseBankFile(new TextEncoder().encode(unknown))).message).toBe('Linha 3, posição 8: tipo de registro "7" desconhecido.');
  });
});

describe('CNAB 400', () => {
  it('reads Itaú', () => {
    const s = parse('cnab400-itau.ret');
    expect(s.format).toBe('CNAB400');
    expect(s.account).toEqual({ bankCode: '341', agency: '1234', account: '567890' });
    expect(s.settlements.map((t) => [t.occurrence, t.liquidated, t.nossoNumero, t.seuNumero, t.titleAmount, t.interest, t.paidAmount, t.fee, t.netCredit, t.date, t.creditDate])).toEqual([
      ['06', true, '12345670', 'REC-0001/1', 100000, 1500, 101500, 250, 101250, '2026-03-11', '2026-03-12'],
      ['02', false, '12345671', 'REC-0002/1', 50000, 0, 0, 0, 0, '2026-03-11', null],
    ]);
  });

  it('reads Bradesco with stripped blanks and an extra record type', () => {
    const s = parse('cnab400-bradesco.ret');
    expect(s.account).toEqual({ bankCode: '237', agency: '1234', account: '765432' });
    expect(s.settlements).toHaveLength(1);
    expect(s.settlements[0]).toMatchObject({ occurrence: '06', liquidated: true, nossoNumero: '000000001234', seuNumero: 'REC-0001/1', discount: 500, paidAmount: 99500, fee: 190 });
    expect(s.warnings).toEqual(['Linha 3: registro tipo 4 ignorado.']);
  });

  it('refuses another bank by name', () => {
    const text = new TextDecoder('latin1').decode(fixture('cnab400-itau.ret')).replace('341BANCO ITAU SA', '104CAIXA        ');
    expect(refusal(() => parseBankFile(new TextEncoder().encode(text))).message).toBe(
      'Linha 1, posições 77–79: o CNAB 400 do banco 104 não é lido (lidos: Itaú 341, Bradesco 237, Banco do Brasil 001 e Santander 033; para os outros, use o CNAB 240).',
    );
  });

  /** The fixture's records (bytes as Latin-1), edited, joined with CRLF and encoded back byte for byte. */
  const edited = (name: string, edit: (lines: string[]) => string[]) =>
    new Uint8Array(Buffer.from(edit(Buffer.from(fixture(name)).toString('latin1').split(/\r\n|\n/)).join('\r\n'), 'latin1'));
  /** `line` with `text` written from position `from` (1-based, as the layouts print it). */
  const put = (line: string, from: number, text: string) => `${line.slice(0, from - 1)}${text}${line.slice(from - 1 + text.length)}`;
  const at = (index: number, from: number, text: string) => (lines: string[]) => lines.map((l, i) => (i === index ? put(l, from, text) : l));
  const liquidatedBy = (name: string, codes: string[]) =>
    codes.map((code) => [code, parseBankFile(edited(name, at(1, 109, code))).settlements[0].liquidated]);

  describe('Banco do Brasil (CBR643)', () => {
    it('reads the convênio de 7 posições (detail 7): CRLF, a Latin-1 header, an extra record type, a trailer whose totals disagree', () => {
      const s = parse('cnab400-bb.ret');
      expect(s.format).toBe('CNAB400');
      expect(s.charset).toBe('windows-1252');
      expect(s.account).toEqual({ bankCode: '001', agency: '3456', account: '98765X' });
      expect(s.period).toEqual({ from: '2026-03-11', to: '2026-03-13' });
      expect(s.lines).toEqual([]);
      expect(s.balance).toBeNull();
      // Liquidation: R$ 1.000,00 + juros 15,00 + outros recebimentos 20,00 − abatimento 2,00 − desconto 3,00 = 1.030,00; tarifa 2,35.
      expect(s.settlements[0]).toEqual({
        line: 2, occurrence: '06', liquidated: true, nossoNumero: '12345670000000123', seuNumero: 'REC-0001/1', dueDate: '2026-03-10', titleAmount: 100000,
        paidAmount: 103000, interest: 3500, discount: 500, fee: 235, netCredit: 102765, date: '2026-03-11', creditDate: '2026-03-12', payerDocument: null, payerName: '',
      });
      // Entrada confirmada: not a liquidation; the seu número comes from the controle do participante (39–63).
      expect(s.settlements[1]).toEqual({
        line: 3, occurrence: '02', liquidated: false, nossoNumero: '12345670000000124', seuNumero: 'REC-0002/1', dueDate: '2026-03-20', titleAmount: 50000,
        paidAmount: 0, interest: 0, discount: 0, fee: 0, netCredit: 0, date: '2026-03-11', creditDate: null, payerDocument: null, payerName: '',
      });
      expect(s.settlements[2]).toMatchObject({ line: 5, occurrence: '15', liquidated: true, nossoNumero: '12345670000000125', paidAmount: 30000, fee: 235, netCredit: 29765, creditDate: '2026-03-13' });
      expect(s.settlements).toHaveLength(3);
      expect(s.warnings).toEqual(['Linha 4: registro tipo 5 ignorado.']);
    });

    it('reads the convênio de 6 posições (detail 1): LF, a record and the trailer with trailing blanks stripped, a DOS end-of-file mark, a trailer with bank 000', () => {
      const s = parse('cnab400-bb-convenio6.ret');
      expect(s.account).toEqual({ bankCode: '001', agency: '987', account: '123456' });
      expect(s.settlements).toEqual([
        {
          line: 2, occurrence: '06', liquidated: true, nossoNumero: '65432100042', seuNumero: 'NF-778/2', dueDate: '2026-03-03', titleAmount: 25000,
          paidAmount: 25000, interest: 0, discount: 0, fee: 190, netCredit: 24810, date: '2026-03-04', creditDate: '2026-03-05', payerDocument: null, payerName: '',
        },
        {
          line: 3, occurrence: '09', liquidated: false, nossoNumero: '65432100043', seuNumero: 'NF-779/1', dueDate: '2026-02-28', titleAmount: 12000,
          paidAmount: 0, interest: 0, discount: 0, fee: 0, netCredit: 0, date: '2026-03-04', creditDate: null, payerDocument: null, payerName: '',
        },
      ]);
      expect(s.warnings).toEqual(['Linha 4: o trailer traz o banco 000; lido como 001.']);
    });

    it('settles on 05, 06, 07, 08 and 15 only (46, a cheque still clearing, is not a liquidation)', () => {
      expect(liquidatedBy('cnab400-bb.ret', ['05', '06', '07', '08', '15', '02', '09', '10', '17', '46'])).toEqual([
        ['05', true], ['06', true], ['07', true], ['08', true], ['15', true], ['02', false], ['09', false], ['10', false], ['17', false], ['46', false],
      ]);
    });

    it('refuses the whole file naming the line: a value, an impossible date, an unknown record type, a long line, no trailer, records after it', () => {
      const bad = (edit: (lines: string[]) => string[]) => refusal(() => parseBankFile(edited('cnab400-bb.ret', edit)));
      const value = bad(at(1, 254, '00000001030X0'));
      expect(value.message).toBe('Linha 2, posições 254–266 (valor recebido): "00000001030X0" não é um número.');
      expect(value.where).toEqual({ line: 2 });
      expect(bad(at(4, 182, '00002X5')).message).toBe('Linha 5, posições 182–188 (tarifa): "00002X5" não é um número.');
      expect(bad(at(1, 176, '310226')).message).toBe('Linha 2, posições 176–181 (data do crédito): "310226" não é uma data válida.');
      expect(bad(at(3, 1, 'X')).message).toBe('Linha 4, posição 1: tipo de registro "X" desconhecido.');
      expect(bad(at(2, 401, 'XX')).message).toBe('Linha 3: tem 402 caracteres; o registro do CNAB 400 tem 400.');
      expect(bad((lines) => lines.filter((l) => !l.startsWith('9'))).message).toBe('O arquivo termina na linha 5 sem o trailer (registro 9): arquivo incompleto.');
      expect(bad((lines) => [...lines.slice(0, 6), lines[1]]).message).toBe('Linha 7: há registros depois do trailer (registro 9).');
    });
  });

  describe('Santander', () => {
    it('reads Latin-1 payer names, juros + outros créditos, the account from the conta cobrança and the complemento, an extra record type, a stripped trailer with Banespa’s code', () => {
      const s = parse('cnab400-santander.ret');
      expect(s.format).toBe('CNAB400');
      expect(s.charset).toBe('windows-1252');
      expect(s.account).toEqual({ bankCode: '033', agency: '4321', account: '130001234' });
      expect(s.period).toEqual({ from: '2026-03-11', to: '2026-03-13' });
      // Liquidation: R$ 800,00 + juros de mora 12,00 + outros créditos 16,00 − desconto 8,00 = 820,00; tarifa 3,90.
      expect(s.settlements[0]).toEqual({
        line: 2, occurrence: '06', liquidated: true, nossoNumero: '12345678', seuNumero: 'REC-0101/1', dueDate: '2026-03-10', titleAmount: 80000,
        paidAmount: 82000, interest: 2800, discount: 800, fee: 390, netCredit: 81610, date: '2026-03-11', creditDate: '2026-03-12', payerDocument: null, payerName: 'JOSÉ DA CONCEIÇÃO',
      });
      expect(s.settlements[1]).toEqual({
        line: 3, occurrence: '02', liquidated: false, nossoNumero: '12345686', seuNumero: 'REC-0102/1', dueDate: '2026-03-25', titleAmount: 45000,
        paidAmount: 0, interest: 0, discount: 0, fee: 0, netCredit: 0, date: '2026-03-11', creditDate: null, payerDocument: null, payerName: 'MARIA ANTÔNIA GONÇALVES',
      });
      expect(s.settlements[2]).toMatchObject({ line: 5, occurrence: '17', liquidated: true, paidAmount: 30000, netCredit: 29610, creditDate: '2026-03-13', payerName: 'AÇOUGUE SÃO JOÃO LTDA' });
      expect(s.settlements).toHaveLength(3);
      expect(s.warnings).toEqual(['Linha 4: registro tipo 3 ignorado.', 'Linha 6: o trailer traz o banco 353; lido como 033.']);
    });

    it('reads a header with Banespa’s 353 as Santander 033; without the complemento the account is left out', () => {
      const banespa = parseBankFile(edited('cnab400-santander.ret', at(0, 77, '353')));
      expect(banespa.account).toEqual({ bankCode: '033', agency: '4321', account: '130001234' });
      expect(banespa.warnings).toEqual(['Linha 1, posições 77–79: o header traz o banco 353; lido como Santander 033.', 'Linha 4: registro tipo 3 ignorado.']);
      expect(banespa.settlements).toHaveLength(3);
      expect(parseBankFile(edited('cnab400-santander.ret', at(1, 384, '  '))).account).toEqual({ bankCode: '033', agency: '4321', account: null });
    });

    it('settles on 06, 07, 08 and 17 only (16, a title already closed, is not a liquidation)', () => {
      expect(liquidatedBy('cnab400-santander.ret', ['06', '07', '08', '17', '02', '03', '09', '16'])).toEqual([
        ['06', true], ['07', true], ['08', true], ['17', true], ['02', false], ['03', false], ['09', false], ['16', false],
      ]);
    });

    it('refuses the whole file naming the line: a value, an impossible date, a blank line, a remessa, records after the trailer', () => {
      const bad = (edit: (lines: string[]) => string[]) => refusal(() => parseBankFile(edited('cnab400-santander.ret', edit)));
      expect(bad(at(4, 176, '00000000003,9')).message).toBe('Linha 5, posições 176–188 (tarifa cobrada): "00000000003,9" não é um número.');
      expect(bad(at(2, 147, '320326')).message).toBe('Linha 3, posições 147–152 (vencimento): "320326" não é uma data válida.');
      expect(bad(at(1, 296, '12O326')).message).toBe('Linha 2, posições 296–301 (data do crédito): "12O326" não é uma data.');
      const blank = bad((lines) => [...lines.slice(0, 2), '', ...lines.slice(2)]);
      expect(blank.message).toBe('Linha 3: linha em branco no meio do arquivo CNAB 400.');
      expect(blank.where).toEqual({ line: 3 });
      // A remessa does not start with 02RETORNO: only read as CNAB 400 when the format is given.
      expect(refusal(() => parseBankFile(edited('cnab400-santander.ret', at(0, 2, '1')), { format: 'CNAB400' })).message).toBe('Linha 1, posição 2: "1" — este arquivo não é um retorno (2).');
      expect(bad((lines) => [...lines.slice(0, 6), lines[2]]).message).toBe('Linha 7: há registros depois do trailer (registro 9).');
    });
  });
});

describe('CSV', () => {
  const mapping = { date: 'Data Lançamento', memo: 'Descrição', amount: 'Valor', dateFormat: 'DD/MM/AAAA' as const };
  it('reads with a mapping by header name: windows-1252, quoted delimiter, Brazilian amounts', () => {
    const s: ParsedStatement = parse('csv-inter.csv', { csv: mapping });
    expect(s.format).toBe('CSV');
    expect(s.lines.map((l) => [l.seq, l.date, l.amount, l.memo, l.counterpart])).toEqual([
      [2, '2026-03-02', -120050, 'Fornecedor; Filial 2', null],
      [3, '2026-03-03', -99, 'TARIFA PIX', null],
      [4, '2026-03-05', 150000, 'Cliente Alfa 11.222.333/0001-81', '11222333000181'],
    ]);
  });
  it('refuses a missing column and a bad date, naming them', () => {
    expect(refusal(() => parse('csv-inter.csv', { csv: { ...mapping, amount: 'Quantia' } })).message).toBe('O CSV não tem a coluna "Quantia" (valor) no cabeçalho da linha 1.');
    expect(refusal(() => parse('csv-inter.csv', { csv: { ...mapping, dateFormat: 'AAAA-MM-DD' } })).message).toBe('Linha 2: "02/03/2026" não é uma data (AAAA-MM-DD).');
    expect(refusal(() => parse('csv-inter.csv')).message).toMatch(/^Formato não reconhecido/);
  });
  it('splits quoted fields with doubled quotes and newlines', () => {
    expect(csvRows('a;"b;""c""\nd"\r\n1;2', ';')).toEqual([['a', 'b;"c"\nd'], ['1', '2']]);
  });
  it('refuses a file that ends inside quotes, naming the line where the text opened', () => {
    const e = refusal(() => csvRows('a;b\n1;"2\n3', ';'));
    expect(e.message).toBe('O CSV termina dentro de um texto entre aspas.');
    expect(e.where.line).toBe(2);
  });
});

describe('format detection', () => {
  it.each([
    ['ofx1-itau-1252.ofx', 'OFX'],
    ['ofx2-nubank.ofx', 'OFX'],
    ['cnab240-extrato-bb.ret', 'CNAB240'],
    ['cnab240-cobranca-sicoob.ret', 'CNAB240'],
    ['cnab400-itau.ret', 'CNAB400'],
    ['cnab400-bradesco.ret', 'CNAB400'],
    ['cnab400-bb.ret', 'CNAB400'],
    ['cnab400-bb-convenio6.ret', 'CNAB400'],
    ['cnab400-santander.ret', 'CNAB400'],
    ['csv-inter.csv', 'CSV'],
  ])('%s → %s', (name, format) => {
    expect(detectFormat(new TextDecoder('latin1').decode(fixture(name)))).toBe(format);
  });
  it('refuses an empty file', () => {
    expect(refusal(() => parseBankFile(new Uint8Array())).message).toBe('O arquivo está vazio.');
  });
});

import { alpha, dateField, money, splitRecords, stripZeros, type CnabRecord } from './cnab-fields.ts';
import { fail } from './numbers.ts';
import type { FileAccount, ParsedSettlement, ParsedStatement } from './types.ts';

/**
 * CNAB 400 retorno de cobrança. Each bank has its own layout, kept here as data (positions from the banks'
 * manuals; for BB and Santander, as public readers print them — see each layout's comment): Itaú (341), Bradesco
 * (237), Banco do Brasil (001) and Santander (033, also Banespa's 353). Header 0
 * (position 2 = '2', retorno), details 1 (BB: also 7), trailer 9; other record types (e.g. Bradesco's 4/5 rateio
 * records) are skipped with a warning. Another bank's CNAB 400 is refused by name (its layout differs).
 */

interface Layout400 {
  name: string;
  /** Record types (position 1) that are titles. */
  detailTypes: ReadonlySet<string>;
  liquidation: ReadonlySet<string>;
  account(header: CnabRecord, firstDetail: CnabRecord | undefined): Omit<FileAccount, 'bankCode'>;
  /** A detail's fields; the net credit (amount paid less the bank's fee) is derived from them. */
  detail(r: CnabRecord): Omit<ParsedSettlement, 'liquidated' | 'netCredit'>;
}

const ITAU: Layout400 = {
  name: 'Itaú',
  detailTypes: new Set(['1']),
  // 06 liquidação normal, 08 liquidação em cartório, 10 baixa com transferência para desconto não liquida.
  liquidation: new Set(['06', '08']),
  account: (h) => ({ agency: stripZeros(alpha(h, 27, 30)) || null, account: `${stripZeros(alpha(h, 33, 37))}${alpha(h, 38, 38)}` || null }),
  detail: (r) => ({
    line: r.line,
    occurrence: alpha(r, 109, 110),
    nossoNumero: alpha(r, 63, 70),
    seuNumero: alpha(r, 117, 126) || alpha(r, 38, 62),
    dueDate: dateField(r, 147, 152, 'vencimento'),
    titleAmount: money(r, 153, 165, 'valor do título'),
    fee: money(r, 176, 188, 'tarifa de cobrança'),
    discount: money(r, 241, 253, 'descontos') + money(r, 228, 240, 'abatimento'),
    paidAmount: money(r, 254, 266, 'valor principal'),
    interest: money(r, 267, 279, 'juros de mora e multa'),
    date: dateField(r, 111, 116, 'data da ocorrência'),
    creditDate: dateField(r, 296, 301, 'data do crédito'),
    payerDocument: null,
    payerName: alpha(r, 325, 354),
  }),
};

const BRADESCO: Layout400 = {
  name: 'Bradesco',
  detailTypes: new Set(['1']),
  // 06 liquidação normal, 15 em cartório, 16 pago em cheque vinculado, 17 liquidação após baixa.
  liquidation: new Set(['06', '15', '16', '17']),
  account: (_h, d) => (d ? { agency: stripZeros(alpha(d, 25, 29)) || null, account: `${stripZeros(alpha(d, 30, 36))}${alpha(d, 37, 37)}` || null } : { agency: null, account: null }),
  detail: (r) => ({
    line: r.line,
    occurrence: alpha(r, 109, 110),
    nossoNumero: alpha(r, 71, 82),
    seuNumero: alpha(r, 117, 126) || alpha(r, 38, 62),
    dueDate: dateField(r, 147, 152, 'vencimento'),
    titleAmount: money(r, 153, 165, 'valor do título'),
    fee: money(r, 176, 188, 'despesas de cobrança'),
    discount: money(r, 241, 253, 'desconto') + money(r, 228, 240, 'abatimento'),
    paidAmount: money(r, 254, 266, 'valor pago'),
    interest: money(r, 267, 279, 'juros de mora'),
    date: dateField(r, 111, 116, 'data da ocorrência'),
    creditDate: dateField(r, 296, 301, 'data do crédito'),
    payerDocument: null,
    payerName: '',
  }),
};

/**
 * Banco do Brasil, layout CBR643 ("Layout de Arquivo Retorno", convênios de 7 posições — Doc2628CBR643Pos7 — and
 * of até 6 posições — Doc8826BR643Pos6, versão set/09, as the readers below cite them; the PDFs were not at hand).
 * Positions cross-checked in four public readers (ACBr ACBrBancoBrasil.pas, eduardokum/laravel-boleto
 * Retorno/Cnab400/Banco/Bb.php, kivanio/brcobranca retorno/cnab400/banco_brasil.rb, manoelcampos'
 * RetornoCNAB400Conv6/Conv7), which agree on every field read here.
 * The detail is type 7 for a convênio of 7 digits (the common one) and type 1 for the older convênios of 6: the
 * two differ only before position 107 (convênio 32–38 / 32–37, controle do participante 39–63 / 38–62, nosso
 * número 64–80 with 17 digits / 63–73 with 11 and its DV apart at 74, left out as ACBr does). The header carries
 * the agency (27–30, DV 31) and the account (32–39, DV 40) for both.
 * Juros: BB writes the juros de mora (267–279) and the "outros recebimentos" (280–292, which laravel-boleto reads
 * as the multa; ACBr and brcobranca as other credits) apart; both are taken as interest, on the reading that the
 * valor recebido (254–266) includes them. Were it not so, paid ≠ title + interest − discount and the title is
 * listed as unmatched, never settled wrongly (D87). The tarifa has 7 digits (182–188); outras despesas (189–201)
 * and the IOF are not read, as for the other banks.
 */
const BB: Layout400 = {
  name: 'Banco do Brasil',
  detailTypes: new Set(['7', '1']),
  // 05 liquidação sem registro, 06 liquidação normal, 07 liquidação por conta (parcial), 08 liquidação por
  // saldo, 15 liquidação em cartório (the liquidations of the comando table, as laravel-boleto reads them). 46
  // "título pago com cheque, aguardando compensação" (which ACBr also counts) is not: the cheque may bounce (44).
  liquidation: new Set(['05', '06', '07', '08', '15']),
  account: (h) => ({ agency: stripZeros(alpha(h, 27, 30)) || null, account: `${stripZeros(alpha(h, 32, 39))}${alpha(h, 40, 40)}` || null }),
  detail: (r) => {
    const conv7 = r.text[0] === '7';
    return {
      line: r.line,
      occurrence: alpha(r, 109, 110),
      nossoNumero: conv7 ? alpha(r, 64, 80) : alpha(r, 63, 73),
      seuNumero: alpha(r, 117, 126) || (conv7 ? alpha(r, 39, 63) : alpha(r, 38, 62)),
      dueDate: dateField(r, 147, 152, 'vencimento'),
      titleAmount: money(r, 153, 165, 'valor do título'),
      fee: money(r, 182, 188, 'tarifa'),
      discount: money(r, 241, 253, 'desconto concedido') + money(r, 228, 240, 'abatimento'),
      paidAmount: money(r, 254, 266, 'valor recebido'),
      interest: money(r, 267, 279, 'juros de mora') + money(r, 280, 292, 'outros recebimentos'),
      date: dateField(r, 111, 116, 'data da liquidação'),
      creditDate: dateField(r, 176, 181, 'data do crédito'),
      payerDocument: null,
      payerName: '',
    };
  },
};

/**
 * Santander (033), layout "CNAB 400 posições — Santander Banespa (033-7)" (versão 2.0, out/2009; the manual was not
 * at hand). Positions from andersondanilo/cnab_yaml (cnab400/033/retorno), cross-checked with laravel-boleto,
 * brcobranca and ACBr (ACBrBancoSantander.pas): all agree on the positions of the fields read here; where they read
 * them differently, what is followed:
 * - Nosso número 63–70 (7 digits and the DV) as cnab_yaml, laravel-boleto and
 *   brcobranca read it; ACBr keeps 7 digits without the DV.
 * - Account: the header has the agency (27–30), the "conta movimento" (31–38) and the "conta cobrança" (39–46);
 *   each detail repeats them (18–37) and ends with the complemento (384–385: the account's last digit and its
 *   DV). laravel-boleto writes the account's first 7 digits in the conta cobrança of its remessa and reads the
 *   account back as conta cobrança + complemento; ACBr appends the complemento to the conta movimento. The
 *   laravel-boleto round trip is followed (its remessa fills the conta movimento with the código do cliente).
 *   Without the complemento the account is left unread (null: only the bank and the agency are checked).
 * - Juros: juros de mora (267–279) plus outros créditos (280–292, the multa for laravel-boleto), as for BB. The
 *   "juros de atraso" (202–214), which ACBr adds to the mora, are left out, as the Bradesco layout leaves out its
 *   "juros operação em atraso" at the same positions: the payer's interest is 267–279.
 */
const SANTANDER: Layout400 = {
  name: 'Santander',
  detailTypes: new Set(['1']),
  // 06 liquidação normal, 07 liquidação por conta, 08 liquidação por saldo, 17 liquidado em cartório (the 400
  // layout's wording; the CNAB 240 calls its 17 "liquidação após baixa"). 16 "título já baixado/liquidado",
  // which laravel-boleto also counts, is not: it reports a title already closed at the bank, and settling on it
  // could receive a parcela with no money in this file.
  liquidation: new Set(['06', '07', '08', '17']),
  account: (h, d) => {
    const complement = d ? alpha(d, 384, 385) : '';
    const base = stripZeros(alpha(h, 39, 46));
    return { agency: stripZeros(alpha(h, 27, 30)) || null, account: complement.length === 2 && base ? `${base}${complement}` : null };
  },
  detail: (r) => ({
    line: r.line,
    occurrence: alpha(r, 109, 110),
    nossoNumero: alpha(r, 63, 70),
    seuNumero: alpha(r, 117, 126) || alpha(r, 38, 62),
    dueDate: dateField(r, 147, 152, 'vencimento'),
    titleAmount: money(r, 153, 165, 'valor do título'),
    fee: money(r, 176, 188, 'tarifa cobrada'),
    discount: money(r, 241, 253, 'desconto concedido') + money(r, 228, 240, 'abatimento'),
    paidAmount: money(r, 254, 266, 'valor total recebido'),
    interest: money(r, 267, 279, 'juros de mora') + money(r, 280, 292, 'outros créditos'),
    date: dateField(r, 111, 116, 'data da ocorrência'),
    creditDate: dateField(r, 296, 301, 'data do crédito'),
    payerDocument: null,
    payerName: alpha(r, 302, 337),
  }),
};

export const CNAB400_LAYOUTS: Readonly<Record<string, Layout400>> = { '341': ITAU, '237': BRADESCO, '001': BB, '033': SANTANDER };

/** Codes read with another bank's layout: Banespa (353), taken over by Santander, whose files may still say 353. */
const CNAB400_ALIASES: Readonly<Record<string, string>> = { '353': '033' };

// Named in the refusal in this order (object keys like '341' would be listed in numeric order).
const READ_BANKS = ['341', '237', '001', '033'].map((code) => `${CNAB400_LAYOUTS[code].name} ${code}`);
const READ_BANKS_TEXT = `${READ_BANKS.slice(0, -1).join(', ')} e ${READ_BANKS[READ_BANKS.length - 1]}`;

export function parseCnab400(text: string, charset: string): ParsedStatement {
  const records = splitRecords(text, 400);
  const header = records[0];
  if (!header || header.text[0] !== '0') fail('Linha 1: o CNAB 400 começa pelo header de arquivo (registro 0 na posição 1).', { line: 1 });
  if (header.text[1] !== '2') fail(`Linha 1, posição 2: "${header.text[1]}" — este arquivo não é um retorno (2).`, { line: 1 });
  if (alpha(header, 10, 11) !== '01') fail(`Linha 1, posições 10–11: serviço "${alpha(header, 10, 11)}" não é cobrança (01).`, { line: 1 });
  const fileBank = alpha(header, 77, 79);
  const bankCode = CNAB400_ALIASES[fileBank] ?? fileBank;
  const layout = CNAB400_LAYOUTS[bankCode];
  if (!layout) fail(`Linha 1, posições 77–79: o CNAB 400 do banco ${fileBank || '(em branco)'} não é lido (lidos: ${READ_BANKS_TEXT}; para os outros, use o CNAB 240).`, { line: 1 });
  const warnings: string[] = [];
  if (fileBank !== bankCode) warnings.push(`Linha 1, posições 77–79: o header traz o banco ${fileBank}; lido como ${layout.name} ${bankCode}.`);
  const settlements: ParsedSettlement[] = [];
  const details: CnabRecord[] = [];
  let sawTrailer = false;
  for (const r of records.slice(1)) {
    if (sawTrailer) fail(`Linha ${r.line}: há registros depois do trailer (registro 9).`, { line: r.line });
    const type = r.text[0];
    if (layout.detailTypes.has(type)) {
      details.push(r);
      const d = layout.detail(r);
      settlements.push({ ...d, netCredit: d.paidAmount - d.fee, liquidated: layout.liquidation.has(d.occurrence) });
    } else if (type === '9') {
      sawTrailer = true;
      const tBank = alpha(r, 5, 7);
      if (tBank && tBank !== fileBank && tBank !== bankCode) warnings.push(`Linha ${r.line}: o trailer traz o banco ${tBank}; lido como ${bankCode}.`);
    } else if (/^[1-8]$/.test(type)) {
      warnings.push(`Linha ${r.line}: registro tipo ${type} ignorado.`);
    } else {
      fail(`Linha ${r.line}, posição 1: tipo de registro "${type}" desconhecido.`, { line: r.line });
    }
  }
  if (!sawTrailer) fail(`O arquivo termina na linha ${records.length} sem o trailer (registro 9): arquivo incompleto.`, { line: records.length });
  const account = { bankCode, ...layout.account(header, details[0]) };
  const dates = settlements.map((s) => s.creditDate ?? s.date).filter((d): d is string => !!d).sort();
  return {
    format: 'CNAB400',
    account,
    period: dates.length ? { from: dates[0], to: dates[dates.length - 1] } : null,
    balance: null,
    lines: [],
    settlements,
    warnings,
    charset,
  };
}

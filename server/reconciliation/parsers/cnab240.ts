import { alpha, dateField, money, splitRecords, stripZeros, type CnabRecord } from './cnab-fields.ts';
import { fail, findTaxId } from './numbers.ts';
import type { FileAccount, ParsedLine, ParsedSettlement, ParsedStatement } from './types.ts';

/**
 * CNAB 240 (FEBRABAN layout 10.x; positions below): the file header (0), lotes of a header (1), details (3, the
 * segment at position 14) and a trailer (5), and the file trailer (9). Read here: the retorno de cobrança (service
 * 01, segments T + U) and the statement for reconciliation (service 04, segment E, balances in the lote header and
 * trailer). Optional records 2 and 4 and segments this parser does not use (Y, W…) are skipped with a warning; a
 * trailer with another bank's code or an odd lote number is read (the data is not in doubt); anything else that
 * strays refuses the whole file naming the line.
 */

/** Codes of movement that settle a title (FEBRABAN: 06 liquidação, 17 liquidação após baixa). */
export const CNAB240_LIQUIDATION = new Set(['06', '17']);

export function parseCnab240(text: string, charset: string): ParsedStatement {
  const records = splitRecords(text, 240);
  const warnings: string[] = [];
  const first = records[0];
  if (!first || first.text[7] !== '0') fail('Linha 1: o CNAB 240 começa pelo header de arquivo (registro 0 na posição 8).', { line: 1 });
  const bankCode = alpha(first, 1, 3);
  if (!/^\d{3}$/.test(bankCode)) fail(`Linha 1, posições 1–3 (banco): "${bankCode}" não é um código de banco.`, { line: 1 });
  const kind = alpha(first, 143, 143);
  if (kind === '1') fail('Linha 1, posição 143: este arquivo é uma remessa (1), não um retorno ou extrato do banco.', { line: 1 });
  let account: FileAccount = { bankCode, agency: stripZeros(alpha(first, 53, 57)) || null, account: accountOf(first, 59, 70, 71) };
  const lines: ParsedLine[] = [];
  const settlements: ParsedSettlement[] = [];
  let balance: ParsedStatement['balance'] = null;
  let service = '';
  let pendingT: { r: CnabRecord; s: ParsedSettlement } | null = null;
  let sawTrailer = false;
  let lotes = 0;
  for (const r of records.slice(1)) {
    if (sawTrailer) fail(`Linha ${r.line}: há registros depois do trailer de arquivo (registro 9).`, { line: r.line });
    const type = r.text[7];
    if (pendingT && !(type === '3' && r.text[13] === 'U')) fail(`Linha ${pendingT.r.line}: o segmento T não é seguido do segmento U.`, { line: pendingT.r.line });
    const rBank = alpha(r, 1, 3);
    if (type !== '9' && rBank !== bankCode) fail(`Linha ${r.line}, posições 1–3: banco ${rBank}, mas o header do arquivo é do banco ${bankCode}.`, { line: r.line });
    switch (type) {
      case '1': {
        lotes++;
        service = alpha(r, 10, 11);
        if (service === '04') {
          account = { bankCode, agency: stripZeros(alpha(r, 53, 57)) || account.agency, account: accountOf(r, 59, 70, 71) ?? account.account };
        } else if (service === '01') {
          account = { bankCode, agency: stripZeros(alpha(r, 54, 58)) || account.agency, account: accountOf(r, 60, 71, 72) ?? account.account };
        } else {
          fail(`Linha ${r.line}, posições 10–11: serviço "${service}" não é lido aqui (só 01 cobrança e 04 extrato para conciliação).`, { line: r.line });
        }
        break;
      }
      case '3': {
        if (!service) fail(`Linha ${r.line}: detalhe fora de um lote (falta o header de lote).`, { line: r.line });
        const segment = r.text[13];
        if (service === '04' && segment === 'E') lines.push(segmentE(r));
        else if (service === '01' && segment === 'T') pendingT = { r, s: segmentT(r) };
        else if (service === '01' && segment === 'U') {
          if (!pendingT) fail(`Linha ${r.line}: segmento U sem o segmento T antes dele.`, { line: r.line });
          settlements.push(segmentU(r, pendingT.s));
          pendingT = null;
        } else {
          warnings.push(`Linha ${r.line}: segmento ${segment.trim() || '(em branco)'} ignorado.`);
        }
        break;
      }
      case '5': {
        if (service === '04') {
          const date = dateField(r, 143, 150, 'data do saldo final');
          const value = money(r, 151, 168, 'saldo final');
          const dc = alpha(r, 169, 169);
          if (date) balance = { date, amount: dc === 'D' ? -value : value };
        }
        service = '';
        break;
      }
      case '9':
        sawTrailer = true;
        if (rBank !== bankCode) warnings.push(`Linha ${r.line}: o trailer de arquivo traz o banco ${rBank || '(em branco)'}; lido como ${bankCode}.`);
        break;
      case '2':
      case '4':
        warnings.push(`Linha ${r.line}: registro opcional ${type} ignorado.`);
        break;
      case '0':
        fail(`Linha ${r.line}: segundo header de arquivo (registro 0).`, { line: r.line });
        break;
      default:
        fail(`Linha ${r.line}, posição 8: tipo de registro "${type}" desconhecido.`, { line: r.line });
    }
  }
  if (pendingT) fail(`Linha ${pendingT.r.line}: o segmento T não é seguido do segmento U.`, { line: pendingT.r.line });
  if (!sawTrailer) fail(`O arquivo termina na linha ${records.length} sem o trailer de arquivo (registro 9): arquivo incompleto.`, { line: records.length });
  if (!lotes) fail('O arquivo CNAB 240 não tem nenhum lote.', { line: 2 });
  const dates = [...lines.map((l) => l.date), ...settlements.map((s) => s.creditDate ?? s.date).filter((d): d is string => !!d)].sort();
  return {
    format: 'CNAB240',
    account,
    period: dates.length ? { from: dates[0], to: dates[dates.length - 1] } : null,
    balance,
    lines,
    settlements,
    warnings,
    charset,
  };
}

function accountOf(r: CnabRecord, from: number, to: number, dv: number): string | null {
  const acct = stripZeros(alpha(r, from, to));
  if (!acct || /^0+$/.test(acct)) return null;
  const d = alpha(r, dv, dv);
  return `${acct}${d}`.toUpperCase();
}

/** Tipo de inscrição 1 (CPF) or 2 (CNPJ) and the 15-digit zero-padded number. */
export function taxId(type: string, value: string): string | null {
  if (!/^\d+$/.test(value) || /^0+$/.test(value)) return null;
  if (type === '1') return value.slice(-11);
  if (type === '2') return value.slice(-14);
  return null;
}

/** Segment E (extrato para conciliação bancária). */
function segmentE(r: CnabRecord): ParsedLine {
  const date = dateField(r, 143, 150, 'data do lançamento');
  if (!date) fail(`Linha ${r.line}, posições 143–150: o lançamento não tem data.`, { line: r.line });
  const value = money(r, 151, 168, 'valor do lançamento');
  const dc = alpha(r, 169, 169);
  if (dc !== 'D' && dc !== 'C') fail(`Linha ${r.line}, posição 169: "${dc}" não é D (débito) nem C (crédito).`, { line: r.line });
  const memo = [alpha(r, 177, 201), alpha(r, 114, 133)].filter(Boolean).join(' — ');
  return {
    seq: r.line,
    date,
    amount: dc === 'D' ? -value : value,
    memo,
    document: alpha(r, 202, 240) || null,
    fitid: null,
    kind: [alpha(r, 109, 111), alpha(r, 170, 172)].filter(Boolean).join('/') || null,
    counterpart: findTaxId(memo),
  };
}

function segmentT(r: CnabRecord): ParsedSettlement {
  const occurrence = alpha(r, 16, 17);
  return {
    line: r.line,
    occurrence,
    liquidated: CNAB240_LIQUIDATION.has(occurrence),
    nossoNumero: alpha(r, 38, 57),
    seuNumero: alpha(r, 59, 73),
    dueDate: dateField(r, 74, 81, 'vencimento'),
    titleAmount: money(r, 82, 96, 'valor do título'),
    paidAmount: 0,
    interest: 0,
    discount: 0,
    fee: money(r, 199, 213, 'tarifa'),
    netCredit: 0,
    date: null,
    creditDate: null,
    payerDocument: taxId(alpha(r, 133, 133), alpha(r, 134, 148)),
    payerName: alpha(r, 149, 188),
  };
}

function segmentU(r: CnabRecord, t: ParsedSettlement): ParsedSettlement {
  const occurrence = alpha(r, 16, 17);
  if (occurrence !== t.occurrence) fail(`Linha ${r.line}: o segmento U tem a ocorrência ${occurrence}, o T antes dele ${t.occurrence}.`, { line: r.line });
  return {
    ...t,
    interest: money(r, 18, 32, 'juros, multa e encargos'),
    discount: money(r, 33, 47, 'desconto') + money(r, 48, 62, 'abatimento'),
    paidAmount: money(r, 78, 92, 'valor pago'),
    netCredit: money(r, 93, 107, 'valor líquido'),
    date: dateField(r, 138, 145, 'data da ocorrência'),
    creditDate: dateField(r, 146, 153, 'data do crédito'),
  };
}

import { formatMoney } from '../../src/engine/formats/money.ts';

/** pt-BR messages of the reconciliation API (docs/reconciliation.md). */
export const RECONCILIATION_MESSAGES = {
  noFile: 'Envie o arquivo do banco no campo "file".',
  tooLarge: (mb: number) => `O arquivo passa de ${mb} MB.`,
  badFormat: 'Formato inválido: use OFX, CNAB240, CNAB400 ou CSV.',
  badBoolean: 'Use true ou false.',
  badMapping: 'O mapeamento do CSV não é um JSON válido com as colunas date, memo e amount (ou credit e debit).',
  unknownField: 'Campo não permitido.',
  accountNotFound: 'Conta financeira não encontrada.',
  accountInactive: 'A conta financeira está inativa.',
  accountMismatch: (file: string, account: string, name: string) =>
    `O arquivo é de outra conta (${file}); a conta financeira "${name}" é ${account}. Importe o arquivo na conta certa ou confirme a importação assim mesmo.`,
  unmatchedNone: (line: number, nosso: string, seu: string, amount: number) =>
    `Linha ${line}: boleto ${nosso || '—'} (seu número ${seu || '—'}, ${formatMoney(amount)}): nenhuma parcela em aberto com esse nosso número ou seu número.`,
  unmatchedMany: (line: number, nosso: string, seu: string) => `Linha ${line}: boleto ${nosso || '—'} (seu número ${seu || '—'}): mais de uma parcela corresponde; baixe à mão.`,
  unmatchedStatus: (line: number, nosso: string, label: string, status: string) => `Linha ${line}: boleto ${nosso || '—'}: a parcela ${label} está "${status}"; nada foi baixado.`,
  unmatchedAmount: (line: number, nosso: string, label: string, paid: number, due: number) =>
    `Linha ${line}: boleto ${nosso || '—'}: pago ${formatMoney(paid)}, mas a parcela ${label} com os juros e descontos do arquivo dá ${formatMoney(due)}; baixe à mão.`,
  feeDescription: (nosso: string, label: string) => `Tarifa de cobrança: boleto ${nosso} (${label})`,
  settleComment: (fileName: string) => `Retorno de cobrança ${fileName}`.slice(0, 500),
};

/**
 * pt-BR messages of the finance rules (installment plans, boleto blocks, status transitions), shared by
 * the forms and the server so both say the same thing.
 * @example FINANCE_MESSAGES.installmentsSum('R$ 1.234,56', 'R$ 1.234,55') // 'A soma das parcelas (R$ 1.234,55) …'
 */
export const FINANCE_MESSAGES = {
  installmentCount: (max: number) => `Informe de 1 a ${max} parcelas.`,
  installmentMin: 'Cada parcela deve ter pelo menos R$ 0,01.',
  installmentsSum: (total: string, sum: string) => `A soma das parcelas (${sum}) deve ser igual ao total a pagar (${total}).`,
  installmentIndex: 'Parcela inexistente no plano.',
  installmentLocked: 'Esta parcela já foi paga ou cancelada e não pode mais ser alterada.',
  noOtherToAbsorb: 'Não há outra parcela em aberto para absorver a diferença; altere o valor total do lançamento.',
  restTooSmall: (rest: string, count: number) =>
    `O valor restante (${rest}) não cobre ${count === 1 ? 'a outra parcela em aberto' : `as outras ${count} parcelas em aberto`} (mínimo de R$ 0,01 cada).`,
  netAmountMin: 'O total a pagar (valor + juros + multa − desconto) deve ser de pelo menos R$ 0,01.',
  planLocked: 'O plano de parcelas não pode mais ser alterado: há parcelas pagas, autorizadas ou canceladas.',
  deleteOnlyDraft: 'Só é possível excluir um lançamento que ainda não seguiu no fluxo (rascunho a pagar, ou a receber em aberto) e sem parcelas pagas; depois disso, use Cancelar.',
  installmentsByPayable: 'As parcelas são criadas e excluídas pelo lançamento (número de parcelas e primeiro vencimento).',
  boleto: {
    length: (n: number) =>
      `A linha digitável deve ter 47 dígitos (boleto bancário) ou 48 (arrecadação, começando com 8); foram informados ${n}.`,
    notDigits: 'A linha digitável deve conter só números (pontos e espaços são ignorados).',
    currency: (d: string) => `Campo 1 da linha digitável: o código da moeda é ${d}; boletos em reais usam 9.`,
    field: (n: number) => `Campo ${n} da linha digitável: o dígito verificador (módulo 10) não confere. Confira os dígitos desse campo.`,
    general: 'Campo 4 da linha digitável: o dígito verificador geral (módulo 11) não confere. Confira o valor e o vencimento (campo 5).',
    collectionStart: 'Linha de arrecadação deve começar com 8.',
    valueType: (d: string) => `Bloco 1 da linha de arrecadação: o 3º dígito (${d}) deve ser 6, 7, 8 ou 9 (identificador de valor).`,
    block: (n: number, module: 10 | 11) =>
      `Bloco ${n} da linha de arrecadação: o dígito verificador (módulo ${module}) não confere. Confira os dígitos desse bloco.`,
    collectionGeneral: (module: 10 | 11) => `Bloco 1 da linha de arrecadação: o dígito verificador geral (4º dígito, módulo ${module}) não confere.`,
    barcode: 'Código de barras (44 dígitos) com dígito verificador geral inválido.',
  },
  /** PIX copia e cola (BR Code): the form shows these as the person pastes, the server on save. */
  pix: {
    notPix: 'Não é um código PIX copia e cola.',
    crc: 'Código PIX inválido: o dígito verificador (CRC) não confere. Copie o código de novo, inteiro.',
    structure: 'Código PIX inválido: a estrutura do código está quebrada (campos com tamanho errado).',
    noAccount: 'Código PIX inválido: o código não contém uma conta PIX (br.gov.bcb.pix).',
    keyOrUrl: 'Código PIX inválido: o código deve trazer uma chave ou uma URL de cobrança, e só uma delas.',
    currency: 'Código PIX inválido: o valor não está em reais (moeda 986).',
    amount: 'Código PIX inválido: o valor (campo 54) não é um número válido.',
    merchant: 'Código PIX inválido: faltam o nome e a cidade do recebedor.',
  },
  transition: (action: string, status: string, noun = 'um lançamento') => `Não é possível ${action} ${noun} com a situação "${status}".`,
  unknownAction: (action: string) => `Ação desconhecida: "${action}".`,
  reasonRequired: 'Informe o motivo.',
} as const;

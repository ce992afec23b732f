/** pt-BR messages of the general ledger (server/ledger) and its closings. */
const mmYyyy = (isoMonth: string) => `${isoMonth.slice(5, 7)}/${isoMonth.slice(0, 4)}`;

export const LEDGER_MESSAGES = {
  periodClosed: (month: string) =>
    `O período ${mmYyyy(month)} está fechado na contabilidade: nenhum lançamento pode ser datado nele. Faça a correção num período aberto ou peça a reabertura do período.`,
  movementPeriodClosed: (month: string) =>
    `A movimentação tem lançamento contábil em ${mmYyyy(month)}, período fechado na contabilidade: a correção seria lançada nesse mês. Nada foi alterado; peça a reabertura do período para alterar a movimentação.`,
  unbalanced: 'Lançamento contábil sem partidas dobradas (débitos diferentes dos créditos): nada foi gravado.',
  categoryWithoutAccount: (name: string) => `A categoria "${name}" não tem conta contábil: informe a conta contábil da categoria antes de continuar.`,
  roleMissing: (role: string) => `A conta contábil de "${ROLE_LABELS[role] ?? role}" não está configurada nas regras de contabilização.`,
  closeInvalidMonth: 'Informe o mês no formato AAAA-MM.',
  alreadyClosed: (month: string) => `O período ${mmYyyy(month)} já está fechado.`,
  notClosed: (month: string) => `O período ${mmYyyy(month)} não está fechado.`,
} as const;

export const ROLE_LABELS: Record<string, string> = {
  FORNECEDORES: 'Fornecedores',
  CLIENTES: 'Clientes',
  BANCOS: 'Bancos (contas financeiras sem conta contábil própria)',
  JUROS_MULTAS_PAGOS: 'Juros e multas pagos',
  DESCONTOS_OBTIDOS: 'Descontos obtidos',
  JUROS_MULTAS_RECEBIDOS: 'Juros e multas recebidos',
  DESCONTOS_CONCEDIDOS: 'Descontos concedidos',
  MOVIMENTO_SAIDA: 'Saídas avulsas (tarifas bancárias)',
  MOVIMENTO_ENTRADA: 'Entradas avulsas (rendimentos)',
  ABERTURA_PL: 'Contrapartida dos saldos de abertura (patrimônio líquido)',
};

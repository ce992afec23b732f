/**
 * pt-BR texts of the approval engine (server refusals) and of the approval queue pages, shared so the
 * API and the screens say the same thing.
 * @example APPROVAL_MESSAGES.substituteOutOfPeriod('01/07/2026', '15/07/2026')
 */
export const APPROVAL_MESSAGES = {
  notApprover: 'Você não é aprovador desta etapa.',
  selfApproval: 'Você é o solicitante deste registro: a decisão cabe a outra pessoa (segregação de funções).',
  alreadyDecided: 'Você já registrou a sua decisão nesta etapa.',
  decidedBySubstitute: 'O substituto já decidiu por você nesta etapa.',
  substituteOutOfPeriod: (from: string, until: string) => `A sua substituição nesta etapa vale de ${from} a ${until}.`,
  actingForInvalid: 'Escolha um aprovador desta etapa que ainda não decidiu.',
  notPending: (status: string) => `Esta solicitação não está mais pendente (situação: ${status}).`,
  stageMoved: (stage: string) => `Esta solicitação não está mais nesta etapa: ela agora está em "${stage}". Atualize a página.`,
  commentRequired: 'Informe o motivo da reprovação.',
  alreadyPending: (queue: string) => `Este registro já está em aprovação na fila "${queue}".`,
  noStages: (queue: string) => `A fila de aprovação "${queue}" não tem etapas ativas: peça a quem administra as filas para cadastrar uma.`,
  noPermission: 'Você não tem permissão para aprovar ou reprovar solicitações.',
  bulkLimit: (max: number) => `Escolha no máximo ${max} solicitações por vez.`,
  /** A trigger for a kind of record no approval flow handles yet (it would be saved and never fire). */
  noTarget: (available: string) =>
    `Ainda não há fila de aprovação para este recurso${available ? ` (por enquanto, só ${available})` : ''}.`,
} as const;

export const APPROVAL_STATUS_LABELS: Record<string, string> = {
  PENDENTE: 'Pendente',
  APROVADO: 'Aprovado',
  REJEITADO: 'Reprovado',
  CANCELADO: 'Cancelado',
};

export const APPROVAL_DECISION_LABELS: Record<string, string> = { APROVAR: 'Aprovou', REJEITAR: 'Reprovou' };

export const APPROVAL_RESOURCE_LABELS: Record<string, string> = {
  payables: 'Conta a pagar',
  receivables: 'Conta a receber',
  orders: 'Pedido',
  quotes: 'Cotação',
  'purchase-orders': 'Ordem de compra',
  invoices: 'Faturamento',
};

/** Labels of the approval queue pages (src/plugins/approvals). */
export const APPROVAL_TEXT = {
  title: 'Filas de Aprovação',
  lead: 'As filas em que você aprova, com o que espera decisão em cada etapa.',
  mine: 'Minhas pendências',
  mineLead: 'Solicitações que aguardam a sua decisão (como aprovador ou substituto).',
  mineEmpty: 'Nada aguarda a sua decisão.',
  queuesEmpty: 'Nenhuma fila de aprovação ativa.',
  youApprove: 'Você aprova',
  cannotDecide: 'Você não decide esta',
  inactive: 'Inativa',
  pending: 'Pendentes',
  pendingCount: (n: number) => `${n} ${n === 1 ? 'pendente' : 'pendentes'}`,
  requestedBy: (name: string) => `por ${name}`,
  waitingYou: 'Aguardam você',
  stage: 'Etapa',
  stages: 'Etapas',
  stageOf: (order: number, count: number) => `Etapa ${order} de ${count}`,
  rule: { ANY: 'Qualquer um aprova', ALL: 'Todos aprovam' } as Record<string, string>,
  ruleLabel: 'Regra',
  substitution: 'Substituição',
  total: (value: string) => `Total: ${value}`,
  statusFilter: [
    { value: 'PENDENTE', label: 'Pendentes' },
    { value: 'APROVADO', label: 'Aprovadas' },
    { value: 'REJEITADO', label: 'Reprovadas' },
    { value: 'CANCELADO', label: 'Canceladas' },
    { value: 'TODAS', label: 'Todas' },
  ],
  record: 'Registro',
  amount: 'Valor',
  requester: 'Solicitante',
  age: 'Na etapa há',
  submittedAt: 'Enviado em',
  decidedAt: (when: string) => `Concluída em ${when}`,
  status: 'Situação',
  queue: 'Fila',
  queueStage: 'Fila e etapa',
  queuesSection: 'Filas',
  approvers: 'Aprovadores',
  substitute: (name: string, from: string, until: string) => `Substituto: ${name} (${from} a ${until})`,
  progress: (done: number, total: number) => `${done} de ${total} aprovaram`,
  noApprover: 'Sem aprovador disponível',
  requestsEmpty: 'Nenhuma solicitação nesta situação.',
  stageEmpty: 'Nenhuma solicitação aguarda esta etapa.',
  approve: 'Aprovar',
  reject: 'Reprovar',
  approveSelected: (n: number) => `Aprovar selecionadas (${n})`,
  approveTitle: 'Aprovar solicitação',
  rejectTitle: 'Reprovar solicitação',
  bulkTitle: (n: number) => `Aprovar ${n} ${n === 1 ? 'solicitação' : 'solicitações'}?`,
  bulkLead: 'Cada uma segue para a próxima etapa (ou é aprovada, se esta for a última).',
  comment: 'Comentário',
  commentOptional: 'Comentário (opcional)',
  reason: 'Motivo da reprovação',
  reasonHelp: 'Quem solicitou verá este motivo.',
  actingFor: 'Decidir em nome de',
  confirmApprove: 'Confirmar aprovação',
  confirmReject: 'Confirmar reprovação',
  cancel: 'Cancelar',
  approved: 'Solicitação aprovada.',
  rejected: 'Solicitação reprovada.',
  bulkDone: (ok: number, failed: number) =>
    failed
      ? `${ok} ${ok === 1 ? 'aprovada' : 'aprovadas'}; ${failed} ${failed === 1 ? 'não pôde ser aprovada' : 'não puderam ser aprovadas'}.`
      : `${ok} ${ok === 1 ? 'solicitação aprovada' : 'solicitações aprovadas'}.`,
  history: 'Histórico de decisões',
  historyEmpty: 'Nenhuma decisão ainda.',
  showHistory: 'Ver histórico',
  hideHistory: 'Ocultar histórico',
  actingForNote: (name: string) => `em nome de ${name}`,
  retry: 'Tentar de novo',
  back: 'Filas de aprovação',
  backToQueue: 'Voltar à fila',
  open: 'Abrir',
  openStage: 'Abrir etapa',
  notFound: 'Fila de aprovação não encontrada.',
  stageNotFound: 'Etapa não encontrada nesta fila.',
  rejectedAt: (stage: string) => `Reprovada na etapa "${stage}"`,
  stageStatus: { APROVADA: 'Aprovada', REJEITADA: 'Reprovada', ATUAL: 'Em andamento', AGUARDANDO: 'Aguardando' } as Record<string, string>,
} as const;

/**
 * "Na etapa há": whole minutes, hours or days since `since` (ISO), in pt-BR.
 * @example ageLabel('2026-03-01T10:00:00Z', new Date('2026-03-03T11:00:00Z')) // '2 dias'
 */
export function ageLabel(since: string, now: Date = new Date()): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(since).getTime()) / 60_000));
  if (minutes < 60) return minutes <= 1 ? 'menos de 1 min' : `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? '1 hora' : `${hours} horas`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 dia' : `${days} dias`;
}

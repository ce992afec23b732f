/**
 * pt-BR messages of the procurement workflow (docs/resources-procurement.md "Ciclo de compras"): actions on
 * orders, quotes, purchase orders, receipts and invoices, the three-way match, the NF-e import, the
 * catalogue and the cart. Status titles repeat the schemas' `oneOf` titles (the pure decision functions
 * run on the client too, where they name the status without the schema at hand).
 */

export const ORDER_STATUS_LABELS: Record<string, string> = {
  RASCUNHO: 'Rascunho', ENVIADO: 'Aguardando aprovação', REPROVADO: 'Reprovado', APROVADO: 'Aprovado', EM_COTACAO: 'Em cotação',
  COTADO: 'Cotado', PEDIDO_GERADO: 'Ordem de compra gerada', PARCIALMENTE_ATENDIDO: 'Parcialmente atendido', CONCLUIDO: 'Concluído', CANCELADO: 'Cancelado',
};
export const QUOTE_STATUS_LABELS: Record<string, string> = {
  ABERTA: 'Aberta', ENVIADA: 'Aguardando orçamentos', EM_ANALISE: 'Em análise', AGUARDANDO_APROVACAO: 'Aguardando aprovação', APROVADA: 'Aprovada', CANCELADA: 'Cancelada',
};
export const PO_STATUS_LABELS: Record<string, string> = {
  RASCUNHO: 'Rascunho', AGUARDANDO_APROVACAO: 'Aguardando aprovação', REPROVADA: 'Reprovada', APROVADA: 'Aprovada', ENVIADA: 'Enviada ao fornecedor',
  PARCIALMENTE_RECEBIDA: 'Parcialmente recebida', RECEBIDA: 'Recebida', FATURADA: 'Faturada', ENCERRADA: 'Encerrada', CANCELADA: 'Cancelada',
};
export const RECEIPT_STATUS_LABELS: Record<string, string> = {
  EM_CONFERENCIA: 'Em conferência', CONFERIDO: 'Conferido', COM_DIVERGENCIA: 'Com divergência', RECUSADO: 'Recusado',
};
export const INVOICE_STATUS_LABELS: Record<string, string> = {
  EM_CONFERENCIA: 'Em conferência', COM_DIVERGENCIA: 'Com divergência', CONFERIDO: 'Conferido', LANCADO: 'Lançado em contas a pagar', RECUSADO: 'Recusado', CANCELADO: 'Cancelado',
};

export const PROCUREMENT_WORKFLOW_MESSAGES = {
  forbidden: (verb: string, where: string) => `Você não tem permissão para ${verb} (${where}).`,
  transition: (verb: string, noun: string, status: string) => `Não é possível ${verb} ${noun} com a situação "${status}".`,
  unknownAction: (action: string) => `Ação desconhecida: "${action}".`,
  sodApprove: (noun: string) => `Quem solicitou ou registrou ${noun} não pode aprová-lo nem reprová-lo (segregação de funções).`,
  queued: (queue: string) => `Este documento aguarda a fila de aprovação "${queue}": aprove ou reprove pela fila (Filas de Aprovação).`,
  reasonRequired: 'Informe o motivo.',
  mismatchReason: 'Explique por que a nota com divergência deve ser aprovada.',
  inLiveQuote: (quote: string) => `Há itens deste pedido na cotação ${quote}: cancele a cotação antes.`,
  poHasReceipts: 'Esta ordem de compra já tem entregas conferidas: não pode mais ser cancelada (encerre-a).',
  poNoEmail: (supplier: string) => `O fornecedor ${supplier} não tem e-mail cadastrado: informe o e-mail do envio.`,
  closePartial: 'A ordem ainda tem itens a receber: informe o motivo do encerramento.',
  // Quotes
  noInvitees: 'Convide pelo menos um fornecedor.',
  noEmail: (supplier: string) => `O fornecedor ${supplier} não tem e-mail cadastrado: registre o orçamento recebido por telefone ou PDF.`,
  notInvited: 'Este fornecedor não foi convidado para a cotação.',
  proposalLines: 'Informe o preço de pelo menos um item.',
  proposalLine: (n: number) => `O item ${n} não existe nesta cotação.`,
  proposalValidity: 'A validade da proposta não pode ser anterior à data de recebimento.',
  portalExpired: 'Este link de cotação expirou ou não é mais válido. Peça um novo link ao comprador.',
  portalClosed: (status: string) => `Esta cotação está "${status}" e não recebe mais orçamentos.`,
  portalAnswered: 'Seu orçamento foi recebido. Obrigado!',
  awardNoProposals: 'Nenhum orçamento recebido: registre os orçamentos antes de adjudicar.',
  awardLineUnpriced: (n: number, supplier: string) => `O fornecedor ${supplier} não cotou o item ${n}.`,
  awardLineMissing: (n: number) => `Escolha o vencedor do item ${n}.`,
  awardSupplierUnknown: 'O vencedor precisa ter enviado orçamento nesta cotação.',
  awardJustification: (lowest: string, chosen: string) =>
    `A escolha (${chosen}) não é o menor custo total (${lowest}): escreva a justificativa.`,
  awardFewQuotes: (got: number, min: number) => `Há ${got} orçamento(s), menos que o mínimo de ${min} da cotação: escreva a justificativa.`,
  awardExpired: (supplier: string) => `A proposta de ${supplier} está vencida: peça a renovação ou escolha outra.`,
  // Create from
  noLines: 'Escolha pelo menos um item.',
  lineNotQueued: (order: string, line: number) => `O item ${line} do pedido ${order} não está aguardando cotação.`,
  orderNotQuotable: (order: string, status: string) => `O pedido ${order} está "${status}": só itens de pedidos aprovados vão para cotação.`,
  quoteClosedToLines: (status: string) => `A cotação está "${status}": só se acrescentam itens a uma cotação aberta (antes do envio aos fornecedores).`,
  otherOrganization: (order: string) => `O pedido ${order} é de outra organização que a da cotação.`,
  quoteNotAwarded: (status: string) => `A cotação está "${status}": só se gera ordem de compra de cotação adjudicada.`,
  supplierNotWinner: 'Este fornecedor não venceu nenhum item da cotação.',
  alreadyOrdered: (po: string) => `Os itens deste fornecedor já estão na ordem de compra ${po}.`,
  // Awarded lines into a draft purchase order (D77)
  poClosedToLines: (status: string) => `A ordem de compra está "${status}": só se acrescentam itens a uma ordem de compra em rascunho (antes do envio para aprovação).`,
  poLinesUnknownField: (field: string) => `Campo desconhecido: ${field}. Envie só { lines: [{ quoteId, line }] }.`,
  poLineQuoteNotFound: 'Cotação não encontrada.',
  poLineQuoteNotAwarded: (quote: string, status: string) => `A cotação ${quote} está "${status}": só itens de cotação adjudicada vão para ordem de compra.`,
  poLineMissing: (quote: string, line: number) => `A cotação ${quote} não tem o item ${line}.`,
  poLineNotAwarded: (quote: string, line: number) => `O item ${line} da cotação ${quote} não foi adjudicado.`,
  poLineOtherSupplier: (quote: string, line: number, supplier: string) => `O item ${line} da cotação ${quote} foi adjudicado a outro fornecedor (${supplier}): uma ordem de compra tem um só fornecedor.`,
  poLineOrdered: (quote: string, line: number, po: string) => `O item ${line} da cotação ${quote} já está na ordem de compra ${po}.`,
  poLineOtherOrganization: (quote: string) => `A cotação ${quote} é de outra organização que a da ordem de compra.`,
  noCategory: 'Informe a categoria de despesa e o centro de custos da conta a pagar: a ordem de compra não os traz.',
  unknownField: 'Campo não aceito por esta ação.',
  categoryInvalid: 'Categoria de despesa não encontrada, inativa ou sintética: escolha uma categoria analítica.',
  costCenterInvalid: 'Centro de custos não encontrado, inativo, sintético ou de outra organização: escolha um centro de custos analítico da organização da nota.',
  nothingOpen: 'Não há quantidade a receber nesta ordem de compra.',
  // Receipts
  receiptLine: (n: number) => `O item ${n} não existe na ordem de compra.`,
  overReceipt: (n: number, max: string) => `Item ${n}: a quantidade aceita passa do saldo a receber mais a tolerância (máximo ${max}).`,
  divergenceNotes: 'Descreva a divergência nas observações.',
  // Invoices
  invoiceNoPo: 'Vincule a nota a uma ordem de compra para conferir (três vias).',
  mismatchHeld: 'A nota tem divergências fora da tolerância: aprove com justificativa (ou pela fila de aprovação) ou recuse-a.',
  mismatchInQueue: 'Esta nota aguarda a fila de aprovação da divergência: ela não pode mudar enquanto é analisada (recuse-a para corrigir).',
  installmentsSum: (sum: string, net: string) => `As parcelas somam ${sum}, mas o valor líquido da nota é ${net}.`,
  // NF-e
  nfeMalformed: (detail: string) => `O arquivo não é um XML válido: ${detail}`,
  nfeForeign: 'Este XML não é uma NF-e modelo 55 (layout 4.00): envie o XML da nota (nfeProc ou NFe).',
  nfeVersion: (v: string) => `Versão de layout ${v} não aceita: só NF-e 4.00.`,
  nfeKeyInvalid: 'A chave de acesso da nota é inválida (dígito verificador).',
  nfeKeyMismatch: 'A chave de acesso do XML não confere com o emitente, número ou série da nota.',
  nfeDuplicate: (n: string) => `Esta nota (chave de acesso) já foi lançada: faturamento ${n}.`,
  nfeSupplier: (cnpj: string) => `Nenhum fornecedor ativo com o CNPJ/CPF ${cnpj} nesta organização: cadastre-o antes de importar a nota.`,
  nfeNotForUs: 'O destinatário da nota não é esta organização.',
  nfeField: (field: string) => `Campo obrigatório ausente no XML: ${field}.`,
  nfeTooLarge: 'O XML passa de 2 MB.',
  // Catalogue and cart
  cartEmpty: 'O carrinho está vazio.',
  cartLine: 'Item do carrinho não encontrado.',
  productInactive: 'Este produto não está disponível no catálogo.',
} as const;

/** "Criar a partir de" on the record pages (allowed actions, D56): why the step is not offered. */
export const PROCUREMENT_CREATE_FROM = {
  forbiddenQuote: 'Você não tem permissão para criar cotações (Cotações).',
  notQuotable: 'Só itens de pedidos aprovados que ainda não estão numa cotação podem ser cotados.',
  forbiddenPurchaseOrder: 'Você não tem permissão para criar ordens de compra (Ordens de Compra).',
  notOrderable: 'Só cotações adjudicadas com vencedor ainda sem ordem de compra geram ordem de compra.',
  forbiddenReceipt: 'Você não tem permissão para registrar entregas (Entregas).',
  notReceivable: 'Só se registra entrega de ordem aprovada, enviada ou parcialmente recebida com saldo a receber.',
  forbiddenInvoice: 'Você não tem permissão para lançar notas (Faturamentos).',
  notInvoiceable: 'Não há quantidade recebida a faturar nesta ordem de compra.',
  forbiddenLines: 'Você não tem permissão para alterar ordens de compra (Ordens de Compra).',
  notOpenToLines: 'Só se acrescentam itens a uma ordem de compra em rascunho.',
} as const;

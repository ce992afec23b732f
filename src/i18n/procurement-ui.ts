/**
 * pt-BR texts of the procurement pages and record actions (src/plugins/procurement): the dialogs each
 * workflow action opens, what the snackbar says after it, and the "criar a partir de" steps.
 */

export interface ActionText {
  title: string;
  okText: string;
  /** What will happen, above the comment field. */
  body?: string;
  done: string;
}

export const PROCUREMENT_UI = {
  reasonLabel: 'Motivo',
  commentOptional: 'Comentário (opcional)',
  reasonRequired: 'Informe o motivo.',
  back: 'Voltar',
  actionFailed: 'A ação não foi realizada.',
  sentToQueue: (queue: string) => `Enviado para a fila de aprovação "${queue}".`,
  orders: {
    submit: { title: 'Enviar este pedido para aprovação?', okText: 'Enviar para aprovação', body: 'Depois de enviado, o pedido não pode mais ser alterado (devolva-o ao rascunho para corrigir).', done: 'Pedido enviado para aprovação.' },
    approve: { title: 'Aprovar este pedido?', okText: 'Aprovar', body: 'Os itens aprovados vão para a fila de cotação do comprador.', done: 'Pedido aprovado.' },
    reject: { title: 'Reprovar este pedido?', okText: 'Reprovar', done: 'Pedido reprovado.' },
    return: { title: 'Devolver este pedido ao rascunho?', okText: 'Devolver ao rascunho', body: 'A solicitação de aprovação pendente é retirada da fila.', done: 'Pedido devolvido ao rascunho.' },
    cancel: { title: 'Cancelar este pedido?', okText: 'Cancelar pedido', done: 'Pedido cancelado.' },
  } satisfies Record<string, ActionText>,
  quotes: {
    send: { title: 'Enviar a cotação aos fornecedores?', okText: 'Enviar convites', body: 'Cada fornecedor convidado recebe por e-mail um link próprio para enviar o orçamento.', done: 'Convites enviados.' },
    cancel: { title: 'Cancelar esta cotação?', okText: 'Cancelar cotação', body: 'Os itens voltam para a fila de cotação.', done: 'Cotação cancelada.' },
  } satisfies Record<string, ActionText>,
  purchaseOrders: {
    submit: { title: 'Enviar esta ordem de compra para aprovação?', okText: 'Enviar para aprovação', done: 'Ordem de compra enviada para aprovação.' },
    approve: { title: 'Aprovar esta ordem de compra?', okText: 'Aprovar', done: 'Ordem de compra aprovada.' },
    reject: { title: 'Reprovar esta ordem de compra?', okText: 'Reprovar', done: 'Ordem de compra reprovada.' },
    return: { title: 'Devolver esta ordem de compra ao rascunho?', okText: 'Devolver ao rascunho', done: 'Ordem de compra devolvida ao rascunho.' },
    send: { title: 'Enviar a ordem de compra ao fornecedor?', okText: 'Enviar ao fornecedor', body: 'O PDF da ordem é gerado e enviado ao e-mail do fornecedor (ou ao e-mail informado abaixo).', done: 'Ordem de compra enviada ao fornecedor.' },
    cancel: { title: 'Cancelar esta ordem de compra?', okText: 'Cancelar ordem', done: 'Ordem de compra cancelada.' },
    close: { title: 'Encerrar esta ordem de compra?', okText: 'Encerrar', body: 'Se ainda há saldo a receber, informe o motivo do encerramento.', done: 'Ordem de compra encerrada.' },
  } satisfies Record<string, ActionText>,
  receipts: {
    confirm: { title: 'Confirmar esta entrega?', okText: 'Confirmar entrega', body: 'As quantidades aceitas (recebidas menos recusadas) são somadas à ordem de compra item a item. Com recusa, descreva a divergência.', done: 'Entrega confirmada.' },
  } satisfies Record<string, ActionText>,
  invoices: {
    match: { title: 'Conferir esta nota (três vias)?', okText: 'Conferir', body: 'Cada item é comparado com a ordem de compra e com o que foi recebido, nas tolerâncias configuradas.', done: 'Nota conferida.' },
    approve: { title: 'Aprovar esta nota?', okText: 'Aprovar e lançar', body: 'A conta a pagar é gerada com as parcelas da nota. Com divergência, escreva a justificativa.', done: 'Nota aprovada: conta a pagar gerada.' },
    reject: { title: 'Recusar esta nota?', okText: 'Recusar nota', done: 'Nota recusada.' },
  } satisfies Record<string, ActionText>,
  emailLabel: 'E-mail do envio (opcional)',
  /** "Aprovar e lançar": the payable's classification (pre-filled from the purchase order). */
  payableCategory: 'Categoria de despesa da conta a pagar',
  payableCostCenter: 'Centro de custos da conta a pagar',
  payableCategoryRequired: 'Escolha a categoria de despesa: a ordem de compra não tem uma.',
  payableCostCenterRequired: 'Escolha o centro de custos: a ordem de compra não tem um.',
  emailInvalid: 'Informe um e-mail válido.',
  matchedWithin: 'Nota conferida: dentro das tolerâncias.',
  matchedHeld: (n: number) => `Nota com ${n} divergência(s) fora da tolerância: aguarda aprovação com justificativa.`,
  skipped: (names: string) => `Sem e-mail (registre o orçamento por telefone ou PDF): ${names}.`,
  createFrom: {
    quoteTitle: 'Criar cotação com os itens deste pedido?',
    quoteTitleSelected: 'Criar cotação com os itens selecionados?',
    quoteBody: (n: number) => `${n} item(ns) aguardando cotação serão copiados para uma nova cotação. Escolha os fornecedores a convidar (busque pelo nome ou CNPJ).`,
    quoteOk: 'Criar cotação',
    suppliers: 'Fornecedores convidados',
    suppliersRequired: 'Convide pelo menos um fornecedor.',
    quoteNothing: 'Nenhum item deste pedido aguarda cotação.',
    quoteDone: (n: string) => `Cotação ${n} criada.`,
    poTitle: 'Gerar a ordem de compra do vencedor?',
    poBody: (n: number) => `${n} ordem(ns) de compra em rascunho serão criadas a partir das propostas vencedoras, com itens, preços, condição e frete copiados.`,
    poOk: 'Gerar ordem de compra',
    poNothing: 'Não há proposta vencedora sem ordem de compra nesta cotação.',
    poDone: (numbers: string) => `Ordem de compra criada: ${numbers}.`,
    receiptTitle: 'Registrar uma entrega desta ordem de compra?',
    receiptBody: 'A entrega é criada com o saldo a receber de cada item; ajuste as quantidades que chegaram antes de confirmá-la.',
    receiptOk: 'Registrar entrega',
    receiptDone: (n: string) => `Entrega ${n} registrada: confira as quantidades e confirme.`,
    invoiceTitle: 'Lançar a nota desta ordem de compra',
    invoiceFromReceiptTitle: 'Lançar a nota desta entrega',
    invoiceBody: 'Os itens recebidos e ainda não faturados entram na nota aos preços da ordem; as parcelas seguem a condição de pagamento.',
    invoiceOk: 'Lançar nota',
    invoiceDone: (n: string) => `Nota ${n} lançada: confira (três vias) antes de aprovar.`,
    number: 'Número da nota',
    numberInvalid: 'Informe o número (até 9 dígitos).',
    series: 'Série',
    documentType: 'Tipo de documento',
    accessKey: 'Chave de acesso (NF-e)',
    accessKeyRequired: 'Informe a chave de acesso de 44 caracteres da NF-e.',
  },
  documentTypes: [
    { value: 'NFE', label: 'NF-e' },
    { value: 'NFSE', label: 'NFS-e' },
    { value: 'FATURA', label: 'Fatura' },
    { value: 'RECIBO', label: 'Recibo' },
  ],
} as const;

/** The buyer's queues (/cotacoes/fila, /ordens-de-compra/fila, /ordens-de-compra/proposta/{requestId}). */
export const PROCUREMENT_QUEUES = {
  retry: 'Tentar de novo',
  quotation: {
    title: 'Fila de cotação',
    lead: 'Itens de pedidos aprovados que ainda não estão em nenhuma cotação. Selecione os itens e crie a cotação convidando os fornecedores.',
    groupBy: 'Agrupar por',
    byCategory: 'Departamento',
    bySupplier: 'Fornecedor preferido',
    empty: 'Nenhum item aguardando cotação.',
    selected: (n: number, total: string) => `${n} item(ns) selecionado(s) · ${total} estimados`,
    none: 'Selecione os itens a cotar.',
    create: (n: number) => `Criar cotação com ${n} item(ns)`,
    count: (n: number) => `${n} item(ns) aguardando cotação`,
    addToOpen: 'Adicionar a uma cotação aberta',
  },
  purchaseOrder: {
    title: 'Fila de ordens de compra',
    lead: 'Itens adjudicados nas cotações que ainda não têm ordem de compra: uma proposta vencedora por grupo. Gere a ordem de compra em um passo.',
    empty: 'Nenhum item adjudicado aguardando ordem de compra.',
    open: 'Ver proposta',
    generate: 'Gerar ordem de compra',
    count: (n: number) => `${n} proposta(s) vencedora(s) aguardando ordem de compra`,
    terms: (terms: string | null, days: number | null) => [terms ? `Condição: ${terms}` : null, days !== null && days !== undefined ? `Entrega em ${days} dia(s)` : null].filter(Boolean).join(' · '),
    addToDraft: 'Adicionar a uma ordem de compra em rascunho',
  },
  proposal: {
    title: 'Ordem de compra da proposta',
    lead: 'A ordem de compra é criada em rascunho com os itens, preços, condição de pagamento, frete e prazo da proposta vencedora, ligada à cotação e aos pedidos.',
    notFound: 'Esta proposta não está aguardando ordem de compra (já tem uma, ou a cotação não foi adjudicada).',
    back: 'Fila de ordens de compra',
    expectedDeliveryDate: 'Entrega prevista',
    deliveryAddress: 'Endereço de entrega',
    notes: 'Observações',
    total: 'Total dos itens',
  },
  columns: {
    order: 'Pedido', line: 'Item', description: 'Descrição', quantity: 'Qtd.', unit: 'Un.', unitPrice: 'Preço unit.', total: 'Total',
    neededBy: 'Necessário em', priority: 'Prioridade', quote: 'Cotação', supplier: 'Fornecedor',
  },
  priority: { BAIXA: 'Baixa', NORMAL: 'Normal', ALTA: 'Alta', URGENTE: 'Urgente' } as Record<string, string>,
} as const;

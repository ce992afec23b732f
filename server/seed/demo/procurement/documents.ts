import { nfeKeyCheckDigit } from '../../../../src/engine/formats/nfe-key.ts';
import { applyComputed } from '../../../../src/engine/schema/computed.ts';
import { uuid } from './ids.ts';
import { schemaOf } from './insert.ts';
import { UF_CODE } from './places.ts';
import { addDays, type Random } from '../random.ts';

type Rec = Record<string, unknown>;

export interface DocProduct {
  id: string;
  name: string;
  unit: string;
  type: string;
  rootSlug: string;
  referencePrice: number;
  leadTimeDays: number | null;
  variants: { id: string; name: string; price: number | null }[];
}

export interface DocSupplier {
  id: string;
  document: string;
  state: string | null;
  kind: string;
  paymentTerms: string | null;
  supplies: string[];
}

export interface DocInputs {
  orgId: string;
  today: string;
  requesterId: string;
  buyerId: string;
  costCenters: { id: string; departmentId: string | null }[];
  products: DocProduct[];
  suppliers: DocSupplier[];
}

export interface Documents {
  orders: Rec[];
  quotes: Rec[];
  purchaseOrders: Rec[];
  receipts: Rec[];
  invoices: Rec[];
}

const QUANTITY: Record<string, [number, number]> = { RESMA: [5, 40], CX: [1, 12], PCT: [2, 20], UN: [1, 15], PAR: [2, 20], KG: [2, 20], H: [4, 60], MES: [1, 1], SV: [1, 2] };
const at = (date: string, hour = 10) => `${date}T${String(hour).padStart(2, '0')}:00:00-03:00`;
const ageOf = (today: string, date: string) => Math.round((Date.parse(today) - Date.parse(date)) / 86_400_000);
const num = (v: unknown) => (typeof v === 'number' ? v : 0);

/** Statuses of an order by its age: old ones done, recent ones still in the workflow. */
function orderStatus(rng: Random, age: number): string {
  if (age > 60) return rng.weighted([['CONCLUIDO', 70], ['PEDIDO_GERADO', 12], ['CANCELADO', 9], ['REPROVADO', 9]] as const);
  if (age > 20) return rng.weighted([['PEDIDO_GERADO', 40], ['PARCIALMENTE_ATENDIDO', 15], ['COTADO', 15], ['EM_COTACAO', 15], ['CONCLUIDO', 15]] as const);
  return rng.weighted([['RASCUNHO', 25], ['ENVIADO', 35], ['APROVADO', 25], ['EM_COTACAO', 15]] as const);
}

const TITLES: Record<string, string[]> = {
  escritorio: ['Material de escritório', 'Reposição de papelaria', 'Suprimentos do administrativo'],
  informatica: ['Equipamentos de informática', 'Periféricos para a equipe', 'Suprimentos de impressão'],
  limpeza: ['Material de limpeza', 'Reposição de higiene'],
  'copa-e-cozinha': ['Copa: café e descartáveis', 'Reposição da copa'],
  epi: ['EPIs da operação', 'Uniformes e EPIs'],
  embalagens: ['Embalagens para expedição', 'Material de embalagem'],
  moveis: ['Mobiliário do escritório', 'Cadeiras e mesas'],
  manutencao: ['Material de manutenção', 'Ferramentas e material elétrico'],
  servicos: ['Contratação de serviço', 'Serviços terceirizados'],
};

function orderItems(rng: Random, products: DocProduct[]): Rec[] {
  return rng.sample(products, rng.int(1, Math.min(5, products.length))).map((p) => {
    const variant = p.variants.length ? rng.pick(p.variants) : undefined;
    const [min, max] = QUANTITY[p.unit] ?? [1, 10];
    const base = variant?.price ?? p.referencePrice;
    return {
      productId: p.id,
      variantId: variant?.id ?? null,
      description: variant ? `${p.name} (${variant.name})` : p.name,
      quantity: rng.int(min, max),
      unit: p.unit,
      unitPrice: Math.round(base * (0.95 + rng.next() * 0.15)),
    };
  });
}

/** The purchase order's items at the negotiated price (a few percent around the estimate). */
const negotiated = (rng: Random, items: Rec[], factor: number) => items.map((i) => ({ ...i, unitPrice: Math.max(1, Math.round(num(i.unitPrice) * factor * (0.97 + rng.next() * 0.04))) }));

/** A valid NF-e access key for the supplier, month and number (cUF, AAMM, CNPJ, 55, series, number, 1, code, DV). */
export function accessKey(rng: Random, supplier: DocSupplier, issueDate: string, series: number, number: number): string {
  const body = `${UF_CODE[supplier.state ?? 'SP'] ?? '35'}${issueDate.slice(2, 4)}${issueDate.slice(5, 7)}${supplier.document.padStart(14, '0')}55${String(series).padStart(3, '0')}${String(number).padStart(9, '0')}1${rng.digits(8)}`;
  return body + String(nfeKeyCheckDigit(body));
}

const PO_BY_ORDER: Record<string, (rng: Random, age: number) => string> = {
  CONCLUIDO: (rng) => rng.weighted([['ENCERRADA', 80], ['FATURADA', 20]] as const),
  PARCIALMENTE_ATENDIDO: () => 'PARCIALMENTE_RECEBIDA',
  PEDIDO_GERADO: (rng, age) =>
    age > 45 ? rng.weighted([['FATURADA', 50], ['RECEBIDA', 50]] as const) : rng.weighted([['ENVIADA', 45], ['APROVADA', 25], ['AGUARDANDO_APROVACAO', 15], ['RECEBIDA', 15]] as const),
};
const RECEIVED = new Set(['PARCIALMENTE_RECEBIDA', 'RECEBIDA', 'FATURADA', 'ENCERRADA']);
const INVOICED = new Set(['FATURADA', 'ENCERRADA']);

/**
 * A year of purchasing up to `today`: orders (requisições) → quotes with three invited suppliers → purchase
 * orders to the winner → receipts → supplier invoices, statuses consistent with the dates and with each
 * other, totals computed by the schemas' own `x-computed` rules.
 */
export function generateDocuments(rng: Random, input: DocInputs): Documents {
  const out: Documents = { orders: [], quotes: [], purchaseOrders: [], receipts: [], invoices: [] };
  const { orgId, today } = input;
  const byRoot = new Map<string, DocProduct[]>();
  for (const p of input.products) byRoot.set(p.rootSlug, [...(byRoot.get(p.rootSlug) ?? []), p]);
  const roots = [...byRoot.keys()];
  const suppliersFor = (root: string) => {
    const own = input.suppliers.filter((s) => s.supplies.includes(root));
    return own.length ? own : input.suppliers.filter((s) => s.kind === 'FORNECEDOR');
  };
  const carriers = input.suppliers.filter((s) => s.kind === 'TRANSPORTADORA');
  const dates = Array.from({ length: 54 }, () => addDays(today, -rng.int(0, 360))).sort();
  const seq = { PED: 0, COT: 0, OC: 0 };
  const usedNumbers = new Set<string>();
  const next = (p: keyof typeof seq) => `${p}-${String(++seq[p]).padStart(6, '0')}`;
  const computed = (resource: string, r: Rec) => applyComputed(schemaOf(resource), r);

  for (const requestDate of dates) {
    const age = ageOf(today, requestDate);
    const root = rng.weighted(roots.map((r) => [r, r === 'servicos' ? 1 : 2] as const));
    const cc = rng.pick(input.costCenters);
    const status = orderStatus(rng, age);
    const items = orderItems(rng, byRoot.get(root)!);
    const order = computed('orders', {
      id: uuid(rng), organizationId: orgId, number: next('PED'), title: rng.pick(TITLES[root] ?? ['Compra de materiais']), requestDate,
      neededBy: addDays(requestDate, rng.int(7, 30)), priority: rng.weighted([['NORMAL', 6], ['ALTA', 2], ['BAIXA', 1], ['URGENTE', 1]] as const),
      requesterId: input.requesterId, departmentId: cc.departmentId, costCenterId: cc.id,
      justification: rng.pick(['Reposição do estoque do mês.', 'Demanda da equipe para o próximo trimestre.', 'Substituição de itens danificados.', 'Atender novo contrato de cliente.', 'Consumo acima do previsto no período.']),
      deliveryLocation: rng.chance(0.5) ? 'Recepção da sede — Av. Paulista, 1000, São Paulo/SP' : null, items, notes: null, status,
      statusReason: status === 'REPROVADO' ? 'Orçamento do centro de custos esgotado no mês.' : status === 'CANCELADO' ? 'Necessidade atendida com estoque existente.' : null,
      createdAt: at(requestDate, 9),
    });
    out.orders.push(order);
    if (!['EM_COTACAO', 'COTADO', 'PEDIDO_GERADO', 'PARCIALMENTE_ATENDIDO', 'CONCLUIDO'].includes(status)) continue;

    const pool = suppliersFor(root);
    const invited = rng.sample(pool, Math.min(3, pool.length));
    const openingDate = [addDays(requestDate, rng.int(1, 3)), today].sort()[0];
    const deadline = addDays(openingDate, rng.int(5, 10));
    const awarded = status !== 'EM_COTACAO' && status !== 'COTADO';
    const factor = 0.9 + rng.next() * 0.1;
    const winner = invited[0];
    const quoteStatus = status === 'EM_COTACAO' ? (deadline < today ? 'EM_ANALISE' : 'ABERTA') : status === 'COTADO' ? 'AGUARDANDO_APROVACAO' : 'APROVADA';
    const criterion = rng.weighted([['MENOR_PRECO', 8], ['PRECO_E_PRAZO', 2]] as const);
    const quote = computed('quotes', {
      id: uuid(rng), organizationId: orgId, number: next('COT'), title: String(order.title), orderIds: [order.id], buyerId: input.buyerId,
      openingDate, responseDeadline: deadline, criterion, minimumQuotes: 3, invitedSupplierIds: invited.map((s) => s.id),
      items: items.map((i) => ({ ...i })), winningSupplierId: awarded ? winner.id : null,
      awardedAmount: awarded ? Math.round(num(order.estimatedTotal) * factor) : null,
      awardJustification: awarded && criterion === 'PRECO_E_PRAZO' ? 'Melhor combinação de preço e prazo de entrega entre os orçamentos recebidos.' : null,
      notes: null, status: quoteStatus, createdAt: at(openingDate, 11),
    });
    out.quotes.push(quote);
    if (!awarded) continue;

    const issueDate = [addDays(deadline, rng.int(1, 4)), today].sort()[0];
    const poAge = ageOf(today, issueDate);
    const poStatus = PO_BY_ORDER[status](rng, poAge);
    const service = root === 'servicos';
    const freightType = service ? 'SEM_FRETE' : rng.weighted([['CIF', 7], ['FOB', 2], ['SEM_FRETE', 1]] as const);
    const lead = Math.max(...items.map((i) => input.products.find((p) => p.id === i.productId)?.leadTimeDays ?? 5));
    const po = computed('purchase-orders', {
      id: uuid(rng), organizationId: orgId, number: next('OC'), supplierId: winner.id, quoteId: quote.id, orderIds: [order.id], buyerId: input.buyerId,
      costCenterId: cc.id, issueDate, expectedDeliveryDate: addDays(issueDate, lead), paymentTerms: winner.paymentTerms ?? '28 DDL',
      paymentMethod: rng.weighted([['BOLETO', 7], ['PIX', 2], ['TED', 1]] as const), freightType,
      carrierId: freightType === 'FOB' && carriers.length ? rng.pick(carriers).id : null,
      freightAmount: freightType === 'SEM_FRETE' ? null : rng.chance(0.5) ? rng.int(15, 180) * 100 : null,
      otherCosts: null, discount: rng.chance(0.2) ? rng.int(1, 20) * 500 : null,
      deliveryAddress: service ? null : 'Av. Paulista, 1000 — Bela Vista, São Paulo/SP — recebimento das 8h às 17h',
      items: negotiated(rng, items, factor), notes: null, status: poStatus, statusReason: null, createdAt: at(issueDate, 14),
    });
    if (num(po.discount) > num(po.itemsTotal)) po.discount = null;
    out.purchaseOrders.push(computed('purchase-orders', po));
    if (!RECEIVED.has(poStatus)) continue;

    const receivedAt = [[addDays(String(po.expectedDeliveryDate), rng.int(-2, 3)), today].sort()[0], issueDate].sort()[1];
    let invoiceNumber = rng.int(1000, 99999);
    while (usedNumbers.has(`${winner.id}/${invoiceNumber}`)) invoiceNumber++;
    usedNumbers.add(`${winner.id}/${invoiceNumber}`);
    const invoiced = INVOICED.has(poStatus) || rng.chance(0.5);
    const invoiceDate = [addDays(receivedAt, -rng.int(0, 2)), issueDate].sort().at(-1)!;
    const partial = poStatus === 'PARCIALMENTE_RECEBIDA';
    const divergent = !partial && rng.chance(0.1);
    const receiptItems = (po.items as Rec[]).map((i, n) => {
      const qty = num(i.quantity);
      const received = partial && n === 0 ? Math.max(1, Math.floor(qty / 2)) : qty;
      const rejected = divergent && n === 0 ? 1 : 0;
      return { productId: i.productId, description: i.description, unit: i.unit, quantity: received, rejectedQuantity: rejected, rejectionReason: rejected ? 'Embalagem avariada no transporte.' : null };
    });
    const supplier = winner;
    const key = service ? null : accessKey(rng, supplier, invoiceDate, 1, invoiceNumber);
    if (!service) {
      out.receipts.push({
        id: uuid(rng), organizationId: orgId, number: '', purchaseOrderId: po.id, receivedAt, receivedById: input.buyerId,
        invoiceNumber: String(invoiceNumber), invoiceSeries: '1', accessKey: key, items: receiptItems, status: divergent ? 'COM_DIVERGENCIA' : 'CONFERIDO',
        notes: divergent ? 'Uma unidade recusada: embalagem avariada. Fornecedor emitirá nota de devolução.' : null, createdAt: at(receivedAt, 15),
      });
    }
    if (!invoiced) continue;
    const itemsTotal = num(po.itemsTotal);
    const withheld = service && itemsTotal > 21505;
    out.invoices.push(computed('invoices', {
      id: uuid(rng), organizationId: orgId, supplierId: supplier.id, purchaseOrderIds: [po.id], documentType: service ? 'NFSE' : 'NFE',
      number: String(invoiceNumber), series: service ? null : '1', accessKey: service ? null : key, issueDate: invoiceDate, entryDate: service ? invoiceDate : receivedAt,
      paymentTerms: po.paymentTerms, productsAmount: service ? 0 : itemsTotal, servicesAmount: service ? itemsTotal : 0,
      freightAmount: freightType === 'CIF' ? po.freightAmount : null, otherCosts: null, discount: po.discount ?? null, ipiAmount: null, icmsStAmount: null,
      icmsAmount: service ? null : Math.round(itemsTotal * (supplier.state === 'SP' ? 0.18 : 0.12)), issAmount: service ? Math.round(itemsTotal * 0.05) : null,
      irrfWithheld: withheld ? Math.round(itemsTotal * 0.015) : null, pisCofinsCsllWithheld: withheld ? Math.round(itemsTotal * 0.0465) : null,
      inssWithheld: null, issWithheld: null, items: (po.items as Rec[]).map(({ total: _t, ...i }) => i), payableId: null, notes: null,
      status: poStatus === 'ENCERRADA' ? 'LANCADO' : poStatus === 'FATURADA' ? rng.weighted([['CONFERIDO', 6], ['LANCADO', 3], ['COM_DIVERGENCIA', 1]] as const) : 'EM_CONFERENCIA',
      createdAt: at(receivedAt, 16),
    }));
  }
  // Purchase orders issued straight to a supplier (no requisition or quote): still in the workflow.
  const DIRECT = ['RASCUNHO', 'RASCUNHO', 'AGUARDANDO_APROVACAO', 'AGUARDANDO_APROVACAO', 'APROVADA', 'ENVIADA', 'REPROVADA', 'CANCELADA'];
  for (const status of DIRECT) {
    const root = rng.pick(roots);
    const supplier = rng.pick(suppliersFor(root));
    const issueDate = addDays(today, -rng.int(0, 40));
    const service = root === 'servicos';
    out.purchaseOrders.push(computed('purchase-orders', {
      id: uuid(rng), organizationId: orgId, number: '', supplierId: supplier.id, quoteId: null, orderIds: [], buyerId: input.buyerId,
      costCenterId: rng.pick(input.costCenters).id, issueDate, expectedDeliveryDate: addDays(issueDate, rng.int(5, 20)),
      paymentTerms: supplier.paymentTerms ?? '28 DDL', paymentMethod: rng.weighted([['BOLETO', 7], ['PIX', 3]] as const),
      freightType: service ? 'SEM_FRETE' : 'CIF', carrierId: null, freightAmount: null, otherCosts: null, discount: null,
      deliveryAddress: service ? null : 'Av. Paulista, 1000 — Bela Vista, São Paulo/SP', items: orderItems(rng, byRoot.get(root)!), notes: null, status,
      statusReason: status === 'REPROVADA' ? 'Preço acima da última compra; renegociar com o fornecedor.' : status === 'CANCELADA' ? 'Fornecedor sem estoque; compra refeita com outro fornecedor.' : null,
      createdAt: at(issueDate, 16),
    }));
  }
  // Numbers follow the issue dates, like the ones the server hands out.
  out.purchaseOrders.sort((a, b) => String(a.issueDate).localeCompare(String(b.issueDate)) || String(a.createdAt).localeCompare(String(b.createdAt)));
  out.purchaseOrders.forEach((po, i) => (po.number = `OC-${String(i + 1).padStart(6, '0')}`));
  out.receipts.sort((a, b) => String(a.receivedAt).localeCompare(String(b.receivedAt)));
  out.receipts.forEach((r, i) => (r.number = `ENT-${String(i + 1).padStart(6, '0')}`));
  return out;
}

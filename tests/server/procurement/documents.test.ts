import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, COMPRAS, loginOk } from '../identity/helpers.ts';
import { createTestApp, type TestContext } from '../helper.ts';
import { demoOrganizationId } from '../resources/helpers.ts';
import { nfeKeyCheckDigit } from '../../../src/engine/formats/nfe-key.ts';
import { CATEGORIES, client, COMPANIES, COMPANY_TYPES, COST_CENTERS, INVOICES, ORDERS, PRODUCTS, PURCHASE_ORDERS, QUOTES, RECEIPTS, VARIANTS } from './helpers.ts';

type Rec = Record<string, unknown>;

/** A valid access key for the supplier, document model, issue month, series and number given. */
function accessKey(cnpj: string, model: string, yymm: string, series: number, number: number): string {
  const body = `35${yymm}${cnpj}${model}${String(series).padStart(3, '0')}${String(number).padStart(9, '0')}1${'12345678'}`;
  return body + String(nfeKeyCheckDigit(body));
}

describe('procurement documents: numbering, computed totals, links and locks', () => {
  let ctx: TestContext;
  let api: ReturnType<typeof client>;
  let org: string;
  let costCenterId: string;
  let supplier: Rec;
  let customer: Rec;
  let product: Rec;
  let otherVariant: Rec;
  beforeAll(async () => {
    ctx = await createTestApp();
    api = client(ctx.app, (await loginOk(ctx.app, ADMIN)).accessToken);
    org = await demoOrganizationId(ctx.db);
    costCenterId = String((await api.create(COST_CENTERS, { organizationId: org, code: '99.01', name: 'Compras (teste)', type: 'A' })).id);
    const supplierType = String((await api.create(COMPANY_TYPES, { name: 'Fornecedores (doc)', kind: 'FORNECEDOR' })).id);
    const customerType = String((await api.create(COMPANY_TYPES, { name: 'Clientes (doc)', kind: 'CLIENTE' })).id);
    supplier = await api.create(COMPANIES, { organizationId: org, companyTypeId: supplierType, document: '45997418000153', legalName: 'Fornecedor Teste Ltda' });
    customer = await api.create(COMPANIES, { organizationId: org, companyTypeId: customerType, document: '34028316000103', legalName: 'Cliente Teste Ltda' });
    const categoryId = String((await api.create(CATEGORIES, { name: 'Docs', slug: 'teste-docs' })).id);
    product = await api.create(PRODUCTS, { sku: 'DOC-1', name: 'Papel A4', type: 'PRODUTO', categoryId, unit: 'RESMA', ncm: '48025610' });
    const other = await api.create(PRODUCTS, { sku: 'DOC-2', name: 'Toner', type: 'PRODUTO', categoryId, unit: 'UN', ncm: '84439933' });
    otherVariant = await api.create(VARIANTS, { productId: other.id, sku: 'DOC-2-PT', name: 'Preto' });
  });
  afterAll(() => ctx.close());

  const order = (over: Rec = {}) => ({
    organizationId: org,
    title: 'Material de escritório',
    requestDate: '2026-03-02',
    neededBy: '2026-03-20',
    costCenterId,
    justification: 'Reposição do estoque do escritório para o trimestre.',
    items: [
      { productId: product.id, description: 'Papel A4 75 g', quantity: 10, unit: 'RESMA', unitPrice: 2590, total: 1 },
      { description: 'Clipes', quantity: 2.5, unit: 'CX', unitPrice: 999 },
    ],
    ...over,
  });

  it('numbers an order, starts it as a draft of its creator, and computes the totals whatever the client sent', async () => {
    const a = await api.create(ORDERS, { ...order(), status: 'APROVADO', estimatedTotal: 1, number: 'X' });
    const b = await api.create(ORDERS, order());
    expect(a).toMatchObject({ status: 'RASCUNHO', estimatedTotal: 25900 + 2498 });
    expect((a.items as Rec[]).map((i) => i.total)).toEqual([25900, 2498]);
    expect(a.number).toMatch(/^PED-\d{6}$/);
    expect(Number(String(b.number).slice(4))).toBe(Number(String(a.number).slice(4)) + 1);
    const admin = await ctx.db.query<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [ADMIN.email]);
    expect(a.requesterId).toBe(admin.rows[0].id);

    const patched = await api.send('PATCH', `${ORDERS}/${String(a.id)}`, { items: [{ description: 'Papel A4 75 g', quantity: 3, unit: 'RESMA', unitPrice: 2590 }] }, a.version as number);
    expect(patched.body).toMatchObject({ estimatedTotal: 7770, status: 'RASCUNHO', number: a.number });
  });

  it('refuses a need date before the request, a variant of another product and an empty item list', async () => {
    const errors = await api.errors('POST', ORDERS, order({ neededBy: '2026-03-01', items: [{ productId: product.id, variantId: otherVariant.id, description: 'Papel', quantity: 1, unit: 'UN', unitPrice: 1 }] }));
    expect(errors).toEqual({ neededBy: ['A data de necessidade não pode ser anterior à data da solicitação.'], 'items.0.variantId': ['Esta variante não é do produto escolhido.'] });
    expect(await api.errors('POST', ORDERS, order({ items: [] }))).toEqual({ items: ['Informe pelo menos um item.'] });
    expect(await api.errors('POST', ORDERS, order({ items: [{ description: 'Papel', quantity: 0, unit: 'UN', unitPrice: 1 }] }))).toEqual({
      'items.0.quantity': ['A quantidade deve ser maior que zero.'],
    });
  });

  it('fills the product from the variant and locks the order once it is sent', async () => {
    const o = await api.create(ORDERS, order({ items: [{ variantId: otherVariant.id, description: 'Toner preto', quantity: 1, unit: 'UN', unitPrice: 35000 }] }));
    expect((o.items as Rec[])[0].productId).toBe(otherVariant.productId);
    await ctx.db.query(`UPDATE orders SET status = 'ENVIADO' WHERE id = $1`, [o.id]);
    expect(await api.errors('PATCH', `${ORDERS}/${String(o.id)}`, { title: 'Outro resumo' }, o.version as number)).toEqual({ title: ['Este campo não pode mais ser alterado.'] });
    const notes = await api.send('PATCH', `${ORDERS}/${String(o.id)}`, { notes: 'Entregar na recepção.' }, o.version as number);
    expect(notes.status).toBe(200);
  });

  it('quotes only approved orders; the winner is the award action\'s, never the body\'s', async () => {
    const draft = await api.create(ORDERS, order());
    const quote = {
      organizationId: org,
      title: 'Papel A4 — trimestre',
      openingDate: '2026-03-05',
      responseDeadline: '2026-03-04',
      invitedSupplierIds: [supplier.id],
      orderIds: [draft.id],
      winningSupplierId: customer.id,
      awardedAmount: 25000,
      items: [{ description: 'Papel A4', quantity: 10, unit: 'RESMA', unitPrice: 2500 }],
    };
    expect(await api.errors('POST', QUOTES, quote)).toEqual({
      responseDeadline: ['O prazo para respostas não pode ser anterior à abertura da cotação.'],
      orderIds: [`O pedido ${String(draft.number)} ainda não foi aprovado (ou foi cancelado): só pedidos aprovados seguem para cotação e ordem de compra.`],
    });
    await ctx.db.query(`UPDATE orders SET status = 'APROVADO' WHERE id = $1`, [draft.id]);
    const q = await api.create(QUOTES, { ...quote, responseDeadline: '2026-03-12', winningSupplierId: null, awardedAmount: null });
    expect(q).toMatchObject({ status: 'ABERTA', estimatedTotal: 25000, minimumQuotes: 3, criterion: 'MENOR_PRECO', winningSupplierId: null, awardedAmount: null });
    expect(q.number).toMatch(/^COT-\d{6}$/);
  });

  it('computes a purchase order total, refuses a discount above it and a customer as supplier', async () => {
    const po = {
      organizationId: org,
      supplierId: supplier.id,
      costCenterId,
      issueDate: '2026-03-10',
      expectedDeliveryDate: '2026-03-17',
      paymentTerms: '28 DDL',
      paymentMethod: 'BOLETO',
      freightType: 'CIF',
      freightAmount: 1500,
      otherCosts: 200,
      discount: 1000,
      items: [{ productId: product.id, description: 'Papel A4', quantity: 10, unit: 'RESMA', unitPrice: 2450 }],
    };
    const created = await api.create(PURCHASE_ORDERS, po);
    expect(created).toMatchObject({ status: 'RASCUNHO', itemsTotal: 24500, totalAmount: 24500 + 1500 + 200 - 1000 });
    expect(created.number).toMatch(/^OC-\d{6}$/);
    expect(await api.errors('POST', PURCHASE_ORDERS, { ...po, discount: 30000, supplierId: customer.id, expectedDeliveryDate: '2026-03-01' })).toEqual({
      supplierId: ['Escolha uma empresa cadastrada como fornecedor ou prestador de serviço.'],
      expectedDeliveryDate: ['A previsão de entrega não pode ser anterior à emissão da ordem de compra.'],
      discount: ['O desconto não pode passar do total dos itens mais frete e outras despesas (R$\u00a0262,00).'],
    });
    expect(await api.errors('POST', PURCHASE_ORDERS, { ...po, freightType: 'FOB' })).toEqual({ carrierId: ['Campo obrigatório.'] });
  });

  it('receives only approved purchase orders, checks refused quantities and starts the conference', async () => {
    const po = await api.create(PURCHASE_ORDERS, {
      organizationId: org, supplierId: supplier.id, costCenterId, issueDate: '2026-03-10', paymentTerms: 'À vista', paymentMethod: 'PIX', freightType: 'SEM_FRETE',
      items: [{ description: 'Papel A4', quantity: 10, unit: 'RESMA', unitPrice: 2450 }],
    });
    const receipt = {
      organizationId: org,
      purchaseOrderId: po.id,
      receivedAt: '2026-03-15',
      items: [{ description: 'Papel A4', unit: 'RESMA', quantity: 10, rejectedQuantity: 12 }],
      status: 'CONFERIDO',
    };
    expect(await api.errors('POST', RECEIPTS, receipt)).toEqual({
      purchaseOrderId: [`A ordem de compra ${String(po.number)} está "Rascunho": só se registra entrega de ordem aprovada, enviada ou parcialmente recebida.`],
      'items.0.rejectedQuantity': ['A quantidade recusada não pode ser maior que a recebida.'],
      'items.0.rejectionReason': ['Informe o motivo da recusa.'],
    });
    await ctx.db.query(`UPDATE purchase_orders SET status = 'ENVIADA' WHERE id = $1`, [po.id]);
    const ok = await api.create(RECEIPTS, { ...receipt, items: [{ description: 'Papel A4', unit: 'RESMA', quantity: 10 }] });
    // The result of the conference is the confirmation's (tests/server/procurement/workflow-*.test.ts), whatever the body says.
    expect(ok).toMatchObject({ status: 'EM_CONFERENCIA' });
    expect(ok.number).toMatch(/^ENT-\d{6}$/);
  });

  it('checks an invoice: the sum of its items, its access key against the supplier, and its purchase orders', async () => {
    const key = accessKey('45997418000153', '55', '2603', 1, 4521);
    const invoice = {
      organizationId: org,
      supplierId: supplier.id,
      documentType: 'NFE',
      number: '4521',
      series: '1',
      accessKey: key,
      issueDate: '2026-03-14',
      entryDate: '2026-03-15',
      productsAmount: 24500,
      servicesAmount: 0,
      freightAmount: 1500,
      ipiAmount: 1225,
      discount: 500,
      irrfWithheld: 0,
      items: [{ description: 'Papel A4', quantity: 10, unit: 'RESMA', unitPrice: 2400 }],
    };
    expect(await api.errors('POST', INVOICES, invoice)).toEqual({
      items: ['A soma dos itens (R$\u00a0240,00) difere do valor dos produtos mais o dos serviços (R$\u00a0245,00). Corrija os itens ou os valores.'],
    });
    const created = await api.create(INVOICES, { ...invoice, items: [{ description: 'Papel A4', quantity: 10, unit: 'RESMA', unitPrice: 2450 }], inssWithheld: 100 });
    expect(created).toMatchObject({ status: 'EM_CONFERENCIA', itemsTotal: 24500, totalAmount: 24500 + 1500 + 1225 - 500, withheldTotal: 100, netAmount: 26725 - 100 });

    const wrong = await api.errors('POST', INVOICES, {
      ...invoice,
      number: '4522',
      series: '2',
      issueDate: '2026-04-01',
      entryDate: '2026-04-01',
      accessKey: accessKey('11222333000181', '57', '2603', 1, 4521),
      items: [],
    });
    expect(wrong.accessKey).toEqual([
      'Esta chave é de um documento modelo 57; para este tipo de documento o modelo é 55.',
      'O número da nota na chave de acesso não confere com o número informado.',
      'A série na chave de acesso não confere com a série informada.',
      'O CNPJ/CPF do emitente na chave de acesso não é o do fornecedor.',
      'O mês de emissão na chave de acesso (AAMM) não confere com a data de emissão.',
    ]);
    expect(await api.errors('POST', INVOICES, { ...invoice, accessKey: key.slice(0, 43) + String((Number(key[43]) + 1) % 10), items: [] })).toEqual({
      accessKey: ['Chave de acesso inválida (44 dígitos com o dígito verificador).'],
    });
    expect(await api.errors('POST', INVOICES, { ...invoice, number: '9', accessKey: null, items: [] })).toEqual({ accessKey: ['Campo obrigatório.'] });
    expect(await api.errors('POST', INVOICES, { ...invoice, number: '10', documentType: 'NFSE', productsAmount: 0, items: [] })).toEqual({
      accessKey: ['Só NF-e e CT-e têm chave de acesso.'],
      productsAmount: ['Informe o valor dos produtos ou o dos serviços.'],
    });

    const otherPo = await api.create(PURCHASE_ORDERS, {
      organizationId: org, supplierId: supplier.id, costCenterId, issueDate: '2026-03-10', paymentTerms: 'À vista', paymentMethod: 'PIX', freightType: 'SEM_FRETE',
      items: [{ description: 'Papel A4', quantity: 1, unit: 'RESMA', unitPrice: 2450 }],
    });
    expect(await api.errors('POST', INVOICES, { ...invoice, number: '11', accessKey: accessKey('45997418000153', '55', '2603', 1, 11), items: [], purchaseOrderIds: [otherPo.id] })).toEqual({
      purchaseOrderIds: [`A ordem de compra ${String(otherPo.number)} está "Rascunho": só se fatura ordem aprovada.`],
    });
  });

  it('lets Compras create an order but not set its status', async () => {
    const compras = client(ctx.app, (await loginOk(ctx.app, COMPRAS)).accessToken);
    const res = await compras.send('POST', ORDERS, { ...order(), status: 'APROVADO' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'RASCUNHO' });
    // The requester is stamped by the server (readOnly): Compras sees its name, but may not search users.
    const requesterId = String((res.body as Rec).requesterId);
    expect(await compras.send('GET', `/api/identity/v1/users/labels?id=${requesterId}`)).toMatchObject({ status: 200, body: [{ id: requesterId, label: expect.any(String) }] });
    expect((await compras.send('GET', '/api/identity/v1/users?q=a')).status).toBe(403);
    // Suppliers it searches (purchase orders, which Compras creates, refer to them).
    expect((await compras.send('GET', '/api/companies/v1/companies?q=Fornecedor')).status).toBe(200);
  });
});

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helper.ts';
import { apiOf, PR, procurementFixture, type Rec } from './workflow-helpers.ts';

const APPROVALS = '/api/approvals/v1';
const xml = (name: string) => readFileSync(`tests/fixtures/nfe/${name}`, 'utf8');

/**
 * Invoices: the NF-e import (supplier by CNPJ, purchase order by xPed, lines by nItemPed, duplicatas as
 * installments; malformed, foreign, unknown issuer and a repeated key refused, writing nothing) and the
 * three-way match (within tolerance → approvable; a mismatch recorded line by line and held: approved with a
 * reason by someone else, through its queue, or refused) up to the payable.
 */
describe('invoices: NF-e import and three-way match', () => {
  let ctx: TestContext;
  let f: Awaited<ReturnType<typeof procurementFixture>>;
  let buyer: ReturnType<typeof apiOf>;
  let fiscal: ReturnType<typeof apiOf>;
  let paulista: string;
  const invoices = async () => Number((await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM invoices')).rows[0].n);
  const payables = async () => Number((await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payables')).rows[0].n);
  const importXml = (body: string, token = f.buyer.token) =>
    ctx.app.inject({ method: 'POST', url: `${PR}/invoices/import-xml`, payload: body, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/xml' } });

  beforeAll(async () => {
    ctx = await createTestApp();
    f = await procurementFixture(ctx);
    buyer = apiOf(ctx, f.buyer.token);
    fiscal = apiOf(ctx, f.fiscal.token);
    const type = (await ctx.db.query<{ id: string }>(`SELECT company_type_id AS id FROM companies WHERE id = $1`, [f.suppliers.a])).rows[0].id;
    // The demo's queue holds every mismatch of the organization; here mismatches are decided directly, except in the queue test.
    await ctx.db.query(`UPDATE approvals SET active = false WHERE name = 'Compras acima de R$ 5.000,00'`);
    paulista = (await ctx.db.query<{ id: string }>(
      `INSERT INTO companies (organization_id, company_type_id, person_type, document, legal_name, email, active) VALUES ($1, $2, 'PJ', '45321876000178', 'Papelaria Paulista Comércio Ltda', 'vendas@paulista.com.br', true) RETURNING id`,
      [f.org, type],
    )).rows[0].id;
  });
  afterAll(() => ctx.close());

  /** A purchase order sent, approved and fully received (numbered as the XML expects when `number` is given). */
  async function receivedOrder(supplierId: string, items: Rec[] | Record<string, unknown>[], number?: string): Promise<Rec> {
    let po = await buyer.create(`${PR}/purchase-orders`, {
      organizationId: f.org, supplierId, costCenterId: f.costCenterId, categoryId: f.categoryId, issueDate: '2026-03-02', paymentTerms: '30/60 DDL', paymentMethod: 'BOLETO', freightType: 'CIF', items,
    });
    if (number) {
      await ctx.db.query('UPDATE purchase_orders SET number = $2 WHERE id = $1', [po.id, number]);
      po = await buyer.get(`${PR}/purchase-orders/${po.id}`);
    }
    po = await buyer.done(`${PR}/purchase-orders`, po, 'submit');
    po = await apiOf(ctx, f.manager.token).done(`${PR}/purchase-orders`, po, 'approve');
    po = await buyer.done(`${PR}/purchase-orders`, po, 'send', { email: 'vendas@fornecedor.com.br' });
    const receipt = await buyer.create(`${PR}/purchase-orders/${po.id}/receipts`, {});
    await buyer.done(`${PR}/receipts`, receipt, 'confirm');
    return buyer.get(`${PR}/purchase-orders/${po.id}`);
  }

  it('imports an NF-e with xPed: order found, lines tied, duplicatas as installments; matched, approved, payable with those parcelas', async () => {
    const po = await receivedOrder(paulista, [
      { productId: f.products.paper, description: 'Papel A4', quantity: 10, unit: 'RESMA', unitPrice: 2450 },
      { description: 'Caneta azul cx 50', quantity: 4, unit: 'CX', unitPrice: 3890 },
    ], 'OC-900001');
    const res = await importXml(xml('nfe-proc-xped.xml'));
    expect(res.statusCode).toBe(201);
    let invoice = res.json() as Rec;
    expect(invoice).toMatchObject({
      status: 'EM_CONFERENCIA', source: 'XML', supplierId: paulista, purchaseOrderIds: [po.id], number: '4521', series: '1',
      accessKey: '35260345321876000178550010000045211234567896', productsAmount: 40060, freightAmount: 1500, ipiAmount: 2003, icmsAmount: 7211, netAmount: 43563,
      installments: [{ number: '001', dueDate: '2026-04-13', amount: 21781 }, { number: '002', dueDate: '2026-05-13', amount: 21782 }],
    });
    expect((invoice.items as Rec[]).map((i) => [i.purchaseOrderLine, i.ncm, i.cfop, i.unitPrice])).toEqual([[1, '48025610', '5102', 2450], [2, '96081000', '5102', 3890]]);
    expect(typeof invoice.xmlFileId).toBe('string');
    // The same access key again: refused, nothing written.
    const before = await invoices();
    const again = await importXml(xml('nfe-proc-xped.xml'));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'DUPLICATE_ACCESS_KEY', message: 'Esta nota (chave de acesso) já foi lançada: faturamento 4521.' });
    expect(await invoices()).toBe(before);

    invoice = await buyer.done(`${PR}/invoices`, invoice, 'match');
    expect(invoice).toMatchObject({ status: 'CONFERIDO', mismatches: [] });
    invoice = await fiscal.done(`${PR}/invoices`, invoice, 'approve');
    const parcels = await ctx.db.query<{ due_date: string; amount: number }>('SELECT due_date::text, amount FROM payable_installments WHERE payable_id = $1 ORDER BY number', [invoice.payableId]);
    expect(parcels.rows).toEqual([{ due_date: '2026-04-13', amount: 21781 }, { due_date: '2026-05-13', amount: 21782 }]);
    const payable = (await ctx.db.query('SELECT invoice_id, purchase_order_id, net_amount, next_due_date::text FROM payables WHERE id = $1', [invoice.payableId])).rows[0];
    expect(payable).toEqual({ invoice_id: invoice.id, purchase_order_id: po.id, net_amount: 43563, next_due_date: '2026-04-13' });
    expect((await buyer.get(`${PR}/purchase-orders/${po.id}`)).status).toBe('FATURADA');
  });

  it('approves a matched invoice whose purchase order has no category (a catalogue order) with the category and cost center given, validated', async () => {
    // A purchase order as the award makes it from a catalogue order: its cost center, no category (the demo
    // catalogue's products carry none).
    let po = await buyer.create(`${PR}/purchase-orders`, {
      organizationId: f.org, supplierId: f.suppliers.b, costCenterId: f.costCenterId, issueDate: '2026-03-02', paymentTerms: '28 DDL', paymentMethod: 'BOLETO', freightType: 'CIF',
      items: [{ description: 'Café torrado 500 g', quantity: 3, unit: 'PCT', unitPrice: 900 }],
    });
    expect(po.categoryId ?? null).toBeNull();
    po = await buyer.done(`${PR}/purchase-orders`, po, 'submit');
    po = await apiOf(ctx, f.manager.token).done(`${PR}/purchase-orders`, po, 'approve');
    const receipt = await buyer.create(`${PR}/purchase-orders/${po.id}/receipts`, {});
    await buyer.done(`${PR}/receipts`, receipt, 'confirm');
    let invoice = await buyer.create(`${PR}/invoices/from-purchase-order`, { purchaseOrderId: po.id, documentType: 'FATURA', number: '7700123' });
    invoice = await buyer.done(`${PR}/invoices`, invoice, 'match');
    expect(invoice.status).toBe('CONFERIDO');
    const before = await payables();
    // Without a category: a 409 with the pt-BR reason (what the page must show), nothing written.
    const missing = await fiscal.act(`${PR}/invoices`, invoice, 'approve', {});
    expect(missing.statusCode).toBe(409);
    expect(missing.json()).toMatchObject({ code: 'MISSING_CATEGORY', message: expect.stringContaining('categoria de despesa') });
    // The fields are checked: unknown ones, a category that does not exist or is synthetic, a cost center of another organization.
    const synthetic = (await ctx.db.query<{ id: string }>(`SELECT id FROM expense_categories WHERE type = 'S' AND deleted_at IS NULL LIMIT 1`)).rows[0].id;
    const foreignCc = (await ctx.db.query<{ id: string }>(`SELECT id FROM cost_centers WHERE organization_id <> $1 AND type = 'A' AND deleted_at IS NULL LIMIT 1`, [f.org])).rows[0]?.id;
    const refused = async (body: Rec | Record<string, unknown>, field: string) => {
      const res = await fiscal.act(`${PR}/invoices`, invoice, 'approve', body);
      expect({ body, status: res.statusCode, fields: Object.keys(res.json().errors ?? {}) }).toEqual({ body, status: 400, fields: [field] });
    };
    await refused({ categoryId: f.categoryId, discount: 10 }, 'discount');
    await refused({ categoryId: '00000000-0000-4000-8000-000000000000' }, 'categoryId');
    await refused({ categoryId: 'café' }, 'categoryId');
    await refused({ categoryId: synthetic }, 'categoryId');
    if (foreignCc) await refused({ categoryId: f.categoryId, costCenterId: foreignCc }, 'costCenterId');
    expect(await payables()).toBe(before);
    expect(await buyer.get(`${PR}/invoices/${invoice.id}`)).toMatchObject({ status: 'CONFERIDO', version: invoice.version });
    // With the category: posted, the payable classified by it and the order's cost center.
    invoice = await fiscal.done(`${PR}/invoices`, invoice, 'approve', { categoryId: f.categoryId });
    expect(invoice.status).toBe('LANCADO');
    const payable = (await ctx.db.query('SELECT category_id, cost_center_id FROM payables WHERE id = $1', [invoice.payableId])).rows[0];
    expect(payable).toEqual({ category_id: f.categoryId, cost_center_id: f.costCenterId });
  });

  it('refuses malformed, foreign, tampered XML and an unknown issuer with a pt-BR message, writing nothing', async () => {
    const before = await invoices();
    const cases: [string, RegExp][] = [
      [xml('malformed.xml'), /^O arquivo não é um XML válido/],
      [xml('cte-foreign.xml'), /não é uma NF-e modelo 55/],
      [xml('nfe-bad-check-digit.xml'), /dígito verificador/],
      [xml('nfe-prefixed-alnum.xml'), /Nenhum fornecedor ativo com o CNPJ\/CPF 12ABC34501DE35/],
    ];
    for (const [body, message] of cases) {
      const res = await importXml(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.xml[0]).toMatch(message);
    }
    expect((await importXml(xml('nfe-bare-no-xped.xml'), f.reader.token)).statusCode).toBe(403);
    expect(await invoices()).toBe(before);
  });

  it('holds an invoice without order: approved only with a reason, by someone else, and never half-written', async () => {
    const type = (await ctx.db.query<{ id: string }>(`SELECT company_type_id AS id FROM companies WHERE id = $1`, [f.suppliers.a])).rows[0].id;
    await ctx.db.query(`INSERT INTO companies (organization_id, company_type_id, person_type, document, legal_name, active) VALUES ($1, $2, 'PJ', '12ABC34501DE35', 'Limpeza Nova Era Ltda', true)`, [f.org, type]);
    const res = await ctx.app.inject({ method: 'POST', url: `${PR}/invoices/import-xml`, payload: { xml: xml('nfe-prefixed-alnum.xml') }, headers: { authorization: `Bearer ${f.fiscal.token}` } });
    expect(res.statusCode).toBe(201);
    let invoice = res.json() as Rec;
    expect(invoice).toMatchObject({ purchaseOrderIds: [], discount: 600, netAmount: 31500, installments: [{ amount: 10500 }, { amount: 10500 }, { amount: 10500 }] });
    invoice = await fiscal.done(`${PR}/invoices`, invoice, 'match');
    expect(invoice.status).toBe('COM_DIVERGENCIA');
    expect((invoice.mismatches as Rec[]).map((m) => [m.line, m.kind, m.amount])).toEqual([[1, 'SEM_PEDIDO', 22500], [2, 'SEM_PEDIDO', 9600], [0, 'TOTAL', 32100]]);
    // The one who registered it does not approve the mismatch; anyone approving writes why.
    expect((await fiscal.act(`${PR}/invoices`, invoice, 'approve', { comment: 'ok' })).json().code).toBe('SEGREGATION_OF_DUTIES');
    const admin = apiOf(ctx, f.admin);
    expect((await admin.act(`${PR}/invoices`, invoice, 'approve')).json().errors).toEqual({ comment: ['Explique por que a nota com divergência deve ser aprovada.'] });
    // No order → no cost center nor category: refused whole (no payable, invoice unchanged).
    const before = await payables();
    const incomplete = await admin.act(`${PR}/invoices`, invoice, 'approve', { comment: 'Compra emergencial de limpeza.' });
    expect(incomplete.json()).toMatchObject({ statusCode: 409, code: 'MISSING_CATEGORY' });
    expect(await payables()).toBe(before);
    expect(await buyer.get(`${PR}/invoices/${invoice.id}`)).toMatchObject({ status: 'COM_DIVERGENCIA', version: invoice.version });
    invoice = await admin.done(`${PR}/invoices`, invoice, 'approve', { comment: 'Compra emergencial de limpeza.', costCenterId: f.costCenterId, categoryId: f.categoryId });
    expect(invoice).toMatchObject({ status: 'LANCADO', statusReason: 'Compra emergencial de limpeza.' });
    expect(await payables()).toBe(before + 1);
    expect(Number((await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payable_installments WHERE payable_id = $1', [invoice.payableId])).rows[0].n)).toBe(3);
  });

  it('records a price mismatch line by line and sends it to the invoices queue, whose approval generates the payable', async () => {
    const queue = await apiOf(ctx, f.admin).create(`${APPROVALS}/approvals`, { name: `Divergências ${f.tag}`, priority: 1, allowSelfApproval: false, onReject: 'ENCERRAR', organizationId: f.org, active: true });
    const stage = await apiOf(ctx, f.admin).create(`${APPROVALS}/approval-stages`, { approvalId: queue.id, order: 1, name: 'Controladoria', rule: 'ANY', approverUserIds: [f.manager.id], approverGroupIds: [], active: true });
    await apiOf(ctx, f.admin).create(`${APPROVALS}/approval-triggers`, { approvalId: queue.id, name: 'Notas com divergência', resourceName: 'invoices', active: true });
    const po = await receivedOrder(f.suppliers.b, [{ description: 'Toner preto', quantity: 5, unit: 'UN', unitPrice: 10000 }]);
    let invoice = await buyer.create(`${PR}/invoices/from-purchase-order`, { purchaseOrderId: po.id, number: '5501', documentType: 'FATURA' });
    // The supplier billed 12% more per unit: the buyer types what the invoice says.
    invoice = (await buyer.send('PATCH', `${PR}/invoices/${invoice.id}`, {
      productsAmount: 56000, installments: [{ number: '1', dueDate: '2026-12-20', amount: 56000 }], items: [{ ...(invoice.items as Rec[])[0], unitPrice: 11200 }],
    }, invoice.version)).json();
    const matched = await buyer.act(`${PR}/invoices`, invoice, 'match');
    expect(matched.json().approvalQueue).toBe(`Divergências ${f.tag}`);
    invoice = matched.json().record;
    expect(invoice).toMatchObject({ status: 'COM_DIVERGENCIA', approvalQueueId: queue.id });
    expect(invoice.mismatches).toEqual([
      { line: 1, purchaseOrderLine: 1, description: 'Toner preto', kind: 'PRECO', expected: 10000, actual: 11200, difference: 1200, amount: 6000 },
      { line: 0, purchaseOrderLine: null, description: 'Total da nota', kind: 'TOTAL', expected: 50000, actual: 56000, difference: 6000, amount: 6000 },
    ]);
    // Not directly: through the queue.
    expect((await apiOf(ctx, f.admin).act(`${PR}/invoices`, invoice, 'approve', { comment: 'x' })).json().code).toBe('IN_APPROVAL_QUEUE');
    const request = (await ctx.db.query<{ id: string }>(`SELECT id FROM approval_requests WHERE record_id = $1 AND status = 'PENDENTE'`, [invoice.id])).rows[0].id;
    const decided = await apiOf(ctx, f.manager.token).send('POST', `${APPROVALS}/approval-requests/${request}/decisions`, { stageId: stage.id, decision: 'APROVAR', comment: 'Reajuste negociado' });
    expect(decided.statusCode).toBe(201);
    invoice = await buyer.get(`${PR}/invoices/${invoice.id}`);
    expect(invoice).toMatchObject({ status: 'LANCADO', approvedBy: f.manager.id });
    expect((await ctx.db.query('SELECT net_amount, invoice_id FROM payables WHERE id = $1', [invoice.payableId])).rows[0]).toEqual({ net_amount: 56000, invoice_id: invoice.id });
    // A second mismatch refused by the queue (ENCERRAR): the invoice is refused, no payable.
    let other = await buyer.create(`${PR}/invoices`, { organizationId: f.org, supplierId: f.suppliers.b, documentType: 'RECIBO', number: '5502', issueDate: '2026-11-01', entryDate: '2026-11-02', productsAmount: 9900, servicesAmount: 0 });
    other = (await buyer.act(`${PR}/invoices`, other, 'match')).json().record;
    const req2 = (await ctx.db.query<{ id: string }>(`SELECT id FROM approval_requests WHERE record_id = $1 AND status = 'PENDENTE'`, [other.id])).rows[0].id;
    await apiOf(ctx, f.manager.token).send('POST', `${APPROVALS}/approval-requests/${req2}/decisions`, { stageId: stage.id, decision: 'REJEITAR', comment: 'Sem pedido de compra' });
    expect(await buyer.get(`${PR}/invoices/${other.id}`)).toMatchObject({ status: 'RECUSADO', statusReason: 'Sem pedido de compra', payableId: null });
  });
});

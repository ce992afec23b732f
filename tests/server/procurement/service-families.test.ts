import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helper.ts';
import { createUser } from '../resources/helpers.ts';
import { apiOf, AP, PR, procurementFixture, SM } from './workflow-helpers.ts';

/** The spec's service families beyond the generic APIs and the actions: suppliers, files, payment options, payment requests, order types. */
describe('service families: pricing suppliers and files, payment options, payment requests, supply-management catalogues', () => {
  let ctx: TestContext;
  let f: Awaited<ReturnType<typeof procurementFixture>>;
  beforeAll(async () => {
    ctx = await createTestApp();
    f = await procurementFixture(ctx);
  });
  afterAll(() => ctx.close());

  it('lists suppliers (not customers) searched without accents, and the files of a purchase order', async () => {
    const admin = apiOf(ctx, f.admin);
    const found = await admin.get<{ id: string; kind: string }[]>(`${PR}/suppliers?q=${encodeURIComponent(`papelaria alfa ${f.tag}`)}`);
    expect(found.map((s) => s.id)).toEqual([f.suppliers.a]);
    let po = await admin.create(`${PR}/purchase-orders`, {
      organizationId: f.org, supplierId: f.suppliers.a, costCenterId: f.costCenterId, issueDate: '2026-03-02', paymentTerms: '28 DDL', paymentMethod: 'PIX', freightType: 'SEM_FRETE',
      items: [{ description: 'Papel A4', quantity: 1, unit: 'UN', unitPrice: 2500 }],
    });
    po = await admin.done(`${PR}/purchase-orders`, po, 'submit');
    po = await apiOf(ctx, f.manager.token).done(`${PR}/purchase-orders`, po, 'approve');
    await admin.done(`${PR}/purchase-orders`, po, 'send');
    expect(await admin.get(`${PR}/files?purchaseOrderId=${po.id}`)).toEqual([expect.objectContaining({ title: 'PDF da ordem de compra', contentType: 'application/pdf' })]);
    const nobody = await createUser(ctx, { resources: [] });
    expect((await apiOf(ctx, nobody.token).send('GET', `${PR}/files?invoiceId=${po.id}`)).statusCode).toBe(403);
    expect(await apiOf(ctx, f.reader.token).get(`${PR}/files?invoiceId=${po.id}`)).toEqual([]);
  });

  it('serves the payment methods and document types of the payables schema', async () => {
    const admin = apiOf(ctx, f.admin);
    expect(await admin.get<unknown[]>(`${AP}/payment-methods`)).toContainEqual({ code: 'PIX', title: 'PIX' });
    expect(await admin.get<unknown[]>(`${AP}/document-types`)).toContainEqual({ code: 'NFE', title: 'NF-e' });
  });

  it('registers a payment request in the caller\'s name and sends it for approval in one step', async () => {
    const admin = apiOf(ctx, f.admin);
    const res = await admin.send('POST', `${AP}/payment-requests`, {
      organizationId: f.org, supplierId: f.suppliers.b, documentType: 'RECIBO', issueDate: '2026-11-02', competence: '2026-11', description: 'Reembolso de táxi',
      amount: 8900, installmentCount: 1, firstDueDate: '2026-12-10', costCenterId: f.costCenterId, categoryId: f.categoryId, paymentMethod: 'PIX',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().record).toMatchObject({ status: 'ABERTO', description: 'Reembolso de táxi' });
    const mine = await admin.get<{ id: string }[]>(`${AP}/payment-requests`);
    expect(mine.map((p) => p.id)).toContain(res.json().record.id);
  });

  it('keeps order types and order groups as catalogues of supply-management', async () => {
    const admin = apiOf(ctx, f.admin);
    const type = await admin.create(`${SM}/order-types`, { name: `Ativo imobilizado ${f.tag}`, kind: 'ATIVO', requiresQuote: true });
    expect(type).toMatchObject({ kind: 'ATIVO', active: true });
    const group = await admin.create(`${SM}/order-groups`, { organizationId: f.org, name: `Papelaria ${f.tag}`, buyerIds: [f.buyer.id], productCategoryIds: [f.deptId] });
    expect(group).toMatchObject({ buyerIds: [f.buyer.id] });
    // The demo organization's settings are seeded at the defaults; one per organization.
    const [settings] = await admin.get<{ id: string; version: number }[]>(`${SM}/settings?filter[organizationId]=${f.org}`);
    expect((await admin.send('POST', `${SM}/settings`, { organizationId: f.org })).statusCode).toBe(409);
    const changed = await admin.send('PATCH', `${SM}/settings/${settings.id}`, { discountRatePercent: 1.5 }, settings.version);
    expect(changed.json()).toMatchObject({ discountRatePercent: 1.5, overReceiptPercent: 5, priceTolerancePercent: 1 });
  });
});

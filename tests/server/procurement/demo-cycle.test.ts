import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helper.ts';

/** The demo company's purchasing went through the actions (server/seed/workflow/procurement-cycle.ts). */
describe('demo data: the procurement cycle run through the actions', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());
  const statuses = async (table: string) =>
    (await ctx.db.query<{ status: string }>(`SELECT DISTINCT status FROM ${table} WHERE deleted_at IS NULL ORDER BY status`)).rows.map((r) => r.status);

  it('has documents at every status of the cycle', async () => {
    expect(await statuses('orders')).toEqual(expect.arrayContaining(['RASCUNHO', 'ENVIADO', 'REPROVADO', 'APROVADO', 'EM_COTACAO', 'COTADO', 'PEDIDO_GERADO', 'PARCIALMENTE_ATENDIDO', 'CONCLUIDO', 'CANCELADO']));
    expect(await statuses('quotes')).toEqual(expect.arrayContaining(['ABERTA', 'ENVIADA', 'EM_ANALISE', 'APROVADA', 'CANCELADA']));
    expect(await statuses('purchase_orders')).toEqual(expect.arrayContaining(['RASCUNHO', 'AGUARDANDO_APROVACAO', 'REPROVADA', 'APROVADA', 'ENVIADA', 'PARCIALMENTE_RECEBIDA', 'RECEBIDA', 'FATURADA', 'ENCERRADA', 'CANCELADA']));
    expect(await statuses('receipts')).toEqual(expect.arrayContaining(['EM_CONFERENCIA', 'CONFERIDO', 'COM_DIVERGENCIA']));
    expect(await statuses('invoices')).toEqual(expect.arrayContaining(['EM_CONFERENCIA', 'COM_DIVERGENCIA', 'LANCADO', 'RECUSADO']));
  });

  it('has one chain from the requisition to a paid payable, linked both ways, and one invoice held by a price mismatch in the queue', async () => {
    const { rows } = await ctx.db.query<{ status: string; linked: boolean; audited: number }>(
      `SELECT p.status, i.payable_id = p.id AS linked,
              (SELECT count(*)::int FROM audit_log a WHERE a.resource = 'invoices' AND a.record_id = i.id) AS audited
         FROM payables p JOIN invoices i ON i.id = p.invoice_id`,
    );
    expect(rows).toEqual([{ status: 'PAGO', linked: true, audited: expect.any(Number) }]);
    expect(rows[0].audited).toBeGreaterThanOrEqual(3);
    const held = await ctx.db.query<{ kinds: string[]; queue: string }>(
      `SELECT array(SELECT m->>'kind' FROM jsonb_array_elements(i.mismatches) m) AS kinds, a.name AS queue
         FROM invoices i JOIN approval_requests r ON r.record_id = i.id AND r.status = 'PENDENTE' JOIN approvals a ON a.id = r.approval_id
        WHERE i.status = 'COM_DIVERGENCIA'`,
    );
    expect(held.rows).toEqual([{ kinds: ['PRECO', 'TOTAL'], queue: 'Compras acima de R$ 5.000,00' }]);
  });
});

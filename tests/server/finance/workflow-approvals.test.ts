import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKFLOW_MESSAGES } from '../../../src/i18n/finance-workflow.ts';
import { createTestApp, type TestContext } from '../helper.ts';
import { createUser } from '../resources/helpers.ts';
import { apiFor, demoRefs, workflowUsers, type Api } from './workflow-helpers.ts';

type Json = Record<string, unknown> & { id: string; version: number };

const QUEUE = 'Alçada de teste do fluxo';

/**
 * Submitting a payable goes through the approval queue its trigger matches (server/approvals): no direct
 * approval while it waits, the queue's last stage approves it, a rejection returns it with the reason,
 * cancelling withdraws the request. Without a matching trigger, `approve` approves directly (workflow.test.ts).
 */
describe('payables through an approval queue', () => {
  let ctx: TestContext;
  let users: Awaited<ReturnType<typeof workflowUsers>>;
  let clerk: Api, approver: Api, treasurer: Api;
  let stage1: Api, stage2: Api;
  let ids: { stage1: string; stage2: string; queue: string; s1: string; s2: string };
  let body: Record<string, unknown>;

  const request = async (payableId: string) =>
    (await ctx.db.query<{ id: string; stage_id: string | null; status: string }>(`SELECT id, stage_id, status FROM approval_requests WHERE record_id = $1 ORDER BY created_at DESC LIMIT 1`, [payableId])).rows[0];
  const decide = async (api: Api, payableId: string, decision: 'APROVAR' | 'REJEITAR', comment?: string) => {
    const r = await request(payableId);
    return api.post(`/api/approvals/v1/approval-requests/${r.id}/decisions`, { stageId: r.stage_id, decision, ...(comment ? { comment } : {}) });
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    users = await workflowUsers(ctx);
    [clerk, approver, treasurer] = [users.clerk, users.approver, users.treasurer].map((u) => apiFor(ctx, u.token));
    const deciders = [await createUser(ctx, { resources: [{ name: 'approval-requests', scopes: ['read', 'approve'] }, { name: 'payables', scopes: ['read'] }] }), await createUser(ctx, { resources: [{ name: 'approval-requests', scopes: ['read', 'approve'] }, { name: 'payables', scopes: ['read'] }] })];
    [stage1, stage2] = deciders.map((u) => apiFor(ctx, u.token));
    const one = async (sql: string, params: unknown[]) => (await ctx.db.query<{ id: string }>(sql, params)).rows[0].id;
    const queue = await one(`INSERT INTO approvals (name, priority, allow_self_approval, on_reject, active) VALUES ($1, 1, false, 'DEVOLVER', true) RETURNING id`, [QUEUE]);
    await one(`INSERT INTO approval_triggers (approval_id, name, resource_name, min_amount, max_amount, active) VALUES ($1, 'R$ 7.777,00 a R$ 7.778,00', 'payables', 777700, 777800, true) RETURNING id`, [queue]);
    const s1 = await one(`INSERT INTO approval_stages (approval_id, "order", name, rule, approver_user_ids, approver_group_ids, active) VALUES ($1, 1, 'Gestor', 'ANY', $2::jsonb, '[]'::jsonb, true) RETURNING id`, [queue, JSON.stringify([deciders[0].id])]);
    const s2 = await one(`INSERT INTO approval_stages (approval_id, "order", name, rule, approver_user_ids, approver_group_ids, active) VALUES ($1, 2, 'Diretoria', 'ANY', $2::jsonb, '[]'::jsonb, true) RETURNING id`, [queue, JSON.stringify([deciders[1].id])]);
    ids = { stage1: deciders[0].id, stage2: deciders[1].id, queue, s1, s2 };
    const refs = await demoRefs(ctx);
    body = {
      organizationId: refs.organizationId, supplierId: refs.supplierId, documentType: 'BOLETO', issueDate: '2026-01-05', competence: '2026-01',
      description: 'Reforma da recepção', amount: 777777, installmentCount: 3, firstDueDate: '2026-02-10',
      costCenterId: refs.costCenterId, categoryId: refs.expenseCategoryId, paymentMethod: 'BOLETO',
    };
  });
  afterAll(() => ctx.close());

  it('waits for the queue: no direct approval, two stages, then APROVADO by the last approver', async () => {
    let p = (await clerk.post('/payables', body)).json() as Json;
    const sent = await clerk.post(`/payables/${p.id}/submit`, {}, p.version);
    expect(sent.json()).toMatchObject({ approvalQueue: QUEUE, record: { status: 'ABERTO', approvalQueueId: ids.queue } });
    p = sent.json().record;
    expect(await request(p.id)).toMatchObject({ status: 'PENDENTE', stage_id: ids.s1 });

    const direct = await approver.post(`/payables/${p.id}/approve`, {}, p.version);
    expect(direct.json()).toMatchObject({ statusCode: 409, code: 'IN_APPROVAL_QUEUE', message: WORKFLOW_MESSAGES.queued(QUEUE) });
    expect((await approver.post(`/payables/${p.id}/return`, { comment: 'x' }, p.version)).statusCode).toBe(409);
    // The second stage's approver cannot jump the first.
    expect((await decide(stage2, p.id, 'APROVAR')).statusCode).toBe(403);

    expect((await decide(stage1, p.id, 'APROVAR')).statusCode).toBe(201);
    expect((await clerk.json<Json>(`/payables/${p.id}`)).status).toBe('ABERTO');
    expect((await decide(stage2, p.id, 'APROVAR')).statusCode).toBe(201);
    p = await clerk.json<Json>(`/payables/${p.id}`);
    expect(p).toMatchObject({ status: 'APROVADO', approvedBy: ids.stage2 });
    const parcels = await clerk.json<Json[]>(`/payable-installments?filter[payableId][eq]=${p.id}&sort=number`);
    expect(parcels.map((i) => i.status)).toEqual(['APROVADO', 'APROVADO', 'APROVADO']);

    // From there the payment queue takes it, as any approved lançamento.
    const auth = await treasurer.post('/payable-installments/authorize', { items: parcels.map((i) => ({ id: i.id, version: i.version })) });
    expect(auth.statusCode).toBe(201);
    expect((await clerk.json<Json>(`/payables/${p.id}`)).status).toBe('AUTORIZADO');
  });

  it('a rejection returns it to RASCUNHO with the reason; it can be fixed and sent again', async () => {
    let p = (await clerk.post('/payables', { ...body, description: 'Reforma devolvida' })).json() as Json;
    p = (await clerk.post(`/payables/${p.id}/submit`, {}, p.version)).json().record;
    expect((await decide(stage1, p.id, 'REJEITAR', 'Falta o orçamento aprovado')).statusCode).toBe(201);
    p = await clerk.json<Json>(`/payables/${p.id}`);
    expect(p).toMatchObject({ status: 'RASCUNHO', statusReason: 'Falta o orçamento aprovado' });
    const again = await clerk.post(`/payables/${p.id}/submit`, { comment: 'Orçamento anexado' }, p.version);
    expect(again.json()).toMatchObject({ approvalQueue: QUEUE, record: { status: 'ABERTO' } });
    expect(await request(p.id)).toMatchObject({ status: 'PENDENTE', stage_id: ids.s1 });
  });

  it('cancelling while it waits withdraws the request', async () => {
    let p = (await clerk.post('/payables', { ...body, description: 'Reforma cancelada' })).json() as Json;
    p = (await clerk.post(`/payables/${p.id}/submit`, {}, p.version)).json().record;
    const cancelled = await clerk.post(`/payables/${p.id}/cancel`, { comment: 'Obra adiada' }, p.version);
    expect(cancelled.json().record).toMatchObject({ status: 'CANCELADO', statusReason: 'Obra adiada' });
    expect(await request(p.id)).toMatchObject({ status: 'CANCELADO' });
    expect((await decide(stage1, p.id, 'APROVAR')).statusCode).toBeGreaterThanOrEqual(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_MESSAGES } from '../../../src/i18n/approvals.ts';
import { createTestApp, type TestContext } from '../helper.ts';
import { createOrganization } from '../resources/helpers.ts';
import { APPROVALS, approvalFixture, registerTestPayablesTarget, shiftDays, type Person } from './helpers.ts';

type Fixture = Awaited<ReturnType<typeof approvalFixture>>;
type Json = Record<string, unknown>;

/** `/api/approvals/v1`: the queue pages' reads, decisions (one and bulk), scopes and the generic API's refusals. */
describe('approval queues API', () => {
  let ctx: TestContext;
  let f: Fixture;
  let restore: () => void;
  let ana: Person;
  let bia: Person;
  let sub: Person;
  let req: Person;
  let queue: { id: string; stages: string[] };

  beforeAll(async () => {
    ctx = await createTestApp();
    restore = registerTestPayablesTarget();
    f = await approvalFixture(ctx);
    [ana, bia, sub, req] = [await f.approver(), await f.approver(), await f.approver(), await f.requester()];
    await ctx.db.query(`UPDATE approvals SET active = false`);
    queue = await f.queue({
      name: 'Pagamentos',
      priority: 1,
      stages: [
        { rule: 'ANY', users: [ana.id], substitute: { userId: sub.id, from: shiftDays(-2), until: shiftDays(2) } },
        { rule: 'ALL', users: [ana.id, bia.id] },
      ],
      triggers: [{ minAmount: 0 }],
    });
  });
  afterAll(async () => {
    restore();
    await ctx.close();
  });

  const routed = async (over: Json = {}) => {
    const p = await f.payable(req, over);
    return { p, r: (await f.submit(p, req.id))! };
  };

  it('lists what waits for each person, with who may act for whom', async () => {
    const { r } = await routed({ description: 'Licenças de software', amount: 1_234_56 });
    const mine = await f.as(ana.token).get(`${APPROVALS}/approval-requests/pending`);
    expect(mine.statusCode).toBe(200);
    const item = (mine.json() as Json[]).find((x) => x.id === r.id);
    expect(item).toMatchObject({
      recordLabel: 'Licenças de software', amount: 123456, status: 'PENDENTE', approvalName: 'Pagamentos', stageName: 'Etapa 1', stageOrder: 1, stageCount: 2,
      stageRule: 'ANY', requester: { id: req.id }, canDecide: true, actingFor: [], progress: null, noApprover: false,
    });
    // The substitute, inside the period, sees it too and would act for Ana.
    const forSub = (await f.as(sub.token).get(`${APPROVALS}/approval-requests/pending`)).json() as Json[];
    expect(forSub.find((x) => x.id === r.id)).toMatchObject({ canDecide: true, actingFor: [{ id: ana.id }] });
    // Bia approves only at stage 2: nothing waits for her yet; the requester never sees their own as pending.
    expect(((await f.as(bia.token).get(`${APPROVALS}/approval-requests/pending`)).json() as Json[]).some((x) => x.id === r.id)).toBe(false);
    const asRequester = await f.as(req.token).get(`${APPROVALS}/approval-requests/pending`);
    expect(asRequester.statusCode).toBe(403); // no read on approval-requests
  });

  it('the pending list agrees with what decide accepts', async () => {
    const { r } = await routed();
    const listed = ((await f.as(bia.token).get(`${APPROVALS}/approval-requests/pending`)).json() as Json[]).some((x) => x.id === r.id);
    const res = await f.decide(bia, r.id, { stageId: queue.stages[0], decision: 'APROVAR' });
    expect([listed, res.statusCode]).toEqual([false, 403]);
    expect((await f.decide(ana, r.id, { stageId: queue.stages[0], decision: 'APROVAR' })).statusCode).toBe(201);
    const now = ((await f.as(bia.token).get(`${APPROVALS}/approval-requests/pending`)).json() as Json[]).find((x) => x.id === r.id);
    expect(now).toMatchObject({ canDecide: true, stageName: 'Etapa 2', progress: { approved: 0, required: 2 } });
    const anaNow = ((await f.as(ana.token).get(`${APPROVALS}/approval-requests/pending`)).json() as Json[]).find((x) => x.id === r.id);
    expect(anaNow).toMatchObject({ canDecide: true });
  });

  it('counts pending requests per queue and stage, and what waits for the caller', async () => {
    const res = await f.as(ana.token).get(`${APPROVALS}/queues`);
    expect(res.statusCode).toBe(200);
    const [first] = res.json() as Json[];
    expect(first).toMatchObject({ id: queue.id, name: 'Pagamentos', isApprover: true });
    const stages = first.stages as Json[];
    expect(stages.map((s) => [s.order, s.name, s.rule])).toEqual([[1, 'Etapa 1', 'ANY'], [2, 'Etapa 2', 'ALL']]);
    expect(stages[0]).toMatchObject({ approvers: [{ id: ana.id }], substitute: { id: sub.id }, isApprover: true });
    const { rows } = await ctx.db.query<{ stage_id: string; n: number }>(
      `SELECT stage_id, count(*)::int AS n FROM approval_requests WHERE approval_id = $1 AND status = 'PENDENTE' GROUP BY stage_id`,
      [queue.id],
    );
    const expected = new Map(rows.map((x) => [x.stage_id, x.n]));
    expect(stages.map((s) => s.pending)).toEqual(queue.stages.map((id) => expected.get(id) ?? 0));
    expect(first.pending).toBe(rows.reduce((n, x) => n + x.n, 0));
    const pendingForAna = Number((await f.as(ana.token).get(`${APPROVALS}/approval-requests/pending`)).headers['x-total-count']);
    expect(first.waitingForMe).toBe(pendingForAna);
    // One queue, and a queue that does not exist.
    expect((await f.as(ana.token).get(`${APPROVALS}/queues/${queue.id}`)).json()).toMatchObject({ id: queue.id, pending: first.pending });
    expect((await f.as(ana.token).get(`${APPROVALS}/queues/${f.org}`)).statusCode).toBe(404);
    expect((await f.as(ana.token).get(`${APPROVALS}/queues/xyz`)).statusCode).toBe(404);
  });

  it('lists a queue’s requests by stage and status, paged', async () => {
    await routed();
    await routed();
    const url = `${APPROVALS}/queues/${queue.id}/requests`;
    const atStage1 = await f.as(ana.token).get(`${url}?stageId=${queue.stages[0]}&pageSize=1`);
    expect(atStage1.statusCode).toBe(200);
    const total = Number(atStage1.headers['x-total-count']);
    expect(total).toBeGreaterThan(1);
    expect(atStage1.json()).toHaveLength(1);
    const page2 = await f.as(ana.token).get(`${url}?stageId=${queue.stages[0]}&pageSize=1&page=2`);
    expect((page2.json() as Json[])[0].id).not.toBe((atStage1.json() as Json[])[0].id);
    const all = (await f.as(ana.token).get(`${url}?status=TODAS&pageSize=200`)).json() as Json[];
    expect(all.every((x) => x.approvalId === queue.id)).toBe(true);
    expect(all.some((x) => x.stageId === queue.stages[1])).toBe(true);
    const bad = await f.as(ana.token).get(`${url}?status=QUALQUER&pageSize=0&stageId=1`);
    expect(bad.json()).toMatchObject({ statusCode: 400, errors: { status: ['Escolha uma das opções.'], pageSize: ['Informe de 1 a 200 itens por página.'], stageId: ['Identificador inválido.'] } });
    expect((await f.as(ana.token).get(`${url}?pageSize=0`)).json().errors).toEqual({ pageSize: ['Informe de 1 a 200 itens por página.'] });
  });

  it('shows a request with its stages and every decision', async () => {
    const { r } = await routed();
    await f.decide(sub, r.id, { stageId: queue.stages[0], decision: 'APROVAR', comment: 'Ana está de férias; aprovado.' });
    await f.decide(bia, r.id, { stageId: queue.stages[1], decision: 'APROVAR' });
    await f.decide(ana, r.id, { stageId: queue.stages[1], decision: 'REJEITAR', comment: 'Valor acima do contrato.' });
    const res = await f.as(bia.token).get(`${APPROVALS}/approval-requests/${r.id}/decisions`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.request).toMatchObject({ id: r.id, status: 'REJEITADO', reason: 'Valor acima do contrato.', canDecide: false });
    expect(body.stages.map((s: Json) => [s.name, s.status])).toEqual([['Etapa 1', 'APROVADA'], ['Etapa 2', 'REJEITADA']]);
    expect(body.decisions.map((d: Json) => [d.stageName, (d.approver as Json).id, (d.actingFor as Json | null)?.id ?? null, d.decision, d.comment])).toEqual([
      ['Etapa 1', sub.id, ana.id, 'APROVAR', 'Ana está de férias; aprovado.'],
      ['Etapa 2', bia.id, null, 'APROVAR', null],
      ['Etapa 2', ana.id, null, 'REJEITAR', 'Valor acima do contrato.'],
    ]);
    expect((await f.as(bia.token).get(`${APPROVALS}/approval-requests/${f.org}/decisions`)).statusCode).toBe(404);
  });

  it('refuses deciding without the approve scope (403) and validates the body in pt-BR', async () => {
    const { r } = await routed();
    const reader = await f.approver({ scopes: [{ name: 'approval-requests', scopes: ['read'] }] });
    const res = await f.decide(reader, r.id, { stageId: queue.stages[0], decision: 'APROVAR' });
    expect(res.statusCode).toBe(403);
    // Listed, but not actionable without the scope.
    const item = ((await f.as(reader.token).get(`${APPROVALS}/queues/${queue.id}/requests`)).json() as Json[]).find((x) => x.id === r.id);
    expect(item).toMatchObject({ canDecide: false });
    const bad = await f.decide(ana, r.id, { stageId: 'x', decision: 'TALVEZ', extra: 1, actingForId: 7 });
    expect(bad.json()).toMatchObject({
      statusCode: 400,
      errors: { stageId: ['Campo obrigatório.'], extra: ['Campo não permitido.'], actingForId: ['Identificador inválido.'] },
    });
    const badDecision = await f.decide(ana, r.id, { stageId: queue.stages[0], decision: 'TALVEZ', comment: 'x'.repeat(1001) });
    expect(badDecision.json().errors).toEqual({ decision: ['Escolha uma das opções.'], comment: ['Deve ter no máximo 1000 caracteres.'] });
    expect((await f.decide(ana, f.org, { stageId: queue.stages[0], decision: 'APROVAR' })).statusCode).toBe(404);
  });

  it('keeps requests of other organizations out of reach (404, not listed, not counted)', async () => {
    const other = await createOrganization(ctx.db, 'Filial Norte');
    const { r } = await routed();
    await ctx.db.query(`UPDATE approval_requests SET organization_id = $2 WHERE id = $1`, [r.id, other]);
    const pending = (await f.as(ana.token).get(`${APPROVALS}/approval-requests/pending?pageSize=200`)).json() as Json[];
    expect(pending.some((x) => x.id === r.id)).toBe(false);
    expect((await f.decide(ana, r.id, { stageId: queue.stages[0], decision: 'APROVAR' })).statusCode).toBe(404);
    expect((await f.as(ana.token).get(`${APPROVALS}/approval-requests/${r.id}/decisions`)).statusCode).toBe(404);
    expect((await f.as(ana.token).get(`${APPROVALS}/approval-requests/${r.id}`)).statusCode).toBe(404);
    // Someone whose scope includes that organization decides it.
    const north = await f.approver({ organizations: [other] });
    await ctx.db.query(`UPDATE approval_stages SET approver_user_ids = approver_user_ids || $2::jsonb WHERE id = $1`, [queue.stages[0], JSON.stringify([north.id])]);
    expect((await f.decide(north, r.id, { stageId: queue.stages[0], decision: 'APROVAR' })).statusCode).toBe(201);
    await ctx.db.query(`UPDATE approval_stages SET approver_user_ids = approver_user_ids - $2 WHERE id = $1`, [queue.stages[0], north.id]);
  });

  it('bulk approval decides each item on its own and reports each outcome', async () => {
    const a = (await routed()).r;
    const b = (await routed()).r;
    const res = await f.as(ana.token).post(`${APPROVALS}/approval-requests/decisions`, {
      decision: 'APROVAR',
      items: [
        { requestId: a.id, stageId: queue.stages[0] },
        { requestId: b.id, stageId: queue.stages[1] },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      { requestId: a.id, ok: true, status: 'PENDENTE', outcome: 'APROVADA' },
      { requestId: b.id, ok: false, statusCode: 409, code: 'STAGE_MOVED', message: APPROVAL_MESSAGES.stageMoved('Etapa 1') },
    ]);
    expect(await f.request(a.id)).toMatchObject({ stageId: queue.stages[1] });
    const tooMany = await f.as(ana.token).post(`${APPROVALS}/approval-requests/decisions`, {
      decision: 'APROVAR',
      items: Array.from({ length: 101 }, () => ({ requestId: a.id, stageId: queue.stages[0] })),
    });
    expect(tooMany.json().errors).toEqual({ items: [APPROVAL_MESSAGES.bulkLimit(100)] });
    const noReason = await f.as(ana.token).post(`${APPROVALS}/approval-requests/decisions`, { decision: 'REJEITAR', items: [{ requestId: b.id, stageId: queue.stages[0] }] });
    expect(noReason.json().errors).toEqual({ comment: [APPROVAL_MESSAGES.commentRequired] });
    const reader = await f.approver({ scopes: [{ name: 'approval-requests', scopes: ['read'] }] });
    expect((await f.as(reader.token).post(`${APPROVALS}/approval-requests/decisions`, { decision: 'APROVAR', items: [{ requestId: b.id, stageId: queue.stages[0] }] })).statusCode).toBe(403);
  });

  it('the generic API only reads requests and decisions: no create, edit or delete', async () => {
    const { r } = await routed();
    await f.decide(ana, r.id, { stageId: queue.stages[0], decision: 'APROVAR', comment: 'ok' });
    const [decision] = (await f.adminApi.get(`${APPROVALS}/approval-decisions?filter[requestId][eq]=${r.id}`)).json() as Json[];
    expect(decision).toMatchObject({ requestId: r.id, approverId: ana.id, decision: 'APROVAR', comment: 'ok' });
    const writes = [
      await f.adminApi.post(`${APPROVALS}/approval-requests`, {}),
      await f.adminApi.patch(`${APPROVALS}/approval-requests/${r.id}`, { status: 'APROVADO' }, 2),
      await f.adminApi.del(`${APPROVALS}/approval-requests/${r.id}`),
      await f.adminApi.post(`${APPROVALS}/approval-decisions`, {}),
      await f.adminApi.patch(`${APPROVALS}/approval-decisions/${decision.id}`, { comment: 'editado' }, 1),
      await f.adminApi.del(`${APPROVALS}/approval-decisions/${decision.id}`),
    ];
    expect(writes.map((w) => w.statusCode)).toEqual([405, 405, 405, 405, 405, 405]);
    expect(writes[4].json().message).toBe('Decisões de aprovação não podem ser alteradas nem excluídas; registre a decisão pela fila de aprovação.');
    const again = (await f.adminApi.get(`${APPROVALS}/approval-decisions/${decision.id}`)).json();
    expect(again).toMatchObject({ comment: 'ok', version: 1 });
    // Both are audited: the decision's creation and the request's move.
    const history = (await f.adminApi.get(`${APPROVALS}/approval-requests/${r.id}/history`)).json() as Json[];
    expect(history.map((h) => h.action)).toEqual(['create', 'update']);
    expect(history[1]).toMatchObject({ actor: { id: ana.id }, diff: { stageId: { before: queue.stages[0], after: queue.stages[1] } } });
    expect((await f.adminApi.get(`${APPROVALS}/approval-decisions/${decision.id}/history`)).json()[0]).toMatchObject({ action: 'create', actor: { id: ana.id } });
  });

  it('flags a request nobody can decide (the only approver is its requester)', async () => {
    await ctx.db.query(`UPDATE approvals SET active = false`);
    const q = await f.queue({ name: 'Só a Ana', priority: 1, stages: [{ users: [ana.id] }], triggers: [{ minAmount: 0 }] });
    const p = await f.payable(ana);
    const r = (await f.submit(p, ana.id))!;
    const [item] = (await f.as(ana.token).get(`${APPROVALS}/queues/${q.id}/requests`)).json() as Json[];
    expect(item).toMatchObject({ id: r.id, noApprover: true, canDecide: false });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelApproval, decide, registerApprovalTarget, routeToApproval } from '../../../server/approvals/index.ts';
import { APPROVAL_MESSAGES } from '../../../src/i18n/approvals.ts';
import { createTestApp, type TestContext } from '../helper.ts';
import { APPROVALS, approvalFixture, registerTestPayablesTarget, shiftDays, type Person } from './helpers.ts';

type Fixture = Awaited<ReturnType<typeof approvalFixture>>;

/** The approval engine (server/approvals) on the real schema: routing, stage rules, effects, concurrency. */
describe('approval engine', () => {
  let ctx: TestContext;
  let f: Fixture;
  let restore: () => void;
  let ana: Person;
  let bia: Person;
  let caio: Person;
  let req: Person;

  beforeAll(async () => {
    ctx = await createTestApp();
    restore = registerTestPayablesTarget();
    f = await approvalFixture(ctx);
    [ana, bia, caio, req] = [await f.approver(), await f.approver(), await f.approver(), await f.requester()];
  });
  afterAll(async () => {
    restore();
    await ctx.close();
  });

  describe('routing', () => {
    it('puts a payable from R$ 5.000,00 into the demo queue at its first stage, and nothing below it', async () => {
      const below = await f.payable(req, { amount: 499_999 });
      expect(await f.submit(below, req.id)).toBeNull();
      const at = await f.payable(req, { amount: 500_000, description: 'Consultoria' });
      const r = (await f.submit(at, req.id))!;
      const demo = await ctx.db.query<{ id: string; stage1: string }>(
        `SELECT a.id, (SELECT id FROM approval_stages WHERE approval_id = a.id AND "order" = 1) AS stage1 FROM approvals a WHERE a.name = 'Contas a pagar acima de R$ 5.000,00'`,
      );
      expect(r).toMatchObject({
        resourceName: 'payables', recordId: at.id, recordLabel: 'Consultoria', approvalId: demo.rows[0].id, stageId: demo.rows[0].stage1,
        status: 'PENDENTE', amount: 500_000, organizationId: f.org, costCenterId: f.costCenters[0], requesterId: req.id,
      });
      // Audited like any write.
      const history = (await f.adminApi.get(`${APPROVALS}/approval-requests/${r.id}/history`)).json();
      expect(history[0]).toMatchObject({ action: 'create', actor: { id: req.id }, diff: { status: { before: null, after: 'PENDENTE' } } });
      // The demo queue stays out of the way of the next tests.
      await ctx.db.query(`UPDATE approvals SET active = false WHERE id = $1`, [demo.rows[0].id]);
    });

    it('refuses a second pending request for the same record', async () => {
      await f.queue({ name: 'Fila única', priority: 90, stages: [{ users: [ana.id] }], triggers: [{ minAmount: 1 }] });
      const p = await f.payable(req);
      await f.submit(p, req.id);
      await expect(ctx.db.tx((q) => routeToApproval(q, { resource: 'payables', record: p, actor: { userId: req.id } }))).rejects.toMatchObject({
        statusCode: 409,
        code: 'APPROVAL_PENDING',
        message: APPROVAL_MESSAGES.alreadyPending('Fila única'),
      });
      await ctx.db.query(`UPDATE approvals SET active = false WHERE name = 'Fila única'`);
    });

    it('matches amount range, cost center and category (also its subcategories); lowest priority wins, then the name', async () => {
      const [child, parent] = f.category;
      const general = await f.queue({ name: 'Z geral', priority: 40, stages: [{ users: [ana.id] }], triggers: [{ minAmount: 100_000, maxAmount: 1_000_000 }] });
      const byCc = await f.queue({ name: 'Por centro', priority: 30, stages: [{ users: [ana.id] }], triggers: [{ costCenterId: f.costCenters[1] }] });
      const byCat = await f.queue({ name: 'Por categoria', priority: 30, stages: [{ users: [ana.id] }], triggers: [{ expenseCategoryId: parent, minAmount: 2_000_000 }] });
      const twin = await f.queue({ name: 'A gêmea da geral', priority: 40, stages: [{ users: [ana.id] }], triggers: [{ minAmount: 100_000, maxAmount: 1_000_000 }] });
      const routed = async (over: Record<string, unknown>) => (await f.submit(await f.payable(req, over), req.id))?.approvalId ?? null;
      expect(await routed({ amount: 1_000_000 })).toBe(twin.id); // same priority as "Z geral": the name decides
      expect(await routed({ amount: 1_000_001 })).toBeNull(); // max inclusive, above it nothing
      expect(await routed({ amount: 99_999 })).toBeNull();
      expect(await routed({ amount: 5_000, costCenterId: f.costCenters[1] })).toBe(byCc.id);
      expect(await routed({ amount: 2_000_000, categoryId: child })).toBe(byCat.id); // the parent's trigger covers the child
      expect(await routed({ amount: 2_000_000, categoryId: f.otherCategory })).toBeNull();
      // Inactive triggers and queues, and queues of another organization, are not candidates.
      await ctx.db.query(`UPDATE approval_triggers SET active = false WHERE approval_id = $1`, [twin.id]);
      expect(await routed({ amount: 600_000 })).toBe(general.id);
      const other = (await ctx.db.query<{ id: string }>(`INSERT INTO organizations (name) VALUES ('Outra organização') RETURNING id`)).rows[0].id;
      await ctx.db.query(`UPDATE approvals SET organization_id = $2 WHERE id = $1`, [general.id, other]);
      expect(await routed({ amount: 600_000 })).toBeNull();
      for (const q of [general, byCc, byCat, twin]) await ctx.db.query(`UPDATE approvals SET active = false WHERE id = $1`, [q.id]);
    });

    it('refuses a queue whose stages are all inactive (misconfigured: nothing skips approval)', async () => {
      await f.queue({ name: 'Sem etapas ativas', priority: 5, stages: [{ users: [ana.id], active: false }], triggers: [{ minAmount: 0 }] });
      await expect(f.submit(await f.payable(req), req.id)).rejects.toMatchObject({ statusCode: 409, code: 'APPROVAL_NO_STAGES' });
      await ctx.db.query(`UPDATE approvals SET active = false WHERE name = 'Sem etapas ativas'`);
    });
  });

  describe('stages', () => {
    let seq = 0;
    /** A fresh queue (only it active) and one payable routed into it. */
    async function routedInto(spec: Parameters<Fixture['queue']>[0]['stages'], opts: { allowSelfApproval?: boolean; onReject?: 'DEVOLVER' | 'ENCERRAR'; requester?: Person } = {}) {
      await ctx.db.query(`UPDATE approvals SET active = false`);
      const q = await f.queue({ name: `Fila ${++seq}`, priority: 1, stages: spec, triggers: [{ minAmount: 0 }], ...opts });
      const who = opts.requester ?? req;
      const p = await f.payable(who);
      const r = (await f.submit(p, who.id))!;
      expect(r.approvalId).toBe(q.id);
      return { q, p, r };
    }

    it('ANY: one approval moves the request on; the other approver is then too late (409)', async () => {
      const { q, p, r } = await routedInto([{ rule: 'ANY', users: [ana.id, bia.id] }, { rule: 'ANY', users: [caio.id] }]);
      const res = await f.decide(bia, r.id, { stageId: q.stages[0], decision: 'APROVAR' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ outcome: 'APROVADA', request: { status: 'PENDENTE', stageId: q.stages[1], stageName: 'Etapa 2', stageOrder: 2, stageCount: 2 } });
      const late = await f.decide(ana, r.id, { stageId: q.stages[0], decision: 'APROVAR' });
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ code: 'STAGE_MOVED', message: APPROVAL_MESSAGES.stageMoved('Etapa 2') });
      // Ana is not an approver of stage 2 either.
      expect((await f.decide(ana, r.id, { stageId: q.stages[1], decision: 'APROVAR' })).json()).toMatchObject({ statusCode: 403, code: 'NOT_APPROVER' });
      expect(await f.payableStatus(String(p.id))).toMatchObject({ status: 'ABERTO' });
      expect((await f.decide(caio, r.id, { stageId: q.stages[1], decision: 'APROVAR', comment: 'Ok, dentro do orçamento.' })).json()).toMatchObject({
        outcome: 'APROVADA',
        request: { status: 'APROVADO', stageId: null },
      });
      expect(await f.payableStatus(String(p.id))).toEqual({ status: 'APROVADO', statusReason: null, approvedBy: caio.id });
    });

    it('ALL: every approver — users and members of the groups — must approve; nobody decides twice', async () => {
      const group = await f.group([bia.id, caio.id]);
      const { q, p, r } = await routedInto([{ rule: 'ALL', users: [ana.id], groups: [group] }]);
      const step = async (who: Person) => (await f.decide(who, r.id, { stageId: q.stages[0], decision: 'APROVAR' })).json();
      expect(await step(ana)).toMatchObject({ outcome: 'PENDENTE', request: { status: 'PENDENTE', progress: { approved: 1, required: 3 } } });
      expect(await step(ana)).toMatchObject({ statusCode: 409, code: 'ALREADY_DECIDED', message: APPROVAL_MESSAGES.alreadyDecided });
      expect(await step(caio)).toMatchObject({ outcome: 'PENDENTE', request: { progress: { approved: 2, required: 3 } } });
      expect(await f.payableStatus(String(p.id))).toMatchObject({ status: 'ABERTO' });
      expect(await step(bia)).toMatchObject({ outcome: 'APROVADA', request: { status: 'APROVADO' } });
      expect(await f.payableStatus(String(p.id))).toMatchObject({ status: 'APROVADO', approvedBy: bia.id });
    });

    it('a member who left the group no longer counts, nor is needed', async () => {
      const group = await f.group([bia.id, caio.id]);
      const { q, r } = await routedInto([{ rule: 'ALL', groups: [group] }]);
      expect((await f.decide(bia, r.id, { stageId: q.stages[0], decision: 'APROVAR' })).json()).toMatchObject({ outcome: 'PENDENTE' });
      await ctx.db.query(`UPDATE user_group_members SET deleted_at = now() WHERE group_id = $1 AND user_id = $2`, [group, caio.id]);
      expect((await f.decide(caio, r.id, { stageId: q.stages[0], decision: 'APROVAR' })).json()).toMatchObject({ statusCode: 403, code: 'NOT_APPROVER' });
      // Bia's approval is now everything the stage needs; the next decision by anyone closes nothing twice.
      expect(await f.request(r.id)).toMatchObject({ status: 'PENDENTE' });
      await ctx.db.query(`UPDATE user_group_members SET deleted_at = NULL WHERE group_id = $1 AND user_id = $2`, [group, caio.id]);
    });

    it('a substitute decides inside the period (for an approver still to decide), never outside it', async () => {
      const sub = await f.approver();
      const inPeriod = { userId: sub.id, from: shiftDays(-1), until: shiftDays(0) };
      const { q, p, r } = await routedInto([{ rule: 'ALL', users: [ana.id, bia.id], substitute: inPeriod }]);
      const res = await f.decide(sub, r.id, { stageId: q.stages[0], decision: 'APROVAR', actingForId: bia.id });
      expect(res.statusCode).toBe(201);
      expect(res.json().decision).toMatchObject({ approverId: sub.id, actingForId: bia.id, decision: 'APROVAR' });
      expect((await f.decide(bia, r.id, { stageId: q.stages[0], decision: 'APROVAR' })).json()).toMatchObject({ code: 'ALREADY_DECIDED', message: APPROVAL_MESSAGES.decidedBySubstitute });
      expect((await f.decide(ana, r.id, { stageId: q.stages[0], decision: 'APROVAR' })).json()).toMatchObject({ outcome: 'APROVADA' });
      expect(await f.payableStatus(String(p.id))).toMatchObject({ status: 'APROVADO' });

      const later = { userId: sub.id, from: shiftDays(1), until: shiftDays(10) };
      const other = await routedInto([{ rule: 'ANY', users: [ana.id], substitute: later }]);
      const out = await f.decide(sub, other.r.id, { stageId: other.q.stages[0], decision: 'APROVAR' });
      expect(out.statusCode).toBe(403);
      expect(out.json()).toMatchObject({ code: 'SUBSTITUTE_OUT_OF_PERIOD' });
      expect(out.json().message).toBe(APPROVAL_MESSAGES.substituteOutOfPeriod(later.from.split('-').toReversed().join('/'), later.until.split('-').toReversed().join('/')));
      const expired = { userId: sub.id, from: shiftDays(-10), until: shiftDays(-1) };
      await ctx.db.query(`UPDATE approval_stages SET substitute_from = $2, substitute_until = $3 WHERE id = $1`, [other.q.stages[0], expired.from, expired.until]);
      expect((await f.decide(sub, other.r.id, { stageId: other.q.stages[0], decision: 'APROVAR' })).statusCode).toBe(403);
      // Someone neither approver nor substitute.
      expect((await f.decide(caio, other.r.id, { stageId: other.q.stages[0], decision: 'APROVAR' })).json()).toMatchObject({ statusCode: 403, message: APPROVAL_MESSAGES.notApprover });
    });

    it('the requester never decides on their own record (segregation of duties) unless the queue allows it', async () => {
      const { q, r } = await routedInto([{ rule: 'ANY', users: [ana.id, bia.id] }], { requester: ana });
      const self = await f.decide(ana, r.id, { stageId: q.stages[0], decision: 'APROVAR' });
      expect(self.statusCode).toBe(403);
      expect(self.json()).toMatchObject({ code: 'SELF_APPROVAL', message: APPROVAL_MESSAGES.selfApproval });
      expect((await f.decide(ana, r.id, { stageId: q.stages[0], decision: 'REJEITAR', comment: 'Desisti' })).statusCode).toBe(403);
      expect((await f.decide(bia, r.id, { stageId: q.stages[0], decision: 'APROVAR' })).statusCode).toBe(201);

      const allowed = await routedInto([{ rule: 'ANY', users: [ana.id] }], { requester: ana, allowSelfApproval: true });
      expect((await f.decide(ana, allowed.r.id, { stageId: allowed.q.stages[0], decision: 'APROVAR' })).json()).toMatchObject({ outcome: 'APROVADA' });
    });

    it('whoever registered the record on someone else’s behalf does not decide on it either', async () => {
      const put = registerTestPayablesTarget({ requesterOf: () => bia.id });
      try {
        const { q, r } = await routedInto([{ rule: 'ALL', users: [ana.id, caio.id] }], { requester: ana });
        expect(r).toMatchObject({ requesterId: bia.id, creatorId: ana.id });
        expect((await f.decide(ana, r.id, { stageId: q.stages[0], decision: 'APROVAR' })).json()).toMatchObject({ statusCode: 403, code: 'SELF_APPROVAL' });
        // Ana is skipped in the ALL rule: Caio's approval is enough.
        expect((await f.decide(caio, r.id, { stageId: q.stages[0], decision: 'APROVAR' })).json()).toMatchObject({ outcome: 'APROVADA' });
      } finally {
        put();
      }
    });

    it('an ALL stage skips the requester as an approver', async () => {
      const { q, r } = await routedInto([{ rule: 'ALL', users: [ana.id, bia.id] }], { requester: ana });
      expect((await f.decide(bia, r.id, { stageId: q.stages[0], decision: 'APROVAR' })).json()).toMatchObject({ outcome: 'APROVADA', request: { status: 'APROVADO' } });
    });

    it('rejection needs a reason, rejects the request and returns the record with it; nothing is decided afterwards', async () => {
      const { q, p, r } = await routedInto([{ rule: 'ALL', users: [ana.id, bia.id] }, { users: [caio.id] }]);
      for (const comment of [undefined, '', '   ']) {
        const res = await f.decide(ana, r.id, { stageId: q.stages[0], decision: 'REJEITAR', comment });
        expect({ status: res.statusCode, errors: res.json().errors }).toEqual({ status: 400, errors: { comment: [APPROVAL_MESSAGES.commentRequired] } });
      }
      expect((await f.decide(bia, r.id, { stageId: q.stages[0], decision: 'APROVAR' })).json()).toMatchObject({ outcome: 'PENDENTE' });
      const res = await f.decide(ana, r.id, { stageId: q.stages[0], decision: 'REJEITAR', comment: '  Falta a nota fiscal.  ' });
      expect(res.json()).toMatchObject({ outcome: 'REJEITADA', request: { status: 'REJEITADO', stageId: q.stages[0], reason: 'Falta a nota fiscal.' } });
      expect(await f.payableStatus(String(p.id))).toEqual({ status: 'RASCUNHO', statusReason: 'Falta a nota fiscal.', approvedBy: null });
      const after = await f.decide(caio, r.id, { stageId: q.stages[0], decision: 'APROVAR' });
      expect(after.json()).toMatchObject({ statusCode: 409, code: 'NOT_PENDING', message: APPROVAL_MESSAGES.notPending('Reprovado') });
      // Resubmitted after the fix, it starts over in a new request.
      const again = (await f.submit(p, req.id))!;
      expect(again.id).not.toBe(r.id);
      expect(again).toMatchObject({ status: 'PENDENTE', stageId: q.stages[0] });
    });

    it('ENCERRAR tells the target to close the record instead of returning it', async () => {
      const { q, p, r } = await routedInto([{ users: [ana.id] }], { onReject: 'ENCERRAR' });
      await f.decide(ana, r.id, { stageId: q.stages[0], decision: 'REJEITAR', comment: 'Fornecedor bloqueado.' });
      expect(await f.payableStatus(String(p.id))).toMatchObject({ status: 'CANCELADO', statusReason: 'Fornecedor bloqueado.' });
    });

    it('a failing record effect undoes the decision (one transaction)', async () => {
      const { q, r } = await routedInto([{ users: [ana.id] }]);
      const put = registerTestPayablesTarget({
        async onApproved() {
          throw new Error('o registro não pode seguir');
        },
      });
      try {
        expect((await f.decide(ana, r.id, { stageId: q.stages[0], decision: 'APROVAR' })).statusCode).toBe(500);
      } finally {
        put();
      }
      expect(await f.request(r.id)).toMatchObject({ status: 'PENDENTE', stageId: q.stages[0], version: 1 });
      expect((await ctx.db.query(`SELECT 1 FROM approval_decisions WHERE request_id = $1`, [r.id])).rows).toHaveLength(0);
      expect((await f.decide(ana, r.id, { stageId: q.stages[0], decision: 'APROVAR' })).statusCode).toBe(201);
    });

    it('cancelApproval withdraws a pending request with the reason', async () => {
      const { p, r } = await routedInto([{ users: [ana.id] }]);
      const c = await ctx.db.tx((q) => cancelApproval(q, { resource: 'payables', recordId: String(p.id), actor: { userId: req.id }, reason: 'Lançamento cancelado.' }));
      expect(c).toMatchObject({ id: r.id, status: 'CANCELADO', reason: 'Lançamento cancelado.' });
      expect(await ctx.db.tx((q) => cancelApproval(q, { resource: 'payables', recordId: String(p.id), actor: { userId: req.id }, reason: 'x' }))).toBeNull();
    });

    it('concurrent approvals of an ALL stage both count and advance the request exactly once', async () => {
      const { q, r } = await routedInto([{ rule: 'ALL', users: [ana.id, bia.id] }, { users: [caio.id] }]);
      const [a, b] = await Promise.all([ana, bia].map((who) => f.decide(who, r.id, { stageId: q.stages[0], decision: 'APROVAR' })));
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      expect([a.json().outcome, b.json().outcome].sort()).toEqual(['APROVADA', 'PENDENTE']);
      expect(await f.request(r.id)).toMatchObject({ status: 'PENDENTE', stageId: q.stages[1], version: 2 });
      const moves = await ctx.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM audit_log WHERE resource = 'approval-requests' AND record_id = $1 AND action = 'update'`,
        [r.id],
      );
      expect(moves.rows[0].n).toBe(1);
    });

    it('concurrent approvals of an ANY stage: one wins, the other is told the request moved on', async () => {
      const { q, r } = await routedInto([{ rule: 'ANY', users: [ana.id, bia.id] }, { users: [caio.id] }]);
      const results = await Promise.all([ana, bia].map((who) => f.decide(who, r.id, { stageId: q.stages[0], decision: 'APROVAR' })));
      expect(results.map((x) => x.statusCode).sort()).toEqual([201, 409]);
      expect(results.find((x) => x.statusCode === 409)!.json().code).toBe('STAGE_MOVED');
      const decisions = await ctx.db.query(`SELECT 1 FROM approval_decisions WHERE request_id = $1 AND stage_id = $2`, [r.id, q.stages[0]]);
      expect(decisions.rows).toHaveLength(1);
      expect(await f.request(r.id)).toMatchObject({ stageId: q.stages[1], version: 2 });
    });

    it('decide() called directly, in the caller’s transaction, keeps the same rules', async () => {
      const { q, r } = await routedInto([{ users: [ana.id] }]);
      await expect(ctx.db.tx((t) => decide(t, { requestId: r.id, stageId: q.stages[0], actor: { userId: caio.id }, decision: 'APROVAR' }))).rejects.toMatchObject({ statusCode: 403 });
      const done = await ctx.db.tx((t) => decide(t, { requestId: r.id, stageId: q.stages[0], actor: { userId: ana.id }, decision: 'APROVAR' }));
      expect(done).toMatchObject({ outcome: 'APROVADA', request: { status: 'APROVADO' } });
    });
  });

  it('throws on a resource nobody registered a target for (a programming error)', async () => {
    const put = registerApprovalTarget('quotes', { amountOf: () => 0, onApproved: async () => {}, onRejected: async () => {} });
    put();
    await expect(ctx.db.tx((q) => routeToApproval(q, { resource: 'quotes', record: { id: f.org }, actor: { userId: ana.id } }))).rejects.toThrow(/Nenhum alvo de aprovação/);
  });
});

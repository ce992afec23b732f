import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_MESSAGES } from '../../../src/i18n/approvals.ts';
import { WORKFLOW_MESSAGES as M } from '../../../src/i18n/finance-workflow.ts';
import { ADMIN, loginOk } from '../identity/helpers.ts';
import { createTestApp, type TestContext } from '../helper.ts';
import { apiFor, demoRefs, workflowUsers, type Api } from './workflow-helpers.ts';

type Json = Record<string, unknown> & { id: string; version: number };
type Verdict = { allowed: boolean; reason?: string; code?: string };
type Answer = { actions?: string[]; records: { id: string; read: boolean; actions?: Record<string, Verdict> }[] };

/**
 * Allowed actions travel with the record (architecture §12): `GET …/permissions?id=…` answers, per record,
 * which workflow actions the caller may take now and why not — each refusal with its code and the message the
 * action itself would give — and the queues' rows carry the same verdicts.
 */
describe('allowed actions', () => {
  let ctx: TestContext;
  let users: Awaited<ReturnType<typeof workflowUsers>>;
  let clerk: Api, approver: Api, treasurer: Api, requester: Api, reader: Api, admin: Api;
  let body: Record<string, unknown>;

  const actionsOf = async (api: Api, resource: string, id: string): Promise<Record<string, Verdict> & { keys: string[] }> => {
    const res = await api.get(`/${resource}/permissions?id=${id}`);
    expect(res.statusCode).toBe(200);
    const answer = res.json() as Answer;
    return Object.assign({ ...answer.records[0].actions! }, { keys: answer.actions! }) as Record<string, Verdict> & { keys: string[] };
  };
  const create = async (api: Api, extra: Record<string, unknown> = {}) => (await api.post('/payables', { ...body, ...extra })).json() as Json;
  const submit = async (api: Api, p: Json) => (await api.post(`/payables/${p.id}/submit`, {}, p.version)).json().record as Json;

  beforeAll(async () => {
    ctx = await createTestApp();
    users = await workflowUsers(ctx);
    [clerk, approver, treasurer, requester, reader] = [users.clerk, users.approver, users.treasurer, users.requester, users.reader].map((u) => apiFor(ctx, u.token));
    admin = apiFor(ctx, (await loginOk(ctx.app, ADMIN)).accessToken);
    const refs = await demoRefs(ctx);
    body = {
      organizationId: refs.organizationId, supplierId: refs.supplierId, documentType: 'BOLETO', issueDate: '2026-01-05', competence: '2026-01',
      description: 'Ações permitidas', amount: 100000, installmentCount: 2, firstDueDate: '2026-02-10', costCenterId: refs.costCenterId,
      categoryId: refs.expenseCategoryId, paymentMethod: 'BOLETO',
    };
  });
  afterAll(() => ctx.close());

  it('a draft: the registrant may send and cancel; approving needs the scope and leaves from Aberto', async () => {
    const p = await create(clerk);
    const mine = await actionsOf(clerk, 'payables', p.id);
    expect(mine.keys).toEqual(['submit', 'approve', 'return', 'cancel', 'reverse', 'confirm', 'contest', 'authorize']);
    expect(mine.submit).toEqual({ allowed: true });
    expect(mine.cancel).toEqual({ allowed: true });
    expect(mine.approve).toEqual({ allowed: false, code: 'scope', reason: M.forbiddenScope('aprovar lançamentos', 'Contas a Pagar') });
    expect(mine.confirm).toMatchObject({ allowed: false, code: 'status', reason: M.alreadyConfirmed });
    const theirs = await actionsOf(approver, 'payables', p.id);
    expect(theirs.approve).toEqual({ allowed: false, code: 'status', reason: 'Não é possível aprovar um lançamento a pagar com a situação "Rascunho".' });
    expect(theirs.submit.code).toBe('scope');
    // A reader sees the record and nothing to do.
    const { keys, ...none } = await actionsOf(reader, 'payables', p.id);
    expect(keys).toHaveLength(8);
    expect(Object.values(none).filter((v) => (v as Verdict).allowed)).toEqual([]);
  });

  it('sent: the approver may approve; whoever registered it may not (segregation of duties)', async () => {
    const p = await submit(admin, await create(admin));
    expect(p.status).toBe('ABERTO');
    expect((await actionsOf(approver, 'payables', p.id)).approve).toEqual({ allowed: true });
    expect((await actionsOf(admin, 'payables', p.id)).approve).toEqual({ allowed: false, code: 'segregation', reason: M.sodApprove });
    // The verdict matches what the action answers.
    const refused = await admin.post(`/payables/${p.id}/approve`, {}, p.version);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(M.sodApprove);
  });

  it('waiting in an approval queue: no direct approval or return, with the queue named', async () => {
    const p = await submit(clerk, await create(clerk, { amount: 900000, description: 'Acima da alçada' }));
    const { rows } = await ctx.db.query<{ name: string }>(`SELECT a.name FROM approval_requests r JOIN approvals a ON a.id = r.approval_id WHERE r.record_id = $1`, [p.id]);
    expect(rows).toHaveLength(1);
    const v = await actionsOf(approver, 'payables', p.id);
    expect(v.approve).toEqual({ allowed: false, code: 'approval-queue', reason: M.queued(rows[0].name) });
    expect(v.return).toEqual({ allowed: false, code: 'approval-queue', reason: M.queued(rows[0].name) });
    // The approval request itself says who may decide it now.
    const [request] = (await ctx.db.query<{ id: string }>(`SELECT id FROM approval_requests WHERE record_id = $1`, [p.id])).rows;
    const decide = await admin.get(`/api/approvals/v1/approval-requests/permissions?id=${request.id}`);
    expect(decide.json().actions).toEqual(['approve', 'reject']);
    const asReader = await reader.get(`/api/approvals/v1/approval-requests/permissions?id=${request.id}`);
    expect(asReader.json().records[0]).toMatchObject({ read: false });
    const asApprover = await approver.get(`/api/approvals/v1/approval-requests/permissions?id=${request.id}`);
    expect(asApprover.json().records[0]).toMatchObject({ read: false });
  });

  it('registered in someone else\'s name: it cannot be sent until the requester confirms, and only they confirm', async () => {
    const p = await create(clerk, { requesterId: users.requester.id, description: 'Em nome de outra pessoa' });
    const v = await actionsOf(clerk, 'payables', p.id);
    expect(v.submit).toMatchObject({ allowed: false, code: 'requester' });
    expect(v.submit.reason).toContain('ainda não confirmou');
    expect(v.confirm).toMatchObject({ allowed: false, code: 'not-yours' });
    const theirs = await actionsOf(requester, 'payables', p.id);
    expect(theirs.confirm).toEqual({ allowed: true });
    expect(theirs.contest).toEqual({ allowed: true });
    // The requester queue's rows carry the same verdicts.
    const queue = (await requester.get('/requester-queue/payables?check=PENDENTE')).json() as { rows: (Json & { actions: Record<string, Verdict> })[] };
    expect(queue.rows.find((r) => r.id === p.id)?.actions).toEqual({ confirm: { allowed: true }, contest: { allowed: true } });
  });

  it('approved parcelas: the treasurer may authorize; whoever approved may not; paying waits for the authorization', async () => {
    let p = await submit(clerk, await create(clerk, { description: 'Para autorizar' }));
    p = (await admin.post(`/payables/${p.id}/approve`, {}, p.version)).json().record;
    const [first] = (await clerk.json<Json[]>(`/payable-installments?filter[payableId][eq]=${p.id}&sort=number`));
    const mine = await actionsOf(treasurer, 'payable-installments', first.id);
    expect(mine.keys).toEqual(['authorize', 'pay', 'reverse', 'cancel']);
    expect(mine.authorize).toEqual({ allowed: true });
    expect(mine.pay).toMatchObject({ allowed: false, code: 'status' });
    expect(mine.cancel.code).toBe('scope');
    const approverOf = await actionsOf(admin, 'payable-installments', first.id);
    expect(approverOf.authorize).toEqual({ allowed: false, code: 'segregation', reason: M.sodAuthorize(String(first.label)) });
    // The payment queue: the same verdicts per row, and the checkbox reason for segregation.
    const queue = (await admin.get('/payment-queue/installments?stage=APROVADO&q=Para%20autorizar')).json() as { rows: (Json & { actions: Record<string, Verdict>; blocked: string | null })[] };
    const row = queue.rows.find((r) => r.id === first.id)!;
    expect(row.actions.authorize.code).toBe('segregation');
    expect(row.blocked).toBe(M.sodAuthorizeShort);
    const byPayable = (await treasurer.get('/payment-queue/payables?stage=APROVADO&q=Para%20autorizar')).json() as { rows: (Json & { actions: Record<string, Verdict> })[] };
    expect(byPayable.rows.find((r) => r.id === p.id)?.actions.authorize).toEqual({ allowed: true });
  });

  it('receivables: the status and the update scope decide', async () => {
    const refs = await demoRefs(ctx);
    const r = (await clerk.post('/receivables', {
      organizationId: refs.organizationId, customerId: refs.supplierId, documentType: 'NFE', issueDate: '2026-01-05', competence: '2026-01',
      description: 'Venda', amount: 50000, installmentCount: 1, firstDueDate: '2026-02-10', costCenterId: refs.costCenterId, categoryId: refs.revenueCategoryId,
      paymentMethod: 'BOLETO',
    })).json() as Json;
    const v = await actionsOf(clerk, 'receivables', r.id);
    expect(v.cancel).toEqual({ allowed: true });
    expect(v.reverse).toMatchObject({ allowed: false, code: 'status' });
    expect((await actionsOf(reader, 'receivables', r.id)).cancel).toMatchObject({ allowed: false, code: 'scope' });
    const [parcel] = await clerk.json<Json[]>(`/receivable-installments?filter[receivableId][eq]=${r.id}`);
    const pv = await actionsOf(clerk, 'receivable-installments', parcel.id);
    expect(pv.receive).toEqual({ allowed: true });
    expect(pv.reverse.code).toBe('status');
  });

  it('a decided approval request says it is no longer pending', async () => {
    const p = await submit(clerk, await create(clerk, { amount: 800000, description: 'Cancelado na fila' }));
    await clerk.post(`/payables/${p.id}/cancel`, { comment: 'Desistimos' }, p.version);
    const [request] = (await ctx.db.query<{ id: string }>(`SELECT id FROM approval_requests WHERE record_id = $1`, [p.id])).rows;
    const v = (await admin.get(`/api/approvals/v1/approval-requests/permissions?id=${request.id}`)).json() as Answer;
    expect(v.records[0].actions?.approve).toEqual({ allowed: false, code: 'status', reason: APPROVAL_MESSAGES.notPending('Cancelado') });
  });
});

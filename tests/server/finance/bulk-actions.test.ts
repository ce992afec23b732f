import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKFLOW_MESSAGES as M } from '../../../src/i18n/finance-workflow.ts';
import { ADMIN, loginOk } from '../identity/helpers.ts';
import { createTestApp, type TestContext } from '../helper.ts';
import { apiFor, count, demoRefs, workflowUsers, type Api } from './workflow-helpers.ts';

type Json = Record<string, unknown> & { id: string; version: number };

/**
 * Bulk actions of the finance lists (issue 17): approving many lançamentos and editing the classification of
 * many records are all or nothing — one refusal refuses the batch, nothing written — and each checks what its
 * single action checks (scope, status, locks, segregation of duties, versions).
 */
describe('bulk actions', () => {
  let ctx: TestContext;
  let users: Awaited<ReturnType<typeof workflowUsers>>;
  let clerk: Api, approver: Api, reader: Api, admin: Api;
  let refs: Awaited<ReturnType<typeof demoRefs>>;
  let body: Record<string, unknown>;
  const create = async (api: Api, extra: Record<string, unknown> = {}) => (await api.post('/payables', { ...body, ...extra })).json() as Json;
  const submit = async (api: Api, p: Json) => (await api.post(`/payables/${p.id}/submit`, {}, p.version)).json().record as Json;
  const item = (p: Json) => ({ id: p.id, version: p.version });

  beforeAll(async () => {
    ctx = await createTestApp();
    users = await workflowUsers(ctx);
    [clerk, approver, reader] = [users.clerk, users.approver, users.reader].map((u) => apiFor(ctx, u.token));
    admin = apiFor(ctx, (await loginOk(ctx.app, ADMIN)).accessToken);
    refs = await demoRefs(ctx);
    body = {
      organizationId: refs.organizationId, supplierId: refs.supplierId, documentType: 'BOLETO', issueDate: '2026-01-05', competence: '2026-01',
      description: 'Lote', amount: 50000, installmentCount: 1, firstDueDate: '2026-02-10', costCenterId: refs.costCenterId, categoryId: refs.expenseCategoryId,
      paymentMethod: 'BOLETO',
    };
  });
  afterAll(() => ctx.close());

  it('approves a selection in one call; one refusal (segregation of duties) approves none and names it', async () => {
    const a = await submit(clerk, await create(clerk, { description: 'Lote A' }));
    const b = await submit(clerk, await create(clerk, { description: 'Lote B' }));
    const mine = await submit(admin, await create(admin, { description: 'Lote do admin' }));
    // The admin registered one of them: the whole batch is refused (403), nothing approved.
    const refused = await admin.post('/payables/approve', { items: [item(a), item(b), item(mine)] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors).toEqual({ [mine.id]: [`Lote do admin: ${M.sodApprove}`] });
    expect(await count(ctx, 'payables', `id = ANY($1::uuid[]) AND status = 'APROVADO'`, [[a.id, b.id, mine.id]])).toBe(0);
    // A stale version refuses it too (409).
    const stale = await approver.post('/payables/approve', { items: [item(a), { id: b.id, version: b.version - 1 }] });
    expect(stale.statusCode).toBe(409);
    expect(Object.keys(stale.json().errors)).toEqual([b.id]);
    // Without the approve scope: 403 before anything.
    expect((await clerk.post('/payables/approve', { items: [item(a)] })).statusCode).toBe(403);
    const ok = await approver.post('/payables/approve', { items: [item(a), item(b)], comment: 'Conferidos' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().approved).toBe(2);
    expect(await count(ctx, 'payable_installments', `payable_id = ANY($1::uuid[]) AND status = 'APROVADO'`, [[a.id, b.id]])).toBe(2);
  });

  it('a lançamento waiting in an approval queue cannot be approved in bulk', async () => {
    const big = await submit(clerk, await create(clerk, { description: 'Acima da alçada', amount: 900000 }));
    const res = await approver.post('/payables/approve', { items: [item(big)] });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[big.id][0]).toContain('aguarda a fila de aprovação');
  });

  it('edits the classification of a selection, all or nothing, each record checked as its own PATCH', async () => {
    const d1 = await create(clerk, { description: 'Rascunho 1' });
    const d2 = await create(clerk, { description: 'Rascunho 2' });
    const sent = await submit(clerk, await create(clerk, { description: 'Enviado' }));
    const { rows } = await ctx.db.query<{ id: string }>(`SELECT id FROM expense_categories WHERE type = 'A' AND id <> $1 AND deleted_at IS NULL ORDER BY code LIMIT 1`, [refs.expenseCategoryId]);
    const other = rows[0].id;
    // The sent one is locked (x-readonly-after ABERTO): the batch is refused, the drafts keep their category.
    const refused = await clerk.post('/payables/bulk-update', { items: [item(d1), item(d2), item(sent)], set: { categoryId: other } });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().errors)).toEqual([sent.id]);
    expect(refused.json().errors[sent.id][0]).toContain('não pode mais ser alterado');
    expect(await count(ctx, 'payables', 'id = ANY($1::uuid[]) AND category_id = $2', [[d1.id, d2.id], other])).toBe(0);
    // Unknown or read-only fields are refused before anything; so are readers without update.
    expect((await clerk.post('/payables/bulk-update', { items: [item(d1)], set: { status: 'PAGO' } })).statusCode).toBe(400);
    expect((await clerk.post('/payables/bulk-update', { items: [item(d1)], set: { nope: 1 } })).json().errors).toEqual({ nope: ['Campo não permitido.'] });
    expect((await reader.post('/payables/bulk-update', { items: [item(d1)], set: { categoryId: other } })).statusCode).toBe(403);
    const ok = await clerk.post('/payables/bulk-update', { items: [item(d1), item(d2)], set: { categoryId: other } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().updated).toBe(2);
    expect(await count(ctx, 'payables', 'id = ANY($1::uuid[]) AND category_id = $2', [[d1.id, d2.id], other])).toBe(2);
    // Audited like any edit.
    const history = await clerk.json<{ diff: Record<string, unknown> }[]>(`/payables/${d1.id}/history`);
    expect(history.at(-1)?.diff).toHaveProperty('categoryId');
    // Versions moved: sending the old ones now is a conflict for each.
    const stale = await clerk.post('/payables/bulk-update', { items: [item(d1)], set: { costCenterId: refs.costCenterId } });
    expect(stale.statusCode).toBe(409);
  });
});

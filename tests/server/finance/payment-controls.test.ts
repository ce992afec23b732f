import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKFLOW_MESSAGES } from '../../../src/i18n/finance-workflow.ts';
import { RULE_MESSAGES } from '../../../src/i18n/validation.ts';
import { registerApprovalTarget } from '../../../server/approvals/index.ts';
import { CONCURRENT_UPDATE_MESSAGE, type Db, type Queryable } from '../../../server/db/index.ts';
import { createTestApp, type TestContext } from '../helper.ts';
import { ADMIN, loginOk } from '../identity/helpers.ts';
import { createUser } from '../resources/helpers.ts';
import { apiFor, demoRefs, freshAccount, workflowUsers, type Api } from './workflow-helpers.ts';

type Json = Record<string, unknown> & { id: string; version: number };

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
const BB = '00190500954014481606906809350314337370000000100';
const PIX_CODE =
  '00020126650014br.gov.bcb.pix0119nubank@thalesog.com0220Gerado por Pix-Utils52040000530398654041.005802BR5914Thales Ogliari6015SAO MIGUEL DO O62070503***6304059A';
const HEADER_LOCK = 'O destino do pagamento só pode ser alterado enquanto o lançamento está em rascunho (antes do envio para aprovação).';
const DESTINATION_LOCK = 'O destino do pagamento foi aprovado com o lançamento e não pode mais ser alterado aqui: para trocá-lo, devolva o lançamento ao rascunho.';
const ACCOUNT_LOCK = 'A conta que paga não pode mais ser alterada: a parcela já foi autorizada, paga ou cancelada.';

/**
 * Controls of the payables workflow (docs/resources-finance-ap-ar.md §1–§2, §8): the payment destination is
 * locked once a lançamento leaves the draft and once a parcela is authorized, so whoever registered it cannot
 * redirect an approved payment.
 */
describe('payment destination locks', () => {
  let ctx: TestContext;
  let users: Awaited<ReturnType<typeof workflowUsers>>;
  let clerk: Api, approver: Api, treasurer: Api;
  let refs: Awaited<ReturnType<typeof demoRefs>>;
  let account: string;
  let body: Record<string, unknown>;

  const parcels = async (api: Api, payableId: string) => api.json<Json[]>(`/payable-installments?filter[payableId][eq]=${payableId}&sort=number`);
  const row = async (table: string, id: string) => (await ctx.db.query<Record<string, unknown>>(`SELECT * FROM ${table} WHERE id = $1`, [id])).rows[0];

  beforeAll(async () => {
    ctx = await createTestApp();
    users = await workflowUsers(ctx);
    const READ = ['companies', 'cost-centers', 'expense-categories', 'revenue-categories', 'organizations', 'users', 'departments', 'bank-accounts'].map((name) => ({ name, scopes: ['read'] }));
    // A clerk who may also edit parcelas (the one who could redirect a payment).
    const editor = await createUser(ctx, {
      resources: [{ name: 'payables', scopes: ['create', 'read', 'update', 'delete'] }, { name: 'payable-installments', scopes: ['read', 'update'] }, { name: 'receivables', scopes: ['create', 'read', 'update'] }, { name: 'receivable-installments', scopes: ['read', 'update'] }, ...READ],
    });
    clerk = apiFor(ctx, editor.token);
    [approver, treasurer] = [users.approver, users.treasurer].map((u) => apiFor(ctx, u.token));
    refs = await demoRefs(ctx);
    account = await freshAccount(ctx, refs.organizationId, 'Caixa do teste de travas');
    body = {
      organizationId: refs.organizationId, supplierId: refs.supplierId, documentType: 'BOLETO', documentNumber: 'NF 1', issueDate: '2026-01-05', competence: '2026-01',
      description: 'Serviço de limpeza', amount: 90000, installmentCount: 2, firstDueDate: '2026-02-10', costCenterId: refs.costCenterId,
      categoryId: refs.expenseCategoryId, paymentMethod: 'PIX', pixKey: 'fornecedor@empresa.com.br', bankAccountId: refs.bankAccountId,
    };
  });
  afterAll(() => ctx.close());

  it('locks the header payment fields from ABERTO on; the refusal names each field and changes nothing', async () => {
    let p = (await clerk.post('/payables', body)).json() as Json;
    // Editable in RASCUNHO.
    p = (await clerk.patch(`/payables/${p.id}`, { pixKey: 'outra@empresa.com.br', notes: 'ok' }, p.version)).json();
    expect(p.pixKey).toBe('outra@empresa.com.br');
    p = (await clerk.post(`/payables/${p.id}/submit`, {}, p.version)).json().record;
    const changes = { pixKey: 'golpe@fraude.com.br', pixCode: PIX_CODE, boletoLine: BB, paymentMethod: 'TED', bankAccountId: account, description: 'Outra coisa', documentNumber: 'NF 2', departmentId: null };
    for (const status of ['ABERTO', 'APROVADO'] as const) {
      if (status === 'APROVADO') p = (await approver.post(`/payables/${p.id}/approve`, {}, p.version)).json().record;
      expect(p.status).toBe(status);
      const before = await row('payables', p.id);
      const refused = await clerk.patch(`/payables/${p.id}`, changes, p.version);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({
        pixKey: [HEADER_LOCK], pixCode: [HEADER_LOCK], boletoLine: [HEADER_LOCK], paymentMethod: [HEADER_LOCK], bankAccountId: [HEADER_LOCK],
        description: [RULE_MESSAGES.locked], documentNumber: [RULE_MESSAGES.locked],
      });
      expect(await row('payables', p.id)).toEqual(before);
      // A whole record sent back (PUT) with the destination changed is refused the same way.
      const put = await clerk.put(`/payables/${p.id}`, { ...body, pixKey: 'golpe@fraude.com.br' }, p.version);
      expect(put.json().errors).toEqual({ pixKey: [HEADER_LOCK] });
      // What is not part of the approval (notes) still changes.
      const noted = await clerk.patch(`/payables/${p.id}`, { notes: `Nota em ${status}` }, p.version);
      expect(noted.statusCode).toBe(200);
      p = noted.json();
    }
    // A PUT that leaves a locked field out (a form hiding it) keeps it instead of emptying it.
    const { pixKey: _k, bankAccountId: _b, ...withoutDestination } = body;
    const kept = await clerk.put(`/payables/${p.id}`, { ...withoutDestination, notes: 'Sem os campos ocultos' }, p.version);
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ pixKey: 'outra@empresa.com.br', bankAccountId: refs.bankAccountId, notes: 'Sem os campos ocultos' });
    p = kept.json();
    // The department is a trigger criterion: it cannot be set after the queue was chosen either.
    const dept = (await ctx.db.query<{ id: string }>('SELECT id FROM departments WHERE organization_id = $1 AND deleted_at IS NULL LIMIT 1', [refs.organizationId])).rows[0];
    expect((await clerk.patch(`/payables/${p.id}`, { departmentId: dept.id }, p.version)).json().errors).toEqual({ departmentId: [RULE_MESSAGES.locked] });
  });

  it('devolver makes the header editable again', async () => {
    let p = (await clerk.post('/payables', { ...body, description: 'Para devolver' })).json() as Json;
    p = (await clerk.post(`/payables/${p.id}/submit`, {}, p.version)).json().record;
    p = (await approver.post(`/payables/${p.id}/return`, { comment: 'Chave PIX errada' }, p.version)).json().record;
    const fixed = await clerk.patch(`/payables/${p.id}`, { pixKey: 'certa@empresa.com.br' }, p.version);
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).toMatchObject({ status: 'RASCUNHO', pixKey: 'certa@empresa.com.br' });
  });

  it('locks a parcela destination once sent (boleto, PIX, method) and its paying account from AUTORIZADO on', async () => {
    let p = (await clerk.post('/payables', { ...body, description: 'Parcelas travadas' })).json() as Json;
    p = (await clerk.post(`/payables/${p.id}/submit`, {}, p.version)).json().record;
    p = (await approver.post(`/payables/${p.id}/approve`, {}, p.version)).json().record;
    let [a, b] = await parcels(clerk, p.id);
    // APROVADO: the treasury may still set the account per parcela before authorizing, not where the money goes.
    const early = await clerk.patch(`/payable-installments/${a.id}`, { pixCode: PIX_CODE, boletoLine: BB, paymentMethod: 'TED' }, a.version);
    expect(early.statusCode).toBe(400);
    expect(early.json().errors).toEqual({ pixCode: [DESTINATION_LOCK], boletoLine: [DESTINATION_LOCK], paymentMethod: [DESTINATION_LOCK] });
    a = (await clerk.patch(`/payable-installments/${a.id}`, { bankAccountId: account }, a.version)).json();
    expect(a.bankAccountId).toBe(account);
    await treasurer.post('/payable-installments/authorize', { items: [a, b].map((i) => ({ id: i.id, version: i.version })) });
    [a, b] = await parcels(clerk, p.id);
    expect(a.status).toBe('AUTORIZADO');
    const before = await row('payable_installments', a.id);
    const refused = await clerk.patch(`/payable-installments/${a.id}`, { pixCode: PIX_CODE, boletoLine: BB, paymentMethod: 'TED', bankAccountId: refs.bankAccountId }, a.version);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ pixCode: [DESTINATION_LOCK], boletoLine: [DESTINATION_LOCK], paymentMethod: [DESTINATION_LOCK], bankAccountId: [ACCOUNT_LOCK] });
    expect(await row('payable_installments', a.id)).toEqual(before);
    // A postponement (due date) of an authorized parcela is still allowed.
    expect((await clerk.patch(`/payable-installments/${a.id}`, { dueDate: '2026-02-20' }, a.version)).statusCode).toBe(200);

    const paid = await treasurer.post('/payable-installments/pay', { items: [{ id: b.id, version: b.version }], paidAt: today, bankAccountId: account });
    expect(paid.statusCode).toBe(201);
    b = (await parcels(clerk, p.id))[1];
    expect((await clerk.patch(`/payable-installments/${b.id}`, { pixCode: PIX_CODE }, b.version)).json().errors).toEqual({ pixCode: [DESTINATION_LOCK] });
  });

  it('receivables: the destination locks once something was received', async () => {
    let r = (await clerk.post('/receivables', {
      organizationId: refs.organizationId, customerId: refs.supplierId, documentType: 'NFSE', issueDate: '2025-03-01', competence: '2025-03',
      description: 'Serviço recebido', amount: 200000, installmentCount: 2, firstDueDate: '2025-03-20', costCenterId: refs.costCenterId,
      categoryId: refs.revenueCategoryId, paymentMethod: 'BOLETO', bankAccountId: refs.bankAccountId,
    })).json() as Json;
    expect(r.status).toBe('ABERTO');
    r = (await clerk.patch(`/receivables/${r.id}`, { pixCode: PIX_CODE }, r.version)).json();
    expect(r.pixCode).toBe(PIX_CODE);
    let [a, b] = await clerk.json<Json[]>(`/receivable-installments?filter[receivableId][eq]=${r.id}&sort=number`);
    const got = await clerk.post('/receivable-installments/receive', { items: [{ id: a.id, version: a.version }], receivedAt: '2025-03-20', bankAccountId: account });
    expect(got.statusCode).toBe(201);
    r = await clerk.json<Json>(`/receivables/${r.id}`);
    expect(r.status).toBe('RECEBIDO_PARCIAL');
    expect((await clerk.patch(`/receivables/${r.id}`, { bankAccountId: account, pixCode: null }, r.version)).json().errors).toEqual({
      bankAccountId: [RULE_MESSAGES.locked], pixCode: [RULE_MESSAGES.locked],
    });
    [a, b] = await clerk.json<Json[]>(`/receivable-installments?filter[receivableId][eq]=${r.id}&sort=number`);
    expect((await clerk.patch(`/receivable-installments/${a.id}`, { bankAccountId: refs.bankAccountId }, a.version)).json().errors).toEqual({ bankAccountId: [RULE_MESSAGES.locked] });
    // The parcela still open keeps its fields editable.
    expect((await clerk.patch(`/receivable-installments/${b.id}`, { bankAccountId: account }, b.version)).statusCode).toBe(200);
  });
});

/**
 * Segregation of duties through an approval queue (docs/resources-finance-ap-ar.md §8.2): not only the last
 * approver (`approvedBy`) — everyone with an approving decision at any stage, and the approver a substitute
 * stood in for, may not authorize the payment; the payment queue's `blocked` says the same.
 */
describe('segregation of duties across approval stages', () => {
  let ctx: TestContext;
  let clerk: Api, treasurer: Api;
  let people: Record<'s1' | 's2' | 'sub', { id: string; api: Api }>;
  let body: Record<string, unknown>;

  const requestOf = async (payableId: string) =>
    (await ctx.db.query<{ id: string; stage_id: string }>(`SELECT id, stage_id FROM approval_requests WHERE record_id = $1 AND status = 'PENDENTE'`, [payableId])).rows[0];
  const approve = async (who: Api, payableId: string, actingForId?: string) => {
    const r = await requestOf(payableId);
    const res = await who.post(`/api/approvals/v1/approval-requests/${r.id}/decisions`, { stageId: r.stage_id, decision: 'APROVAR', ...(actingForId ? { actingForId } : {}) });
    expect(res.statusCode).toBe(201);
  };
  const queueRows = async (who: Api, payableId: string) =>
    (await who.json<{ rows: Json[] }>(`/payment-queue/installments?stage=APROVADO&pageSize=200&q=${encodeURIComponent(String(body.description))}`)).rows.filter((r) => r.payableId === payableId);
  const queuePayable = async (who: Api, payableId: string) =>
    (await who.json<{ rows: Json[] }>(`/payment-queue/payables?stage=APROVADO&pageSize=200&q=${encodeURIComponent(String(body.description))}`)).rows.find((r) => r.id === payableId);

  beforeAll(async () => {
    ctx = await createTestApp();
    const users = await workflowUsers(ctx);
    [clerk, treasurer] = [users.clerk, users.treasurer].map((u) => apiFor(ctx, u.token));
    const READ = ['payables', 'payable-installments', 'companies', 'cost-centers', 'expense-categories', 'organizations', 'users', 'bank-accounts'].map((name) => ({ name, scopes: ['read'] }));
    // Approvers who also work the payment queue: exactly the people segregation of duties must stop.
    const both = async () => {
      const u = await createUser(ctx, { resources: [{ name: 'approval-requests', scopes: ['read', 'approve'] }, { name: 'payable-installment-authorizes', scopes: ['read', 'authorize'] }, ...READ] });
      return { id: u.id, api: apiFor(ctx, u.token) };
    };
    people = { s1: await both(), s2: await both(), sub: await both() };
    const one = async (sql: string, params: unknown[]) => (await ctx.db.query<{ id: string }>(sql, params)).rows[0].id;
    const queue = await one(`INSERT INTO approvals (name, priority, allow_self_approval, on_reject, active) VALUES ('Alçada de duas etapas (SoD)', 1, false, 'DEVOLVER', true) RETURNING id`, []);
    await one(`INSERT INTO approval_triggers (approval_id, name, resource_name, min_amount, max_amount, active) VALUES ($1, 'R$ 8.888,00', 'payables', 888800, 888800, true) RETURNING id`, [queue]);
    await one(`INSERT INTO approval_stages (approval_id, "order", name, rule, approver_user_ids, approver_group_ids, active) VALUES ($1, 1, 'Gestor', 'ANY', $2::jsonb, '[]'::jsonb, true) RETURNING id`, [queue, JSON.stringify([people.s1.id])]);
    await one(
      `INSERT INTO approval_stages (approval_id, "order", name, rule, approver_user_ids, approver_group_ids, substitute_user_id, substitute_from, substitute_until, active)
       VALUES ($1, 2, 'Diretoria', 'ANY', $2::jsonb, '[]'::jsonb, $3, (now() AT TIME ZONE 'America/Sao_Paulo')::date - 1, (now() AT TIME ZONE 'America/Sao_Paulo')::date + 1, true) RETURNING id`,
      [queue, JSON.stringify([people.s2.id]), people.sub.id],
    );
    const refs = await demoRefs(ctx);
    body = {
      organizationId: refs.organizationId, supplierId: refs.supplierId, documentType: 'NFSE', issueDate: '2026-01-05', competence: '2026-01',
      description: 'Auditoria externa (duas etapas)', amount: 888800, installmentCount: 2, firstDueDate: '2026-02-10',
      costCenterId: refs.costCenterId, categoryId: refs.expenseCategoryId, paymentMethod: 'TED',
    };
  });
  afterAll(() => ctx.close());

  async function throughQueue(last: 's2' | 'sub') {
    let p = (await clerk.post('/payables', body)).json() as Json;
    p = (await clerk.post(`/payables/${p.id}/submit`, {}, p.version)).json().record;
    await approve(people.s1.api, p.id);
    await approve(people[last].api, p.id, last === 'sub' ? people.s2.id : undefined);
    p = await clerk.json<Json>(`/payables/${p.id}`);
    expect(p).toMatchObject({ status: 'APROVADO', approvedBy: people[last].id });
    return { p, items: await clerk.json<Json[]>(`/payable-installments?filter[payableId][eq]=${p.id}&sort=number`) };
  }
  const authorize = (who: Api, items: Json[]) => who.post('/payable-installments/authorize', { items: items.map((i) => ({ id: i.id, version: i.version })) });

  it('the first-stage approver may not authorize, and the queue tells them so', async () => {
    const { p, items } = await throughQueue('s2');
    expect((await queueRows(people.s1.api, p.id)).map((r) => r.blocked)).toEqual([WORKFLOW_MESSAGES.sodAuthorizeShort, WORKFLOW_MESSAGES.sodAuthorizeShort]);
    expect((await queuePayable(people.s1.api, p.id))?.blocked).toBe(WORKFLOW_MESSAGES.sodAuthorizeShort);
    const refused = await authorize(people.s1.api, items);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[items[0].id]).toEqual([WORKFLOW_MESSAGES.sodAuthorize(String(items[0].label))]);
    // Someone outside the approval may.
    expect((await queueRows(treasurer, p.id)).map((r) => r.blocked)).toEqual([null, null]);
    expect((await authorize(treasurer, items)).statusCode).toBe(201);
  });

  it('neither the substitute nor the approver they stood in for may authorize', async () => {
    const { p, items } = await throughQueue('sub');
    for (const who of [people.s2, people.sub, people.s1]) {
      expect((await queueRows(who.api, p.id)).map((r) => r.blocked)).toEqual([WORKFLOW_MESSAGES.sodAuthorizeShort, WORKFLOW_MESSAGES.sodAuthorizeShort]);
      expect((await authorize(who.api, items)).statusCode).toBe(403);
    }
    expect((await clerk.json<Json[]>(`/payable-installments?filter[payableId][eq]=${p.id}`)).map((i) => i.status)).toEqual(['APROVADO', 'APROVADO']);
  });
});

/**
 * Concurrency (docs/resources-finance-ap-ar.md §8.6): every path locks a payable before its approval request
 * and before its parcelas, so a decision, a cancel and a parcela edit at the same time wait for each other
 * instead of deadlocking; and a deadlock or serialization failure that still happens is a 409 "try again"
 * from the transaction layer, never a 500.
 */
describe('lock order and concurrency failures', () => {
  let ctx: TestContext;
  let clerk: Api, admin: Api, decider: Api;
  let body: Record<string, unknown>;

  const requestOf = async (payableId: string) =>
    (await ctx.db.query<{ id: string; stage_id: string }>(`SELECT id, stage_id FROM approval_requests WHERE record_id = $1 AND status = 'PENDENTE'`, [payableId])).rows[0];
  const decisionOf = async (payableId: string) => {
    const r = await requestOf(payableId);
    return () => decider.post(`/api/approvals/v1/approval-requests/${r.id}/decisions`, { stageId: r.stage_id, decision: 'APROVAR' });
  };
  async function submitted(description: string) {
    let p = (await clerk.post('/payables', { ...body, description })).json() as Json;
    p = (await clerk.post(`/payables/${p.id}/submit`, {}, p.version)).json().record;
    expect(p.status).toBe('ABERTO');
    return p;
  }
  /** Records the statements that lock rows (`FOR UPDATE`) in every transaction until `stop()`. */
  function recordLocks() {
    const seen: string[] = [];
    const original = ctx.db.tx;
    const recording = (fn: (q: Queryable) => Promise<unknown>) =>
      original.call(ctx.db, (q) => fn({ query: (sql, params) => (/FOR UPDATE/.test(sql) && seen.push(sql), q.query(sql, params)), exec: (sql) => q.exec(sql) }));
    ctx.db.tx = recording as Db['tx'];
    return { seen, stop: () => void (ctx.db.tx = original) };
  }
  const firstIndex = (seen: string[], re: RegExp) => seen.findIndex((s) => re.test(s));
  const RAISE = (errcode: string) => `DO $$ BEGIN RAISE EXCEPTION 'conflito simulado' USING ERRCODE = '${errcode}'; END $$`;

  beforeAll(async () => {
    ctx = await createTestApp();
    const users = await workflowUsers(ctx);
    clerk = apiFor(ctx, users.clerk.token);
    admin = apiFor(ctx, (await loginOk(ctx.app, ADMIN)).accessToken);
    const d = await createUser(ctx, { resources: [{ name: 'approval-requests', scopes: ['read', 'approve'] }, { name: 'payables', scopes: ['read'] }] });
    decider = apiFor(ctx, d.token);
    const one = async (sql: string, params: unknown[]) => (await ctx.db.query<{ id: string }>(sql, params)).rows[0].id;
    const queue = await one(`INSERT INTO approvals (name, priority, allow_self_approval, on_reject, active) VALUES ('Alçada de uma etapa (concorrência)', 1, false, 'DEVOLVER', true) RETURNING id`, []);
    await one(`INSERT INTO approval_triggers (approval_id, name, resource_name, min_amount, max_amount, active) VALUES ($1, 'R$ 9.999,00', 'payables', 999900, 999900, true) RETURNING id`, [queue]);
    await one(`INSERT INTO approval_stages (approval_id, "order", name, rule, approver_user_ids, approver_group_ids, active) VALUES ($1, 1, 'Gestor', 'ANY', $2::jsonb, '[]'::jsonb, true) RETURNING id`, [queue, JSON.stringify([d.id])]);
    const refs = await demoRefs(ctx);
    body = {
      organizationId: refs.organizationId, supplierId: refs.supplierId, documentType: 'NFE', issueDate: '2026-01-05', competence: '2026-01',
      description: 'Concorrência', amount: 999900, installmentCount: 2, firstDueDate: '2026-02-10',
      costCenterId: refs.costCenterId, categoryId: refs.expenseCategoryId, paymentMethod: 'BOLETO',
    };
  });
  afterAll(() => ctx.close());

  it('a decision locks the payable before its request, as cancel does', async () => {
    const p = await submitted('Decisão trava o lançamento primeiro');
    const decide = await decisionOf(p.id);
    const rec = recordLocks();
    try {
      expect((await decide()).statusCode).toBe(201);
    } finally {
      rec.stop();
    }
    const [payable, request] = [firstIndex(rec.seen, /FROM "payables"/), firstIndex(rec.seen, /FROM approval_requests/)];
    expect(payable).toBeGreaterThanOrEqual(0);
    expect(request).toBeGreaterThan(payable);
    expect((await clerk.json<Json>(`/payables/${p.id}`)).status).toBe('APROVADO');
  });

  it('a parcela edit through the generic API locks its payable before the parcela', async () => {
    const p = (await clerk.post('/payables', { ...body, amount: 5000, description: 'Parcela trava o lançamento primeiro' })).json() as Json;
    const [a] = await clerk.json<Json[]>(`/payable-installments?filter[payableId][eq]=${p.id}&sort=number`);
    const rec = recordLocks();
    try {
      expect((await admin.patch(`/payable-installments/${a.id}`, { dueDate: '2026-02-15' }, a.version)).statusCode).toBe(200);
    } finally {
      rec.stop();
    }
    const [payable, parcel] = [firstIndex(rec.seen, /FROM "payables"/), firstIndex(rec.seen, /FROM "payable_installments"/)];
    expect(payable).toBeGreaterThanOrEqual(0);
    expect(parcel).toBeGreaterThan(payable);
  });

  it('maps a deadlock or serialization failure to 409 CONCURRENT_UPDATE in db.tx, generic writes and approval decisions', async () => {
    await expect(ctx.db.tx((q) => q.query(RAISE('40P01')))).rejects.toMatchObject({ statusCode: 409, code: 'CONCURRENT_UPDATE', message: CONCURRENT_UPDATE_MESSAGE });
    await expect(ctx.db.tx((q) => q.query(RAISE('40001')))).rejects.toMatchObject({ statusCode: 409, code: 'CONCURRENT_UPDATE' });
    // Other database errors are left alone.
    await expect(ctx.db.tx((q) => q.query(RAISE('22012')))).rejects.toMatchObject({ code: '22012' });

    // A generic write whose transaction fails that way.
    const hooks = ctx.app.resources.hooks!;
    const previous = hooks.get('departments');
    hooks.set('departments', { beforeWrite: async ({ q }) => void (await q.query(RAISE('40P01'))) });
    try {
      const [dept] = await admin.json<Json[]>('/departments?pageSize=1');
      const res = await admin.patch(`/departments/${dept.id}`, { name: `${String(dept.name)} (conflito)` }, dept.version);
      expect(res.json()).toMatchObject({ statusCode: 409, code: 'CONCURRENT_UPDATE', message: CONCURRENT_UPDATE_MESSAGE });
    } finally {
      if (previous) hooks.set('departments', previous);
      else hooks.delete('departments');
    }

    // An approval decision whose transaction fails that way: 409, and the request still waits.
    const p = await submitted('Decisão em conflito');
    const decide = await decisionOf(p.id);
    const restore = registerApprovalTarget('payables', { amountOf: () => 0, onApproved: async (q) => void (await q.query(RAISE('40001'))), onRejected: async () => {} });
    try {
      expect((await decide()).json()).toMatchObject({ statusCode: 409, code: 'CONCURRENT_UPDATE', message: CONCURRENT_UPDATE_MESSAGE });
    } finally {
      restore();
    }
    expect(await requestOf(p.id)).toBeDefined();
  });

  // Real concurrency needs a PostgreSQL server (PGlite runs one transaction at a time).
  it.skipIf(process.env.TEST_DB !== 'postgres')('a decision and a cancel at the same time: one waits for the other, no deadlock', async () => {
    const p = await submitted('Cancelado enquanto era aprovado');
    const [first] = await clerk.json<Json[]>(`/payable-installments?filter[payableId][eq]=${p.id}&sort=number`);
    const decide = await decisionOf(p.id);
    const waiting = async (n: number) => {
      for (let i = 0; i < 200; i++) {
        const { rows } = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
        if (rows[0].n >= n) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`esperava ${n} sessões aguardando trava`);
    };
    // Another session holds a parcela: the cancel locks the payable and waits there, before its request.
    let release!: () => void;
    let held!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const holding = new Promise<void>((r) => (held = r));
    const blocker = ctx.db.tx(async (q) => {
      await q.query('SELECT id FROM payable_installments WHERE id = $1 FOR UPDATE', [first.id]);
      held();
      await gate;
    });
    await holding;
    const cancel = clerk.post(`/payables/${p.id}/cancel`, { comment: 'Desistimos' }, p.version);
    await waiting(1);
    const decision = decide();
    await waiting(2);
    release();
    await blocker;
    const [c, d] = await Promise.all([cancel, decision]);
    expect(c.statusCode).toBe(200);
    expect(d.json()).toMatchObject({ statusCode: 409, code: 'NOT_PENDING' });
    expect((await clerk.json<Json>(`/payables/${p.id}`)).status).toBe('CANCELADO');
  });
});

/**
 * VENCIDO on the server (docs/resources-finance-ap-ar.md §4): `overdue`, a read-only boolean the database
 * computes on every read (`x-overdue`, never stored): not settled or cancelled and due before today in São Paulo.
 * Listed, filtered with `filter[overdue][eq]=true|false` and sorted like any field.
 */
describe('overdue (VENCIDO) computed by the list API', () => {
  let ctx: TestContext;
  let clerk: Api, approver: Api, treasurer: Api, admin: Api;
  let refs: Awaited<ReturnType<typeof demoRefs>>;
  let body: Record<string, unknown>;
  const shift = (days: number) => {
    const d = new Date(`${today}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + days);
    return d.toISOString().slice(0, 10);
  };
  const parcels = (id: string) => clerk.json<Json[]>(`/payable-installments?filter[payableId][eq]=${id}&sort=number`);

  beforeAll(async () => {
    ctx = await createTestApp();
    const users = await workflowUsers(ctx);
    [clerk, approver, treasurer] = [users.clerk, users.approver, users.treasurer].map((u) => apiFor(ctx, u.token));
    admin = apiFor(ctx, (await loginOk(ctx.app, ADMIN)).accessToken);
    refs = await demoRefs(ctx);
    body = {
      organizationId: refs.organizationId, supplierId: refs.supplierId, documentType: 'BOLETO', issueDate: shift(-120), competence: shift(-120).slice(0, 7),
      description: 'Conta atrasada', amount: 30000, installmentCount: 3, firstDueDate: shift(-70), costCenterId: refs.costCenterId,
      categoryId: refs.expenseCategoryId, paymentMethod: 'BOLETO',
    };
  });
  afterAll(() => ctx.close());

  it('payables and parcelas: due before today and not paid or cancelled; filter and sort by it', async () => {
    let late = (await clerk.post('/payables', body)).json() as Json;
    const future = (await clerk.post('/payables', { ...body, description: 'Conta a vencer', firstDueDate: shift(30) })).json() as Json;
    expect(late).toMatchObject({ overdue: true });
    expect(future).toMatchObject({ overdue: false });
    expect((await clerk.json<Json>(`/payables/${late.id}`)).overdue).toBe(true);

    const ids = (url: string) => clerk.json<Json[]>(url).then((rows) => rows.map((r) => r.id));
    const mine = `filter[id][in]=${late.id}&filter[id][in]=${future.id}`;
    expect(await ids(`/payables?${mine}&filter[overdue][eq]=true`)).toEqual([late.id]);
    expect(await ids(`/payables?${mine}&filter[overdue][eq]=false`)).toEqual([future.id]);
    expect(await ids(`/payables?${mine}&filter[overdue][ne]=true`)).toEqual([future.id]);
    expect(await ids(`/payables?${mine}&sort=-overdue`)).toEqual([late.id, future.id]);
    expect(await ids(`/payables?${mine}&sort=overdue`)).toEqual([future.id, late.id]);
    const counted = await clerk.get(`/payables?filter[overdue][eq]=true&pageSize=1`);
    expect(Number(counted.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
    expect((await clerk.get('/payables?filter[overdue][eq]=talvez')).json().errors).toEqual({ 'filter[overdue][eq]': ['Use true ou false.'] });
    expect((await clerk.get('/payables?filter[overdue][gte]=true')).statusCode).toBe(400);

    // Parcelas: all three late; one moved to today is not overdue yet (due today), one to yesterday is.
    let [a, b, c] = await parcels(late.id);
    expect([a, b, c].map((i) => i.overdue)).toEqual([true, true, true]);
    b = (await admin.patch(`/payable-installments/${b.id}`, { dueDate: today }, b.version)).json();
    c = (await admin.patch(`/payable-installments/${c.id}`, { dueDate: shift(-1) }, c.version)).json();
    expect([b.overdue, c.overdue]).toEqual([false, true]);
    expect((await clerk.json<Json[]>(`/payable-installments?filter[payableId][eq]=${late.id}&filter[overdue][eq]=true&sort=number`)).map((i) => i.id)).toEqual([a.id, c.id]);

    // Paid: no longer overdue; the lançamento stays overdue while a late parcela is unpaid.
    late = await clerk.json<Json>(`/payables/${late.id}`);
    late = (await clerk.post(`/payables/${late.id}/submit`, {}, late.version)).json().record;
    late = (await approver.post(`/payables/${late.id}/approve`, {}, late.version)).json().record;
    [a] = await parcels(late.id);
    await treasurer.post('/payable-installments/authorize', { items: [{ id: a.id, version: a.version }] });
    [a] = await parcels(late.id);
    const account = await freshAccount(ctx, refs.organizationId, 'Caixa do teste de vencidos');
    expect((await treasurer.post('/payable-installments/pay', { items: [{ id: a.id, version: a.version }], paidAt: today, bankAccountId: account })).statusCode).toBe(201);
    expect((await parcels(late.id)).map((i) => [i.status, i.overdue])).toEqual([['PAGO', false], ['APROVADO', false], ['APROVADO', true]]);
    expect(await clerk.json<Json>(`/payables/${late.id}`)).toMatchObject({ status: 'PAGO_PARCIAL', overdue: true });

    // Never stored, never audited: no column, no history entry.
    const cols = await ctx.db.query(`SELECT column_name FROM information_schema.columns WHERE table_name IN ('payables', 'payable_installments', 'receivables', 'receivable_installments') AND column_name = 'overdue'`);
    expect(cols.rows).toEqual([]);
    const history = await clerk.json<{ diff: Record<string, unknown> }[]>(`/payable-installments/${c.id}/history`);
    expect(history.some((h) => 'overdue' in h.diff)).toBe(false);
  });

  it('receivables and their parcelas', async () => {
    const r = (await clerk.post('/receivables', {
      organizationId: refs.organizationId, customerId: refs.supplierId, documentType: 'NFSE', issueDate: shift(-60), competence: shift(-60).slice(0, 7),
      description: 'Recebimento atrasado', amount: 20000, installmentCount: 2, firstDueDate: shift(-40), costCenterId: refs.costCenterId,
      categoryId: refs.revenueCategoryId, paymentMethod: 'BOLETO',
    })).json() as Json;
    expect(r.overdue).toBe(true);
    const items = await clerk.json<Json[]>(`/receivable-installments?filter[receivableId][eq]=${r.id}&filter[overdue][eq]=true&sort=number`);
    expect(items).toHaveLength(2);
    const account = await freshAccount(ctx, refs.organizationId, 'Caixa do teste de recebimentos vencidos');
    expect((await clerk.post('/receivable-installments/receive', { items: items.map((i) => ({ id: i.id, version: i.version })), receivedAt: today, bankAccountId: account })).statusCode).toBe(201);
    expect(await clerk.json<Json>(`/receivables/${r.id}`)).toMatchObject({ status: 'RECEBIDO', overdue: false });
    expect(await clerk.json<Json[]>(`/receivable-installments?filter[receivableId][eq]=${r.id}&filter[overdue][eq]=true`)).toEqual([]);
  });
});

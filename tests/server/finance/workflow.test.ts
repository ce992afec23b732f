import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKFLOW_MESSAGES } from '../../../src/i18n/finance-workflow.ts';
import { ADMIN, loginOk } from '../identity/helpers.ts';
import { createTestApp, type TestContext } from '../helper.ts';
import { createUser } from '../resources/helpers.ts';
import { apiFor, count, demoRefs, freshAccount, workflowUsers, type Api } from './workflow-helpers.ts';

type Json = Record<string, unknown> & { id: string; version: number };

const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

/**
 * The payables workflow over the API (docs/resources-finance-ap-ar.md §8): every transition with its
 * scope and refusals, segregation of duties, batches, bank movements and the statement.
 */
describe('payables workflow', () => {
  let ctx: TestContext;
  let users: Awaited<ReturnType<typeof workflowUsers>>;
  let clerk: Api, approver: Api, treasurer: Api, treasurer2: Api, reader: Api, admin: Api;
  let refs: Awaited<ReturnType<typeof demoRefs>>;
  let account: string;
  let body: Record<string, unknown>;

  const parcels = async (api: Api, payableId: string) => api.json<Json[]>(`/payable-installments?filter[payableId][eq]=${payableId}&sort=number`);
  const payable = async (api: Api, id: string) => api.json<Json>(`/payables/${id}`);
  /** Registered by the clerk, sent, approved: its parcelas wait in the payment queue. */
  async function approvedPayable(extra: Record<string, unknown> = {}) {
    let p = (await clerk.post('/payables', { ...body, ...extra })).json() as Json;
    p = (await clerk.post(`/payables/${p.id}/submit`, {}, p.version)).json().record;
    p = (await approver.post(`/payables/${p.id}/approve`, { comment: 'Ok' }, p.version)).json().record;
    return { p, items: await parcels(clerk, p.id) };
  }

  beforeAll(async () => {
    ctx = await createTestApp();
    users = await workflowUsers(ctx);
    [clerk, approver, treasurer, treasurer2, reader] = [users.clerk, users.approver, users.treasurer, users.treasurer2, users.reader].map((u) => apiFor(ctx, u.token));
    admin = apiFor(ctx, (await loginOk(ctx.app, ADMIN)).accessToken);
    refs = await demoRefs(ctx);
    account = await freshAccount(ctx, refs.organizationId, 'Caixa do teste de fluxo');
    body = {
      organizationId: refs.organizationId,
      supplierId: refs.supplierId,
      documentType: 'BOLETO',
      documentNumber: 'NF 991',
      issueDate: '2026-01-05',
      competence: '2026-01',
      description: 'Manutenção do ar-condicionado',
      amount: 123456,
      installmentCount: 3,
      firstDueDate: '2026-02-10',
      costCenterId: refs.costCenterId,
      categoryId: refs.expenseCategoryId,
      paymentMethod: 'BOLETO',
    };
  });
  afterAll(() => ctx.close());

  it('walks rascunho → aberto → aprovado → autorizado → pago, each step audited with who and the comment', async () => {
    let p = (await clerk.post('/payables', body)).json() as Json;
    expect(p).toMatchObject({ status: 'RASCUNHO', requesterId: users.clerk.id, requesterCheck: 'CONFIRMADO' });

    const sent = await clerk.post(`/payables/${p.id}/submit`, { comment: 'Conferido com a NF' }, p.version);
    expect(sent.statusCode).toBe(200);
    expect(sent.headers.etag).toBe(`W/"${sent.json().record.version}"`);
    p = sent.json().record;
    expect(p).toMatchObject({ status: 'ABERTO', statusReason: 'Conferido com a NF' });
    expect(sent.json().approvalQueue).toBeNull();
    expect((await parcels(clerk, p.id)).map((i) => i.status)).toEqual(['ABERTO', 'ABERTO', 'ABERTO']);

    p = (await approver.post(`/payables/${p.id}/approve`, {}, p.version)).json().record;
    expect(p).toMatchObject({ status: 'APROVADO', approvedBy: users.approver.id });
    expect(typeof p.approvedAt).toBe('string');
    const items = await parcels(clerk, p.id);
    expect(items.map((i) => [i.status, i.amount])).toEqual([['APROVADO', 41152], ['APROVADO', 41152], ['APROVADO', 41152]]);

    // Authorize two of the three in one batch: the lançamento stays APROVADO (earliest stage of its parcelas).
    const auth = await treasurer.post('/payable-installments/authorize', { items: items.slice(0, 2).map((i) => ({ id: i.id, version: i.version })), comment: 'Lote de sexta' });
    expect(auth.statusCode).toBe(201);
    const batch = auth.json().batch;
    expect(batch).toMatchObject({ kind: 'AUTORIZACAO', itemCount: 2, total: 82304, actorId: users.treasurer.id, organizationId: refs.organizationId });
    expect(batch.installmentIds).toEqual(items.slice(0, 2).map((i) => i.id));
    expect(auth.json().installments.map((i: Json) => [i.status, i.authorizedBy, i.authorizationBatchId])).toEqual([
      ['AUTORIZADO', users.treasurer.id, batch.id],
      ['AUTORIZADO', users.treasurer.id, batch.id],
    ]);
    expect((await payable(clerk, p.id)).status).toBe('APROVADO');
    const third = (await parcels(clerk, p.id))[2];
    await treasurer.post('/payable-installments/authorize', { items: [{ id: third.id, version: third.version }] });
    expect(await payable(clerk, p.id)).toMatchObject({ status: 'AUTORIZADO', authorizedBy: users.treasurer.id });

    // Pay the first with interest and a fine: the paid value leaves the account.
    const [first] = await parcels(clerk, p.id);
    const pay = await treasurer.post('/payable-installments/pay', {
      items: [{ id: first.id, version: first.version, interest: 500, fine: 823, paidAmount: 41152 + 500 + 823 }],
      paidAt: today,
      bankAccountId: account,
      comment: 'Pago pelo internet banking',
    });
    expect(pay.statusCode).toBe(201);
    const { batch: paidBatch, installments: [paid], transactions: [movement] } = pay.json();
    expect(paid).toMatchObject({ status: 'PAGO', paidAmount: 42475, paidAt: today, interest: 500, fine: 823, bankAccountId: account, paymentBatchId: paidBatch.id });
    expect(movement).toMatchObject({ bankAccountId: account, date: today, amount: -42475, origin: 'PAGAMENTO', payableInstallmentId: first.id, paymentBatchId: paidBatch.id, reversed: false });
    expect(paidBatch).toMatchObject({ kind: 'PAGAMENTO', total: 42475, date: today, bankAccountId: account });
    expect(await payable(clerk, p.id)).toMatchObject({ status: 'PAGO_PARCIAL', paidAmount: 42475 });

    const statement = await treasurer.json<Json>(`/bank-accounts/${account}/statement?from=${today}&to=${today}`);
    expect(statement).toMatchObject({ openingBalance: 1000000, debits: -42475, credits: 0, closingBalance: 1000000 - 42475 });
    expect((statement.lines as Json[]).map((l) => [l.amount, l.balance, l.origin, l.payableId])).toEqual([[-42475, 957525, 'PAGAMENTO', p.id]]);

    // The history of the lançamento names each step's author and comment.
    const history = await clerk.json<{ action: string; actor: { id: string }; diff: Record<string, { after: unknown }> }[]>(`/payables/${p.id}/history`);
    const steps = history.filter((h) => h.diff.status).map((h) => [h.diff.status.after, h.actor.id]);
    expect(steps).toEqual([
      ['RASCUNHO', users.clerk.id],
      ['ABERTO', users.clerk.id],
      ['APROVADO', users.approver.id],
      ['AUTORIZADO', users.treasurer.id],
      ['PAGO_PARCIAL', users.treasurer.id],
    ]);
    expect(history.find((h) => h.diff.status?.after === 'ABERTO')!.diff.statusReason.after).toBe('Conferido com a NF');
    const parcelHistory = await clerk.json<{ actor: { id: string }; diff: Record<string, { after: unknown }> }[]>(`/payable-installments/${first.id}/history`);
    expect(parcelHistory.at(-1)).toMatchObject({ actor: { id: users.treasurer.id }, diff: { status: { after: 'PAGO' }, statusReason: { after: 'Pago pelo internet banking' } } });
  });

  it('refuses illegal transitions with 409 naming the status and the action, and changes nothing', async () => {
    const p = (await clerk.post('/payables', body)).json() as Json;
    const before = [await count(ctx, 'audit_log'), await count(ctx, 'payment_batches'), await count(ctx, 'bank_transactions')];
    const cases: [Api, string, Record<string, unknown>, string][] = [
      [approver, 'approve', {}, 'Não é possível aprovar um lançamento a pagar com a situação "Rascunho".'],
      [approver, 'return', { comment: 'x' }, 'Não é possível devolver ao solicitante um lançamento a pagar com a situação "Rascunho".'],
      [admin, 'reverse', { comment: 'x' }, 'Não é possível estornar um lançamento a pagar com a situação "Rascunho".'],
    ];
    for (const [api, action, payload, message] of cases) {
      const res = await api.post(`/payables/${p.id}/${action}`, payload, p.version);
      expect({ status: res.statusCode, code: res.json().code, message: res.json().message }).toEqual({ status: 409, code: 'INVALID_TRANSITION', message });
      expect(res.json()).toMatchObject({ status: 'RASCUNHO' });
    }
    const [one] = await parcels(clerk, p.id);
    const auth = await treasurer.post('/payable-installments/authorize', { items: [{ id: one.id, version: one.version }] });
    expect(auth.statusCode).toBe(409);
    expect(auth.json().errors[one.id]).toEqual([`Não é possível autorizar a parcela ${one.label} com a situação "Rascunho".`]);
    const pay = await treasurer.post('/payable-installments/pay', { items: [{ id: one.id, version: one.version }], paidAt: today, bankAccountId: account });
    expect(pay.json().errors[one.id]).toEqual([`Não é possível pagar a parcela ${one.label} com a situação "Rascunho".`]);
    expect([await count(ctx, 'audit_log'), await count(ctx, 'payment_batches'), await count(ctx, 'bank_transactions')]).toEqual(before);
    expect((await payable(clerk, p.id)).version).toBe(p.version);

    const cancelled = (await clerk.post(`/payables/${p.id}/cancel`, { comment: 'Duplicado' }, p.version)).json().record;
    expect(cancelled).toMatchObject({ status: 'CANCELADO', statusReason: 'Duplicado' });
    expect((await parcels(clerk, p.id)).map((i) => i.status)).toEqual(['CANCELADO', 'CANCELADO', 'CANCELADO']);
    const again = await clerk.post(`/payables/${p.id}/submit`, {}, cancelled.version);
    expect(again.json().message).toBe('Não é possível enviar para aprovação um lançamento a pagar com a situação "Cancelado".');
  });

  it('checks If-Match, reasons and scopes before anything', async () => {
    const p = (await clerk.post('/payables', body)).json() as Json;
    expect((await clerk.post(`/payables/${p.id}/submit`, {})).statusCode).toBe(428);
    const stale = await clerk.post(`/payables/${p.id}/submit`, {}, p.version + 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT', currentVersion: p.version });
    expect((await clerk.post(`/payables/${p.id}/cancel`, { comment: '  ' }, p.version)).json()).toMatchObject({ statusCode: 400, errors: { comment: ['Informe o motivo.'] } });
    expect((await clerk.post(`/payables/${p.id}/cancel`, { motivo: 'x' }, p.version)).json().errors).toEqual({ motivo: ['Campo não permitido.'] });

    // Scopes: sending needs update; approving, approve; the payment queue, authorize there.
    const noScope: [Api, string][] = [[reader, 'submit'], [clerk, 'approve'], [treasurer, 'approve'], [approver, 'submit']];
    for (const [api, action] of noScope) {
      const res = await api.post(`/payables/${p.id}/${action}`, {}, p.version);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/^Você não tem permissão para /);
    }
    const sent = (await clerk.post(`/payables/${p.id}/submit`, {}, p.version)).json().record;
    const [one] = await parcels(clerk, sent.id);
    expect((await approver.post('/payable-installments/authorize', { items: [{ id: one.id, version: one.version }] })).statusCode).toBe(403);
    expect((await clerk.post('/payable-installments/pay', { items: [{ id: one.id, version: one.version }], paidAt: today, bankAccountId: account })).statusCode).toBe(403);
    expect((await reader.get('/payment-queue/installments')).statusCode).toBe(200);
    expect((await approver.get('/payment-queue/installments')).statusCode).toBe(403);
    // Someone else's draft cannot be read through an id outside the caller's scope either: 404 for unknown ids.
    expect((await clerk.post('/payables/00000000-0000-4000-8000-000000000000/submit', {}, 1)).statusCode).toBe(404);
  });

  it('keeps segregation of duties: who registered, requested or approved neither approves nor authorizes', async () => {
    // The clerk may approve too, but not their own lançamento.
    const read = ['companies', 'cost-centers', 'expense-categories', 'organizations', 'users', 'payable-installments'].map((name) => ({ name, scopes: ['read'] }));
    const both = apiFor(ctx, (await createUser(ctx, { resources: [{ name: 'payables', scopes: ['create', 'read', 'update', 'approve'] }, { name: 'payable-installment-authorizes', scopes: ['read', 'authorize'] }, ...read] })).token);
    let p = (await both.post('/payables', body)).json() as Json;
    p = (await both.post(`/payables/${p.id}/submit`, {}, p.version)).json().record;
    const self = await both.post(`/payables/${p.id}/approve`, {}, p.version);
    expect({ status: self.statusCode, message: self.json().message }).toEqual({ status: 403, message: WORKFLOW_MESSAGES.sodApprove });
    p = (await approver.post(`/payables/${p.id}/approve`, {}, p.version)).json().record;
    const items = await parcels(both, p.id);
    const refused = await both.post('/payable-installments/authorize', { items: items.map((i) => ({ id: i.id, version: i.version })) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[items[0].id]).toEqual([WORKFLOW_MESSAGES.sodAuthorize(String(items[0].label))]);
    expect((await parcels(both, p.id)).every((i) => i.status === 'APROVADO')).toBe(true);

    // The queue tells the same before anyone clicks: blocked for the registrant, free for another treasurer.
    const mine = await both.json<{ rows: Json[] }>(`/payment-queue/installments?stage=APROVADO&q=${encodeURIComponent(String(body.description))}&pageSize=200`);
    expect(mine.rows.filter((r) => r.payableId === p.id).map((r) => r.blocked)).toEqual([WORKFLOW_MESSAGES.sodAuthorizeShort, WORKFLOW_MESSAGES.sodAuthorizeShort, WORKFLOW_MESSAGES.sodAuthorizeShort]);
    const theirs = await treasurer.json<{ rows: Json[] }>(`/payment-queue/installments?stage=APROVADO&q=${encodeURIComponent(String(body.description))}&pageSize=200`);
    expect(theirs.rows.filter((r) => r.payableId === p.id).map((r) => r.blocked)).toEqual([null, null, null]);
    // The approver may not authorize what they approved.
    const approverTreasurer = apiFor(ctx, users.approver.token);
    expect((await approverTreasurer.post('/payable-installments/authorize', { items: [{ id: items[0].id, version: items[0].version }] })).statusCode).toBe(403);
  });

  it('authorizes and pays a batch once when two sessions send it at the same time', async () => {
    const { items } = await approvedPayable({ description: 'Lote concorrente' });
    const batchBody = { items: items.map((i) => ({ id: i.id, version: i.version })) };
    const results = await Promise.all([treasurer.post('/payable-installments/authorize', batchBody), treasurer2.post('/payable-installments/authorize', batchBody)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const ids = items.map((i) => i.id);
    expect(await count(ctx, 'payment_batches', `kind = 'AUTORIZACAO' AND installment_ids @> $1::jsonb`, [JSON.stringify(ids)])).toBe(1);

    const authorized = await parcels(clerk, items[0].payableId as string);
    const payBody = { items: authorized.map((i) => ({ id: i.id, version: i.version })), paidAt: today, bankAccountId: account };
    const before = await count(ctx, 'bank_transactions', 'bank_account_id = $1', [account]);
    const paid = await Promise.all([treasurer.post('/payable-installments/pay', payBody), treasurer2.post('/payable-installments/pay', payBody)]);
    expect(paid.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await count(ctx, 'bank_transactions', 'bank_account_id = $1', [account])).toBe(before + 3);
    for (const id of ids) expect(await count(ctx, 'bank_transactions', 'payable_installment_id = $1', [id])).toBe(1);
    const loser = paid.find((r) => r.statusCode === 409)!.json();
    expect(Object.values(loser.errors).flat().join(' ')).toMatch(/foi alterada por outra pessoa|situação "Pago"/);
  });

  it('refuses a stale, repeated or unknown parcela in a batch and the whole batch with it', async () => {
    const { items } = await approvedPayable({ description: 'Lote recusado' });
    const stale = await treasurer.post('/payable-installments/authorize', { items: [{ id: items[0].id, version: items[0].version }, { id: items[1].id, version: items[1].version - 1 }] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'BATCH_REFUSED', message: WORKFLOW_MESSAGES.batchRefused(1), errors: { [items[1].id]: [WORKFLOW_MESSAGES.itemStale(String(items[1].label))] } });
    expect((await parcels(clerk, String(items[0].payableId))).every((i) => i.status === 'APROVADO')).toBe(true);
    const repeated = await treasurer.post('/payable-installments/authorize', { items: [{ id: items[0].id, version: 1 }, { id: items[0].id, version: 1 }] });
    expect(repeated.json().errors).toEqual({ items: [WORKFLOW_MESSAGES.itemsRepeated] });
    const unknown = await treasurer.post('/payable-installments/authorize', { items: [{ id: '00000000-0000-4000-8000-000000000001', version: 1 }] });
    expect(unknown.json().errors).toEqual({ '00000000-0000-4000-8000-000000000001': [WORKFLOW_MESSAGES.itemNotFound] });
    expect((await treasurer.post('/payable-installments/authorize', { items: [] })).json().errors).toEqual({ items: [WORKFLOW_MESSAGES.itemsRequired] });
  });

  it('checks the payment: date, account, amounts', async () => {
    const { items } = await approvedPayable({ description: 'Pagamento conferido', installmentCount: 1 });
    const [one] = (await treasurer.post('/payable-installments/authorize', { items: [{ id: items[0].id, version: items[0].version }] })).json().installments;
    const pay = (extra: Record<string, unknown>, item: Record<string, unknown> = {}) =>
      treasurer.post('/payable-installments/pay', { items: [{ id: one.id, version: one.version, ...item }], paidAt: today, bankAccountId: account, ...extra });
    expect((await pay({ paidAt: '2099-01-01' })).json().errors).toEqual({ paidAt: [WORKFLOW_MESSAGES.paidAtFuture] });
    expect((await pay({ paidAt: '2024-12-31' })).json().errors).toEqual({ paidAt: [WORKFLOW_MESSAGES.beforeOpening('01/01/2025')] });
    expect((await pay({ paidAt: '31/12/2025' })).json().errors.paidAt).toEqual(['Data inválida.']);
    expect((await pay({ bankAccountId: refs.supplierId })).json().errors).toEqual({ bankAccountId: ['Registro referenciado não encontrado.'] });
    expect((await pay({}, { discount: 123456 })).json().errors[one.id][0]).toContain(WORKFLOW_MESSAGES.settledMin);
    expect((await pay({}, { paidAmount: 1 })).json().errors[one.id][0]).toContain('O valor pago deve ser');
    expect((await pay({}, { interest: -1 })).statusCode).toBe(400);
    const ok = await pay({ paymentMethod: 'PIX' }, { discount: 456 });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().installments[0]).toMatchObject({ paidAmount: 123000, discount: 456, paymentMethod: 'PIX' });
  });

  it('reverses a payment: opposite movement, parcela back to AUTORIZADO, balance restored', async () => {
    const { p, items } = await approvedPayable({ description: 'Pagamento a estornar', installmentCount: 1, amount: 5000 });
    const auth = (await treasurer.post('/payable-installments/authorize', { items: [{ id: items[0].id, version: items[0].version }] })).json().installments[0];
    const closing = async () => (await treasurer.json<Json>(`/bank-accounts/${account}/statement?from=${today}&to=${today}`)).closingBalance as number;
    const start = await closing();
    const paid = (await treasurer.post('/payable-installments/pay', { items: [{ id: auth.id, version: auth.version }], paidAt: today, bankAccountId: account })).json();
    expect(await closing()).toBe(start - 5000);
    const parcel = paid.installments[0];
    expect((await treasurer.post(`/payable-installments/${parcel.id}/reverse`, {}, parcel.version)).json().errors).toEqual({ comment: ['Informe o motivo.'] });
    const rev = await treasurer.post(`/payable-installments/${parcel.id}/reverse`, { comment: 'Pago em duplicidade' }, parcel.version);
    expect(rev.statusCode).toBe(200);
    expect(rev.json().record).toMatchObject({ status: 'AUTORIZADO', paidAmount: 0, statusReason: 'Pago em duplicidade' });
    expect(rev.json().record.paidAt ?? null).toBeNull();
    expect(await closing()).toBe(start);
    const movements = await treasurer.json<Json[]>(`/transactions?filter[payableInstallmentId][eq]=${parcel.id}&sort=createdAt`);
    expect(movements.map((m) => [m.origin, m.amount, m.reversed])).toEqual([['PAGAMENTO', -5000, true], ['ESTORNO', 5000, false]]);
    expect(movements[1].reversalOfId).toBe(movements[0].id);
    expect(await payable(clerk, p.id)).toMatchObject({ status: 'AUTORIZADO', paidAmount: 0 });
    const again = await treasurer.post(`/payable-installments/${parcel.id}/reverse`, { comment: 'x' }, rev.json().record.version);
    expect(again.json()).toMatchObject({ statusCode: 409, code: 'INVALID_TRANSITION', message: `Não é possível estornar a parcela ${String(parcel.label)} com a situação "Autorizado".` });
    // The movements of a payment change only through the estorno.
    const edit = await admin.patch(`/transactions/${movements[0].id}`, { description: 'outra' }, movements[0].version);
    expect(edit.json()).toMatchObject({ statusCode: 409, message: WORKFLOW_MESSAGES.movementLocked });
    expect((await admin.del(`/transactions/${movements[0].id}`)).statusCode).toBe(409);
  });

  it('estornar on the lançamento reverses every paid parcela; cancelar after approval needs approve', async () => {
    const { p, items } = await approvedPayable({ description: 'Estorno do lançamento', installmentCount: 2, amount: 20000 });
    const auth = (await treasurer.post('/payable-installments/authorize', { items: items.map((i) => ({ id: i.id, version: i.version })) })).json().installments as Json[];
    await treasurer.post('/payable-installments/pay', { items: auth.map((i) => ({ id: i.id, version: i.version })), paidAt: today, bankAccountId: account });
    let header = await payable(clerk, p.id);
    expect(header).toMatchObject({ status: 'PAGO', paidAmount: 20000, nextDueDate: null });
    expect((await clerk.post(`/payables/${p.id}/reverse`, { comment: 'x' }, header.version)).statusCode).toBe(403);
    const rev = await treasurer.post(`/payables/${p.id}/reverse`, { comment: 'Boleto devolvido pelo banco' }, header.version);
    expect(rev.json().record).toMatchObject({ status: 'AUTORIZADO', paidAmount: 0, statusReason: 'Boleto devolvido pelo banco' });
    header = rev.json().record;
    const noApprove = await clerk.post(`/payables/${p.id}/cancel`, { comment: 'Desistimos' }, header.version);
    expect({ status: noApprove.statusCode, message: noApprove.json().message }).toEqual({ status: 403, message: WORKFLOW_MESSAGES.cancelApproved });
    expect((await admin.post(`/payables/${p.id}/cancel`, { comment: 'Desistimos' }, header.version)).json().record).toMatchObject({ status: 'CANCELADO' });
  });

  it('devolver takes an ABERTO lançamento back to RASCUNHO with the reason; a parcela can be cancelled alone', async () => {
    let p = (await clerk.post('/payables', { ...body, description: 'Devolvido' })).json() as Json;
    p = (await clerk.post(`/payables/${p.id}/submit`, {}, p.version)).json().record;
    const back = await approver.post(`/payables/${p.id}/return`, { comment: 'Falta a nota fiscal' }, p.version);
    expect(back.json().record).toMatchObject({ status: 'RASCUNHO', statusReason: 'Falta a nota fiscal' });
    // Edits are allowed again in RASCUNHO and locked while ABERTO.
    p = (await clerk.patch(`/payables/${p.id}`, { amount: 150000 }, back.json().record.version)).json();
    expect(p.netAmount).toBe(150000);
    p = (await clerk.post(`/payables/${p.id}/submit`, {}, p.version)).json().record;
    expect((await clerk.patch(`/payables/${p.id}`, { amount: 1 }, p.version)).json().errors).toEqual({ amount: ['Este campo não pode mais ser alterado.'] });
    p = (await approver.post(`/payables/${p.id}/approve`, {}, p.version)).json().record;
    const [one] = await parcels(clerk, p.id);
    expect((await clerk.post(`/payable-installments/${one.id}/cancel`, { comment: 'x' }, one.version)).statusCode).toBe(403);
    const cancelled = await approver.post(`/payable-installments/${one.id}/cancel`, { comment: 'Renegociada' }, one.version);
    expect(cancelled.json().record).toMatchObject({ status: 'CANCELADO', statusReason: 'Renegociada' });
    expect(await payable(clerk, p.id)).toMatchObject({ status: 'APROVADO', nextDueDate: '2026-03-10' });
  });
});

describe('requester queue', () => {
  let ctx: TestContext;
  let users: Awaited<ReturnType<typeof workflowUsers>>;
  let clerk: Api, requester: Api, approver: Api;
  let body: Record<string, unknown>;

  beforeAll(async () => {
    ctx = await createTestApp();
    users = await workflowUsers(ctx);
    [clerk, requester, approver] = [users.clerk, users.requester, users.approver].map((u) => apiFor(ctx, u.token));
    const refs = await demoRefs(ctx);
    body = {
      organizationId: refs.organizationId, supplierId: refs.supplierId, documentType: 'NFSE', issueDate: '2026-01-05', competence: '2026-01',
      description: 'Consultoria pedida pelo solicitante', amount: 90000, installmentCount: 2, firstDueDate: '2026-02-10',
      costCenterId: refs.costCenterId, categoryId: refs.expenseCategoryId, paymentMethod: 'PIX', requesterId: users.requester.id,
    };
  });
  afterAll(() => ctx.close());

  it('waits for the requester: contest, correct, confirm — and the confirmation sends it for approval', async () => {
    let p = (await clerk.post('/payables', body)).json() as Json;
    expect(p).toMatchObject({ requesterId: users.requester.id, requesterCheck: 'PENDENTE' });
    const early = await clerk.post(`/payables/${p.id}/submit`, {}, p.version);
    expect(early.json()).toMatchObject({ statusCode: 409, code: 'REQUESTER_CHECK' });
    expect(early.json().message).toContain('ainda não confirmou');

    const queue = await requester.json<{ rows: Json[]; total: number; amount: number }>('/requester-queue/payables');
    expect(queue.rows.map((r) => r.id)).toContain(p.id);
    expect((await clerk.json<{ rows: Json[] }>('/requester-queue/payables')).rows.map((r) => r.id)).not.toContain(p.id);
    const inst = await requester.json<{ rows: Json[] }>('/requester-queue/installments');
    expect(inst.rows.filter((r) => r.payableId === p.id)).toHaveLength(2);

    expect((await clerk.post(`/payables/${p.id}/confirm`, {}, p.version)).json()).toMatchObject({ statusCode: 403, message: WORKFLOW_MESSAGES.onlyRequester(await nameOf(ctx, users.requester.id)) });
    expect((await requester.post(`/payables/${p.id}/contest`, {}, p.version)).json().errors).toEqual({ comment: [WORKFLOW_MESSAGES.commentRequired] });
    p = (await requester.post(`/payables/${p.id}/contest`, { comment: 'O valor combinado foi R$ 800,00' }, p.version)).json().record;
    expect(p).toMatchObject({ requesterCheck: 'CONTESTADO', requesterComment: 'O valor combinado foi R$ 800,00', status: 'RASCUNHO' });
    expect((await requester.json<{ rows: Json[] }>('/requester-queue/payables?check=CONTESTADO')).rows.map((r) => r.id)).toEqual([p.id]);
    // Contested once is contested: the answer waits for whoever registered it (a second contest is refused).
    expect((await requester.post(`/payables/${p.id}/contest`, { comment: 'De novo' }, p.version)).json()).toMatchObject({ statusCode: 409, message: WORKFLOW_MESSAGES.alreadyContested });
    const contested = await clerk.post(`/payables/${p.id}/submit`, {}, p.version);
    expect(contested.json().message).toContain('contestou este lançamento: "O valor combinado foi R$ 800,00"');

    p = (await clerk.patch(`/payables/${p.id}`, { amount: 80000 }, p.version)).json();
    expect(p.requesterCheck).toBe('PENDENTE');
    const confirmed = await requester.post(`/payables/${p.id}/confirm`, { comment: 'Agora sim' }, p.version);
    expect(confirmed.statusCode).toBe(200);
    p = confirmed.json().record;
    expect(p).toMatchObject({ requesterCheck: 'CONFIRMADO', status: 'ABERTO' });
    expect((await requester.post(`/payables/${p.id}/contest`, { comment: 'x' }, p.version)).json().message).toBe(WORKFLOW_MESSAGES.contestAfterSubmit);
    // Requested by them: the requester could never approve it either.
    const approverRequested = (await clerk.post('/payables', { ...body, requesterId: users.approver.id })).json() as Json;
    const confirmedByApprover = (await approver.post(`/payables/${approverRequested.id}/confirm`, {}, approverRequested.version));
    expect(confirmedByApprover.statusCode).toBe(403);
  });

  it('refuses a requester that is not a user', async () => {
    expect((await clerk.post('/payables', { ...body, requesterId: body.supplierId })).json().errors).toEqual({ requesterId: ['Registro referenciado não encontrado.'] });
  });
});

async function nameOf(ctx: TestContext, id: string): Promise<string> {
  return (await ctx.db.query<{ name: string }>('SELECT name FROM users WHERE id = $1', [id])).rows[0].name;
}

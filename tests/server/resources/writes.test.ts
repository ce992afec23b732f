import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { TestContext } from '../helper.ts';
import { call, COST_CENTERS, createFixtureApp, createUser, demoOrganizationId, PAYABLES } from './helpers.ts';

describe('writes: validation, concurrency, soft delete, audit', () => {
  let ctx: TestContext;
  let token: string;
  let userId: string;
  let org: string;
  let seq = 0;
  const base = () => ({ description: 'Internet', documentNumber: `W-${++seq}`, amount: 9990, dueDate: '2026-05-05', organizationId: org });
  const req = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    call(ctx.app, token, { method, url, payload: payload as object, headers });
  const create = async (extra: Record<string, unknown> = {}) => {
    const res = await req('POST', PAYABLES, { ...base(), ...extra });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json();
  };
  const count = async (qs = '') => Number((await req('GET', `${PAYABLES}?${qs}`)).headers['x-total-count']);
  const errorsOf = (res: LightMyRequestResponse) => res.json().errors as Record<string, string[]>;

  beforeAll(async () => {
    ctx = await createFixtureApp();
    org = await demoOrganizationId(ctx.db);
    ({ token, id: userId } = await createUser(ctx, { accessLevel: 'SystemOwner' }));
  });
  afterAll(() => ctx.close());

  it('rejects invalid bodies with pt-BR messages per field and writes nothing', async () => {
    const before = await count();
    const res = await req('POST', PAYABLES, { description: '', amount: 0, dueDate: '2026-13-01', supplierDocument: '123', status: 'X', tags: 'a' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION', message: 'Os dados enviados são inválidos.' });
    expect(errorsOf(res)).toEqual({
      description: ['Campo obrigatório.'],
      documentNumber: ['Campo obrigatório.'],
      organizationId: ['Campo obrigatório.'],
      amount: [expect.stringMatching(/^Valor mínimo: R\$\s0,01\.$/)],
      dueDate: ['Data inválida.'],
      supplierDocument: ['CNPJ inválido.'],
      status: ['Escolha uma das opções.'],
      tags: ['Deve ser uma lista.'],
    });
    expect(await count()).toBe(before);
  });

  it('refuses unknown fields one by one, ignores system fields, normalizes masks', async () => {
    const res = await req('POST', PAYABLES, { ...base(), hack: 1, isAdmin: true });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual({ hack: ['Campo não permitido.'], isAdmin: ['Campo não permitido.'] });
    const ok = await create({ supplierDocument: '11.222.333/0001-81', amount: 'R$ 1.234,56', updatedAt: '2000-01-01T00:00:00Z' });
    expect(ok.supplierDocument).toBe('11222333000181');
    expect(ok.amount).toBe(123456);
    expect(ok.updatedAt).not.toBe('2000-01-01T00:00:00.000Z');
  });

  it('answers 409 naming the field on a unique violation, and a deleted record frees its value', async () => {
    const first = await create({ documentNumber: 'UNICO-1' });
    const dup = await req('POST', PAYABLES, { ...base(), documentNumber: 'UNICO-1' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'UNIQUE', message: 'Esta informação já está cadastrada.', errors: { documentNumber: ['Já existe um registro com este valor.'] } });
    expect((await req('DELETE', `${PAYABLES}/${first.id}`)).statusCode).toBe(204);
    expect((await req('POST', PAYABLES, { ...base(), documentNumber: 'UNICO-1' })).statusCode).toBe(201);
  });

  it('checks that references exist and are live', async () => {
    const malformed = await req('POST', PAYABLES, { ...base(), costCenterId: 'abc' });
    expect(errorsOf(malformed)).toEqual({ costCenterId: ['Identificador inválido.'] });
    const missing = '7d9f1c8e-7a43-4c55-9a1b-2f3c4d5e6f70';
    const res = await req('POST', PAYABLES, { ...base(), organizationId: missing, costCenterId: missing });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual({ organizationId: ['Registro referenciado não encontrado.'], costCenterId: ['Registro referenciado não encontrado.'] });
    const cc = (await req('POST', COST_CENTERS, { code: 'CC-REF', name: 'Ref', organizationId: org })).json();
    const ok = await create({ costCenterId: cc.id });
    expect(ok.costCenterId).toBe(cc.id);
    // In use: the cost center cannot be deleted while a live payable points at it.
    const del = await req('DELETE', `${COST_CENTERS}/${cc.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({ code: 'IN_USE', message: 'Este registro não pode ser excluído: ele é usado em Contas de Teste.' });
  });

  it('PUT/PATCH need If-Match (428), refuse a stale one (409 + current version) and change nothing', async () => {
    const rec = await create();
    const url = `${PAYABLES}/${rec.id}`;
    const missing = await req('PATCH', url, { description: 'Sem versão' });
    expect(missing.statusCode).toBe(428);
    expect(missing.json().code).toBe('PRECONDITION_REQUIRED');
    const ok = await req('PATCH', url, { description: 'Internet fibra' }, { 'if-match': 'W/"1"' });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers.etag).toBe('W/"2"');
    expect(ok.json()).toMatchObject({ description: 'Internet fibra', version: 2, amount: 9990, updatedBy: userId });
    const stale = await req('PATCH', url, { description: 'Perdida' }, { 'if-match': 'W/"1"' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT', currentVersion: 2 });
    expect(stale.json().message).toContain('versão atual: 2');
    expect(stale.headers.etag).toBe('W/"2"');
    const now = (await req('GET', url)).json();
    expect(now).toMatchObject({ description: 'Internet fibra', version: 2 });
    const history = (await req('GET', `${url}/history`)).json();
    expect(history).toHaveLength(2);
    expect((await req('PATCH', url, { description: 'x' }, { 'if-match': 'qualquer' })).statusCode).toBe(400);
  });

  it('lets exactly one of two concurrent writes with the same version win', async () => {
    const rec = await create();
    const url = `${PAYABLES}/${rec.id}`;
    const results = await Promise.all(
      ['Primeira', 'Segunda'].map((description) => req('PATCH', url, { description }, { 'if-match': 'W/"1"' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json();
    expect((await req('GET', url)).json()).toMatchObject({ description: winner.description, version: 2 });
    expect((await req('GET', `${url}/history`)).json()).toHaveLength(2);
  });

  it('PUT replaces the whole record: absent optional fields are emptied', async () => {
    const rec = await create({ notes: 'nota', competence: '2026-05' });
    const { notes: _n, competence: _c, ...rest } = rec;
    const res = await req('PUT', `${PAYABLES}/${rec.id}`, { ...rest, description: 'Trocada' }, { 'if-match': `W/"${rec.version}"` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ description: 'Trocada', notes: null, competence: null, version: 2 });
    const missing = await req('PUT', `${PAYABLES}/${rec.id}`, { description: 'Só isso' }, { 'if-match': 'W/"2"' });
    expect(missing.statusCode).toBe(400);
    expect(errorsOf(missing)).toMatchObject({ amount: ['Campo obrigatório.'] });
  });

  it('keeps x-readonly-after fields once the status is reached', async () => {
    const rec = await create({ status: 'APROVADO' });
    const res = await req('PATCH', `${PAYABLES}/${rec.id}`, { amount: 1 }, { 'if-match': 'W/"1"' });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual({ amount: ['Este campo não pode mais ser alterado.'] });
  });

  it('soft-deletes: 204, then 404 everywhere, out of lists, history kept', async () => {
    const rec = await create({ documentNumber: 'APAGAR-1' });
    const url = `${PAYABLES}/${rec.id}`;
    expect((await req('DELETE', url, undefined, { 'if-match': 'W/"7"' })).statusCode).toBe(409);
    expect((await req('DELETE', url)).statusCode).toBe(204);
    expect((await req('GET', url)).statusCode).toBe(404);
    expect((await req('PATCH', url, { description: 'x' }, { 'if-match': 'W/"2"' })).statusCode).toBe(404);
    expect((await req('DELETE', url)).statusCode).toBe(404);
    expect(await count('filter[documentNumber][eq]=APAGAR-1')).toBe(0);
    const history = await req('GET', `${url}/history`);
    expect(history.statusCode).toBe(200);
    expect(history.json().map((h: { action: string }) => h.action)).toEqual(['create', 'delete']);
    const { rows } = await ctx.db.query<{ deleted_at: Date | null }>('SELECT deleted_at FROM test_payables WHERE id = $1', [rec.id]);
    expect(rows[0].deleted_at).toBeInstanceOf(Date);
  });

  it('audits every write with a field-level diff and the actor', async () => {
    const rec = await create({ notes: null });
    await req('PATCH', `${PAYABLES}/${rec.id}`, { amount: 10000, notes: 'pago em dinheiro' }, { 'if-match': 'W/"1"' });
    // A write that changes nothing keeps the version and adds no audit row.
    const same = await req('PATCH', `${PAYABLES}/${rec.id}`, { amount: 10000 }, { 'if-match': 'W/"2"' });
    expect(same.json().version).toBe(2);
    const history = (await req('GET', `${PAYABLES}/${rec.id}/history`)).json();
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({ action: 'create', actor: { id: userId } });
    expect(history[0].diff.amount).toEqual({ before: null, after: 9990 });
    expect(history[0].diff).not.toHaveProperty('notes');
    expect(history[1]).toMatchObject({
      action: 'update',
      actor: { id: userId, name: expect.stringContaining('Usuário') },
      diff: { amount: { before: 9990, after: 10000 }, notes: { before: null, after: 'pago em dinheiro' } },
    });
    expect(Object.keys(history[1].diff).sort()).toEqual(['amount', 'notes']);
  });

  it('invalidates the cached total on every write', async () => {
    const qs = 'filter[description][eq]=Contador';
    expect(await count(qs)).toBe(0);
    // Warm a total that needs a count (page 2 of size 1 cannot derive it).
    const page2 = async () => Number((await req('GET', `${PAYABLES}?${qs}&pageSize=1&page=2`)).headers['x-total-count']);
    const a = await create({ description: 'Contador' });
    await create({ description: 'Contador' });
    expect(await page2()).toBe(2);
    const c = await create({ description: 'Contador' });
    expect(await page2()).toBe(3);
    await req('DELETE', `${PAYABLES}/${a.id}`);
    expect(await page2()).toBe(2);
    await req('PATCH', `${PAYABLES}/${c.id}`, { description: 'Outro' }, { 'if-match': 'W/"1"' });
    expect(await page2()).toBe(1);
    // A row written behind the API's back (a plugin's own SQL) is counted at once: the table's trigger announces
    // the write at COMMIT and the cached total goes (D86).
    await ctx.db.query(
      `INSERT INTO test_payables (description, document_number, amount, due_date, organization_id) VALUES ('Contador', 'SQL-1', 1, '2026-01-01', $1)`,
      [org],
    );
    expect(await page2()).toBe(2);
    await create({ description: 'Contador' });
    expect(await page2()).toBe(3);
  });

  it('accepts application/merge-patch+json for PATCH', async () => {
    const rec = await create();
    const res = await call(ctx.app, token, {
      method: 'PATCH',
      url: `${PAYABLES}/${rec.id}`,
      payload: JSON.stringify({ description: 'Merge' }),
      headers: { 'content-type': 'application/merge-patch+json', 'if-match': 'W/"1"' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().description).toBe('Merge');
  });
});

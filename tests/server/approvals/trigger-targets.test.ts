import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalTargetNames } from '../../../server/approvals/index.ts';
import { APPROVAL_MESSAGES } from '../../../src/i18n/approvals.ts';
import { createTestApp, type TestContext } from '../helper.ts';
import { ADMIN, loginOk } from '../identity/helpers.ts';
import { call } from '../resources/helpers.ts';
import { APPROVALS } from './helpers.ts';

type Json = Record<string, unknown> & { id: string; version: number };

const NO_TARGET = APPROVAL_MESSAGES.noTarget('Faturamentos, Pedidos, Contas a pagar, Ordens de compra');

/**
 * An approval trigger only for records the engine can route (a registered approval target: payables, and the
 * procurement documents — orders, purchase orders, invoices held by a mismatch; server/approvals/targets.ts).
 * Any other one would be saved and silently never fire.
 */
describe('approval triggers need a registered approval target', () => {
  let ctx: TestContext;
  let token: string;
  let queueId: string;
  const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, version?: number) =>
    call(ctx.app, token, { method, url: `${APPROVALS}${url}`, payload: payload as Json, headers: version === undefined ? {} : { 'if-match': `W/"${version}"` } });
  const count = async () => Number((await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM approval_triggers')).rows[0].n);

  beforeAll(async () => {
    ctx = await createTestApp();
    token = (await loginOk(ctx.app, ADMIN)).accessToken;
    const queue = await api('POST', '/approvals', { name: 'Fila dos gatilhos', priority: 50, allowSelfApproval: false, onReject: 'DEVOLVER', organizationId: null, active: true });
    if (queue.statusCode !== 201) throw new Error(`fila não criada: ${queue.body}`);
    queueId = queue.json().id;
  });
  afterAll(() => ctx.close());

  it('the demo data has no trigger for a resource without a target', async () => {
    expect(approvalTargetNames()).toEqual(['invoices', 'orders', 'payables', 'purchase-orders']);
    const { rows } = await ctx.db.query<{ resource_name: string }>('SELECT DISTINCT resource_name FROM approval_triggers WHERE deleted_at IS NULL');
    expect(rows.map((r) => r.resource_name).filter((r) => !approvalTargetNames().includes(r))).toEqual([]);
  });

  it('refuses creating one for receivables or quotes with a pt-BR message on resourceName, and writes nothing', async () => {
    const before = await count();
    for (const resourceName of ['receivables', 'quotes']) {
      const res = await api('POST', '/approval-triggers', { approvalId: queueId, name: `Gatilho de ${resourceName}`, resourceName, minAmount: 100, active: true });
      expect({ status: res.statusCode, errors: res.json().errors }).toEqual({ status: 400, errors: { resourceName: [NO_TARGET] } });
    }
    expect(await count()).toBe(before);
    expect(NO_TARGET).toBe('Ainda não há fila de aprovação para este recurso (por enquanto, só Faturamentos, Pedidos, Contas a pagar, Ordens de compra).');
  });

  it('accepts payables and the procurement documents, and refuses pointing an existing trigger at a resource without a target', async () => {
    for (const resourceName of ['orders', 'purchase-orders', 'invoices']) {
      expect((await api('POST', '/approval-triggers', { approvalId: queueId, name: `Gatilho de ${resourceName}`, resourceName, minAmount: 100, active: true })).statusCode).toBe(201);
    }
    const created = await api('POST', '/approval-triggers', { approvalId: queueId, name: 'Contas a pagar grandes', resourceName: 'payables', minAmount: 10_000_000, active: true });
    expect(created.statusCode).toBe(201);
    const t = created.json() as Json;
    const moved = await api('PATCH', `/approval-triggers/${t.id}`, { resourceName: 'quotes' }, t.version);
    expect(moved.json().errors).toEqual({ resourceName: [NO_TARGET] });
    expect((await api('GET', `/approval-triggers/${t.id}`)).json()).toMatchObject({ resourceName: 'payables', version: t.version });
  });

  it('an existing trigger of such a resource (older data) can only be deactivated or deleted', async () => {
    const { rows } = await ctx.db.query<{ id: string }>(
      `INSERT INTO approval_triggers (approval_id, name, resource_name, active) VALUES ($1, 'Antigo de contas a receber', 'receivables', true) RETURNING id`,
      [queueId],
    );
    const t = (await api('GET', `/approval-triggers/${rows[0].id}`)).json() as Json;
    expect((await api('PATCH', `/approval-triggers/${t.id}`, { name: 'Renomeado' }, t.version)).json().errors).toEqual({ resourceName: [NO_TARGET] });
    const off = await api('PATCH', `/approval-triggers/${t.id}`, { active: false }, t.version);
    expect(off.statusCode).toBe(200);
    expect((await api('PATCH', `/approval-triggers/${t.id}`, { active: true }, off.json().version)).json().errors).toEqual({ resourceName: [NO_TARGET] });
    expect((await api('DELETE', `/approval-triggers/${t.id}`)).statusCode).toBe(204);
  });
});

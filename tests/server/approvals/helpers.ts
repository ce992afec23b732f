import type { LightMyRequestResponse } from 'fastify';
import { routeToApproval, registerApprovalTarget, type ApprovalRequestRow, type ApprovalTarget } from '../../../server/approvals/index.ts';
import { todayInSaoPaulo } from '../../../server/approvals/store.ts';
import { civilFromDays, daysFromCivil } from '../../../src/engine/formats/calendar.ts';
import type { TestContext } from '../helper.ts';
import { ADMIN, loginOk } from '../identity/helpers.ts';
import { call, createUser, demoOrganizationId } from '../resources/helpers.ts';

export const APPROVALS = '/api/approvals/v1';
export const AP = '/api/accounts-payable/v1';

type Json = Record<string, unknown>;

/** `today` ± days, AAAA-MM-DD (São Paulo). */
export function shiftDays(days: number, from = todayInSaoPaulo()): string {
  const [y, m, d] = from.split('-').map(Number);
  return civilFromDays(daysFromCivil(y, m, d) + days);
}

/**
 * A stand-in for the payables workflow's target (H7 owns the real one): reads the amount, cost center and
 * category of a payable and moves it like the workflow does — approved → APROVADO with who and when,
 * rejected → back to RASCUNHO with the reason. Registered for the test file and put back afterwards.
 */
export function registerTestPayablesTarget(over: Partial<ApprovalTarget> = {}): () => void {
  return registerApprovalTarget('payables', {
    amountOf: (p) => Number(p.netAmount),
    categoryOf: (p) => (p.categoryId as string) ?? null,
    async onApproved(q, id, actorId) {
      await q.query(`UPDATE payables SET status = 'APROVADO', approved_by = $2, approved_at = now(), version = version + 1 WHERE id = $1 AND status = 'ABERTO'`, [id, actorId]);
    },
    async onRejected(q, id, _actor, reason, ctx) {
      const status = ctx.onReject === 'ENCERRAR' ? 'CANCELADO' : 'RASCUNHO';
      await q.query(`UPDATE payables SET status = $2, status_reason = $3, version = version + 1 WHERE id = $1 AND status = 'ABERTO'`, [id, status, reason]);
    },
    ...over,
  });
}

export interface Person {
  id: string;
  token: string;
}

/** The shared setup of the approval tests: admin, a supplier, catalogue ids, and ways to make people, queues and payables. */
export async function approvalFixture(ctx: TestContext) {
  const admin = await loginOk(ctx.app, ADMIN);
  const adminToken = admin.accessToken;
  const adminId = (await call(ctx.app, adminToken, { method: 'GET', url: '/api/identity/v1/users/me' })).json().id as string;
  const org = await demoOrganizationId(ctx.db);
  const one = async (sql: string, params: unknown[] = []) => (await ctx.db.query<{ id: string }>(sql, params)).rows[0].id;
  const type = await one(`INSERT INTO company_types (name, kind, position, active) VALUES ('Fornecedores (aprovação)', 'FORNECEDOR', 1, true) RETURNING id`);
  const supplier = await one(
    `INSERT INTO companies (organization_id, company_type_id, person_type, document, legal_name, active) VALUES ($1, $2, 'PJ', '11444777000161', 'Fornecedor Aprovação Ltda', true) RETURNING id`,
    [org, type],
  );
  const costCenters = (await ctx.db.query<{ id: string }>(`SELECT id FROM cost_centers WHERE type = 'A' AND organization_id = $1 AND deleted_at IS NULL ORDER BY code`, [org])).rows.map((r) => r.id);
  const categories = await ctx.db.query<{ id: string; parent_id: string | null }>(
    `SELECT id, parent_id FROM expense_categories WHERE type = 'A' AND parent_id IS NOT NULL AND deleted_at IS NULL ORDER BY code`,
  );
  const as = (token: string) => ({
    get: (url: string) => call(ctx.app, token, { method: 'GET', url }),
    post: (url: string, payload: unknown) => call(ctx.app, token, { method: 'POST', url, payload: payload as Json }),
    patch: (url: string, payload: unknown, version: number) => call(ctx.app, token, { method: 'PATCH', url, payload: payload as Json, headers: { 'if-match': `W/"${version}"` } }),
    del: (url: string) => call(ctx.app, token, { method: 'DELETE', url }),
  });
  const adminApi = as(adminToken);
  const ok = (res: LightMyRequestResponse, status = 201) => {
    if (res.statusCode !== status) throw new Error(`esperava ${status}, veio ${res.statusCode}: ${res.body}`);
    return res.json();
  };

  const APPROVER_SCOPES = [{ name: 'approval-requests', scopes: ['create', 'read', 'approve'] }];
  const REQUESTER_SCOPES = [{ name: 'payables', scopes: ['create', 'read', 'update'] }];

  return {
    adminToken,
    adminId,
    org,
    costCenters,
    /** An analytic category whose parent is synthetic: [child, parent]. */
    category: [categories.rows[0].id, categories.rows[0].parent_id!] as const,
    otherCategory: categories.rows.find((c) => c.parent_id !== categories.rows[0].parent_id)!.id,
    as,
    adminApi,
    ok,
    /** Someone who approves (read + approve on approval-requests) and may also request payables. */
    approver: (extra: { organizations?: string[]; costCenters?: string[]; scopes?: { name: string; scopes: string[] }[] } = {}): Promise<Person> =>
      createUser(ctx, { resources: extra.scopes ?? [...APPROVER_SCOPES, ...REQUESTER_SCOPES], organizations: extra.organizations, costCenters: extra.costCenters }),
    requester: (): Promise<Person> => createUser(ctx, { resources: REQUESTER_SCOPES }),
    /** A user group with these members (approvers by profile). */
    async group(members: string[]): Promise<string> {
      const id = await one(`INSERT INTO user_groups (name, organization_id) VALUES ($1, $2) RETURNING id`, [`Aprovadores ${Math.random().toString(36).slice(2, 8)}`, org]);
      for (const m of members) await ctx.db.query('INSERT INTO user_group_members (group_id, user_id) VALUES ($1, $2)', [id, m]);
      return id;
    },
    /** A queue with its stages and triggers, through the settings API (the same rules an administrator meets). */
    async queue(spec: {
      name: string;
      priority?: number;
      allowSelfApproval?: boolean;
      onReject?: 'DEVOLVER' | 'ENCERRAR';
      organizationId?: string | null;
      stages: { rule?: 'ANY' | 'ALL'; users?: string[]; groups?: string[]; substitute?: { userId: string; from: string; until: string }; active?: boolean }[];
      triggers: Json[];
    }) {
      const q = ok(await adminApi.post(`${APPROVALS}/approvals`, {
        name: spec.name,
        priority: spec.priority ?? 50,
        allowSelfApproval: spec.allowSelfApproval ?? false,
        onReject: spec.onReject ?? 'DEVOLVER',
        organizationId: spec.organizationId ?? null,
        active: true,
      }));
      const stages: string[] = [];
      for (const [i, s] of spec.stages.entries()) {
        const stage = ok(await adminApi.post(`${APPROVALS}/approval-stages`, {
          approvalId: q.id,
          order: i + 1,
          name: `Etapa ${i + 1}`,
          rule: s.rule ?? 'ANY',
          approverUserIds: s.users ?? [],
          approverGroupIds: s.groups ?? [],
          ...(s.substitute ? { substituteUserId: s.substitute.userId, substituteFrom: s.substitute.from, substituteUntil: s.substitute.until } : {}),
          active: s.active ?? true,
        }));
        stages.push(stage.id);
      }
      for (const t of spec.triggers) ok(await adminApi.post(`${APPROVALS}/approval-triggers`, { approvalId: q.id, name: `Gatilho de ${spec.name}`, resourceName: 'payables', active: true, ...t }));
      return { id: q.id as string, stages };
    },
    /** A payable created by `requester` through the API, still a draft. */
    async payable(requester: Person, over: Json = {}): Promise<Json & { id: string }> {
      return ok(await as(requester.token).post(`${AP}/payables`, {
        organizationId: org,
        supplierId: supplier,
        documentType: 'NFE',
        documentNumber: '9001',
        issueDate: '2026-03-02',
        competence: '2026-03',
        description: 'Serviço de teste',
        amount: 750_000,
        installmentCount: 1,
        firstDueDate: '2026-03-31',
        costCenterId: costCenters[0],
        categoryId: categories.rows[0].id,
        paymentMethod: 'BOLETO',
        ...over,
      }));
    },
    /** Submits a draft the way the payables workflow does: ABERTO and routed, in one transaction. */
    async submit(payable: Json & { id: string }, actor: string): Promise<ApprovalRequestRow | null> {
      return ctx.db.tx(async (q) => {
        await q.query(`UPDATE payables SET status = 'ABERTO' WHERE id = $1`, [payable.id]);
        return routeToApproval(q, { resource: 'payables', record: payable, actor: { userId: actor } });
      });
    },
    /** POST a decision as `who`. */
    decide: (who: Person, requestId: string, body: Json) => as(who.token).post(`${APPROVALS}/approval-requests/${requestId}/decisions`, body),
    async payableStatus(id: string): Promise<{ status: string; statusReason: string | null; approvedBy: string | null }> {
      const { rows } = await ctx.db.query<{ status: string; statusReason: string | null; approvedBy: string | null }>(
        `SELECT status, status_reason AS "statusReason", approved_by AS "approvedBy" FROM payables WHERE id = $1`,
        [id],
      );
      return rows[0];
    },
    async request(id: string): Promise<Json> {
      const { rows } = await ctx.db.query<Json>(`SELECT status, stage_id AS "stageId", reason, version FROM approval_requests WHERE id = $1`, [id]);
      return rows[0];
    },
  };
}

import type { LightMyRequestResponse } from 'fastify';
import type { TestContext } from '../helper.ts';
import { call, createUser, demoOrganizationId } from '../resources/helpers.ts';

export const AP = '/api/accounts-payable/v1';

type Json = Record<string, unknown>;
export type Api = ReturnType<typeof apiFor>;

/** A JSON client of the accounts-payable service for one token; `version` sends If-Match. */
export function apiFor(ctx: TestContext, token: string) {
  const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, version?: number): Promise<LightMyRequestResponse> =>
    call(ctx.app, token, {
      method,
      url: url.startsWith('/api/') ? url : `${AP}${url}`,
      payload: payload as Json,
      headers: version === undefined ? {} : { 'if-match': `W/"${version}"` },
    });
  return {
    get: (url: string) => send('GET', url),
    post: (url: string, body: unknown, version?: number) => send('POST', url, body, version),
    patch: (url: string, body: unknown, version: number) => send('PATCH', url, body, version),
    put: (url: string, body: unknown, version: number) => send('PUT', url, body, version),
    del: (url: string) => send('DELETE', url),
    json: async <T = Json>(url: string): Promise<T> => (await send('GET', url)).json() as T,
  };
}

const CRUD = ['create', 'read', 'update', 'delete'];
const READ = (...names: string[]) => names.map((name) => ({ name, scopes: ['read'] }));
const REFS = READ('companies', 'cost-centers', 'expense-categories', 'revenue-categories', 'organizations', 'users', 'departments', 'approvals');

/** The people of a payable's life: who registers, approves, authorizes/pays, requests, and one with nothing. */
export async function workflowUsers(ctx: TestContext) {
  const clerk = await createUser(ctx, {
    resources: [{ name: 'payables', scopes: CRUD }, { name: 'receivables', scopes: CRUD }, { name: 'payable-requestors', scopes: ['read', 'update'] }, ...READ('payable-installments', 'receivable-installments', 'bank-accounts'), ...REFS],
  });
  const approver = await createUser(ctx, { resources: [{ name: 'payables', scopes: ['read', 'approve'] }, ...READ('payable-installments'), ...REFS] });
  const treasurer = await createUser(ctx, {
    resources: [
      { name: 'payable-installment-authorizes', scopes: ['read', 'authorize'] },
      { name: 'bank-accounts', scopes: ['read', 'export'] },
      ...READ('payables', 'payable-installments', 'bank-transactions', 'payment-batches'),
      ...REFS,
    ],
  });
  const treasurer2 = await createUser(ctx, {
    resources: [{ name: 'payable-installment-authorizes', scopes: ['read', 'authorize'] }, ...READ('payables', 'payable-installments', 'bank-accounts'), ...REFS],
  });
  const requester = await createUser(ctx, { resources: [{ name: 'payable-requestors', scopes: ['read', 'update'] }, ...READ('payables', 'payable-installments'), ...REFS] });
  const reader = await createUser(ctx, { resources: [...READ('payables', 'payable-installments', 'payable-installment-authorizes', 'receivables', 'receivable-installments'), ...REFS] });
  return { clerk, approver, treasurer, treasurer2, requester, reader };
}

/** Catalogue ids of the seeded demo organization for a lançamento body. */
export async function demoRefs(ctx: TestContext) {
  const one = async (sql: string, params: unknown[] = []) => (await ctx.db.query<{ id: string }>(sql, params)).rows[0].id;
  const org = await demoOrganizationId(ctx.db);
  return {
    organizationId: org,
    supplierId: await one(`SELECT id FROM companies WHERE organization_id = $1 AND deleted_at IS NULL ORDER BY document LIMIT 1`, [org]),
    costCenterId: await one(`SELECT id FROM cost_centers WHERE organization_id = $1 AND type = 'A' AND deleted_at IS NULL ORDER BY code LIMIT 1`, [org]),
    expenseCategoryId: await one(`SELECT id FROM expense_categories WHERE type = 'A' AND deleted_at IS NULL ORDER BY code LIMIT 1`),
    revenueCategoryId: await one(`SELECT id FROM revenue_categories WHERE type = 'A' AND deleted_at IS NULL ORDER BY code LIMIT 1`),
    bankAccountId: await one(`SELECT id FROM bank_accounts WHERE organization_id = $1 AND type <> 'CAIXA' AND active AND deleted_at IS NULL ORDER BY created_at, name LIMIT 1`, [org]),
  };
}

/** A fresh bank account (opening R$ 10.000,00 on 01/01/2025) so balances in a test start from a known sum. */
export async function freshAccount(ctx: TestContext, organizationId: string, name: string): Promise<string> {
  const { rows } = await ctx.db.query<{ id: string }>(
    `INSERT INTO bank_accounts (organization_id, name, type, opening_balance, opening_balance_date, active) VALUES ($1, $2, 'CAIXA', 1000000, '2025-01-01', true) RETURNING id`,
    [organizationId, name],
  );
  return rows[0].id;
}

export const count = async (ctx: TestContext, table: string, where = 'true', params: unknown[] = []) =>
  Number((await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, params)).rows[0].n);

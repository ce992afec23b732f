import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/index.ts';
import { badRequest } from '../lib/errors.ts';
import type { Principal } from '../lib/principal.ts';
import { guard, principalOf } from '../resources/http.ts';
import type { Engine } from '../resources/index.ts';
import { Params, scopeConditions } from '../resources/sql.ts';
import { todayInBrazil } from './workflow/common.ts';

/**
 * `GET supply-management/v1/orders/analytics?mine=true&from=&to=`: the orders of the caller's record scope (or
 * only those they requested) counted and summed by status, by age of the open ones, by amount range and by the
 * approval stage they wait in (with its approvers and the oldest orders). One read, four aggregate queries in a row; the
 * page `/pedidos/analises` draws it and links every number to the list filtered the same way (D64).
 */

/** Orders still moving: sent, approved, in quotation, quoted, with a purchase order, partly delivered. */
export const OPEN_STATUSES = ['ENVIADO', 'APROVADO', 'EM_COTACAO', 'COTADO', 'PEDIDO_GERADO', 'PARCIALMENTE_ATENDIDO'];

/** Age buckets of open orders, in days since the request: [min, max] (max null = no end). */
const AGES: [number, number | null][] = [[0, 7], [8, 15], [16, 30], [31, null]];
/** Amount ranges (centavos): up to R$ 1.000, R$ 5.000, R$ 20.000, above. */
const AMOUNTS: [number, number | null][] = [[0, 100_000], [100_001, 500_000], [500_001, 2_000_000], [2_000_001, null]];

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export interface AnalyticsQuery {
  mine: boolean;
  from?: string;
  to?: string;
}

export function parseAnalyticsQuery(query: Record<string, unknown>): AnalyticsQuery {
  const errors: Record<string, string[]> = {};
  const out: AnalyticsQuery = { mine: query.mine === 'true' || query.mine === true };
  for (const k of ['from', 'to'] as const) {
    const v = query[k];
    if (v === undefined || v === '') continue;
    if (typeof v !== 'string' || !DATE.test(v) || Number.isNaN(Date.parse(v))) errors[k] = ['Data inválida (AAAA-MM-DD).'];
    else out[k] = v;
  }
  if (out.from && out.to && out.from > out.to) errors.to = ['O fim do período não pode ser antes do início.'];
  for (const k of Object.keys(query)) if (!['mine', 'from', 'to'].includes(k)) errors[k] = ['Parâmetro desconhecido.'];
  if (Object.keys(errors).length) throw badRequest(errors, 'Os parâmetros da consulta são inválidos.');
  return out;
}

export async function orderAnalytics(q: Queryable, engine: Engine, principal: Principal, query: AnalyticsQuery) {
  const def = engine.registry.get('orders')!;
  const p = new Params();
  const where = ['deleted_at IS NULL', ...scopeConditions(def, principal, p)];
  if (query.mine) where.push(`requester_id = ${p.add(principal.userId, 'uuid')}`);
  if (query.from) where.push(`request_date >= ${p.add(query.from, 'date')}`);
  if (query.to) where.push(`request_date <= ${p.add(query.to, 'date')}`);
  const today = todayInBrazil();
  const base = `SELECT * FROM orders WHERE ${where.join(' AND ')}`;
  // Server constants, not input: written into the SQL so every query takes the same parameters.
  const open = `ARRAY[${OPEN_STATUSES.map((st) => `'${st}'`).join(', ')}]`;
  const todayParam = `'${today}'::date`;
  const bucket = (expr: string, ranges: [number, number | null][]) =>
    `CASE ${ranges.map(([min, max], i) => `WHEN ${expr} >= ${min}${max === null ? '' : ` AND ${expr} <= ${max}`} THEN ${i}`).join(' ')} END`;

  // One after the other: `q` may be a single client (a pg client runs one query at a time).
  const status = await q.query<{ status: string; count: number; amount: number }>(
      `SELECT status, count(*)::int AS count, coalesce(sum(estimated_total), 0)::bigint AS amount FROM (${base}) o GROUP BY status`, p.values);
  const age = await q.query<{ bucket: number; count: number; amount: number }>(
      `SELECT ${bucket(`(${todayParam} - o.request_date)`, AGES)} AS bucket, count(*)::int AS count, coalesce(sum(o.estimated_total), 0)::bigint AS amount
         FROM (${base}) o WHERE o.status = ANY(${open}) GROUP BY 1`, p.values);
  const amount = await q.query<{ bucket: number; count: number; amount: number }>(
      `SELECT ${bucket('coalesce(o.estimated_total, 0)', AMOUNTS)} AS bucket, count(*)::int AS count, coalesce(sum(o.estimated_total), 0)::bigint AS amount
         FROM (${base}) o WHERE o.status <> 'CANCELADO' GROUP BY 1`, p.values);
  const approvers = await q.query<Record<string, unknown>>(
      `SELECT r.approval_id AS "approvalId", a.name AS "approvalName", r.stage_id AS "stageId", s.name AS "stageName",
              (SELECT coalesce(jsonb_agg(u.name ORDER BY u.name), '[]'::jsonb) FROM users u WHERE u.id::text IN (SELECT jsonb_array_elements_text(s.approver_user_ids))) AS users,
              (SELECT coalesce(jsonb_agg(g.name ORDER BY g.name), '[]'::jsonb) FROM user_groups g WHERE g.id::text IN (SELECT jsonb_array_elements_text(s.approver_group_ids))) AS groups,
              count(*)::int AS count, coalesce(sum(o.estimated_total), 0)::bigint AS amount, min(r.stage_entered_at) AS "oldestSince",
              (jsonb_agg(jsonb_build_object('id', o.id, 'number', o.number, 'title', o.title, 'amount', o.estimated_total, 'since', r.stage_entered_at) ORDER BY r.stage_entered_at, o.number))
                 AS orders
         FROM (${base}) o
         JOIN approval_requests r ON r.resource_name = 'orders' AND r.record_id = o.id AND r.status = 'PENDENTE' AND r.deleted_at IS NULL
         JOIN approvals a ON a.id = r.approval_id
         LEFT JOIN approval_stages s ON s.id = r.stage_id
        GROUP BY r.approval_id, a.name, r.stage_id, s.name, s.approver_user_ids, s.approver_group_ids
        ORDER BY min(r.stage_entered_at)`, p.values);

  const statusRows = status.rows.map((r) => ({ ...r, amount: Number(r.amount) }));
  const byBucket = (rows: { bucket: number; count: number; amount: number }[], i: number) => rows.find((r) => Number(r.bucket) === i);
  return {
    today,
    mine: query.mine,
    from: query.from ?? null,
    to: query.to ?? null,
    total: { count: statusRows.reduce((s, r) => s + r.count, 0), amount: statusRows.reduce((s, r) => s + r.amount, 0) },
    byStatus: statusRows.sort((a, b) => b.count - a.count),
    byAge: AGES.map(([min, max], i) => {
      const r = byBucket(age.rows, i);
      // Request dates of the bucket, for the list's filter: [today − max, today − min].
      return { minDays: min, maxDays: max, fromDate: max === null ? null : addDays(today, -max), toDate: addDays(today, -min), count: r?.count ?? 0, amount: Number(r?.amount ?? 0) };
    }),
    byAmount: AMOUNTS.map(([min, max], i) => {
      const r = byBucket(amount.rows, i);
      return { min, max, count: r?.count ?? 0, amount: Number(r?.amount ?? 0) };
    }),
    byApprover: approvers.rows.map(({ users, groups, ...r }) => ({
      ...r, amount: Number(r.amount),
      approvers: [...(users as string[]), ...(groups as string[])],
      orders: (r.orders as Record<string, unknown>[]).slice(0, 10).map((o) => ({ ...o, amount: o.amount === null ? null : Number(o.amount) })),
    })),
  };
}

export default async function orderAnalyticsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/supply-management/v1/orders/analytics', guard(app, 'orders', 'read'), async (req) =>
    orderAnalytics(app.db, app.resources, principalOf(req), parseAnalyticsQuery((req.query ?? {}) as Record<string, unknown>)));
}

import { WORKFLOW_MESSAGES } from '../../../src/i18n/finance-workflow.ts';
import { isIsoDate } from '../../../src/engine/formats/calendar.ts';
import type { Queryable } from '../../db/index.ts';
import { badRequest, type FieldErrors } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import { isUuid } from '../../resources/coerce.ts';
import type { Engine } from '../../resources/index.ts';
import { escapeLike, Params, scopeConditions } from '../../resources/sql.ts';
import type { ActionRecord, RecordActions } from '../../resources/record-actions.ts';

/**
 * Read side of the two queues (docs/resources-finance-ap-ar.md §8.4–§8.5): rows joined with their lançamento and
 * supplier, the total of everything listed, and per row whether the caller may act on it — the same rule
 * the actions enforce (segregation of duties), so the screen disables what the server would refuse and
 * says why. Pages of at most 200 rows, ordered by due date.
 */

export type Stage = 'APROVADO' | 'AUTORIZADO';

interface QueueQuery {
  page: number;
  pageSize: number;
  q?: string;
  supplierId?: string;
  bankAccountId?: string;
  dueFrom?: string;
  dueTo?: string;
}

/** Common query parameters; 400 with the parameter names on bad values. */
export function parseQueueQuery(raw: Record<string, unknown>): QueueQuery {
  const errors: FieldErrors = {};
  const str = (k: string) => (typeof raw[k] === 'string' && raw[k] !== '' ? (raw[k] as string) : undefined);
  const int = (k: string, def: number, max: number) => {
    const v = str(k);
    if (v === undefined) return def;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1 || n > max) (errors[k] ??= []).push(`Use um inteiro de 1 a ${max}.`);
    return n;
  };
  const out: QueueQuery = { page: int('page', 1, 1_000_000), pageSize: int('pageSize', 50, 200), q: str('q') };
  for (const k of ['supplierId', 'bankAccountId'] as const) {
    const v = str(k);
    if (v !== undefined && !isUuid(v)) errors[k] = ['Identificador inválido.'];
    out[k] = v?.toLowerCase();
  }
  for (const k of ['dueFrom', 'dueTo'] as const) {
    const v = str(k);
    if (v !== undefined && !isIsoDate(v)) errors[k] = ['Data inválida.'];
    out[k] = v;
  }
  if (Object.keys(errors).length) throw badRequest(errors, 'Os parâmetros da consulta são inválidos.');
  return out;
}

/** Installment filters on the alias `i` (and the lançamento `p` for the text search). */
function filters(query: QueueQuery, p: Params, headerAlias = 'p'): string[] {
  const out: string[] = [];
  if (query.q) {
    const like = `f_unaccent(${p.add(`%${escapeLike(query.q)}%`)})`;
    out.push(`(f_unaccent(i.label) ILIKE ${like} OR f_unaccent(coalesce(${headerAlias}.document_number, '')) ILIKE ${like} OR f_unaccent(coalesce(s.legal_name, '')) ILIKE ${like})`);
  }
  if (query.supplierId) out.push(`i.supplier_id = ${p.add(query.supplierId, 'uuid')}`);
  if (query.bankAccountId) out.push(`i.bank_account_id = ${p.add(query.bankAccountId, 'uuid')}`);
  if (query.dueFrom) out.push(`i.due_date >= ${p.add(query.dueFrom, 'date')}`);
  if (query.dueTo) out.push(`i.due_date <= ${p.add(query.dueTo, 'date')}`);
  return out;
}

/** `payable_installments` rows the caller may see in the given statuses, as a subquery aliased `i`. */
function scopedInstallments(engine: Engine, principal: Principal, p: Params, statuses: readonly string[]): string {
  const def = engine.registry.get('payable-installments')!;
  const where = ['deleted_at IS NULL', `status = ANY(${p.add(statuses, 'text[]')})`, ...scopeConditions(def, principal, p)];
  return `(SELECT * FROM payable_installments WHERE ${where.join(' AND ')}) i`;
}

const INSTALLMENT_COLUMNS = `i.id, i.version, i.payable_id AS "payableId", i.organization_id AS "organizationId", i.label, i.number, i.count,
  i.due_date AS "dueDate", i.amount, i.status, i.supplier_id AS "supplierId", s.legal_name AS "supplierName",
  i.bank_account_id AS "bankAccountId", i.payment_method AS "paymentMethod", i.boleto_line AS "boletoLine",
  i.authorized_by AS "authorizedBy", au.name AS "authorizedByName", i.authorized_at AS "authorizedAt",
  p.description, p.document_number AS "documentNumber", p.created_by AS "createdBy", p.requester_id AS "requesterId",
  p.approved_by AS "approvedBy", p.requester_check AS "requesterCheck", p.requester_comment AS "requesterComment", p.status AS "payableStatus"`;

interface Page<R> {
  rows: R[];
  total: number;
  amount: number;
}

type Row = Record<string, unknown>;

/**
 * The allowed actions of each queue row (architecture §12), by the same providers the record pages use
 * (allowed.ts): `authorize` and `pay` of a parcela; of a lançamento row, those of all its parcelas in the stage
 * (the first refusal wins). `blocked` keeps the segregation-of-duties reason for the row's checkbox.
 */
async function withInstallmentActions(q: Queryable, engine: Engine, stage: Stage, rows: Row[], principal: Principal, grouped: boolean) {
  const provider = engine.actions?.get('payable-installments');
  const parcels = grouped
    ? rows.flatMap((r) => (r.installments as Row[]).map((i) => ({ ...i, id: String(i.id), status: stage, payableId: r.id })))
    : rows.map((r) => ({ ...r, id: String(r.id) }));
  const verdicts = provider ? await provider.evaluate({ q, principal, records: parcels }) : new Map<string, RecordActions>();
  const pick = (ids: string[]): RecordActions => {
    const out: RecordActions = {};
    for (const key of ['authorize', 'pay']) {
      const all = ids.map((id) => verdicts.get(id)?.[key]).filter((v) => !!v);
      out[key] = all.find((v) => !v.allowed) ?? all[0] ?? { allowed: false, code: 'status' };
    }
    return out;
  };
  return rows.map((r) => {
    const actions = pick(grouped ? (r.installments as Row[]).map((i) => String(i.id)) : [String(r.id)]);
    const blocked = stage === 'APROVADO' && actions.authorize.code === 'segregation' ? WORKFLOW_MESSAGES.sodAuthorizeShort : null;
    return { ...r, amount: Number(r.amount), actions, blocked };
  });
}

/** Payment queue by parcela: stage APROVADO (fila) or AUTORIZADO (autorizados). */
export async function paymentQueueInstallments(q: Queryable, engine: Engine, stage: Stage, query: QueueQuery, principal: Principal): Promise<Page<Row>> {
  const p = new Params();
  const from = `${scopedInstallments(engine, principal, p, [stage])}
    JOIN payables p ON p.id = i.payable_id AND p.deleted_at IS NULL
    LEFT JOIN companies s ON s.id = i.supplier_id
    LEFT JOIN users au ON au.id = i.authorized_by`;
  const where = filters(query, p);
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const totals = await q.query<{ n: number; amount: number | null }>(`SELECT count(*)::int AS n, sum(i.amount)::bigint AS amount FROM ${from} ${whereSql}`, p.values);
  const { rows } = await q.query<Row>(
    `SELECT ${INSTALLMENT_COLUMNS} FROM ${from} ${whereSql} ORDER BY i.due_date, i.label, i.id LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`,
    p.values,
  );
  return {
    rows: await withInstallmentActions(q, engine, stage, rows, principal, false),
    total: totals.rows[0].n,
    amount: Number(totals.rows[0].amount ?? 0),
  };
}

/** Payment queue by lançamento: each with its parcelas in the stage (the ones an action would take). */
export async function paymentQueuePayables(q: Queryable, engine: Engine, stage: Stage, query: QueueQuery, principal: Principal): Promise<Page<Row>> {
  const p = new Params();
  const from = `${scopedInstallments(engine, principal, p, [stage])}
    JOIN payables p ON p.id = i.payable_id AND p.deleted_at IS NULL
    LEFT JOIN companies s ON s.id = i.supplier_id`;
  const where = filters(query, p);
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const totals = await q.query<{ n: number; amount: number | null }>(
    `SELECT count(DISTINCT i.payable_id)::int AS n, sum(i.amount)::bigint AS amount FROM ${from} ${whereSql}`,
    p.values,
  );
  const { rows } = await q.query<Row>(
    `SELECT p.id, p.version, p.description, p.document_number AS "documentNumber", p.supplier_id AS "supplierId", s.legal_name AS "supplierName",
            p.status, p.net_amount AS "netAmount", p.installment_count AS "installmentCount", p.organization_id AS "organizationId",
            p.created_by AS "createdBy", p.requester_id AS "requesterId", p.approved_by AS "approvedBy",
            min(i.due_date) AS "dueDate", sum(i.amount)::bigint AS amount,
            json_agg(json_build_object('id', i.id, 'version', i.version, 'number', i.number, 'count', i.count, 'dueDate', i.due_date,
                                       'amount', i.amount, 'label', i.label, 'bankAccountId', i.bank_account_id) ORDER BY i.number) AS installments
       FROM ${from} ${whereSql}
      GROUP BY p.id, s.legal_name
      ORDER BY min(i.due_date), p.description, p.id
      LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`,
    p.values,
  );
  return {
    rows: await withInstallmentActions(q, engine, stage, rows, principal, true),
    total: totals.rows[0].n,
    amount: Number(totals.rows[0].amount ?? 0),
  };
}

export type RequesterFilter = 'PENDENTE' | 'CONTESTADO' | 'TODOS';

/** Requester queue: lançamentos registered in the caller's name, not yet approved (RASCUNHO or ABERTO). */
export async function requesterPayables(q: Queryable, engine: Engine, check: RequesterFilter, query: QueueQuery, principal: Principal): Promise<Page<Row>> {
  const def = engine.registry.get('payables')!;
  const p = new Params();
  const where = ['p.deleted_at IS NULL', `p.requester_id = ${p.add(principal.userId, 'uuid')}`, `p.status IN ('RASCUNHO', 'ABERTO')`];
  if (check !== 'TODOS') where.push(`p.requester_check = ${p.add(check)}`);
  const scope = scopeConditions(def, principal, p);
  if (query.q) {
    const like = `f_unaccent(${p.add(`%${escapeLike(query.q)}%`)})`;
    where.push(`(f_unaccent(p.description) ILIKE ${like} OR f_unaccent(coalesce(p.document_number, '')) ILIKE ${like} OR f_unaccent(coalesce(s.legal_name, '')) ILIKE ${like})`);
  }
  const from = `(SELECT * FROM payables${scope.length ? ` WHERE ${scope.join(' AND ')}` : ''}) p
    LEFT JOIN companies s ON s.id = p.supplier_id LEFT JOIN users cb ON cb.id = p.created_by`;
  const whereSql = `WHERE ${where.join(' AND ')}`;
  const totals = await q.query<{ n: number; amount: number | null }>(`SELECT count(*)::int AS n, sum(p.net_amount)::bigint AS amount FROM ${from} ${whereSql}`, p.values);
  const { rows } = await q.query<Row>(
    `SELECT p.id, p.version, p.description, p.document_number AS "documentNumber", p.supplier_id AS "supplierId", s.legal_name AS "supplierName",
            p.status, p.net_amount AS amount, p.installment_count AS "installmentCount", p.next_due_date AS "dueDate", p.issue_date AS "issueDate",
            p.requester_check AS "requesterCheck", p.requester_comment AS "requesterComment", p.created_by AS "createdBy", cb.name AS "createdByName",
            p.created_at AS "createdAt"
       FROM ${from} ${whereSql}
      ORDER BY p.next_due_date NULLS LAST, p.id
      LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`,
    p.values,
  );
  const headers = rows.map((r) => ({ ...r, id: String(r.id), requesterId: principal.userId }));
  return { rows: await withHeaderActions(q, engine, rows, headers, principal), total: totals.rows[0].n, amount: Number(totals.rows[0].amount ?? 0) };
}

/**
 * The requester's `confirm` / `contest` of each row's lançamento (allowed.ts), so the buttons show only what
 * can succeed and say why not.
 */
async function withHeaderActions(q: Queryable, engine: Engine, rows: Row[], headers: ActionRecord[], principal: Principal) {
  const provider = engine.actions?.get('payables');
  const verdicts = provider ? await provider.evaluate({ q, principal, records: headers }) : new Map<string, RecordActions>();
  return rows.map((r, i) => {
    const all = verdicts.get(headers[i].id) ?? {};
    return { ...r, amount: Number(r.amount), actions: { confirm: all.confirm, contest: all.contest } };
  });
}

/** Requester queue by parcela: the parcelas of those lançamentos (actions act on the lançamento). */
export async function requesterInstallments(q: Queryable, engine: Engine, check: RequesterFilter, query: QueueQuery, principal: Principal): Promise<Page<Row>> {
  const p = new Params();
  const from = `${scopedInstallments(engine, principal, p, ['RASCUNHO', 'ABERTO'])}
    JOIN payables p ON p.id = i.payable_id AND p.deleted_at IS NULL
    LEFT JOIN companies s ON s.id = i.supplier_id
    LEFT JOIN users au ON au.id = i.authorized_by
    LEFT JOIN users cb ON cb.id = p.created_by`;
  const where = [`p.requester_id = ${p.add(principal.userId, 'uuid')}`, ...filters(query, p)];
  if (check !== 'TODOS') where.push(`p.requester_check = ${p.add(check)}`);
  const whereSql = `WHERE ${where.join(' AND ')}`;
  const totals = await q.query<{ n: number; amount: number | null }>(`SELECT count(*)::int AS n, sum(i.amount)::bigint AS amount FROM ${from} ${whereSql}`, p.values);
  const { rows } = await q.query<Row>(
    `SELECT ${INSTALLMENT_COLUMNS}, p.version AS "payableVersion", cb.name AS "createdByName" FROM ${from} ${whereSql} ORDER BY i.due_date, i.label, i.id LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`,
    p.values,
  );
  const headers = rows.map((r) => ({
    id: String(r.payableId), status: r.payableStatus, requesterId: r.requesterId, requesterCheck: r.requesterCheck, requesterComment: r.requesterComment, createdBy: r.createdBy,
  }));
  return { rows: await withHeaderActions(q, engine, rows, headers, principal), total: totals.rows[0].n, amount: Number(totals.rows[0].amount ?? 0) };
}

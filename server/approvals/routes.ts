import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, HttpError, notFound } from '../lib/errors.ts';
import { isUuid } from '../resources/coerce.ts';
import { guard, idParam, principalOf } from '../resources/http.ts';
import { APPROVAL_MESSAGES } from '../../src/i18n/approvals.ts';
import { checkDecisionBody, decide, type DecideResult } from './engine.ts';
import { listRequests, queueSummaries, requestDetail } from './queries.ts';

const RESOURCE = 'approval-requests';
const STATUSES = ['PENDENTE', 'APROVADO', 'REJEITADO', 'CANCELADO'];
/** Most requests one bulk call decides (each in its own transaction). */
export const BULK_MAX = 100;

type Raw = Record<string, unknown>;

interface ListParams {
  page: number;
  pageSize: number;
  /** Absent: every status. */
  statuses?: string[];
  stageId?: string;
}

/**
 * A list's query: `page` (≥ 1), `pageSize` (1–200, default 50), `status` (default `PENDENTE`, repeatable, or
 * `TODAS`) and `stageId`; every bad parameter is reported at once, in pt-BR, under its name.
 */
function listParams(query: Raw): ListParams {
  const num = (v: unknown, d: number) => (v === undefined || v === '' ? d : Number(v));
  const page = num(query.page, 1);
  const pageSize = num(query.pageSize, 50);
  const errors: Record<string, string[]> = {};
  if (!Number.isInteger(page) || page < 1) errors.page = ['Informe uma página a partir de 1.'];
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 200) errors.pageSize = ['Informe de 1 a 200 itens por página.'];
  const raw = query.status === undefined ? ['PENDENTE'] : ([] as unknown[]).concat(query.status).map(String);
  if (raw.some((s) => s !== 'TODAS' && !STATUSES.includes(s))) errors.status = ['Escolha uma das opções.'];
  const stageId = query.stageId === undefined || query.stageId === '' ? undefined : String(query.stageId);
  if (stageId !== undefined && !isUuid(stageId)) errors.stageId = ['Identificador inválido.'];
  if (Object.keys(errors).length) throw badRequest(errors, 'Os parâmetros da lista são inválidos.');
  return { page, pageSize, statuses: raw.includes('TODAS') ? undefined : raw, stageId: stageId?.toLowerCase() };
}

function uuidParam(req: FastifyRequest, name: string): string {
  const v = String((req.params as Raw)[name] ?? '');
  if (!isUuid(v)) throw notFound();
  return v.toLowerCase();
}

function unknownFields(body: Raw, allowed: readonly string[]): Record<string, string[]> {
  return Object.fromEntries(Object.keys(body).filter((k) => !allowed.includes(k)).map((k) => [k, ['Campo não permitido.']]));
}

const asBody = (body: unknown): Raw => {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest({ $: ['Deve ser um objeto.'] });
  return body as Raw;
};

/**
 * `/api/approvals/v1`: the approval queues as their approvers work them (server/approvals/README.md). Reads need
 * `read` on `approval-requests`, decisions `approve` (403 otherwise) plus being an approver of the stage (checked
 * by the engine); requests outside the caller's record scope do not exist (404).
 */
export default async function approvalRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const counts = () => app.resources.counts;

  const decided = (result: DecideResult) => {
    // The engine wrote these tables (and the target moved its record): their list totals are stale.
    for (const r of [RESOURCE, 'approval-decisions', result.request.resourceName]) counts().invalidate(r);
  };

  app.get('/queues', guard(app, RESOURCE, 'read'), async (req) => queueSummaries(db, principalOf(req)));

  app.get('/queues/:approvalId', guard(app, RESOURCE, 'read'), async (req) => {
    const [queue] = await queueSummaries(db, principalOf(req), uuidParam(req, 'approvalId'));
    if (!queue) throw notFound();
    return queue;
  });

  app.get('/queues/:approvalId/requests', guard(app, RESOURCE, 'read'), async (req, reply) => {
    const approvalId = uuidParam(req, 'approvalId');
    const params = listParams(req.query as Raw);
    const [queue] = await queueSummaries(db, principalOf(req), approvalId);
    if (!queue) throw notFound();
    const { items, total } = await listRequests(db, principalOf(req), { approvalId, ...params });
    reply.header('x-total-count', String(total));
    return items;
  });

  app.get('/approval-requests/pending', guard(app, RESOURCE, 'read'), async (req, reply) => {
    const { page, pageSize } = listParams({ ...(req.query as Raw), status: undefined, stageId: undefined });
    const { items, total } = await listRequests(db, principalOf(req), { waitingForMe: true, statuses: ['PENDENTE'], page, pageSize });
    reply.header('x-total-count', String(total));
    return items;
  });

  app.get('/approval-requests/:id/decisions', guard(app, RESOURCE, 'read'), async (req) => {
    const detail = await requestDetail(db, principalOf(req), idParam(req));
    if (!detail) throw notFound();
    return detail;
  });

  async function decideOne(req: FastifyRequest, requestId: string, body: Raw): Promise<DecideResult> {
    const principal = principalOf(req);
    const result = await db.tx((q) =>
      decide(q, {
        requestId,
        stageId: String(body.stageId),
        actor: principal,
        decision: body.decision as 'APROVAR' | 'REJEITAR',
        comment: body.comment as string | null | undefined,
        actingForId: (body.actingForId as string | null | undefined) ?? null,
        scope: principal,
      }),
    );
    decided(result);
    req.log.info({ approvalRequest: requestId, decision: body.decision, outcome: result.outcome }, 'decisão de aprovação');
    return result;
  }

  /** One decision: `{ stageId, decision: APROVAR | REJEITAR, comment (required to reject), actingForId? }`. */
  app.post('/approval-requests/:id/decisions', guard(app, RESOURCE, 'approve'), async (req, reply: FastifyReply) => {
    const id = idParam(req);
    const body = asBody(req.body);
    const errors = unknownFields(body, ['stageId', 'decision', 'comment', 'actingForId']);
    if (typeof body.stageId !== 'string' || !isUuid(body.stageId)) errors.stageId = ['Campo obrigatório.'];
    if (body.actingForId !== undefined && body.actingForId !== null && (typeof body.actingForId !== 'string' || !isUuid(body.actingForId))) errors.actingForId = ['Identificador inválido.'];
    if (Object.keys(errors).length) throw badRequest(errors);
    const result = await decideOne(req, id, body);
    const { items } = await listRequests(db, principalOf(req), { ids: [id], page: 1, pageSize: 1 });
    return reply.code(201).send({ request: items[0], decision: result.decision, outcome: result.outcome });
  });

  /**
   * Several at once (the stage page's "Aprovar selecionadas"): `{ decision, comment?, items: [{ requestId, stageId }] }`.
   * Each item is its own transaction, so one refusal does not undo the others; the answer says how each went.
   */
  app.post('/approval-requests/decisions', guard(app, RESOURCE, 'approve'), async (req) => {
    const body = asBody(req.body);
    const errors = unknownFields(body, ['decision', 'comment', 'items']);
    const items = body.items;
    if (!Array.isArray(items) || !items.length) errors.items = ['Informe pelo menos 1 item.'];
    else if (items.length > BULK_MAX) errors.items = [APPROVAL_MESSAGES.bulkLimit(BULK_MAX)];
    else {
      items.forEach((it, i) => {
        const ok = it && typeof it === 'object' && isUuid(String((it as Raw).requestId)) && isUuid(String((it as Raw).stageId)) && Object.keys(it as Raw).length === 2;
        if (!ok) errors[`items.${i}`] = ['Informe requestId e stageId.'];
      });
    }
    if (Object.keys(errors).length) throw badRequest(errors);
    checkDecisionBody(body.decision, body.comment);
    const results = [];
    for (const it of items as { requestId: string; stageId: string }[]) {
      try {
        const r = await decideOne(req, it.requestId.toLowerCase(), { stageId: it.stageId, decision: body.decision, comment: body.comment });
        results.push({ requestId: it.requestId, ok: true, status: r.request.status, outcome: r.outcome });
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        results.push({ requestId: it.requestId, ok: false, statusCode: err.statusCode, code: err.code, message: err.message });
      }
    }
    return { results };
  });
}

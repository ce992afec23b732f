import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/index.ts';
import { badRequest, HttpError, notFound } from '../lib/errors.ts';
import type { Principal } from '../lib/principal.ts';
import { guard, principalOf } from '../resources/http.ts';
import { LEDGER_MESSAGES } from './messages.ts';

/**
 * Fechamento de período: a closed month of an organization refuses every entry dated in it (here with a
 * 409 in pt-BR, and by the database's trigger as the last line). Closing and reopening need the
 * `ledger-closings` permission and the organization in the caller's record scope.
 */

export const LEDGER_CLOSINGS = 'ledger-closings';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

function inScope(principal: Principal, organizationId: string): boolean {
  const orgs = principal.recordScope.organizationIds;
  return orgs === 'all' || orgs.includes(organizationId);
}

export async function listClosings(q: Queryable, principal: Principal) {
  const orgs = principal.recordScope.organizationIds;
  const { rows } = await q.query<{ organizationId: string; month: string; closedAt: string; closedBy: string | null }>(
    `SELECT organization_id AS "organizationId", to_char(month, 'YYYY-MM') AS month, closed_at AS "closedAt", closed_by AS "closedBy"
       FROM ledger_closings ${orgs === 'all' ? '' : 'WHERE organization_id = ANY($1::uuid[])'} ORDER BY month DESC, organization_id`,
    orgs === 'all' ? [] : [orgs],
  );
  return rows;
}

function parse(body: unknown): { organizationId: string; month: string } {
  const b = (body ?? {}) as Record<string, unknown>;
  const errors: Record<string, string[]> = {};
  const organizationId = typeof b.organizationId === 'string' ? b.organizationId.toLowerCase() : '';
  const month = typeof b.month === 'string' ? b.month : '';
  if (!/^[0-9a-f-]{36}$/.test(organizationId)) errors.organizationId = ['Informe a organização.'];
  if (!MONTH.test(month)) errors.month = [LEDGER_MESSAGES.closeInvalidMonth];
  const extra = Object.keys(b).filter((k) => k !== 'organizationId' && k !== 'month');
  for (const k of extra) errors[k] = ['Campo desconhecido.'];
  if (Object.keys(errors).length) throw badRequest(errors);
  return { organizationId, month };
}

export default async function closingRoutes(app: FastifyInstance): Promise<void> {
  app.get('/ledger-closings', guard(app, LEDGER_CLOSINGS, 'read'), async (req) => listClosings(app.db, principalOf(req)));
  app.post('/ledger-closings', guard(app, LEDGER_CLOSINGS, 'create'), async (req, reply) => {
    const { organizationId, month } = parse(req.body);
    const principal = principalOf(req);
    if (!inScope(principal, organizationId)) throw notFound();
    const { rows } = await app.db.query<{ month: string }>(
      `INSERT INTO ledger_closings (organization_id, month, closed_by) VALUES ($1::uuid, $2::date, $3::uuid)
       ON CONFLICT DO NOTHING RETURNING to_char(month, 'YYYY-MM') AS month`,
      [organizationId, `${month}-01`, principal.userId],
    );
    if (!rows[0]) throw new HttpError(409, 'ALREADY_CLOSED', LEDGER_MESSAGES.alreadyClosed(`${month}-01`));
    return reply.code(201).send({ organizationId, month });
  });
  app.delete('/ledger-closings/:organizationId/:month', guard(app, LEDGER_CLOSINGS, 'delete'), async (req, reply) => {
    const { organizationId, month } = parse(req.params);
    if (!inScope(principalOf(req), organizationId)) throw notFound();
    const { rows } = await app.db.query('DELETE FROM ledger_closings WHERE organization_id = $1::uuid AND month = $2::date RETURNING month', [organizationId, `${month}-01`]);
    if (!rows[0]) throw new HttpError(409, 'NOT_CLOSED', LEDGER_MESSAGES.notClosed(`${month}-01`));
    return reply.code(204).send();
  });
}

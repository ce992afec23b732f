import type { FastifyInstance } from 'fastify';
import { can } from '../../src/engine/access.ts';
import { statusDescriptor } from '../../src/i18n/status.ts';
import type { Queryable } from '../db/index.ts';
import { badRequest, conflict, HttpError, notFound } from '../lib/errors.ts';
import type { Principal } from '../lib/principal.ts';
import { validatorCompiler } from '../lib/validation.ts';

/** Per-view list state: search, filters `{ field, operator, value }`, sort terms, page size, visible columns. */
const scalar = { type: ['string', 'number', 'boolean'] } as const;
const stateSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    q: { type: 'string', maxLength: 200 },
    filters: {
      type: 'array',
      maxItems: 50,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['field', 'operator', 'value'],
        properties: {
          field: { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9]*$', maxLength: 64 },
          operator: { type: 'string', enum: ['eq', 'ne', 'in', 'gte', 'lte', 'contains', 'between'] },
          value: { anyOf: [scalar, { type: 'array', maxItems: 1000, items: scalar }] },
        },
      },
    },
    sort: {
      type: 'array',
      maxItems: 10,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['field', 'order'],
        properties: { field: { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9]*$', maxLength: 64 }, order: { type: 'string', enum: ['asc', 'desc'] } },
      },
    },
    pageSize: { type: 'integer', enum: [10, 25, 50, 100, 1000] },
    columns: { type: 'array', maxItems: 100, items: { type: 'string', pattern: '^[a-zA-Z][a-zA-Z0-9]*$', maxLength: 64 } },
  },
} as const;

const name = { type: 'string', minLength: 1, maxLength: 80, pattern: '\\S' } as const;
const resource = { type: 'string', pattern: '^[a-z][a-z0-9-]*$', maxLength: 80 } as const;
const createBody = { type: 'object', additionalProperties: false, required: ['resource', 'name', 'state'], properties: { resource, name, state: stateSchema, shared: { type: 'boolean' } } } as const;
const updateBody = { type: 'object', additionalProperties: false, minProperties: 1, properties: { name, state: stateSchema, shared: { type: 'boolean' } } } as const;
const listQuery = { type: 'object', required: ['resource'], properties: { resource } } as const;
const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' } } } as const;

interface ViewRow {
  id: string;
  user_id: string;
  owner_name: string | null;
  resource: string;
  name: string;
  state: unknown;
  shared: boolean;
  created_at: Date;
  updated_at: Date;
}

const SELECT = `SELECT v.id, v.user_id, u.name AS owner_name, v.resource, v.name, v.state, v.shared, v.created_at, v.updated_at
  FROM saved_views v LEFT JOIN users u ON u.id = v.user_id`;

function toDto(r: ViewRow, userId: string) {
  return {
    id: r.id,
    resource: r.resource,
    name: r.name,
    state: r.state,
    shared: r.shared,
    owner: { id: r.user_id, name: r.owner_name },
    mine: r.user_id === userId,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

const forbidden = () => new HttpError(403, 'FORBIDDEN', statusDescriptor(403).message);
const duplicate = () => conflict('Você já tem uma visão com este nome nesta lista.', 'UNIQUE');

/** Views of a resource need its read scope: the same people who can open the list. */
function assertCanRead(p: Principal, res: string): void {
  if (!can(p, p.permissions, res, 'read')) throw forbidden();
}

/** A view the caller may see (their own, or shared on a resource they can read); 404 otherwise. */
async function visibleView(q: Queryable, p: Principal, id: string): Promise<ViewRow> {
  const row = (await q.query<ViewRow>(`${SELECT} WHERE v.id = $1`, [id])).rows[0];
  if (!row || (row.user_id !== p.userId && !(row.shared && can(p, p.permissions, row.resource, 'read')))) throw notFound();
  return row;
}

async function ownView(q: Queryable, p: Principal, id: string): Promise<ViewRow> {
  const row = await visibleView(q, p, id);
  if (row.user_id !== p.userId) throw new HttpError(403, 'FORBIDDEN', 'Só quem criou a visão pode alterá-la ou excluí-la.');
  return row;
}

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

/**
 * `/api/commons/v1/saved-views`: named list views (search, filters, sort, page size, columns) per user;
 * shared ones are readable by everyone with read scope on the resource. Only the owner edits or deletes.
 */
export default async function savedViewRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  app.setValidatorCompiler(validatorCompiler);
  app.addHook('onRequest', app.authenticate);
  const principal = (req: { principal: Principal | null }) => req.principal as Principal;

  app.get('/saved-views', { schema: { querystring: listQuery } }, async (req) => {
    const p = principal(req);
    const res = (req.query as { resource: string }).resource;
    assertCanRead(p, res);
    const { rows } = await db.query<ViewRow>(`${SELECT} WHERE v.resource = $1 AND (v.user_id = $2 OR v.shared) ORDER BY v.user_id = $2 DESC, lower(v.name)`, [res, p.userId]);
    return rows.map((r) => toDto(r, p.userId));
  });

  app.get('/saved-views/:id', { schema: { params: idParams } }, async (req) => {
    const p = principal(req);
    return toDto(await visibleView(db, p, (req.params as { id: string }).id), p.userId);
  });

  app.post('/saved-views', { schema: { body: createBody } }, async (req, reply) => {
    const p = principal(req);
    const body = req.body as { resource: string; name: string; state: unknown; shared?: boolean };
    assertCanRead(p, body.resource);
    try {
      const { rows } = await db.query<{ id: string }>(
        'INSERT INTO saved_views (user_id, resource, name, state, shared) VALUES ($1, $2, $3, $4::jsonb, $5) RETURNING id',
        [p.userId, body.resource, body.name.trim(), JSON.stringify(body.state), body.shared ?? false],
      );
      reply.code(201);
      return toDto(await visibleView(db, p, rows[0].id), p.userId);
    } catch (err) {
      throw isUniqueViolation(err) ? duplicate() : err;
    }
  });

  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/saved-views/:id',
      schema: { params: idParams, body: updateBody },
      handler: async (req) => {
        const p = principal(req);
        const id = (req.params as { id: string }).id;
        const body = req.body as { name?: string; state?: unknown; shared?: boolean };
        if (body.name !== undefined && !body.name.trim()) throw badRequest({ name: ['Campo obrigatório.'] });
        await ownView(db, p, id);
        try {
          await db.query(
            `UPDATE saved_views SET name = COALESCE($2, name), state = COALESCE($3::jsonb, state), shared = COALESCE($4, shared), updated_at = now() WHERE id = $1`,
            [id, body.name?.trim() ?? null, body.state === undefined ? null : JSON.stringify(body.state), body.shared ?? null],
          );
        } catch (err) {
          throw isUniqueViolation(err) ? duplicate() : err;
        }
        return toDto(await visibleView(db, p, id), p.userId);
      },
    });
  }

  app.delete('/saved-views/:id', { schema: { params: idParams } }, async (req, reply) => {
    const p = principal(req);
    const id = (req.params as { id: string }).id;
    await ownView(db, p, id);
    await db.query('DELETE FROM saved_views WHERE id = $1', [id]);
    return reply.code(204).send();
  });
}

import type { FastifyInstance } from 'fastify';
import { notFound } from '../lib/errors.ts';
import { etagOf, guard, idParam, ifMatch, principalOf } from './http.ts';
import { linkHeader } from './link.ts';
import { lookupQuery, lookupRow, readOrLookup } from './lookup.ts';
import { parseListQuery } from './list-query.ts';
import { getRecord, listRecords } from './repository.ts';
import type { ResourceDef } from './types.ts';
import { createRecord, deleteRecord, updateRecord, type Engine } from './writes.ts';

type Raw = Record<string, unknown>;

/** The CRUD endpoints of one resource (architecture §5) under `def.basePath`. */
export function registerCrudRoutes(app: FastifyInstance, engine: Engine, def: ResourceDef): void {
  const base = def.basePath;

  app.get(base, readOrLookup(app, engine.registry, def), async (req, reply) => {
    const query = parseListQuery(def, req.lookupOnly ? lookupQuery(req.query as Raw) : (req.query as Raw));
    const { rows, total } = await listRecords(engine.db, engine.counts, def, query, principalOf(req));
    reply.header('x-total-count', String(total));
    reply.header('link', linkHeader(req.url, query.page, query.pageSize, total));
    return req.lookupOnly ? rows.map((r) => lookupRow(def, r)) : rows;
  });

  app.get(`${base}/:id`, guard(app, def.name, 'read'), async (req, reply) => {
    const row = await getRecord(engine.db, def, idParam(req), principalOf(req));
    if (!row) throw notFound();
    const etag = etagOf(row.version);
    reply.header('etag', etag);
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    return row;
  });

  app.post(base, guard(app, def.name, 'create'), async (req, reply) => {
    const row = await createRecord(engine, def, req.body, principalOf(req));
    reply.code(201).header('location', `${base}/${row.id}`).header('etag', etagOf(row.version));
    return row;
  });

  for (const [method, mode] of [['PUT', 'replace'], ['PATCH', 'patch']] as const) {
    app.route({
      method,
      url: `${base}/:id`,
      ...guard(app, def.name, 'update'),
      handler: async (req, reply) => {
        const id = idParam(req);
        const row = await updateRecord(engine, def, id, ifMatch(req, true), req.body, mode, principalOf(req));
        reply.header('etag', etagOf(row.version));
        return row;
      },
    });
  }

  app.delete(`${base}/:id`, guard(app, def.name, 'delete'), async (req, reply) => {
    await deleteRecord(engine, def, idParam(req), ifMatch(req, false), principalOf(req));
    return reply.code(204).send();
  });
}

import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../lib/errors.ts';
import { isUuid } from './coerce.ts';
import { etagOf, guard, idParam, ifMatch, principalOf } from './http.ts';
import { linkHeader } from './link.ts';
import { lookupQuery, lookupRow, readOrLookup } from './lookup.ts';
import { parseListQuery } from './list-query.ts';
import { refFilterConditions, refOfFilter } from './ref-filter.ts';
import { getRecord, listRecords } from './repository.ts';
import type { ResourceDef, ResourceRecord } from './types.ts';
import { BULK_UPDATE_MAX, bulkUpdateRecords, createRecord, deleteRecord, updateRecord, type Engine } from './writes.ts';

type Raw = Record<string, unknown>;

/**
 * The JSON of a page of rows, kept as long as the rows themselves: a page served from the page cache (D86) is one
 * shared array, so every caller after the first gets the text already written (serializing was a sixth of the
 * list's CPU under load). Rows are never mutated once loaded (page-cache.ts), so the text cannot go stale.
 */
const serialized = new WeakMap<readonly ResourceRecord[], string>();
function jsonOf(rows: readonly ResourceRecord[]): string {
  let json = serialized.get(rows);
  if (json === undefined) {
    json = JSON.stringify(rows);
    serialized.set(rows, json);
  }
  return json;
}

/** The CRUD endpoints of one resource (architecture §5) under `def.basePath`. */
export function registerCrudRoutes(app: FastifyInstance, engine: Engine, def: ResourceDef): void {
  const base = def.basePath;

  app.get(base, readOrLookup(app, engine.registry, def), async (req, reply) => {
    const query = parseListQuery(def, req.lookupOnly ? lookupQuery(req.query as Raw) : (req.query as Raw));
    // A picker's `x-ref-filter` (`refOf=purchase-orders.supplierId`): only the records that field may hold.
    const refFilter = refOfFilter(engine.registry, def, (req.query as Raw).refOf);
    if (refFilter) query.where = (p) => refFilterConditions(engine.registry, def, refFilter, p);
    const { rows, total } = await listRecords(engine.db, engine.counts, def, query, principalOf(req), engine.pages);
    reply.header('x-total-count', String(total));
    reply.header('link', linkHeader(req.url, query.page, query.pageSize, total));
    if (req.lookupOnly) return rows.map((r) => lookupRow(def, r, engine.registry));
    return reply.type('application/json; charset=utf-8').send(jsonOf(rows));
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

  // A list's bulk edit: `{ items: [{ id, version }], set: { field: value } }`, all or nothing (writes.ts).
  app.post(`${base}/bulk-update`, guard(app, def.name, 'update'), async (req) => {
    const body = (req.body ?? {}) as Raw;
    const items = body.items;
    const errors: Record<string, string[]> = {};
    for (const k of Object.keys(body)) if (k !== 'items' && k !== 'set') errors[k] = ['Campo não permitido.'];
    if (!Array.isArray(items) || !items.length) errors.items = ['Selecione ao menos um registro.'];
    else if (items.length > BULK_UPDATE_MAX) errors.items = [`Selecione no máximo ${BULK_UPDATE_MAX} registros por vez.`];
    else if (items.some((i) => !i || typeof i !== 'object' || !isUuid(String((i as Raw).id)) || !Number.isInteger((i as Raw).version))) errors.items = ['Informe id e versão de cada registro.'];
    else if (new Set(items.map((i) => String((i as Raw).id).toLowerCase())).size !== items.length) errors.items = ['O mesmo registro foi enviado mais de uma vez.'];
    if (!body.set || typeof body.set !== 'object' || Array.isArray(body.set)) errors.set = ['Informe os campos a alterar.'];
    if (Object.keys(errors).length) throw badRequest(errors);
    const list = (items as Raw[]).map((i) => ({ id: String(i.id).toLowerCase(), version: Number(i.version) }));
    const rows = await bulkUpdateRecords(engine, def, list, body.set, principalOf(req));
    return { updated: rows.length, records: rows };
  });

  app.delete(`${base}/:id`, guard(app, def.name, 'delete'), async (req, reply) => {
    await deleteRecord(engine, def, idParam(req), ifMatch(req, false), principalOf(req));
    return reply.code(204).send();
  });
}

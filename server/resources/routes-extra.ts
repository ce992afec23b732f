import type { FastifyInstance } from 'fastify';
import { can } from '../../src/engine/access.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import { historyOf } from './audit.ts';
import { isUuid } from './coerce.ts';
import { exportRecords } from './export.ts';
import { guard, idParam, principalOf } from './http.ts';
import { asList, MAX_IN_VALUES } from './list-query.ts';
import { readOrLookup } from './lookup.ts';
import { recordActionsOf, type RecordActions } from './record-actions.ts';
import { getRecord, labelsOf, visibleIds, visibleRows } from './repository.ts';
import type { ResourceDef } from './types.ts';
import type { Engine } from './writes.ts';

const SCOPES = ['create', 'read', 'update', 'delete', 'export'] as const;

/** `?id=a&id=b` → distinct lower-case uuids, 400 when one is not a uuid or there are too many. */
function idList(raw: unknown): string[] {
  const ids = raw === undefined ? [] : asList(raw);
  if (ids.length > MAX_IN_VALUES) throw badRequest({ id: [`Informe no máximo ${MAX_IN_VALUES} identificadores.`] });
  if (ids.some((v) => typeof v !== 'string' || !isUuid(v))) throw badRequest({ id: ['Identificador inválido.'] });
  return [...new Set((ids as string[]).map((v) => v.toLowerCase()))];
}

/** Labels, permissions in bulk, history and export of one resource (registered before `/:id`). */
export function registerExtraRoutes(app: FastifyInstance, engine: Engine, def: ResourceDef): void {
  const base = def.basePath;

  // Reference widgets and cells resolve many ids in one call: [{ id, label }] of the visible ones.
  app.get(`${base}/labels`, readOrLookup(app, engine.registry, def, 'show'), async (req) => {
    return labelsOf(engine.db, def, idList((req.query as { id?: unknown }).id), principalOf(req));
  });

  // What the caller may do, on the resource and on each listed record, in one call (never one per row).
  app.get(`${base}/permissions`, { onRequest: app.authenticate }, async (req) => {
    const principal = principalOf(req);
    const scopes = Object.fromEntries(SCOPES.map((s) => [s, can(principal, principal.permissions, def.name, s)])) as Record<
      (typeof SCOPES)[number],
      boolean
    >;
    const ids = idList((req.query as { id?: unknown }).id);
    // A resource with workflow actions answers, per record, which of them the caller may take now (§12).
    const provider = engine.actions?.get(def.name);
    let visible: Set<string>;
    let actions: Map<string, RecordActions> | undefined;
    if (!scopes.read) visible = new Set();
    else if (!provider) visible = await visibleIds(engine.db, def, ids, principal);
    else {
      const rows = await visibleRows(engine.db, def, ids, principal);
      visible = new Set(rows.map((r) => r.id));
      actions = await recordActionsOf(engine.actions!, def.name, { q: engine.db, principal, records: rows });
    }
    const records = ids.map((id) => {
      const seen = visible.has(id);
      const rights = { id, read: seen, update: seen && scopes.update, delete: seen && scopes.delete };
      return actions && seen ? { ...rights, actions: actions.get(id) ?? {} } : rights;
    });
    return { resource: def.name, scopes, ...(provider ? { actions: provider.keys } : {}), records };
  });

  // The audit trail, with the read scope; a deleted record keeps its history readable.
  app.get(`${base}/:id/history`, guard(app, def.name, 'read'), async (req) => {
    const id = idParam(req);
    const row = await getRecord(engine.db, def, id, principalOf(req), { includeDeleted: true });
    if (!row) throw notFound();
    return historyOf(engine.db, def.name, id);
  });

  app.get(`${base}/export`, guard(app, def.name, 'export'), async (req, reply) => {
    return exportRecords(engine, def, req.query as Record<string, unknown>, principalOf(req), reply);
  });
}

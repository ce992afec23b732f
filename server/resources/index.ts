import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/index.ts';
import { jsonBodyParser } from '../plugins/input-hygiene.ts';
import { CountCache } from './count-cache.ts';
import { PageCache } from './page-cache.ts';
import { registerDocsRoutes } from './docs-routes.ts';
import { loadRegistry, type Registry } from './registry.ts';
import { registerExtraRoutes } from './routes-extra.ts';
import { registerCrudRoutes } from './routes.ts';
import { syncResources } from './sync.ts';
import type { Engine } from './writes.ts';

export type { Engine } from './writes.ts';
export type { ResourceHooks, WriteContext } from './hooks.ts';
export type { Registry } from './registry.ts';
export type { RecordActionProvider, ActionContext } from './record-actions.ts';
export { createRecord, updateRecord, deleteRecord } from './writes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The generic resource engine: registry of schemas, database, count cache (for plugins' own routes). */
    resources: Engine;
  }
}

/**
 * Loads `schemas/` and brings the database up to it (tables, columns, indexes). `main.ts` and the test
 * setup call it after the migrations and before the seeds, so seeds can fill resource tables.
 */
export async function loadAndSyncResources(db: Db, schemasDir: string): Promise<{ registry: Registry; applied: string[] }> {
  const registry = await loadRegistry(schemasDir);
  return { registry, applied: await syncResources(db, registry) };
}

async function resourcesPlugin(app: FastifyInstance): Promise<void> {
  // Idempotent: a no-op (three catalogue reads) when main.ts or the test setup already synced.
  const { registry, applied } = await loadAndSyncResources(app.db, app.config.schemasDir);
  if (applied.length) app.log.info({ statements: applied.length }, 'schema sync aplicado');
  const engine: Engine = { db: app.db, registry, counts: new CountCache(), hooks: new Map(), actions: new Map() };
  await watchTables(app, engine);
  app.decorate('resources', engine);
  await app.register(async (scope) => {
    // RFC 7396 bodies are plain JSON to us; PATCH semantics are the same either way.
    scope.addContentTypeParser('application/merge-patch+json', { parseAs: 'buffer' }, jsonBodyParser);
    for (const def of registry.values()) {
      registerExtraRoutes(scope, engine, def);
      registerCrudRoutes(scope, engine, def);
    }
    registerDocsRoutes(scope, registry);
  });
}

/**
 * The list caches follow the database (D86): every committed write to a resource table is announced by its
 * trigger (`NOTIFY data_changes '<table>'`) and drops that resource's pages and totals on this instance; pages are
 * cached only while the announcements are heard, and a gap in them drops everything.
 */
async function watchTables(app: FastifyInstance, engine: Engine): Promise<void> {
  const byTable = new Map<string, string[]>();
  for (const def of engine.registry.values()) byTable.set(def.table, [...(byTable.get(def.table) ?? []), def.name]);
  let listening = (): boolean => false;
  const pages = new PageCache(() => listening());
  engine.pages = pages;
  engine.counts.onInvalidate = (resource) => pages.invalidate(resource);
  const sub = await app.db.listen(
    'data_changes',
    (table) => {
      for (const name of byTable.get(table) ?? []) engine.counts.invalidate(name);
    },
    () => {
      pages.clear();
      engine.counts.clear();
    },
  );
  listening = () => sub.listening;
  app.addHook('onClose', async () => sub.off());
}

/** Every resource of `schemas/` gets its API (server/resources/README.md). Needs the auth plugin. */
export default fp(resourcesPlugin, { name: 'resources', dependencies: ['auth'], fastify: '5.x' });

import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { openPglite } from '../../server/db/pglite.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import type { Db } from '../../server/db/index.ts';
import type { ServerConfig } from '../../server/config.ts';
import { buildApp } from '../../server/app.ts';
import { testConfig } from './config.ts';
import { withDatabase } from './global-setup.ts';

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  config: ServerConfig;
  /** The database's URL on PostgreSQL (another instance opens its own pool on it); undefined on PGlite. */
  databaseUrl?: string;
  close(): Promise<void>;
}

/** A fresh, migrated and seeded database of the run's kind (PGlite or PostgreSQL). */
export async function freshDb(): Promise<{ db: Db; url?: string; drop(): Promise<void> }> {
  if (process.env.TEST_DB !== 'postgres') {
    const snapshot = await readFile(inject('pgliteSnapshot'));
    const db = await openPglite({ loadDataDir: new Blob([snapshot]) });
    return { db, drop: () => db.close() };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const name = `bo_t_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
  const db = await openPostgres(withDatabase(url, name), 5);
  return {
    db,
    url: withDatabase(url, name),
    async drop() {
      await db.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Builds the API on a fresh database; call `close()` in `afterAll`. Use `app.inject` to call it. */
export async function createTestApp(overrides: Partial<ServerConfig> = {}): Promise<TestContext> {
  const { db, url, drop } = await freshDb();
  const config = testConfig(overrides);
  const app = await buildApp({ config, db, logger: false });
  await app.ready();
  return {
    app,
    db,
    config,
    databaseUrl: url,
    async close() {
      await app.close();
      await drop();
    },
  };
}

/**
 * Another API instance on the same database as `ctx`: its own pool of connections on PostgreSQL, the same
 * in-process database on PGlite (one process cannot open a PGlite folder twice). Close it before `ctx`.
 */
export async function secondInstance(ctx: TestContext): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const db = ctx.databaseUrl ? await openPostgres(ctx.databaseUrl, 5) : ctx.db;
  const app = await buildApp({ config: ctx.config, db, logger: false });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      if (db !== ctx.db) await db.close();
    },
  };
}

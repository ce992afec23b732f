import { mkdir, writeFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openPglite } from '../../server/db/pglite.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { migrate } from '../../server/db/index.ts';
import { runSeeds } from '../../server/seed/index.ts';
import { loadAndSyncResources } from '../../server/resources/index.ts';
import { testConfig } from './config.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    pgTemplate: string;
  }
}

/**
 * Migrates and seeds ONE database per run; every test file then starts from a copy of it
 * (a PGlite `dumpDataDir` snapshot, or a PostgreSQL `CREATE DATABASE … TEMPLATE`).
 */
export default async function setup(project: TestProject) {
  const kind = project.config.env?.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  const config = testConfig();
  if (kind === 'pglite') {
    const db = await openPglite();
    await migrate(db);
    await loadAndSyncResources(db, config.schemasDir);
    await runSeeds(db, config);
    // A checkpoint first: a snapshot taken after it opens without replaying the seed's WAL (~1 s less per file).
    await db.raw.exec('CHECKPOINT');
    const dump = await db.raw.dumpDataDir('none');
    await db.close();
    const file = path.resolve('.tmp', `pglite-snapshot-${process.pid}.tar`);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteSnapshot', file);
    project.provide('pgTemplate', '');
    return async () => rm(file, { force: true });
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL não definido para o projeto server-pg');
  const name = `bo_tpl_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const tplUrl = withDatabase(url, name);
  const db = await openPostgres(tplUrl, 2);
  await migrate(db);
  await loadAndSyncResources(db, config.schemasDir);
  await runSeeds(db, config);
  await db.close();
  project.provide('pgliteSnapshot', '');
  project.provide('pgTemplate', name);
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
}

export function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

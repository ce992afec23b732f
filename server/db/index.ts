import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import type { Db } from './types.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

export type { Db, Queryable, DbKind, NotifyChannel, Subscription } from './types.ts';
export { NOTIFY_CHANNELS } from './types.ts';
export { migrate } from './migrate.ts';
export { concurrencyError, CONCURRENT_UPDATE_MESSAGE } from './errors.ts';

/** `DATABASE_URL` set → PostgreSQL server; otherwise embedded PGlite in `dataDir/pgdata`. */
export async function openDb(opts: { databaseUrl?: string; dataDir: string }): Promise<Db> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  const dir = path.join(opts.dataDir, 'pgdata');
  await mkdir(dir, { recursive: true });
  return openPglite({ dataDir: dir });
}

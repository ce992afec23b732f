/**
 * What every bench shares: a scratch PostgreSQL database of its own (created, handed over, dropped whatever
 * happens) and the number formats of the tables it writes into docs/benchmarks.md.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** The same server and credentials, another database. */
export const withDatabase = (url: string, db: string) => Object.assign(new URL(url), { pathname: `/${db}` }).toString();

/**
 * Runs `fn` on a new database `<prefix>_<random>` of the server at `adminUrl`, dropped afterwards (FORCE: the app
 * the bench started may still hold connections).
 * @example await withScratchDatabase('bench_api', adminUrl, async (url, name) => measure(url));
 */
export async function withScratchDatabase<T>(prefix: string, adminUrl: string, fn: (url: string, name: string) => Promise<T>): Promise<T> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      return await fn(withDatabase(adminUrl, name), name);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}

/** Milliseconds as the tables print them: one decimal, comma (pt-BR). */
export const ms = (v: number) => v.toFixed(1).replace('.', ',');
export const verdict = (ok: boolean) => (ok ? 'cumprido' : '**não cumprido**');

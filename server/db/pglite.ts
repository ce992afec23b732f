import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { Db, Queryable, QueryResult } from './types.ts';
import { NotifyHub, TYPE_OIDS } from './types.ts';
import { SerialQueue } from './queue.ts';
import { concurrencyError } from './errors.ts';

const parsers = {
  [TYPE_OIDS.int8]: (v: string) => Number(v),
  [TYPE_OIDS.date]: (v: string) => v,
};

export interface PgliteOpenOptions {
  /** Folder of the data files; omit for an in-memory database. */
  dataDir?: string;
  /** A `dumpDataDir()` snapshot to start from (tests clone a migrated database this way). */
  loadDataDir?: Blob;
}

function wrap(q: { query: PGlite['query']; exec: PGlite['exec'] }): Queryable {
  return {
    async query<R>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
      const res = await q.query<R>(sql, params as unknown[]);
      return { rows: res.rows, rowCount: res.affectedRows ?? res.rows.length };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  };
}

export async function openPglite(opts: PgliteOpenOptions = {}): Promise<Db & { raw: PGlite }> {
  const pg = await PGlite.create({
    dataDir: opts.dataDir,
    loadDataDir: opts.loadDataDir,
    parsers,
    extensions: { pg_trgm, unaccent },
  });
  const queue = new SerialQueue();
  const direct = wrap(pg);
  const hub = new NotifyHub();
  return {
    kind: 'pglite',
    raw: pg,
    query: (sql, params) => queue.run(() => direct.query(sql, params)),
    exec: (sql) => queue.run(() => direct.exec(sql)),
    // PGlite runs one transaction at a time, so it never deadlocks; the mapping keeps both drivers alike.
    tx: (fn) =>
      queue.run(async () => {
        try {
          return await pg.transaction((t) => fn(wrap(t)));
        } catch (err) {
          throw concurrencyError(err);
        }
      }),
    // In-process: PGlite hands the notifications of a COMMIT to the listeners (queued microtasks) before the
    // statement's own promise settles, so a write's news is applied before the writer goes on. One LISTEN per channel.
    async listen(channel, onNotify, onGap) {
      const first = !hub.has(channel);
      const off = hub.add(channel, onNotify, onGap);
      if (first) await queue.run(() => pg.listen(channel, (payload) => hub.dispatch(channel, payload)));
      return off;
    },
    close: () => queue.run(() => pg.close()),
  };
}

import pg from 'pg';
import type { Db, Queryable, QueryResult } from './types.ts';
import { TYPE_OIDS } from './types.ts';
import { concurrencyError } from './errors.ts';

const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === TYPE_OIDS.int8) return (v: string) => Number(v);
    if (oid === TYPE_OIDS.date) return (v: string) => v;
    return pg.types.getTypeParser(oid, format);
  },
};

function wrap(c: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<R>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
      const res = await c.query({ text: sql, values: params as unknown[], types } as pg.QueryConfig);
      return { rows: res.rows as R[], rowCount: res.rowCount ?? res.rows.length };
    },
    async exec(sql: string) {
      await c.query({ text: sql, types } as pg.QueryConfig);
    },
  };
}

export async function openPostgres(url: string, max = 20): Promise<Db & { pool: pg.Pool }> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client whose connection drops (server restart, DROP DATABASE … FORCE after close) makes the pool
  // emit 'error'; unhandled, that kills the process. The pool already discards the client, the next query reconnects.
  pool.on('error', () => undefined);
  // Fail fast with a clear message when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  const direct = wrap(pool);
  return {
    kind: 'postgres',
    pool,
    query: direct.query,
    exec: direct.exec,
    async tx(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const out = await fn(wrap(client));
        await client.query('COMMIT');
        return out;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        // A deadlock or serialization failure (40P01/40001) is a 409 "try again", never a 500.
        throw concurrencyError(err);
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

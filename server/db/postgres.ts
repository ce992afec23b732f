import pg from 'pg';
import { createHash } from 'node:crypto';
import type { Db, Queryable, QueryOptions, QueryResult } from './types.ts';
import { NOTIFY_CHANNELS, NotifyHub, TYPE_OIDS } from './types.ts';
import { concurrencyError } from './errors.ts';

const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === TYPE_OIDS.int8) return (v: string) => Number(v);
    if (oid === TYPE_OIDS.date) return (v: string) => v;
    return pg.types.getTypeParser(oid, format);
  },
};

/** Distinct statement texts prepared by this process (each connection prepares a text on its first use). */
export const PREPARED_MAX = 500;
const preparedNames = new Map<string, string>();

/** The statement's name when it may be prepared: a hash of its text, so equal texts share one name. */
function statementName(sql: string): string | undefined {
  let name = preparedNames.get(sql);
  if (name === undefined && preparedNames.size < PREPARED_MAX) {
    name = `s_${createHash('sha256').update(sql).digest('base64url').slice(0, 24)}`;
    preparedNames.set(sql, name);
  }
  return name;
}

function wrap(c: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<R>(sql: string, params: readonly unknown[] = [], opts?: QueryOptions): Promise<QueryResult<R>> {
      const name = opts?.prepare ? statementName(sql) : undefined;
      const config = { text: sql, values: params as unknown[], types } as pg.QueryConfig;
      const res = await c.query(name ? { ...config, name } : config).catch((err: { code?: string }) => {
        // 0A000 "cached plan must not change result type": another instance altered the table (a deploy's schema
        // sync) under this connection's prepared statement. Outside a transaction the same text runs unprepared.
        if (name && err.code === '0A000' && !('release' in c)) return c.query(config);
        throw err;
      });
      return { rows: res.rows as R[], rowCount: res.rowCount ?? res.rows.length };
    },
    async exec(sql: string) {
      await c.query({ text: sql, types } as pg.QueryConfig);
    },
  };
}

/**
 * One connection outside the pool that only LISTENs (the pool closes idle connections, so it cannot be the one
 * that hears other instances). When it drops, `hub.gap()` tells the subscribers news may have been lost, and it
 * reconnects (0.1 s, doubling to 5 s), calling `gap()` again once it listens.
 */
function startListener(url: string, hub: NotifyHub): { first: Promise<void>; stop(): Promise<void> } {
  let client: pg.Client | null = null;
  let stopped = false;
  let delay = 100;
  let timer: NodeJS.Timeout | undefined;
  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    let lost = false;
    const onLost = () => {
      if (lost || stopped) return;
      lost = true;
      client = null;
      hub.gap(false);
      c.end().catch(() => undefined);
      timer = setTimeout(() => void connect(), delay);
      timer.unref();
      delay = Math.min(delay * 2, 5000);
    };
    c.on('notification', (n) => hub.dispatch(n.channel, n.payload ?? ''));
    c.on('error', onLost);
    c.on('end', onLost);
    try {
      await c.connect();
      for (const channel of NOTIFY_CHANNELS) await c.query(`LISTEN ${channel}`);
      if (stopped) return void (await c.end().catch(() => undefined));
      client = c;
      delay = 100;
      hub.gap(true); // anything committed while nobody listened was not heard
    } catch {
      onLost();
    }
  };
  hub.listening = false;
  const first = connect();
  return {
    first,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await client?.end().catch(() => undefined);
    },
  };
}

export async function openPostgres(url: string, max = 20): Promise<Db & { pool: pg.Pool }> {
  const hub = new NotifyHub();
  // Every pooled connection listens too: PostgreSQL sends a session its own notifications before the COMMIT's
  // ReadyForQuery, so this instance applies the news of its own writes before the writer goes on (D26).
  // `onConnect` runs before the pool hands the new connection to anyone.
  const onConnect = async (client: pg.ClientBase) => {
    client.on('notification', (n) => hub.dispatch(n.channel, n.payload ?? ''));
    for (const channel of NOTIFY_CHANNELS) await client.query(`LISTEN ${channel}`);
  };
  const pool = new pg.Pool({ connectionString: url, max, onConnect } as pg.PoolConfig);
  // An idle client whose connection drops (server restart, DROP DATABASE … FORCE after close) makes the pool
  // emit 'error'; unhandled, that kills the process. The pool already discards the client, the next query reconnects.
  pool.on('error', () => undefined);
  let listener: ReturnType<typeof startListener> | undefined;
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
    async listen(channel, onNotify, onGap) {
      const off = hub.add(channel, onNotify, onGap);
      listener ??= startListener(url, hub);
      await listener.first;
      return off;
    },
    async close() {
      await listener?.stop();
      await pool.end();
    },
  };
}

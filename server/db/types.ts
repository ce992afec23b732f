/** The one query layer the server uses, on PGlite and on a PostgreSQL server alike. */
export interface QueryResult<R> {
  rows: R[];
  rowCount: number;
}

export interface QueryOptions {
  /**
   * A statement the server runs again and again with other parameters (a list's page and count, a record by
   * id): on PostgreSQL it is prepared once per connection and reused (no parse/plan per call). Up to
   * PREPARED_MAX distinct texts per process; beyond that they run unprepared. Never for SQL with inlined values.
   */
  prepare?: boolean;
}

export interface Queryable {
  /** One parameterized statement ($1, $2…). */
  query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[], opts?: QueryOptions): Promise<QueryResult<R>>;
  /** Several statements without parameters (migrations, DDL). */
  exec(sql: string): Promise<void>;
}

export type DbKind = 'pglite' | 'postgres';

export interface Db extends Queryable {
  readonly kind: DbKind;
  /**
   * Runs `fn` in one transaction: commit when it resolves, rollback when it throws. A deadlock or
   * serialization failure (PostgreSQL 40P01/40001) is rethrown as a 409 `CONCURRENT_UPDATE` (`./errors.ts`).
   */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls `onNotify(payload)` for every `NOTIFY` on `channel` committed from now on, by this process or any
   * other on the same database. A notification may arrive more than once (on PostgreSQL every connection of the
   * pool listens, so a write's own news is handled before its COMMIT returns); handle it idempotently.
   * `onGap(false)`: the listening connection dropped, news may be missed from now on; `onGap(true)`: it listens
   * again (what was committed meanwhile was not heard). Resolves once listening (or after the first failed try).
   */
  listen(channel: NotifyChannel, onNotify: (payload: string) => void, onGap?: (listening: boolean) => void): Promise<Subscription>;
  close(): Promise<void>;
}

export interface Subscription {
  /** False while the connection that hears other processes is down. */
  readonly listening: boolean;
  off(): void;
}

/** Channels the server listens on (every pooled connection LISTENs on them when it opens). */
export const NOTIFY_CHANNELS = ['auth_changes', 'data_changes'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

/** A subscriber that throws must not break the connection that delivered the news, nor the other subscribers. */
function safely(fn: () => void): void {
  try {
    fn();
  } catch {
    // the subscriber's own problem; it keeps its own logs
  }
}

/** Fan-out of notifications to subscribers, shared by both drivers. */
export class NotifyHub {
  private readonly subs = new Map<string, Set<(payload: string) => void>>();
  private readonly gaps = new Set<(listening: boolean) => void>();
  /** Whether the listening connection is up (always, in process). */
  listening = true;

  add(channel: string, onNotify: (payload: string) => void, onGap?: (listening: boolean) => void): Subscription {
    const set = this.subs.get(channel) ?? new Set();
    this.subs.set(channel, set);
    set.add(onNotify);
    if (onGap) this.gaps.add(onGap);
    const listening = () => this.listening;
    return {
      get listening() {
        return listening();
      },
      off: () => {
        set.delete(onNotify);
        if (onGap) this.gaps.delete(onGap);
      },
    };
  }

  has(channel: string): boolean {
    return Boolean(this.subs.get(channel)?.size);
  }

  dispatch(channel: string, payload: string): void {
    for (const fn of this.subs.get(channel) ?? []) safely(() => fn(payload));
  }

  gap(listening: boolean): void {
    this.listening = listening;
    for (const fn of this.gaps) safely(() => fn(listening));
  }
}

/** OIDs whose parsing we fix so both drivers return the same JS values. */
export const TYPE_OIDS = { int8: 20, numeric: 1700, date: 1082 } as const;

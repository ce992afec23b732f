/** The one query layer the server uses, on PGlite and on a PostgreSQL server alike. */
export interface QueryResult<R> {
  rows: R[];
  rowCount: number;
}

export interface Queryable {
  /** One parameterized statement ($1, $2…). */
  query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<R>>;
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
  close(): Promise<void>;
}

/** OIDs whose parsing we fix so both drivers return the same JS values. */
export const TYPE_OIDS = { int8: 20, numeric: 1700, date: 1082 } as const;

import type { Db, Subscription } from '../../db/index.ts';
import { loadEffectiveAccess, type EffectiveAccess } from '../permissions.ts';
import type { Principal } from '../principal.ts';

/** The `users` columns a principal is made of (the migration 0020 trigger announces a change of any of them). */
export interface PrincipalUser {
  id: string;
  email: string;
  name: string;
  accessLevel: Principal['accessLevel'];
  organizationId: string | null;
  active: boolean;
}

export interface SessionEntry {
  userId: string;
  live: boolean;
}

export interface CachedPrincipal {
  user: PrincipalUser;
  access: EffectiveAccess;
}

export interface AuthStateOptions {
  /** Fallback poll of `auth_clock` (ms): catches news missed while the listening connection was down. */
  pollMs: number;
  /** Entries per map before the oldest go (sessions; users). */
  maxEntries?: number;
  onError?: (err: Error) => void;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What this API instance knows about sessions and principals, kept in memory so a request needs no query for
 * them (D25, D26). The database is the truth: every committed change to a session's end, a user's principal
 * columns or the access rules is announced by a trigger (`NOTIFY auth_changes '<n>:<kind>:<id>'`, migration
 * 0020) and drops the entries it touches, on every instance. Never stale after the commit:
 * - the writer's own instance hears the news before its COMMIT returns (server/db: PGlite in process, every
 *   pooled PostgreSQL connection LISTENs);
 * - a load that started before a change cannot store its older answer (the generation moved meanwhile);
 * - while the listening connection is down nothing is cached nor served from the cache, and everything is
 *   dropped when it is back; the poll of `auth_clock` drops everything when the database is ahead of what
 *   this instance heard.
 */
export class AuthState {
  private readonly sessions = new Map<string, SessionEntry>();
  private readonly principals = new Map<string, CachedPrincipal>();
  /** Moves on every invalidation: a load that started before it does not store its answer. */
  private generation = 0;
  /** Highest `auth_clock` value heard. */
  private heard = 0;
  private sub: Subscription | undefined;
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;
  private readonly max: number;

  constructor(
    private readonly db: Db,
    private readonly opts: AuthStateOptions,
  ) {
    this.max = opts.maxEntries ?? 50_000;
  }

  async start(): Promise<void> {
    this.sub = await this.db.listen('auth_changes', (payload) => this.apply(payload), () => this.clear());
    this.heard = Math.max(this.heard, await this.readClock());
    this.timer = setInterval(() => void this.poll(), this.opts.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.sub?.off();
    this.sub = undefined;
    await this.polling;
  }

  /** Whether entries may be served and stored: only while news is being heard. */
  private get caching(): boolean {
    return this.sub?.listening ?? false;
  }

  /** One notification: `<n>:s:<session>`, `<n>:u:<user>` or `<n>:a:` (access rules: every principal). */
  apply(payload: string): void {
    const [n, kind, ref] = payload.split(':');
    const count = Number(n) || 0;
    // Every pooled connection listens, so the same news comes once per connection: only the first copy counts
    // (the clock numbers changes in commit order; one already heard was applied, or dropped by the poll's clear).
    if (count > 0 && count <= this.heard) return;
    this.heard = Math.max(this.heard, count);
    this.generation++;
    if (kind === 's') this.sessions.delete(ref);
    else if (kind === 'u') this.principals.delete(ref);
    else this.principals.clear();
  }

  clear(): void {
    this.generation++;
    this.sessions.clear();
    this.principals.clear();
  }

  /** The fallback: when the database counted changes this instance did not hear, forget everything. */
  poll(): Promise<void> {
    this.polling ??= this.readClock()
      .then((n) => {
        if (n > this.heard) {
          this.heard = n;
          this.clear();
        }
      })
      .catch((err: Error) => this.opts.onError?.(err))
      .finally(() => {
        this.polling = undefined;
      });
    return this.polling;
  }

  private async readClock(): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>('SELECT n FROM auth_clock WHERE id');
    return Number(rows[0]?.n ?? 0);
  }

  /** The session of a token's `sid`, or undefined when it does not exist. */
  async session(sid: string): Promise<SessionEntry | undefined> {
    if (!UUID.test(sid)) return undefined;
    const hit = this.caching ? this.sessions.get(sid) : undefined;
    if (hit) return hit;
    const generation = this.generation;
    const { rows } = await this.db.query<{ user_id: string; live: boolean }>(
      'SELECT user_id, ended_at IS NULL AS live FROM sessions WHERE id = $1',
      [sid],
    );
    if (!rows[0]) return undefined;
    const entry = { userId: rows[0].user_id, live: rows[0].live };
    this.store(this.sessions, sid, entry, generation);
    return entry;
  }

  /** The user's principal columns and effective access, or undefined when the user does not exist. */
  async principal(userId: string): Promise<CachedPrincipal | undefined> {
    const hit = this.caching ? this.principals.get(userId) : undefined;
    if (hit) return hit;
    const generation = this.generation;
    const { rows } = await this.db.query<PrincipalUser>(
      `SELECT id, email, name, access_level AS "accessLevel", organization_id AS "organizationId", active FROM users WHERE id = $1`,
      [userId],
    );
    const user = rows[0];
    if (!user) return undefined;
    const entry = { user, access: await loadEffectiveAccess(this.db, { id: user.id, accessLevel: user.accessLevel, organizationId: user.organizationId }) };
    this.store(this.principals, userId, entry, generation);
    return entry;
  }

  private store<T>(map: Map<string, T>, key: string, value: T, generation: number): void {
    if (!this.caching || generation !== this.generation) return;
    if (map.size >= this.max) map.delete(map.keys().next().value as string);
    map.set(key, value);
  }

  /** Whether news is being heard (false while the listening connection is down: nothing cached then). */
  get listening(): boolean {
    return this.caching;
  }

  /** Whether every change the database counted so far has been heard (tests wait on it: news from other pooled
   * connections arrives a moment after their COMMIT). */
  async caughtUp(): Promise<boolean> {
    return this.heard >= (await this.readClock());
  }

  /** Sizes, for tests and diagnostics. */
  get size(): { sessions: number; principals: number } {
    return { sessions: this.sessions.size, principals: this.principals.size };
  }
}

interface Entry {
  expires: number;
  total: number | Promise<number>;
}

/**
 * Totals of list queries (`X-Total-Count`), kept briefly per (resource, WHERE with its parameters): an
 * exact `count(*)` over 100,000 rows costs more than the page itself (architecture §10). The caller's
 * record scope is part of the WHERE, so two scopes never share a total. A write to the resource bumps its
 * generation, so this process never serves a total from before its own write; writes made by another
 * process arrive as `NOTIFY data_changes` (server/resources/index.ts, D86), `ttlMs` bounding a missed one. Concurrent misses for one key share one query.
 * @example const total = await cache.get('banks', sql, params, () => countRows())
 */
export class CountCache {
  private readonly generations = new Map<string, number>();
  private readonly entries = new Map<string, Entry>();

  constructor(
    readonly ttlMs = 10_000,
    private readonly maxEntries = 10_000,
  ) {}

  private key(resource: string, where: string, params: readonly unknown[]): string {
    return `${resource}\u0000${this.generations.get(resource) ?? 0}\u0000${where}\u0000${JSON.stringify(params)}`;
  }

  async get(resource: string, where: string, params: readonly unknown[], count: () => Promise<number>): Promise<number> {
    const key = this.key(resource, where, params);
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.total;
    const total = count();
    this.put(key, { expires: now + this.ttlMs, total });
    try {
      const value = await total;
      if (this.entries.get(key)?.total === total) this.entries.set(key, { expires: now + this.ttlMs, total: value });
      return value;
    } catch (err) {
      this.entries.delete(key);
      throw err;
    }
  }

  /** Records a total known without counting (a short last page tells it exactly). */
  set(resource: string, where: string, params: readonly unknown[], total: number): void {
    this.put(this.key(resource, where, params), { expires: Date.now() + this.ttlMs, total });
  }

  /** Told of every invalidation (the page cache follows the totals, D86). */
  onInvalidate?: (resource: string) => void;

  /** After a write: every total of the resource is recounted on next use. */
  invalidate(resource: string): void {
    this.generations.set(resource, (this.generations.get(resource) ?? 0) + 1);
    this.onInvalidate?.(resource);
  }

  /** News of writes may have been missed: every total is recounted on next use. */
  clear(): void {
    this.entries.clear();
  }

  private put(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size <= this.maxEntries) return;
    // Oldest first (Map keeps insertion order): drop a tenth at once so eviction stays rare.
    let drop = Math.ceil(this.maxEntries / 10);
    for (const k of this.entries.keys()) {
      if (drop-- <= 0) break;
      this.entries.delete(k);
    }
  }
}

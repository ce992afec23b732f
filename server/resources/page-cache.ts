import type { ResourceRecord } from './types.ts';

interface Entry {
  expires: number;
  rows: ResourceRecord[] | Promise<ResourceRecord[]>;
  size: number;
}

/**
 * Pages of list queries, kept per instance per (resource, statement with its parameters) until the resource's
 * table changes (D86). The caller's record scope, filters, sort and page are all in the statement's parameters, so
 * two callers share a page only when the database would answer both with the same rows.
 *
 * Never stale after a write commits: the schema sync gives every resource table a statement trigger that sends
 * `NOTIFY data_changes '<table>'` at COMMIT (migration 0062); every instance drops that resource's pages when it
 * hears it (the writer's own instance before its COMMIT returns, server/db). A load that started before a change
 * does not store its answer, nor does anything while the connection that hears the news is down (`live()`); after
 * such a gap everything is dropped. `ttlMs` bounds what a missed notification could ever cost.
 * Concurrent misses for one key share one query; cached rows are shared, so callers never mutate them.
 */
export class PageCache {
  private readonly byResource = new Map<string, Map<string, Entry>>();
  private readonly generations = new Map<string, number>();
  private held = 0;

  constructor(
    private readonly live: () => boolean,
    readonly ttlMs = 10_000,
    /** Rows held across all pages before the oldest pages go. */
    private readonly maxRows = 50_000,
  ) {}

  async get(resource: string, sql: string, params: readonly unknown[], load: () => Promise<ResourceRecord[]>): Promise<ResourceRecord[]> {
    if (!this.live()) return load();
    const key = `${sql}\u0000${JSON.stringify(params)}`;
    const pages = this.byResource.get(resource);
    const now = Date.now();
    const hit = pages?.get(key);
    if (hit && hit.expires > now) return hit.rows;
    const generation = this.generations.get(resource) ?? 0;
    const rows = load();
    const own = this.pagesOf(resource);
    this.put(own, key, { expires: now + this.ttlMs, rows, size: 0 });
    try {
      const value = await rows;
      const current = this.byResource.get(resource);
      if (current?.get(key)?.rows !== rows) return value;
      if (!this.live() || (this.generations.get(resource) ?? 0) !== generation) current.delete(key);
      else this.put(current, key, { expires: now + this.ttlMs, rows: value, size: value.length });
      return value;
    } catch (err) {
      const current = this.byResource.get(resource);
      if (current?.get(key)?.rows === rows) current.delete(key);
      throw err;
    }
  }

  /** The table of `resource` changed: its pages are read again on next use (loads in flight are not stored). */
  invalidate(resource: string): void {
    this.generations.set(resource, (this.generations.get(resource) ?? 0) + 1);
    const pages = this.byResource.get(resource);
    if (!pages) return;
    for (const e of pages.values()) this.held -= e.size;
    this.byResource.delete(resource);
  }

  /** News may have been missed: forget everything. */
  clear(): void {
    for (const r of this.byResource.keys()) this.invalidate(r);
  }

  /** Pages and rows held, for tests and diagnostics. */
  get size(): { pages: number; rows: number } {
    let pages = 0;
    for (const p of this.byResource.values()) pages += p.size;
    return { pages, rows: this.held };
  }

  private pagesOf(resource: string): Map<string, Entry> {
    let pages = this.byResource.get(resource);
    if (!pages) this.byResource.set(resource, (pages = new Map()));
    return pages;
  }

  private put(pages: Map<string, Entry>, key: string, entry: Entry): void {
    const old = pages.get(key);
    if (old) this.held -= old.size;
    pages.delete(key);
    pages.set(key, entry);
    this.held += entry.size;
    if (this.held <= this.maxRows) return;
    // Oldest pages first, resource by resource (Maps keep insertion order), until a tenth of the room is free.
    for (const [resource, map] of this.byResource) {
      for (const [k, e] of map) {
        if (this.held <= this.maxRows * 0.9) return;
        if (e.size === 0) continue; // a load in flight
        map.delete(k);
        this.held -= e.size;
      }
      if (!map.size) this.byResource.delete(resource);
    }
  }
}

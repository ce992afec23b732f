/**
 * Batches and caches record labels (`GET …/labels?id=a&id=b`): every id asked for in the same tick goes
 * out in one call per resource (chunked to keep URLs short), and an id already resolved is never asked
 * again until the resource is invalidated. Ids the caller cannot see (or that do not exist) resolve to null.
 * @example const labels = createLabelLoader(fetchLabels); await labels.load('banks', [id1, id2]) // { [id1]: 'Itaú', [id2]: null }
 */
export type FetchLabels = (resource: string, ids: string[]) => Promise<{ id: string; label: string | null }[]>;

/** ~40 characters per `id=<uuid>&`: 150 ids stay near 6 KB, far below the 16 KB request-line limit of Node. */
export const LABELS_CHUNK = 150;

interface Pending {
  ids: Set<string>;
  waiters: { resolve: () => void; reject: (err: unknown) => void }[];
}

export interface LabelLoader {
  load(resource: string, ids: readonly string[]): Promise<Record<string, string | null>>;
  /** A label already known (no call), or undefined. */
  peek(resource: string, id: string): string | null | undefined;
  clear(resource?: string): void;
}

export function createLabelLoader(fetchLabels: FetchLabels, schedule: (fn: () => void) => void = (fn) => setTimeout(fn, 0)): LabelLoader {
  const cache = new Map<string, Map<string, string | null>>();
  const pending = new Map<string, Pending>();
  const cacheOf = (resource: string) => {
    let c = cache.get(resource);
    if (!c) cache.set(resource, (c = new Map()));
    return c;
  };

  async function flush(resource: string): Promise<void> {
    const batch = pending.get(resource);
    pending.delete(resource);
    if (!batch) return;
    const ids = [...batch.ids];
    try {
      const chunks: string[][] = [];
      for (let i = 0; i < ids.length; i += LABELS_CHUNK) chunks.push(ids.slice(i, i + LABELS_CHUNK));
      const results = await Promise.all(chunks.map((c) => fetchLabels(resource, c)));
      const known = cacheOf(resource);
      for (const id of ids) known.set(id, null);
      for (const { id, label } of results.flat()) known.set(id.toLowerCase(), label ?? null);
      batch.waiters.forEach((w) => w.resolve());
    } catch (err) {
      batch.waiters.forEach((w) => w.reject(err));
    }
  }

  return {
    async load(resource, rawIds) {
      const ids = [...new Set(rawIds.filter((id): id is string => typeof id === 'string' && id !== '').map((id) => id.toLowerCase()))];
      const known = cacheOf(resource);
      const missing = ids.filter((id) => !known.has(id));
      if (missing.length) {
        let batch = pending.get(resource);
        if (!batch) {
          pending.set(resource, (batch = { ids: new Set(), waiters: [] }));
          schedule(() => void flush(resource));
        }
        missing.forEach((id) => batch.ids.add(id));
        await new Promise<void>((resolve, reject) => batch.waiters.push({ resolve, reject }));
      }
      const out: Record<string, string | null> = {};
      for (const id of ids) out[id] = known.get(id) ?? null;
      return out;
    },
    peek: (resource, id) => cache.get(resource)?.get(id.toLowerCase()),
    clear(resource) {
      if (resource === undefined) cache.clear();
      else cache.delete(resource);
    },
  };
}

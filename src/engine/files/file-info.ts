import { FILES_BATCH_MAX } from './file-types.ts';

/** What `GET /api/commons/v1/files?id=a&id=b` returns about each file the caller may see. */
export interface FileSummary {
  id: string;
  name: string;
  contentType: string;
  size: number;
  status: 'uploading' | 'complete';
}

export type FetchFileSummaries = (ids: string[]) => Promise<FileSummary[]>;

export interface FileInfoLoader {
  /** Name, type and size by id; null for a file that does not exist or that the caller may not see. */
  load(ids: readonly string[]): Promise<Record<string, FileSummary | null>>;
  /** A file already known (no call), or undefined. */
  peek(id: string): FileSummary | null | undefined;
  /** Remembers a file the client already knows about (just uploaded). */
  prime(info: FileSummary): void;
}

interface Pending {
  ids: Set<string>;
  waiters: { resolve: () => void; reject: (err: unknown) => void }[];
}

/**
 * Batches and caches file look-ups for file cells and widgets: every id asked for in the same tick goes out
 * in ONE call (chunks of 150 ids), never one per row, and a file already known is never asked again (a
 * stored file's name and type never change). A failed call is not cached: the next look-up asks again.
 * @example const files = createFileInfoLoader((ids) => http.get(`${commons}/files`, { params: { id: ids } }));
 * await files.load([a, b]) // { [a]: { id: a, name: 'nota.pdf', … }, [b]: null }
 */
export function createFileInfoLoader(fetchSummaries: FetchFileSummaries, schedule: (fn: () => void) => void = (fn) => setTimeout(fn, 0)): FileInfoLoader {
  const known = new Map<string, FileSummary | null>();
  let pending: Pending | undefined;

  async function flush(): Promise<void> {
    const batch = pending;
    pending = undefined;
    if (!batch) return;
    const ids = [...batch.ids];
    try {
      const chunks: string[][] = [];
      for (let i = 0; i < ids.length; i += FILES_BATCH_MAX) chunks.push(ids.slice(i, i + FILES_BATCH_MAX));
      const results = await Promise.all(chunks.map((c) => fetchSummaries(c)));
      for (const id of ids) known.set(id, null);
      for (const f of results.flat()) known.set(f.id.toLowerCase(), f);
      batch.waiters.forEach((w) => w.resolve());
    } catch (err) {
      batch.waiters.forEach((w) => w.reject(err));
    }
  }

  return {
    async load(rawIds) {
      const ids = [...new Set(rawIds.filter((id) => typeof id === 'string' && id !== '').map((id) => id.toLowerCase()))];
      const missing = ids.filter((id) => !known.has(id));
      if (missing.length) {
        if (!pending) {
          pending = { ids: new Set(), waiters: [] };
          schedule(() => void flush());
        }
        const batch = pending;
        missing.forEach((id) => batch.ids.add(id));
        await new Promise<void>((resolve, reject) => batch.waiters.push({ resolve, reject }));
      }
      const out: Record<string, FileSummary | null> = {};
      for (const id of ids) out[id] = known.get(id) ?? null;
      return out;
    },
    peek: (id) => known.get(id.toLowerCase()),
    prime: (info) => void known.set(info.id.toLowerCase(), info),
  };
}

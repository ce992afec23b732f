import { describe, expect, it, vi } from 'vitest';
import { createFileInfoLoader, type FileSummary } from './file-info.ts';
import { FILES_BATCH_MAX, IMAGE_ACCEPT_ATTRIBUTE, isImageType } from './file-types.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const summary = (i: string): FileSummary => ({ id: i, name: `arquivo-${i.slice(-3)}.png`, contentType: 'image/png', size: 10, status: 'complete' });

/** A loader over a fake batch endpoint that knows every id except those in `missing`; flushed by hand. */
function setup(missing: string[] = []) {
  const queue: (() => void)[] = [];
  const fetchSummaries = vi.fn<(ids: string[]) => Promise<FileSummary[]>>(async (ids) => ids.filter((i) => !missing.includes(i)).map(summary));
  const loader = createFileInfoLoader(fetchSummaries, (fn) => queue.push(fn));
  const flush = async () => {
    while (queue.length) queue.shift()!();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { loader, fetchSummaries, flush };
}

describe('file info loader', () => {
  it('answers every look-up of the same tick with ONE call, and never asks for a known file again', async () => {
    const { loader, fetchSummaries, flush } = setup([id(3)]);
    // Three cells of a page ask separately, one id twice and in upper case.
    const a = loader.load([id(1)]);
    const b = loader.load([id(2), id(1).toUpperCase()]);
    const c = loader.load([id(3), '']);
    await flush();
    expect(fetchSummaries).toHaveBeenCalledTimes(1);
    expect(fetchSummaries.mock.calls[0][0]).toEqual([id(1), id(2), id(3)]);
    expect((await a)[id(1)]?.name).toBe('arquivo-001.png');
    expect(Object.keys(await b)).toEqual([id(2), id(1)]);
    expect(await c).toEqual({ [id(3)]: null });

    const again = loader.load([id(1), id(3)]);
    await flush();
    expect(await again).toMatchObject({ [id(1)]: { contentType: 'image/png' }, [id(3)]: null });
    expect(fetchSummaries).toHaveBeenCalledTimes(1);
    expect(loader.peek(id(2))?.id).toBe(id(2));
    expect(loader.peek(id(9))).toBeUndefined();
  });

  it('splits a large page in chunks of 150 ids so the URL stays short', async () => {
    const { loader, fetchSummaries, flush } = setup();
    const ids = Array.from({ length: FILES_BATCH_MAX + 10 }, (_, i) => id(i + 1));
    const all = loader.load(ids);
    await flush();
    expect(fetchSummaries.mock.calls.map(([c]) => c.length)).toEqual([FILES_BATCH_MAX, 10]);
    expect(Object.values(await all).every((f) => f !== null)).toBe(true);
  });

  it('does not cache a failed call, and knows a primed (just uploaded) file without asking', async () => {
    const queue: (() => void)[] = [];
    let fail = true;
    const fetchSummaries = vi.fn<(ids: string[]) => Promise<FileSummary[]>>(async (ids) => {
      if (fail) throw new Error('offline');
      return ids.map(summary);
    });
    const loader = createFileInfoLoader(fetchSummaries, (fn) => queue.push(fn));
    const first = loader.load([id(1)]);
    queue.shift()!();
    await expect(first).rejects.toThrow('offline');
    fail = false;
    const second = loader.load([id(1)]);
    queue.shift()!();
    expect((await second)[id(1)]?.name).toBe('arquivo-001.png');

    loader.prime(summary(id(7)));
    expect(await loader.load([id(7)])).toEqual({ [id(7)]: summary(id(7)) });
    expect(fetchSummaries).toHaveBeenCalledTimes(2);
  });

  it('tells images (thumbnails) from other files', () => {
    expect(['image/png', 'image/jpeg; charset=binary', 'IMAGE/WEBP', 'application/pdf', 'image/svg+xml', undefined].map(isImageType)).toEqual([true, true, true, false, false, false]);
    expect(IMAGE_ACCEPT_ATTRIBUTE).toBe('.png,.jpg,.jpeg,.webp');
  });
});

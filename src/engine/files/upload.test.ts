import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_SIZE, fileContentType, formatFileSize } from './file-types.ts';
import { throttleProgress } from './progress.ts';
import { uploadFile } from './upload.ts';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function fakeServer(options: { failChunk?: number } = {}) {
  const calls: { method: string; url: string; size?: number }[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const size = init?.body instanceof Blob ? init.body.size : undefined;
    calls.push({ method, url, size });
    if (method === 'POST' && url.endsWith('/files')) return json({ id: 'f1', chunkSize: CHUNK_SIZE, chunks: 3 }, 201);
    if (method === 'PUT') {
      if (options.failChunk !== undefined && url.endsWith(`/chunks/${options.failChunk}`)) return json({ message: 'Falhou.' }, 500);
      return new Response(null, { status: 204 });
    }
    if (url.endsWith('/complete')) return json({ id: 'f1', name: 'a.pdf', size: 1, status: 'complete' });
    return new Response(null, { status: 204 });
  });
  return { calls, fetch: fetchMock as unknown as typeof fetch };
}

afterEach(() => vi.useRealTimers());

describe('uploadFile', () => {
  it('sends 64 KiB chunks in order, then completes', async () => {
    const server = fakeServer();
    const file = Object.assign(new Blob([new Uint8Array(CHUNK_SIZE * 2 + 10)], { type: 'application/pdf' }), { name: 'nota.pdf' });
    const info = await uploadFile({ baseUrl: '/api/commons/v1', file, getAccessToken: () => 'tok', fetch: server.fetch });
    expect(info.status).toBe('complete');
    expect(server.calls.map((c) => `${c.method} ${c.url.replace('/api/commons/v1', '')} ${c.size ?? ''}`.trim())).toEqual([
      'POST /files', `PUT /files/f1/chunks/0 ${CHUNK_SIZE}`, `PUT /files/f1/chunks/1 ${CHUNK_SIZE}`, 'PUT /files/f1/chunks/2 10', 'POST /files/f1/complete',
    ]);
  });

  it('removes the partial upload when a chunk fails or the user cancels', async () => {
    const server = fakeServer({ failChunk: 1 });
    const file = Object.assign(new Blob([new Uint8Array(CHUNK_SIZE * 3)]), { name: 'x.csv' });
    await expect(uploadFile({ baseUrl: '', file, getAccessToken: () => 'tok', fetch: server.fetch })).rejects.toThrow('Falhou.');
    expect(server.calls.at(-1)).toMatchObject({ method: 'DELETE', url: '/files/f1' });

    const abort = new AbortController();
    const cancelling = vi.fn<typeof fetch>(async (input, init) => {
      if (init?.method === 'PUT') abort.abort();
      if (init?.signal?.aborted) throw new DOMException('cancelado', 'AbortError');
      return server.fetch(input, init);
    });
    await expect(uploadFile({ baseUrl: '', file, getAccessToken: () => 'tok', fetch: cancelling as unknown as typeof fetch, signal: abort.signal })).rejects.toThrow('cancelado');
    expect(cancelling.mock.calls.at(-1)?.[1]?.method).toBe('DELETE');
  });
});

describe('progress', () => {
  it('reports at most 3 times per second, and the last report at once on flush', () => {
    vi.useFakeTimers();
    let now = 0;
    const seen: number[] = [];
    const p = throttleProgress((x) => seen.push(x.loaded), 3, () => now);
    for (let i = 1; i <= 100; i++) {
      now = i * 20; // 100 chunks in 2 s
      p.report({ loaded: i, total: 100 });
      vi.advanceTimersByTime(20);
    }
    p.flush();
    // 2 s at 3/s: the first report, about six more, and the final 100.
    expect(seen.length).toBeLessThanOrEqual(8);
    expect(seen.at(-1)).toBe(100);
  });
});

describe('file types', () => {
  it('takes the declared type when allowed, the extension when the browser sends none', () => {
    expect(fileContentType('a.pdf', 'application/pdf')).toBe('application/pdf');
    expect(fileContentType('extrato.OFX', '')).toBe('application/x-ofx');
    expect(fileContentType('retorno.ret', 'application/octet-stream')).toBe('text/plain');
    expect(fileContentType('virus.exe', 'application/x-msdownload')).toBeUndefined();
    expect(fileContentType('a.pdf', 'application/x-msdownload')).toBeUndefined();
    expect([formatFileSize(512), formatFileSize(1536), formatFileSize(20 * 1024 * 1024)]).toEqual(['512 B', '1,5 KB', '20 MB']);
  });
});

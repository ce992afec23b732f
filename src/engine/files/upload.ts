import { AUTH_MESSAGES } from '../../i18n/messages.ts';
import { HttpError } from '../http/errors.ts';
import { CHUNK_SIZE } from './file-types.ts';
import { throttleProgress, type Progress } from './progress.ts';

/** What the files endpoint returns about a file (server/commons/file-store.ts). */
export interface FileInfo {
  id: string;
  name: string;
  contentType: string;
  size: number;
  status: 'uploading' | 'complete';
  createdAt: string;
}

export interface UploadOptions {
  /** `/api/commons/v1` (the commons service base). */
  baseUrl: string;
  file: Blob & { name: string };
  getAccessToken: () => string | null | undefined;
  signal?: AbortSignal;
  /** Throttled to 3 calls per second, plus the final one. */
  onProgress?: (p: Progress) => void;
  fetch?: typeof fetch;
}

async function call<T>(doFetch: typeof fetch, url: string, init: RequestInit, token: string): Promise<T> {
  const res = await doFetch(url, { ...init, headers: { accept: 'application/json', authorization: `Bearer ${token}`, ...init.headers } });
  const text = await res.text();
  const body = text && (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text || null;
  if (!res.ok) throw HttpError.fromResponse(res.status, body, res.headers);
  return body as T;
}

/**
 * Sends a file in 64 KiB chunks (create → PUT each chunk → complete). Aborting the signal stops at once
 * and removes the partial upload from the server. Raw chunk bodies are why this does not go through the
 * JSON http client.
 * @example const info = await uploadFile({ baseUrl: api.service('commons'), file, getAccessToken, onProgress: setProgress });
 */
export async function uploadFile({ baseUrl, file, getAccessToken, signal, onProgress, fetch: doFetch = fetch }: UploadOptions): Promise<FileInfo> {
  const token = getAccessToken();
  if (!token) throw new HttpError(401, AUTH_MESSAGES.privateRouteWithoutToken);
  const progress = throttleProgress((p) => onProgress?.(p));
  const created = await call<FileInfo & { chunkSize: number; chunks: number }>(
    doFetch,
    `${baseUrl}/files`,
    { method: 'POST', body: JSON.stringify({ name: file.name, size: file.size, contentType: file.type }), headers: { 'content-type': 'application/json' }, signal },
    token,
  );
  try {
    progress.report({ loaded: 0, total: file.size });
    for (let i = 0, at = 0; at < file.size; i++, at += CHUNK_SIZE) {
      const chunk = file.slice(at, Math.min(file.size, at + CHUNK_SIZE));
      await call(doFetch, `${baseUrl}/files/${created.id}/chunks/${i}`, { method: 'PUT', body: chunk, headers: { 'content-type': 'application/octet-stream' }, signal }, token);
      progress.report({ loaded: Math.min(file.size, at + CHUNK_SIZE), total: file.size });
    }
    const info = await call<FileInfo>(doFetch, `${baseUrl}/files/${created.id}/complete`, { method: 'POST', signal }, token);
    progress.flush();
    return info;
  } catch (err) {
    progress.cancel();
    // Best effort: an abandoned upload is also dropped by the server after a day.
    void doFetch(`${baseUrl}/files/${created.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } }).catch(() => undefined);
    throw err;
  }
}

/** Downloads a stored file with the session's token, reading the stream to report progress (3/s). */
export async function downloadFile(options: { baseUrl: string; id: string; getAccessToken: () => string | null | undefined; onProgress?: (p: Progress) => void; signal?: AbortSignal; fetch?: typeof fetch }): Promise<Blob> {
  const doFetch = options.fetch ?? fetch;
  const res = await doFetch(`${options.baseUrl}/files/${options.id}/content`, { headers: { authorization: `Bearer ${options.getAccessToken() ?? ''}` }, signal: options.signal });
  if (!res.ok || !res.body) throw HttpError.fromResponse(res.status, await res.json().catch(() => null), res.headers);
  const total = Number(res.headers.get('content-length') ?? 0);
  const progress = throttleProgress((p) => options.onProgress?.(p));
  const parts: Uint8Array[] = [];
  let loaded = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    loaded += value.length;
    progress.report({ loaded, total: total || loaded });
  }
  progress.flush();
  return new Blob(parts as BlobPart[], { type: res.headers.get('content-type') ?? 'application/octet-stream' });
}

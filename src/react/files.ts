import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { Engine } from '../engine/create-engine.ts';
import { createFileInfoLoader, type FileInfoLoader, type FileSummary } from '../engine/files/file-info.ts';
import { useEngine } from './context.ts';

const loaders = new WeakMap<Engine, FileInfoLoader>();

const filesUrl = (engine: Engine) => `${engine.api.service('commons')}/files`;

/** The engine's batched file look-up (one per engine): `GET /api/commons/v1/files?id=a&id=b`. */
export function fileInfoLoaderOf(engine: Engine): FileInfoLoader {
  let loader = loaders.get(engine);
  if (!loader) {
    loader = createFileInfoLoader((ids) => engine.http.get<FileSummary[]>(filesUrl(engine), { params: { id: ids } }));
    loaders.set(engine, loader);
  }
  return loader;
}

export const fileKeys = { info: (id: string) => ['commons', 'files', id.toLowerCase()] as const };

/**
 * Name, type and size of a stored file (`x-file` cells and widgets); null when it does not exist or the user
 * may not see it. Every cell of a page asks in the same tick, so the page makes ONE call (never one per row);
 * a file already known is not asked again.
 * @example const { data: file } = useFileInfo(record.fileId); file?.name
 */
export function useFileInfo(id: string | undefined) {
  const loader = fileInfoLoaderOf(useEngine());
  return useQuery({
    queryKey: fileKeys.info(id ?? ''),
    queryFn: async () => (await loader.load([id!]))[id!.toLowerCase()] ?? null,
    enabled: !!id,
    // A stored file's name and type never change.
    staleTime: Infinity,
  });
}

/** Makes a file the client just uploaded known to `useFileInfo` without a call. */
export function usePrimeFileInfo(): (info: FileSummary) => void {
  const engine = useEngine();
  const client = useQueryClient();
  return useCallback(
    (info: FileSummary) => {
      fileInfoLoaderOf(engine).prime(info);
      client.setQueryData(fileKeys.info(info.id), info);
    },
    [engine, client],
  );
}

/** The file's bytes, with the session's token (the content route is authenticated). */
export async function fetchFileContent(engine: Engine, id: string, signal?: AbortSignal): Promise<Blob> {
  return (await engine.http.request<Blob>({ url: `${filesUrl(engine)}/${encodeURIComponent(id)}/content`, responseType: 'blob', signal })).data;
}

/** Downloads a stored file under its name (a link cannot carry the token, so: fetch, blob URL, click). */
export async function saveStoredFile(engine: Engine, id: string, name: string): Promise<void> {
  const blob = await fetchFileContent(engine, id);
  const url = URL.createObjectURL(blob);
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A blob URL of a stored file for `<img src>` (thumbnails): fetched with the token once per mounted image,
 * revoked when the component unmounts or the id changes. `failed` when the download did not work.
 */
export function useFileObjectUrl(id: string | undefined, enabled = true): { url?: string; failed: boolean } {
  const engine = useEngine();
  const [state, setState] = useState<{ id?: string; url?: string; failed: boolean }>({ failed: false });
  useEffect(() => {
    if (!id || !enabled) return undefined;
    const controller = new AbortController();
    let url: string | undefined;
    fetchFileContent(engine, id, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setState({ id, url, failed: false });
      },
      () => {
        if (!controller.signal.aborted) setState({ id, failed: true });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [engine, id, enabled]);
  return state.id === id && enabled ? state : { failed: false };
}

import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { linkedResources } from '../engine/data/linked.ts';
import { createDataProvider } from '../engine/data/provider.ts';
import { resourceKeys } from '../engine/data/query-keys.ts';
import type { DataProvider, ListParams, ResourceRecord } from '../engine/data/types.ts';
import type { Engine } from '../engine/create-engine.ts';
import { useEngine } from './context.ts';
import { metadata } from './metadata.ts';

const providers = new WeakMap<Engine, DataProvider>();

/** The engine's resource data provider (one per engine), resolving resources through the schema files. */
export function dataProviderOf(engine: Engine): DataProvider {
  let p = providers.get(engine);
  if (!p) {
    p = createDataProvider({ http: engine.http, services: engine.config.services, resolve: (r) => metadata.resources[r]?.['x-resource'] });
    providers.set(engine, p);
  }
  return p;
}

export function useDataProvider(): DataProvider {
  return dataProviderOf(useEngine());
}

/**
 * After a write: labels, lists, records, history and permissions of the resource are stale (one prefix),
 * and so are those of the resources the server's hooks may have changed with it (`linkedResources`).
 */
function invalidate(client: QueryClient, data: DataProvider, resource: string) {
  const stale = [resource, ...linkedResources(metadata.resources, resource)];
  for (const r of stale) data.invalidate(r);
  return Promise.all(stale.map((r) => client.invalidateQueries({ queryKey: resourceKeys.all(r) })));
}

/**
 * Marks a resource and its linked ones stale (after a write that did not go through these hooks: a plugin
 * action such as approving a lançamento also changes its parcelas).
 * @example const invalidate = useInvalidateResource(); await invalidate('payables');
 */
export function useInvalidateResource(): (resource: string) => Promise<unknown> {
  const client = useQueryClient();
  const data = useDataProvider();
  return useCallback((resource: string) => invalidate(client, data, resource), [client, data]);
}

/**
 * One page of a list. The previous page stays on screen while the next loads (no flash of skeleton).
 * @example const { data } = useResourceList({ resource: 'banks', page: 1, pageSize: 25, q: 'itaú' }); data?.rows
 */
export function useResourceList<T = ResourceRecord>(params: ListParams, options: { enabled?: boolean } = {}) {
  const data = useDataProvider();
  const client = useQueryClient();
  const enabled = options.enabled ?? true;
  const queryKey = resourceKeys.list(params);
  const queryFn = listQueryFn<T>(data, params);
  // Start the request while the page renders (as usePrefetchQuery does), not after its first commit: the
  // first render of a list mounts many antd controls, ~100 ms the request need not wait for.
  if (enabled) prefetchList(client, data, params);
  return useQuery({ queryKey, queryFn, placeholderData: keepPreviousData, enabled });
}

const listQueryFn = <T,>(data: DataProvider, params: ListParams) => ({ signal }: { signal?: AbortSignal }) => data.getList<T>({ ...params, signal });

/**
 * Asks for a page of a list under the key `useResourceList` reads, unless the cache already has (or is loading)
 * it; true when a request left. Used by the list while it renders and by the router before it (list-prefetch.ts).
 */
export function prefetchList(client: QueryClient, data: DataProvider, params: ListParams): boolean {
  const queryKey = resourceKeys.list(params);
  if (client.getQueryState(queryKey)) return false;
  void client.prefetchQuery({ queryKey, queryFn: listQueryFn(data, params) });
  return true;
}

/** One record (with `version` for If-Match); a 404 surfaces as the query's HttpError. */
export function useResourceOne<T = ResourceRecord>(resource: string, id: string | undefined) {
  const data = useDataProvider();
  return useQuery({
    queryKey: resourceKeys.one(resource, id ?? ''),
    queryFn: ({ signal }) => data.getOne<T>({ resource, id: id!, signal }),
    enabled: !!id,
  });
}

export function useResourceCreate<T = ResourceRecord>(resource: string) {
  const data = useDataProvider();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (record: Record<string, unknown>) => data.create<T>({ resource, data: record }),
    onSuccess: () => invalidate(client, data, resource),
  });
}

/** PUT (default) or PATCH with If-Match; a stale version rejects with ConflictError (engine/data/errors.ts). */
export function useResourceUpdate<T extends ResourceRecord = ResourceRecord>(resource: string) {
  const data = useDataProvider();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, data: record, mode = 'put' }: { id: string; version: number; data: Record<string, unknown>; mode?: 'put' | 'patch' }) =>
      mode === 'patch' ? data.patch<T>({ resource, id, version, data: record }) : data.update<T>({ resource, id, version, data: record }),
    onSuccess: (saved, { id }) => {
      client.setQueryData(resourceKeys.one(resource, id), saved);
      return invalidate(client, data, resource);
    },
  });
}

/**
 * Deletes one or many records. Many are sent a few at a time; the result lists which failed and why, so
 * a bulk action can report "2 de 5 não foram excluídos" instead of stopping at the first error.
 */
export function useResourceDelete(resource: string) {
  const data = useDataProvider();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (targets: { id: string; version?: number }[]) => {
      const failed: { id: string; error: unknown }[] = [];
      for (let i = 0; i < targets.length; i += 4) {
        const chunk = targets.slice(i, i + 4);
        const results = await Promise.allSettled(chunk.map((t) => data.remove({ resource, ...t })));
        results.forEach((r, j) => r.status === 'rejected' && failed.push({ id: chunk[j].id, error: r.reason }));
      }
      return { deleted: targets.length - failed.length, failed };
    },
    onSettled: () => invalidate(client, data, resource),
  });
}

/**
 * Labels of the records of `resource` with these ids (x-ref cells): one call for all of them, cached.
 * @example const { data: banks } = useLabels('banks', rows.map((r) => r.bankId)); banks?.[row.bankId]
 */
export function useLabels(resource: string | undefined, ids: readonly unknown[]) {
  const data = useDataProvider();
  const clean = [...new Set(ids.filter((id): id is string => typeof id === 'string' && id !== ''))];
  return useQuery({
    queryKey: resourceKeys.labels(resource ?? '', clean),
    queryFn: () => data.getLabels({ resource: resource!, ids: clean }),
    enabled: !!resource && clean.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

/** The audit trail of one record, oldest first. */
export function useHistory(resource: string, id: string | undefined, options: { enabled?: boolean } = {}) {
  const data = useDataProvider();
  return useQuery({
    queryKey: resourceKeys.history(resource, id ?? ''),
    queryFn: ({ signal }) => data.getHistory({ resource, id: id!, signal }),
    enabled: !!id && (options.enabled ?? true),
  });
}

/** Resource scopes and each listed record's rights, for a whole page in one call. */
export function useRecordPermissions(resource: string, ids: readonly string[], options: { enabled?: boolean } = {}) {
  const data = useDataProvider();
  return useQuery({
    queryKey: resourceKeys.permissions(resource, ids),
    queryFn: ({ signal }) => data.checkPermissions({ resource, ids, signal }),
    enabled: options.enabled ?? true,
    placeholderData: keepPreviousData,
  });
}

import { camelCase } from '../access.ts';
import { HttpError } from '../http/errors.ts';
import type { HttpClient } from '../http/client.ts';
import { parseLinkHeader } from '../http/link-header.ts';
import { withQuery } from '../http/query.ts';
import type { XResource } from '../schema/types.ts';
import { listQuery } from './criteria.ts';
import { asConflict, ifMatch } from './errors.ts';
import { createLabelLoader, LABELS_CHUNK } from './labels.ts';
import type { DataProvider, ExportParams, HistoryEntry, ListResult, PermissionCheck, ResourceRecord } from './types.ts';

export interface DataProviderOptions {
  http: HttpClient;
  /** Service base URLs of the app config (`accountsPayable: '/api/accounts-payable/v1'`). */
  services: Record<string, string>;
  /** `x-resource` of a resource name (from the schema files), or undefined when there is no such resource. */
  resolve: (resource: string) => Pick<XResource, 'service' | 'path'> | undefined;
  /** Batching window of label look-ups (tests pass a synchronous scheduler). */
  schedule?: (fn: () => void) => void;
}

/**
 * Base URL of a resource: the service's base from the app config (keys are camelCase, `accounts-payable` →
 * `accountsPayable`), else the architecture's `/api/<service>/v1`, then `x-resource.path`.
 * An unknown resource is a 400, like an unknown API name (spec §5).
 */
export function resourceUrl(services: Record<string, string>, resource: string, x: Pick<XResource, 'service' | 'path'> | undefined): string {
  if (!x) throw new HttpError(400, `Recurso desconhecido: ${resource}.`);
  const key = [camelCase(x.service), x.service].find((k) => Object.hasOwn(services, k));
  const base = (key ? services[key] : `/api/${x.service}/v1`).replace(/\/+$/, '');
  return `${base}/${x.path.replace(/^\/+/, '')}`;
}

const FILENAME = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i;

/**
 * The data provider over the generic resource API (architecture §5), built on the engine's HTTP client.
 * @example
 * const data = createDataProvider({ http, services: config.services, resolve: (r) => schemas[r]?.['x-resource'] });
 * const { rows, total, links } = await data.getList({ resource: 'banks', page: 1, pageSize: 25, q: 'itaú',
 *   filters: [{ field: 'active', operator: 'eq', value: true }], sort: [{ field: 'compe', order: 'asc' }] });
 */
export function createDataProvider(options: DataProviderOptions): DataProvider {
  const { http, services, resolve } = options;
  const urlOf = (resource: string) => resourceUrl(services, resource, resolve(resource));
  const recordUrl = (resource: string, id: string) => `${urlOf(resource)}/${encodeURIComponent(id)}`;
  const labels = createLabelLoader(
    (resource, ids) => http.get<{ id: string; label: string | null }[]>(`${urlOf(resource)}/labels`, { params: { id: ids } }),
    options.schedule,
  );

  /** Runs a write, turns a stale-version 409 into a ConflictError, and forgets the resource's labels. */
  async function write<T>(resource: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      throw asConflict(err);
    } finally {
      labels.clear(resource);
    }
  }

  const exportQuery = ({ format, fields, resource: _r, ...criteria }: ExportParams) => ({
    format,
    ...listQuery(criteria),
    fields: fields?.length ? fields.join(',') : undefined,
  });

  return {
    async getList<T = ResourceRecord>({ resource, signal, ...params }: Parameters<DataProvider['getList']>[0]): Promise<ListResult<T>> {
      const res = await http.request<T[]>({ url: urlOf(resource), params: listQuery(params), signal });
      const total = Number(res.headers.get('x-total-count'));
      const rows = Array.isArray(res.data) ? res.data : [];
      return { rows, total: Number.isFinite(total) ? total : rows.length, links: parseLinkHeader(res.headers.get('link')) };
    },

    getOne: ({ resource, id, signal }) => http.get(recordUrl(resource, id), { signal }),

    create: ({ resource, data }) => write(resource, () => http.post(urlOf(resource), data)),

    update: ({ resource, id, version, data }) =>
      write(resource, () => http.put(recordUrl(resource, id), data, { headers: { 'if-match': ifMatch(version) } })),

    patch: ({ resource, id, version, data }) =>
      write(resource, () => http.patch(recordUrl(resource, id), data, { headers: { 'if-match': ifMatch(version) } })),

    remove: ({ resource, id, version }) =>
      write(resource, async () => {
        await http.delete(recordUrl(resource, id), undefined, version === undefined ? {} : { headers: { 'if-match': ifMatch(version) } });
      }),

    getLabels: ({ resource, ids }) => labels.load(resource, ids),

    getHistory: ({ resource, id, signal }) => http.get<HistoryEntry[]>(`${recordUrl(resource, id)}/history`, { signal }),

    exportUrl: (params) => withQuery(`${urlOf(params.resource)}/export`, exportQuery(params)),

    async exportFile({ signal, ...params }) {
      const res = await http.request<Blob>({ url: `${urlOf(params.resource)}/export`, params: exportQuery(params), responseType: 'blob', signal });
      const disposition = res.headers.get('content-disposition') ?? '';
      const filename = FILENAME.exec(disposition)?.[1] ?? `${params.resource}.${params.format}`;
      return { blob: res.data, filename: decodeURIComponent(filename) };
    },

    async checkPermissions({ resource, ids, signal }) {
      const unique = [...new Set(ids)];
      // One call for a normal page; a 1,000-row page goes in a few chunks so the URL stays short.
      const chunks: string[][] = [];
      for (let i = 0; i < unique.length; i += LABELS_CHUNK) chunks.push(unique.slice(i, i + LABELS_CHUNK));
      if (!chunks.length) chunks.push([]);
      type Answer = { scopes: PermissionCheck['scopes']; actions?: string[]; records: ({ id: string } & PermissionCheck['records'][string])[] };
      const answers = await Promise.all(chunks.map((c) => http.get<Answer>(`${urlOf(resource)}/permissions`, { params: { id: c }, signal })));
      const records: PermissionCheck['records'] = {};
      for (const a of answers) for (const { id, ...rights } of a.records) records[id] = rights;
      return { scopes: answers[0].scopes, ...(answers[0].actions ? { actions: answers[0].actions } : {}), records };
    },

    bulkUpdate: ({ resource, items, set }) => write(resource, () => http.post<{ updated: number }>(`${urlOf(resource)}/bulk-update`, { items, set })),

    invalidate: (resource) => labels.clear(resource),
  };
}

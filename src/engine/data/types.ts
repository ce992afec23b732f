import type { PageLinks } from '../http/link-header.ts';
import type { FilterOperator } from '../schema/screen-types.ts';
import type { RecordActions } from './record-actions.ts';

/** A record as the API returns it: business fields plus `id`, `version` and the audit fields. */
export type ResourceRecord = Record<string, unknown> & { id: string; version?: number };

/**
 * One filter, the same shape the server parses (`filter[field][operator]=value`, style.md #6).
 * `in` takes a list, `between` a pair `[from, to]`; everything else one value.
 */
export interface Filter {
  field: string;
  operator: FilterOperator;
  value: FilterValue;
}

export type FilterScalar = string | number | boolean;
export type FilterValue = FilterScalar | FilterScalar[];

export interface SortTerm {
  field: string;
  order: 'asc' | 'desc';
}

/** What a list page asks for. Keep it plain data: it is also the list's query key. */
export interface ListParams {
  resource: string;
  /** 1-based. */
  page?: number;
  pageSize?: number;
  /** Empty or absent: the server's default sort. */
  sort?: SortTerm[];
  /** Free text over the resource's `searchFields`. */
  q?: string;
  filters?: Filter[];
  /**
   * `<resource>.<field path>` of a reference whose picker asks: the server applies that field's `x-ref-filter`
   * (docs/schemas.md §3.3), so the picker offers only the records the field may hold.
   */
  refOf?: string;
}

export interface ListResult<T = ResourceRecord> {
  rows: T[];
  /** `X-Total-Count`: every matching record, not only this page. */
  total: number;
  links: PageLinks;
}

export interface HistoryEntry {
  id: number;
  action: 'create' | 'update' | 'delete';
  /** RFC 3339 timestamp. */
  at: string;
  actor: { id: string; name: string | null } | null;
  /** Business fields that changed, with their stored (canonical) values. */
  diff: Record<string, { before: unknown; after: unknown }>;
}

export type ExportFormat = 'csv' | 'xlsx';

export interface ExportParams extends Omit<ListParams, 'page' | 'pageSize'> {
  format: ExportFormat;
  /** Columns, in order (default: every business field plus created/updated). */
  fields?: string[];
}

/** One record's rights: record scope, and the verdict of each workflow action the resource declares. */
export interface RecordRights {
  read: boolean;
  update: boolean;
  delete: boolean;
  /** Allowed actions (architecture §12): present when the resource declares actions. */
  actions?: RecordActions;
}

/** What the caller may do on a resource and on each listed record, from one call. */
export interface PermissionCheck {
  scopes: { create: boolean; read: boolean; update: boolean; delete: boolean; export: boolean };
  /** The workflow action keys the resource declares (absent: none). */
  actions?: string[];
  /** By record id; ids the caller cannot see come back all false. */
  records: Record<string, RecordRights>;
}

/**
 * The resource data provider (style.md #6): a plain object of async methods, each taking one params object,
 * over the generic resource API (server/resources). Screens and hooks call these; nothing else builds URLs.
 */
export interface DataProvider {
  getList<T = ResourceRecord>(params: ListParams & { signal?: AbortSignal }): Promise<ListResult<T>>;
  getOne<T = ResourceRecord>(params: { resource: string; id: string; signal?: AbortSignal }): Promise<T>;
  create<T = ResourceRecord>(params: { resource: string; data: Record<string, unknown> }): Promise<T>;
  /** PUT with `If-Match: W/"<version>"`; a stale version rejects with {@link ConflictError}. */
  update<T = ResourceRecord>(params: { resource: string; id: string; version: number; data: Record<string, unknown> }): Promise<T>;
  /** PATCH (only the fields sent), same concurrency rule as `update`. */
  patch<T = ResourceRecord>(params: { resource: string; id: string; version: number; data: Record<string, unknown> }): Promise<T>;
  /** Soft delete; with `version`, refused (409) when someone changed the record meanwhile. */
  remove(params: { resource: string; id: string; version?: number }): Promise<void>;
  /** Labels of many records (`x-ref` cells, reference selects): batched into one call, cached. */
  getLabels(params: { resource: string; ids: readonly string[] }): Promise<Record<string, string | null>>;
  getHistory(params: { resource: string; id: string; signal?: AbortSignal }): Promise<HistoryEntry[]>;
  /** The export endpoint's URL for the current list criteria (a private call: fetch it with `exportFile`). */
  exportUrl(params: ExportParams): string;
  /** Downloads the export with the session's token: the file and the server's file name. */
  exportFile(params: ExportParams & { signal?: AbortSignal }): Promise<{ blob: Blob; filename: string }>;
  /** Resource scopes and per-record rights for many records in one call (never one per row). */
  checkPermissions(params: { resource: string; ids: readonly string[]; signal?: AbortSignal }): Promise<PermissionCheck>;
  /** The same change on many records, all or nothing (`POST …/bulk-update`); rejects with the refusals by record id. */
  bulkUpdate(params: { resource: string; items: { id: string; version: number }[]; set: Record<string, unknown> }): Promise<{ updated: number }>;
  /** Forgets cached labels of a resource (after a write). */
  invalidate(resource: string): void;
}

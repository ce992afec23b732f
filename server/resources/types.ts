import type { CompiledResource, PropertySchema, ResourceSchema } from '../../src/engine/schema/index.ts';

/** PostgreSQL column types the engine generates (docs/decisions.md, "Armazenamento dos recursos"). */
export type ColumnKind = 'text' | 'uuid' | 'bigint' | 'integer' | 'numeric' | 'boolean' | 'date' | 'timestamptz' | 'jsonb';

/** One field of a resource as the engine stores, filters, sorts and exports it. */
export interface FieldDef {
  /** API name (camelCase), as in the schema. */
  name: string;
  /** Column name (snake_case). */
  column: string;
  kind: ColumnKind;
  /** pt-BR label: `x-label`, else `title`, else the name. */
  label: string;
  /** Engine-managed (id, createdAt, …): read-only for clients. */
  system: boolean;
  /** `writeOnly` (a secret): stored, never selected, listed, sorted, filtered or exported. */
  writeOnly: boolean;
  schema: PropertySchema;
  /** `x-ref` target resource of a scalar reference. */
  ref?: string;
  /** Labels of a labelled enum (`oneOf` const → title). */
  options?: ReadonlyMap<unknown, string>;
  /**
   * Computed by the database on every read, never stored (`x-overdue`): no column; `condition` is a boolean SQL
   * expression over the row's own columns (NULL counts as false). Selected, filtered (`eq`/`ne`) and sorted;
   * never written, audited or indexed.
   */
  derived?: { condition: string };
}

export interface UniqueDef {
  /** Index name: also how a 23505 violation is mapped back to its fields. */
  index: string;
  fields: string[];
}

/** A resource schema turned into everything the API needs; built once at start. */
export interface ResourceDef {
  name: string;
  service: string;
  path: string;
  /** `/api/<service>/v1/<path>` */
  basePath: string;
  table: string;
  title: string;
  titlePlural: string;
  schema: ResourceSchema;
  compiled: CompiledResource;
  /** Business and system fields by API name. */
  fields: ReadonlyMap<string, FieldDef>;
  /** Stored business fields (columns), in schema order: `derived` ones are only in `fields`. */
  business: readonly FieldDef[];
  labelField: FieldDef;
  searchFields: readonly FieldDef[];
  defaultSort: readonly SortTerm[];
  scope: { organization?: FieldDef; costCenter?: FieldDef };
  uniques: readonly UniqueDef[];
  /** `x-resource.indexes`: columns, INCLUDE columns and the partial condition, as SQL pieces (sync.ts builds the DDL). */
  extraIndexes: readonly { name: string; columns: string[]; include: string[]; where?: { column: string; values: string[] } }[];
  /** Precomputed `SELECT` list: columns aliased to API names, numerics as float8. */
  selectList: string;
  /** Business fields whose schema does not allow null: left out of responses when empty. */
  omitWhenNull: readonly string[];
  /** Fields of the screens' list (columns, filters, sort) when screen files exist: indexed. */
  listFields: readonly string[];
}

export interface SortTerm {
  field: FieldDef;
  desc: boolean;
}

export type FilterOp = 'eq' | 'ne' | 'in' | 'gte' | 'lte' | 'contains' | 'between';

export interface Filter {
  field: FieldDef;
  op: FilterOp;
  /** Already coerced to the column's type. */
  values: unknown[];
}

export interface ListQuery {
  page: number;
  pageSize: number;
  sort: SortTerm[];
  q?: string;
  filters: Filter[];
  /** Extra conditions on the rows (a picker's `x-ref-filter`, `refOf`): SQL over the resource's own columns. */
  where?: (p: { add(value: unknown, cast?: string): string }) => string[];
}

export type ResourceRecord = Record<string, unknown> & { id: string; version: number };

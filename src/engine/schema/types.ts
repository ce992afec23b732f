import type { FormatName } from '../formats/registry.ts';

/** Errors by field path (`name`, `items.0.amount`; `$` for the body itself), pt-BR messages. */
export type FieldErrors = Record<string, string[]>;

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Another field of the same object, as a relative JSON Pointer (Ajv `$data`): `{ "$data": "1/startDate" }`. */
export interface DataRef {
  $data: string;
}

export type RefFilterScalar = string | number | boolean;
export type RefFilterValue = RefFilterScalar | RefFilterScalar[];

export const isDataRef = (v: unknown): v is DataRef => typeof v === 'object' && v !== null && typeof (v as DataRef).$data === 'string';

export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'null';

/** A labelled option of an enum: `"oneOf": [{ "const": "S", "title": "Sintético" }]`. */
export interface LabelledOption {
  const: string | number | boolean | null;
  title: string;
}

/** One property of a resource schema (the keywords the resource meta-schema allows). */
export interface PropertySchema {
  type?: JsonType | JsonType[];
  title?: string;
  description?: string;
  $comment?: string;
  format?: FormatName;
  enum?: JsonValue[];
  const?: JsonValue;
  oneOf?: LabelledOption[];
  default?: JsonValue;
  examples?: JsonValue[];
  /** A number, or `{ "$data": "1/<sibling>" }`: compared with another field of the same object (docs/schemas.md §3.5). */
  minimum?: number | DataRef;
  maximum?: number | DataRef;
  exclusiveMinimum?: number | DataRef;
  exclusiveMaximum?: number | DataRef;
  /** Dates, timestamps and competences (`format` date, date-time, competence): a literal or another field (§3.5). */
  formatMinimum?: string | DataRef;
  formatMaximum?: string | DataRef;
  formatExclusiveMinimum?: string | DataRef;
  formatExclusiveMaximum?: string | DataRef;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  items?: PropertySchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  properties?: Record<string, PropertySchema>;
  required?: string[];
  additionalProperties?: boolean;
  readOnly?: boolean;
  /** A secret the API accepts but never returns, lists, sorts, filters or exports (docs/schemas.md §6). */
  writeOnly?: boolean;
  deprecated?: boolean;
  /** Id of a record of another resource (`"x-ref": "banks"`). */
  'x-ref'?: string;
  /**
   * On an `x-ref` field: which records of the target may be chosen, `{ "<target field>": value | [values] }`;
   * `"<ref field>.<field>"` reads one reference further (`"companyTypeId.kind": ["FORNECEDOR"]`). The picker
   * offers only those and the server rejects others (docs/schemas.md §3.3).
   */
  'x-ref-filter'?: Record<string, RefFilterValue>;
  /** Unique among live records: `true`, or unique together with the listed fields. */
  'x-unique'?: boolean | string[];
  /** The server keeps an index on it (filters, sorts, lookups). */
  'x-index'?: boolean;
  /** Read-only once the record's status reaches this one (or any of these). */
  'x-readonly-after'?: string | string[];
  /** Set on create, never changed afterwards. */
  'x-immutable'?: boolean;
  /**
   * On an `x-ref` field: picking a record fills sibling fields (same object: the record or its line item) from it,
   * `{ "<sibling field>": "<field of the referenced record>" }` — a product's name, unit and reference price
   * into an order line. docs/schemas.md §5.
   */
  'x-fill'?: Record<string, string>;
  /** Short label for list columns and filters when `title` is long. */
  'x-label'?: string;
  /**
   * Id of a file of `/api/commons/v1/files` (a `uuid` string): upload widget in forms, name, download and
   * thumbnail in lists and record pages; the server checks the file exists. `"image"` accepts only images.
   */
  'x-file'?: true | 'image';
  /** Per-keyword message overrides: `{ "pattern": "Informe os 4 dígitos da agência." }`. */
  'x-messages'?: Partial<Record<string, string>>;
  /** Derived by the server, shown live by forms: `{ "product": [...] }` or `{ "sum": [...] }` (computed.ts). */
  'x-computed'?: { product: string[] } | { sum: string[] };
  /**
   * A `readOnly` boolean the database computes on every read, never stored: true while the record's status is
   * not one of `unless` and its `date` field is before today in São Paulo (VENCIDO). Filterable (`eq`/`ne`).
   */
  'x-overdue'?: { date: string; unless: string[] };
  /**
   * A number whose unit depends on a sibling field of the same object: money (centavos, `R$ 1,00`) when that
   * field holds one of the values, a plain number (a quantity) otherwise — `{ "kind": ["PRECO", "TOTAL"] }`.
   */
  'x-money-when'?: Record<string, (string | number)[]>;
  /** Line items (`array` of objects): `false` shows no total of the money columns (lines that are not parts of a whole). */
  'x-total'?: boolean;
}

/** Service families of architecture.md §5 (the API prefix `/api/<service>/v1`). */
export type ServiceName =
  | 'identity'
  | 'supply-management'
  | 'commons'
  | 'approvals'
  | 'cart'
  | 'companies'
  | 'pricing'
  | 'finance-reporting'
  | 'accounts-payable';

/** Top-level `x-resource`: how the engine exposes the resource. */
export interface XResource {
  /** Resource name = file name = permission resource, kebab-case (`cost-centers`). */
  name: string;
  service: ServiceName;
  /** Path segment under the service (`/api/accounts-payable/v1/<path>`), usually the name. */
  path: string;
  /** Plural label (`Centros de Custos`); the schema `title` is the singular. */
  titlePlural: string;
  /** Grammatical gender of the label, for "Novo banco" / "Nova conta financeira" (default `m`). */
  gender?: 'm' | 'f';
  /** Field shown when another record refers to this one. */
  labelField: string;
  /** Fields the free-text `q` parameter searches. */
  searchFields?: string[];
  /** Default order: `field`, `-field`, or several comma-separated (`code,-createdAt`). */
  defaultSort?: string;
  /** Fields carrying the record-level scope checked against the caller's ACL items. */
  recordScope?: { organization?: string; costCenter?: string };
  /** Extra indexes for reports (server only): btree on `fields`, `include` columns, partial on `where.field IN (…)` and live rows. */
  indexes?: { fields: string[]; include?: string[]; where?: { field: string; in: string[] } }[];
  /** Field holding the workflow status, for `x-readonly-after` (default `status`). */
  statusField?: string;
}

export interface ResourceSchema extends PropertySchema {
  $schema: string;
  $id: string;
  title: string;
  type: 'object';
  'x-resource': XResource;
  properties: Record<string, PropertySchema>;
  required?: string[];
  additionalProperties: false;
  /** Conditional rules (`if`/`then`/`else`), e.g. a field required only for some type. */
  allOf?: { [key: string]: JsonValue }[];
}

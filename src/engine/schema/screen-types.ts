import type { JsonValue } from './types.ts';

/**
 * `screens/<resource>/screen.json`: how a resource appears in the client (docs/screens.md).
 * Validated by `meta/screen.meta.json`; fields, resources and routes are checked by `loadMetadata`.
 */
export interface ScreenFile {
  $schema?: string;
  $comment?: string;
  /** Resource shown: `schemas/<resource>.schema.json`. */
  resource: string;
  /** Resource name in the ACL checks when it differs from `resource` (default: `resource`). */
  permission?: string;
  /** Page title (default: the schema's `x-resource.titlePlural`). */
  title?: string;
  route: ScreenRoute;
  list?: ListScreen;
  /** Add and edit pages; absent = no /adicionar and /editar routes. */
  form?: FormScreen;
  /** Record page; absent = no /{id} route. */
  view?: ViewScreen;
}

/** Routes: list `base + (list ?? '')`, add `base/adicionar`, view `base/:idParam`, edit `base/:idParam/editar`. */
export interface ScreenRoute {
  /** Path without trailing slash; a nested screen names its parents' ids in braces: `/configuracoes/aplicacoes/{applicationId}/acls`. */
  base: string;
  idParam: string;
  /** Sub-path of the list when the base itself is not the list (`/lista`); the base then redirects to it. */
  list?: string;
  /** Nested (child) screen: the records of one parent record, whose id is the `{param}` of the base. */
  parent?: RouteParent;
}

/**
 * The parent of a nested screen (docs/screens.md §2.1). The list is locked to `filter[field][eq]=<param>`,
 * the add form presets `field`, and a record whose `field` differs from the URL is not found.
 */
export interface RouteParent {
  /** Parameter of the base holding the parent record's id (`applicationId`). */
  param: string;
  /** Field of this screen's resource (an `x-ref` to the parent resource) that holds the parent's id. */
  field: string;
  /** Screen key of the parent, for the back link and the page title ("Grupos de Agências — <parent>"). */
  screen?: string;
}

export type FilterOperator = 'eq' | 'ne' | 'in' | 'gte' | 'lte' | 'contains' | 'between';

export interface ListColumn {
  field: string;
  /** Header (default: the property's `x-label` or `title`). */
  title?: string;
  /** Cell renderer name overriding the one chosen by format/type. */
  cell?: string;
  width?: number;
  align?: 'left' | 'center' | 'right';
  /** Default true. */
  sortable?: boolean;
  /** Starts hidden in the column chooser. */
  hidden?: boolean;
  /** The cell links to the record page. */
  link?: boolean;
}

export interface ListFilter {
  field: string;
  operator: FilterOperator;
  title?: string;
  widget?: string;
  /** Initial value (an array of two for `between`, a list for `in`). */
  default?: JsonValue;
}

export type BuiltinRowAction = 'view' | 'edit' | 'delete';

export interface CustomAction {
  /** Plugin action key (`finance.reconcile`), or just a name when `to` is given. */
  key: string;
  label: string;
  /** Permission scope required on the screen's resource (`update`, `approve`…). */
  scope: string;
  /**
   * Permission name the scope is checked on instead of the screen's (e.g. an estorno offered on the
   * lançamentos but granted by the payment queue's `authorize`). Default: the screen's permission.
   */
  permission?: string;
  icon?: string;
  /** Route to open, with `{idParam}` placeholders (row actions only). */
  to?: string;
  /** Confirmation question shown before running. */
  confirm?: string;
  danger?: boolean;
  /** Shown only for rows where the condition holds. */
  when?: Condition;
  /**
   * The record's allowed action (architecture §12, docs/screens.md §5.1) that gates this button: the server's
   * verdict for this user and record decides — allowed: shown; refused for scope or status: hidden; refused for
   * anything else (segregation of duties, an approval queue holding it…): disabled with the reason.
   */
  serverAction?: string;
}

export type RowAction = BuiltinRowAction | CustomAction;
/**
 * A bulk edit (docs/screens.md §3): the same new value of some fields on every selected record, all or nothing
 * on the server (`POST …/bulk-update`), each record checked as its own PATCH (locks, validation, hooks).
 */
export interface BulkEdit {
  edit: string[];
  label: string;
  icon?: string;
  /** Only records where the condition holds can be edited (the button says how many of the selection cannot). */
  when?: Condition;
}

/** `delete`, `export` (CSV of the selected rows), a bulk edit, or a plugin action. */
export type BulkAction = 'delete' | 'export' | BulkEdit | CustomAction;

export interface ListScreen {
  columns: ListColumn[];
  /**
   * Where a row opens, when not its record page: a route template with `{id}`, `{<idParam>}`, route
   * parameters or fields of the row (`/empresas/{id}`).
   */
  rowLink?: string;
  /** `field`, `-field` or several comma-separated (default: the schema's `x-resource.defaultSort`). */
  defaultSort?: string;
  pageSize?: 10 | 25 | 50 | 100;
  /** Free-text box over `x-resource.searchFields` (default: true when the schema has searchFields). */
  search?: boolean;
  filters?: ListFilter[];
  rowActions?: RowAction[];
  bulkActions?: BulkAction[];
  export?: ('csv' | 'xlsx')[];
}

export interface Section {
  title: string;
  description?: string;
  columns?: 1 | 2 | 3;
  fields: string[];
}

export type ConditionOp = 'eq' | 'ne' | 'in' | 'notIn' | 'gt' | 'gte' | 'lt' | 'lte' | 'empty' | 'notEmpty';

/** Typed, data-only condition (never an eval string). */
export type Condition =
  | { field: string; op: ConditionOp; value?: JsonValue }
  | { all: Condition[] }
  | { any: Condition[] }
  | { not: Condition };

export interface FormRule {
  $comment?: string;
  when: Condition;
  /** show/enable: only while `when` holds; hide/disable: while `when` holds. */
  effect: 'show' | 'hide' | 'enable' | 'disable';
  fields: string[];
}

export interface FormScreen {
  /**
   * false: records are created elsewhere (by another record or an action, e.g. a lançamento's parcelas),
   * so there is no add page and no "Novo" button; the form only edits. Default true.
   */
  create?: boolean;
  layout?: 'sections' | 'tabs';
  sections?: Section[];
  /** RJSF uiSchema keyed by field (`ui:widget`, `ui:placeholder`, `ui:help`, `ui:options`…). */
  uiSchema?: Record<string, Record<string, unknown>>;
  rules?: FormRule[];
}

export interface RelatedList {
  resource: string;
  /** Field of `resource` that holds this record's id (its `x-ref` names this resource). */
  foreignKey: string;
  title?: string;
  columns?: string[];
  defaultSort?: string;
}

export interface ViewScreen {
  sections?: Section[];
  /**
   * Buttons in the record page's header besides Editar/Excluir: custom actions as in `list.rowActions`
   * (a plugin action by `key`, or a route by `to`), shown by scope and `when` on the record.
   */
  actions?: CustomAction[];
  related?: RelatedList[];
  /** Show the audit history of the record (default false). */
  history?: boolean;
}

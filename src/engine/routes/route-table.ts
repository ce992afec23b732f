import type { ScreenRoute } from '../schema/screen-types.ts';

/**
 * The client routes of the screen files (docs/screens.md §2), derived, never written by hand (style.md #8):
 * list `base + list`, add `base/adicionar`, view `base/:idParam`, edit `base/:idParam/editar`; a base with a
 * `list` sub-path redirects to it. A nested screen's base carries its parents' ids (`{applicationId}`, §2.1).
 */
export type ScreenRouteKind = 'list' | 'add' | 'view' | 'edit';

export interface ScreenRouteEntry {
  /** react-router path (`/configuracoes/bancos/:bankId/editar`). */
  path: string;
  kind: ScreenRouteKind;
  /** Screen key (`screens/<key>/screen.json`). */
  screen: string;
  /** `:idParam` name on view and edit routes. */
  idParam: string;
}

/** Which parts a screen declares; unknown (the router bundles only `route`) = all of them. */
export interface ScreenParts {
  list?: boolean;
  form?: boolean;
  /** The add page (a form with `create: false` only edits). Default: `form`. */
  add?: boolean;
  view?: boolean;
}

export interface ScreenRouteInput {
  key: string;
  route: ScreenRoute;
  parts?: ScreenParts;
}

export const ADD_SEGMENT = 'adicionar';
export const EDIT_SEGMENT = 'editar';

const has = (parts: ScreenParts | undefined, part: keyof ScreenParts) => parts?.[part] ?? true;

/** The parts a full screen file declares. */
export const partsOf = (screen: { list?: unknown; form?: { create?: boolean }; view?: unknown }): ScreenParts => ({
  list: screen.list !== undefined,
  form: screen.form !== undefined,
  add: screen.form !== undefined && screen.form.create !== false,
  view: screen.view !== undefined,
});

/** Route parameter values by name (`{ applicationId: '9f…' }`); missing ones are undefined. */
export type RouteParams = Readonly<Record<string, string | undefined>>;

const PARAM = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

/** Names of the `{param}` segments of a route template: `/aplicacoes/{applicationId}/acls` → `['applicationId']`. */
export const templateParams = (template: string): string[] => [...template.matchAll(PARAM)].map((m) => m[1]);

/** A route template as a react-router path: `/aplicacoes/{applicationId}/acls` → `/aplicacoes/:applicationId/acls`. */
export const routerPath = (template: string): string => template.replace(PARAM, ':$1');

/**
 * A route template with its `{param}`s filled in (URL-encoded), or undefined when a value is missing.
 * @example fillTemplate('/aplicacoes/{applicationId}/acls', { applicationId: 'a 1' }) // '/aplicacoes/a%201/acls'
 */
export function fillTemplate(template: string, values: RouteParams): string | undefined {
  let missing = false;
  const out = template.replace(PARAM, (_, name: string) => {
    const v = values[name];
    if (v === undefined || v === '') missing = true;
    return encodeURIComponent(v ?? '');
  });
  return missing ? undefined : out;
}

export interface ScreenPaths {
  list: string;
  add: string;
  view: (id: string) => string;
  edit: (id: string) => string;
}

const pathsOf = (base: string, route: ScreenRoute): ScreenPaths => ({
  list: `${base}${route.list ?? ''}`,
  add: `${base}/${ADD_SEGMENT}`,
  view: (id: string) => `${base}/${encodeURIComponent(id)}`,
  edit: (id: string) => `${base}/${encodeURIComponent(id)}/${EDIT_SEGMENT}`,
});

/**
 * Path of each page of a screen, for links (`id` filled in). A nested screen needs its base's parameters
 * (`{ applicationId }`): the page's own route params, or {@link paramsOfRecord}. Throws when one is missing;
 * use {@link tryScreenPaths} where the parameters may be unknown.
 */
export function screenPaths(route: ScreenRoute, params: RouteParams = {}): ScreenPaths {
  const paths = tryScreenPaths(route, params);
  if (!paths) throw new Error(`Rota ${route.base}: faltam os parâmetros ${templateParams(route.base).filter((p) => !params[p]).map((p) => `{${p}}`).join(', ')}.`);
  return paths;
}

/** {@link screenPaths}, or undefined when a parameter of the base is unknown (no link then). */
export function tryScreenPaths(route: ScreenRoute, params: RouteParams = {}): ScreenPaths | undefined {
  const base = fillTemplate(route.base, params);
  return base === undefined ? undefined : pathsOf(base, route);
}

/**
 * The route params of a record's pages on a nested screen: the known ones (the current page's) plus the
 * parent's id from the record's parent field.
 * @example paramsOfRecord(aclsRoute, {}, { id: 'x', applicationId: 'a1' }) // { applicationId: 'a1' }
 */
export function paramsOfRecord(route: ScreenRoute, params: RouteParams, record: Readonly<Record<string, unknown>> | undefined): RouteParams {
  const parent = route.parent;
  if (!parent || params[parent.param]) return params;
  const v = record?.[parent.field];
  return typeof v === 'string' && v ? { ...params, [parent.param]: v } : params;
}

/**
 * Every page route and redirect of the screens, in a stable order (screens sorted by key). Nested bases
 * become react-router parameters (`/configuracoes/aplicacoes/:applicationId/acls`); react-router ranks static
 * segments above dynamic ones, so they never clash with the parent's `/:applicationId/editar`.
 * @example screenRouteTable([{ key: 'bank-accounts', route: { base: '/contas-financeiras', idParam: 'bankAccountId', list: '/lista' } }])
 * // routes: /contas-financeiras/lista, /contas-financeiras/adicionar, /contas-financeiras/:bankAccountId, …/:bankAccountId/editar
 * // redirects: { '/contas-financeiras': '/contas-financeiras/lista' }
 */
export function screenRouteTable(screens: readonly ScreenRouteInput[]): { routes: ScreenRouteEntry[]; redirects: Record<string, string> } {
  const routes: ScreenRouteEntry[] = [];
  const redirects: Record<string, string> = {};
  for (const { key, route, parts } of [...screens].sort((a, b) => a.key.localeCompare(b.key))) {
    const { idParam } = route;
    const base = routerPath(route.base);
    const entry = (path: string, kind: ScreenRouteKind) => routes.push({ path, kind, screen: key, idParam });
    if (has(parts, 'list')) {
      entry(`${base}${route.list ?? ''}`, 'list');
      if (route.list) redirects[base] = `${base}${route.list}`;
    }
    if (has(parts, 'form') && has(parts, 'add')) entry(`${base}/${ADD_SEGMENT}`, 'add');
    if (has(parts, 'view')) entry(`${base}/:${idParam}`, 'view');
    if (has(parts, 'form')) entry(`${base}/:${idParam}/${EDIT_SEGMENT}`, 'edit');
  }
  // The client bundles only each screen's `route`, not its parts: a screen without a record page (the
  // company-types chooser at /empresas) still gets a view route, which would shadow another screen's
  // base → list redirect at the same path (/empresas/:companyTypeId). The loader refuses a real clash,
  // so a view route there cannot exist: the redirect wins.
  const redirected = new Set(Object.keys(redirects).map(routeShape));
  return { routes: routes.filter((r) => r.kind !== 'view' || !redirected.has(routeShape(r.path))), redirects };
}

/** A router path with its parameter names erased (`/a/:x/b` → `/a/:/b`): two paths equal so match the same URLs. */
export const routeShape = (path: string): string => path.replace(/:[A-Za-z][A-Za-z0-9]*/g, ':');

/**
 * A custom action's `to` or a list's `rowLink` filled in: `{<idParam>}` (and `{id}`) with the record's id,
 * route parameters of nested screens, or other values. Unknown parameters stay as written (the loader
 * rejects them in committed screens).
 * @example fillRoute('/contas-financeiras/{bankAccountId}/extrato', 'bankAccountId', 'id 1') // '/contas-financeiras/id%201/extrato'
 * @example fillRoute('/aplicacoes/{applicationId}/acls/{applicationAclId}', { applicationId: 'a1', applicationAclId: 'b2' })
 */
export function fillRoute(template: string, idParamOrValues: string | RouteParams, id?: string): string {
  const values: RouteParams = typeof idParamOrValues === 'string' ? { [idParamOrValues]: id } : idParamOrValues;
  return template.replace(PARAM, (whole, name: string) => {
    const v = values[name];
    return v === undefined || v === '' ? whole : encodeURIComponent(v);
  });
}

/** The screen key whose base is a module path (`/configuracoes/bancos` → `banks`), for the menu and shortcuts. */
export function screenOfPath(screens: readonly ScreenRouteInput[], path: string): string | undefined {
  return screens.find((s) => s.route.base === path || `${s.route.base}${s.route.list ?? ''}` === path)?.key;
}

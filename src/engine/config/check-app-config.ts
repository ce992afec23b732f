import type { ValidateFunction } from 'ajv';
import appConfigSchema from './app-config.schema.json' with { type: 'json' };
import { mergeAppConfig } from './merge.ts';
import { FINANCE_PERMISSIONS } from '../finance/permissions.ts';
import { REPORT_PERMISSIONS } from '../reports/permissions.ts';
import { NAVIGATION_ICONS } from '../navigation/icon-names.ts';
import { partsOf, routeShape, routerPath, screenRouteTable } from '../routes/route-table.ts';
import { createAjv } from '../schema/ajv.ts';
import { screenOfCardPath } from '../schema/check-hub.ts';
import { didYouMean } from '../schema/did-you-mean.ts';
import type { HubFile } from '../schema/hub-types.ts';
import { metaProblems, type Problem } from '../schema/metadata-error.ts';
import type { ScreenFile } from '../schema/screen-types.ts';

type Json = Record<string, unknown>;

/** The same schema with every key optional except the `key` of groups and modules: the tenant override's shape. */
function overrideSchema(node: unknown, keepKey = false): unknown {
  if (Array.isArray(node)) return node.map((n) => overrideSchema(n));
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === 'required') {
      if (keepKey) out.required = ['key'];
    } else if (k === '$defs') out.$defs = Object.fromEntries(Object.entries(v as Json).map(([name, d]) => [name, overrideSchema(d, true)]));
    else if (k === '$id') out.$id = String(v).replace(/\.schema\.json$/, '.override.schema.json');
    else out[k] = overrideSchema(v);
  }
  return out;
}

let validators: { full: ValidateFunction; override: ValidateFunction } | undefined;
function appConfigValidators() {
  if (validators) return validators;
  const ajv = createAjv({ strictTypes: false });
  return (validators = { full: ajv.compile(appConfigSchema), override: ajv.compile(overrideSchema(appConfigSchema) as object) });
}

/** The published JSON Schema of the app config (`src/engine/config/app-config.schema.json`). */
export const APP_CONFIG_SCHEMA = appConfigSchema;

/**
 * The shape of an app config (`override: false`) or of a tenant override: problems by JSON Pointer, in pt-BR,
 * "você quis dizer" for a misspelt key. Empty when the shape is right.
 */
export function appConfigShapeProblems(file: string, config: unknown, override = false): Problem[] {
  const v = override ? appConfigValidators().override : appConfigValidators().full;
  return v(config) ? [] : metaProblems(file, v.errors);
}

export interface NavigationContext {
  /** Permission resources: schema names and screens' `permission`s (plus the server's own, e.g. the finance queues). */
  resources: ReadonlySet<string>;
  screens: Readonly<Record<string, ScreenFile>>;
  hubs: Readonly<Record<string, HubFile>>;
  /** Group keys of the merged configuration (an override may name a group of the base file). */
  groups: ReadonlySet<string>;
}

/** Permission resources of the metadata: every schema, every screen's and action's `permission`, the finance queues, the reports. */
export function permissionResources(resources: Iterable<string>, screens: Readonly<Record<string, ScreenFile>>): Set<string> {
  const out = new Set<string>([...resources, ...Object.values(FINANCE_PERMISSIONS), ...Object.values(REPORT_PERMISSIONS)]);
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) {
        if (k === 'permission' && typeof v === 'string') out.add(v);
        else walk(v);
      }
    }
  };
  walk(Object.values(screens));
  return out;
}

interface ModuleLike {
  key: string;
  title?: string;
  path?: string;
  resourceName?: string;
  group?: string;
  icon?: string;
  children?: ModuleLike[];
  pluginPage?: boolean;
  remove?: boolean;
}

const nav = (config: Json) =>
  ((config.appParams as Json | undefined)?.composables as Json | undefined)?.useModuleNavigation as { groups?: ModuleLike[]; modules?: ModuleLike[] } | undefined;

export const NAV_POINTER = '/appParams/composables/useModuleNavigation';

/**
 * Links of the navigation (a config whose shape is right): groups and modules with unique keys, icons that are
 * registered, a module's group among the groups, its resource a permission resource, and its path a page that
 * exists — a screen's list (of the same resource when the module names one), a hub, or a page marked
 * `"pluginPage": true` — so a typo never opens a 404 or creates a stray resource at start.
 */
export function navigationProblems(file: string, config: Json, ctx: NavigationContext): Problem[] {
  const out: Problem[] = [];
  const add = (pointer: string, message: string) => out.push({ file, pointer, message });
  const n = nav(config);
  if (!n) return out;
  const icons = new Set<string>(NAVIGATION_ICONS);
  const icon = (pointer: string, name: string | undefined) => {
    if (name !== undefined && !icons.has(name)) {
      add(pointer, `ícone "${name}" não registrado${didYouMean(name, icons)}; os registrados estão em src/engine/navigation/icon-names.ts (um novo entra lá e em src/renderers/antd/icons.tsx)`);
    }
  };
  const seenGroups = new Set<string>();
  n.groups?.forEach((g, i) => {
    const at = `${NAV_POINTER}/groups/${i}`;
    if (seenGroups.has(g.key)) add(`${at}/key`, `grupo "${g.key}" repetido`);
    seenGroups.add(g.key);
    icon(`${at}/icon`, g.icon);
  });
  const { routes, redirects } = screenRouteTable(Object.entries(ctx.screens).map(([key, s]) => ({ key, route: s.route, parts: partsOf(s) })));
  const pageShapes = new Set([...routes.map((r) => routeShape(r.path)), ...Object.keys(redirects).map(routeShape)]);
  const hubPaths = new Set(Object.values(ctx.hubs).map((h) => h.path));
  const knownPaths = [...hubPaths, ...Object.values(ctx.screens).filter((s) => !s.route.parent && s.list).map((s) => `${s.route.base}${s.route.list ?? ''}`)];
  const seen = new Set<string>();
  const walk = (modules: ModuleLike[] | undefined, base: string) =>
    modules?.forEach((m, i) => {
      const at = `${base}/${i}`;
      if (seen.has(m.key)) add(`${at}/key`, `módulo "${m.key}" repetido (as chaves identificam módulos no override)`);
      seen.add(m.key);
      if (m.remove) return;
      icon(`${at}/icon`, m.icon);
      if (m.group !== undefined && !ctx.groups.has(m.group)) add(`${at}/group`, `grupo "${m.group}" não existe em ${NAV_POINTER}/groups${didYouMean(m.group, ctx.groups)}`);
      if (m.resourceName !== undefined && !ctx.resources.has(m.resourceName)) {
        add(`${at}/resourceName`, `recurso "${m.resourceName}" não existe (nem schemas/${m.resourceName}.schema.json nem a permission de uma tela)${didYouMean(m.resourceName, ctx.resources)}`);
      }
      if (m.path !== undefined) {
        const screenKey = screenOfCardPath(ctx.screens, m.path);
        const screen = screenKey ? ctx.screens[screenKey] : undefined;
        const isPage = screen || hubPaths.has(m.path) || pageShapes.has(routeShape(routerPath(m.path)));
        if (!isPage && !m.pluginPage) {
          add(`${at}/path`, `"${m.path}" não é a lista de nenhuma tela (screens/*/screen.json) nem um painel (hubs/*.json)${didYouMean(m.path, knownPaths)}; numa página de plugin, marque "pluginPage": true`);
        } else if (isPage && m.pluginPage) add(`${at}/pluginPage`, `sobra: "${m.path}" é de ${screenKey ? `screens/${screenKey}/screen.json` : 'uma tela ou painel'}`);
      }
      walk(m.children, `${at}/children`);
    });
  walk(n.modules, `${NAV_POINTER}/modules`);
  return out;
}

/** Group keys a configuration declares. */
export const groupKeys = (config: Json): Set<string> => new Set((nav(config)?.groups ?? []).filter((g) => !g.remove).map((g) => g.key));

const problemKey = (p: Problem) => `${p.pointer} ${p.message}`;

/**
 * What is wrong with a tenant override (`override`, read from `file`) over the base app config (`base`, read from
 * `baseFile`, its shape already right): its shape against the published JSON Schema; then, when `ctx` is given and the
 * shape is right, its links (icons, groups, resources, paths — `navigationProblems`) against the merged groups, and
 * the base's links the override breaks (a group it removes that a base module names, reported in `baseFile`).
 * `npm run check:metadata` and the server (server/lib/app-config.ts, the SystemOwner's banner) both call it.
 */
export function overrideProblems(file: string, override: unknown, baseFile: string, base: Json, ctx?: Omit<NavigationContext, 'groups'>): Problem[] {
  if (typeof override !== 'object' || override === null || Array.isArray(override)) {
    return [{ file, pointer: '', message: 'o override é um objeto JSON ({ … }) com as chaves que mudam' }];
  }
  const shape = appConfigShapeProblems(file, override, true);
  if (shape.length || !ctx) return shape;
  const groups = groupKeys(mergeAppConfig(base, override as Json));
  const before = new Set(navigationProblems(baseFile, base, { ...ctx, groups: groupKeys(base) }).map(problemKey));
  return [
    ...navigationProblems(file, override as Json, { ...ctx, groups }),
    ...navigationProblems(baseFile, base, { ...ctx, groups }).filter((p) => !before.has(problemKey(p))),
  ];
}

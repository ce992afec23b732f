import type { AppConfig, AppParams, NavigationGroupConfig, NavigationModule } from './app-config.ts';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/** A module the menu can draw (key, title and path as text), with its children cleaned the same way. */
function cleanModule(v: unknown, dropped: string[]): NavigationModule | undefined {
  if (!isObject(v) || !str(v.key) || !str(v.title) || !str(v.path)) {
    dropped.push(isObject(v) && typeof v.key === 'string' ? v.key : JSON.stringify(v)?.slice(0, 40) ?? '?');
    return undefined;
  }
  const m: NavigationModule = { key: v.key, title: v.title, path: v.path };
  if (str(v.resourceName)) m.resourceName = v.resourceName;
  if (str(v.group)) m.group = v.group;
  if (str(v.icon)) m.icon = v.icon;
  if (typeof v.order === 'number') m.order = v.order;
  if (v.isPublic === true) m.isPublic = true;
  if (v.pluginPage === true) m.pluginPage = true;
  if (Array.isArray(v.children)) m.children = v.children.map((c) => cleanModule(c, dropped)).filter((c): c is NavigationModule => !!c);
  return m;
}

function cleanGroup(v: unknown, dropped: string[]): NavigationGroupConfig | undefined {
  if (!isObject(v) || !str(v.key) || !str(v.title)) {
    dropped.push(isObject(v) && typeof v.key === 'string' ? v.key : '?');
    return undefined;
  }
  return { key: v.key, title: v.title, ...(str(v.icon) ? { icon: v.icon } : {}), ...(typeof v.order === 'number' ? { order: v.order } : {}) };
}

/**
 * The app config as the client uses it, whatever the server sent: the shape is checked by hand (no schema compiler
 * under the CSP), entries the menu cannot draw are dropped and named in `dropped`, and a wrong shape (`modules` as
 * an object) reads as an empty list — the app never stops on a tenant's mistake (the server validates the override
 * against src/engine/config/app-config.schema.json and keeps the last good one; this is the last line).
 */
export function sanitizeAppConfig(raw: unknown): { config: AppConfig; dropped: string[] } {
  const dropped: string[] = [];
  const c = isObject(raw) ? raw : {};
  const params = isObject(c.appParams) ? c.appParams : {};
  const nav = isObject(params.composables) && isObject(params.composables.useModuleNavigation) ? params.composables.useModuleNavigation : {};
  const modules = Array.isArray(nav.modules) ? nav.modules.map((m) => cleanModule(m, dropped)).filter((m): m is NavigationModule => !!m) : [];
  const groups = Array.isArray(nav.groups) ? nav.groups.map((g) => cleanGroup(g, dropped)).filter((g): g is NavigationGroupConfig => !!g) : [];
  if (nav.modules !== undefined && !Array.isArray(nav.modules)) dropped.push('modules');
  if (nav.groups !== undefined && !Array.isArray(nav.groups)) dropped.push('groups');
  const appParams: AppParams = {
    ...(typeof params.useFrontEndVersion === 'boolean' ? { useFrontEndVersion: params.useFrontEndVersion } : {}),
    ...(str(params.useProjectId) ? { useProjectId: params.useProjectId } : {}),
    composables: { useModuleNavigation: { modules, groups } },
  };
  const services = isObject(c.services) ? Object.fromEntries(Object.entries(c.services).filter(([, v]) => typeof v === 'string')) as Record<string, string> : {};
  return {
    config: { version: typeof c.version === 'string' ? c.version : '', projectId: typeof c.projectId === 'string' ? c.projectId : '', services, appParams },
    dropped,
  };
}

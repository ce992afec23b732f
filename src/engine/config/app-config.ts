import { sanitizeAppConfig } from './sanitize.ts';

/**
 * The app config served at `/app.config.json` (architecture §4): version, project id, service base URLs and
 * `appParams` (navigation modules and groups, merged with the tenant override on the server).
 * @example const config = await fetchAppConfig(fetch); config.services.identity // '/api/identity/v1'
 */
export interface NavigationModule {
  key: string;
  title: string;
  path: string;
  /** Permission resource; the module shows only with `create` on it. No resource: always shown. */
  resourceName?: string;
  group?: string;
  icon?: string;
  order?: number;
  children?: NavigationModule[];
  /** Public modules are not protected by the route guard (all modules are private unless noted). */
  isPublic?: boolean;
  /** The path is a plugin's page, not a screen or a hub (check:metadata then does not look for one). */
  pluginPage?: boolean;
}

export interface NavigationGroupConfig {
  key: string;
  title: string;
  icon?: string;
  order?: number;
}

export interface AppParams {
  useFrontEndVersion?: boolean;
  useProjectId?: string;
  composables?: {
    useModuleNavigation?: { modules?: NavigationModule[]; groups?: NavigationGroupConfig[] };
  };
}

export interface AppConfig {
  version: string;
  projectId: string;
  services: Record<string, string>;
  appParams: AppParams;
}

/**
 * The project id tokens must carry: the top-level `projectId` (architecture §4), the one the server signs with.
 * The server serves `appParams.useProjectId` equal to it; it is read only when `projectId` is missing.
 */
export const configuredProjectId = (config: Pick<AppConfig, 'projectId' | 'appParams'>): string =>
  config.projectId || config.appParams?.useProjectId || '';

export const navigationModules = (params: AppParams | null | undefined): NavigationModule[] =>
  params?.composables?.useModuleNavigation?.modules ?? [];

export const navigationGroups = (params: AppParams | null | undefined): NavigationGroupConfig[] =>
  params?.composables?.useModuleNavigation?.groups ?? [];

/**
 * Loads the config with a cache-busting timestamp (spec §7), so a tenant change shows without a rebuild. The shape is
 * checked (`sanitizeAppConfig`): a tenant's mistake drops the entries the menu cannot draw, never the app.
 */
export async function fetchAppConfig(doFetch: typeof fetch, now: () => number = Date.now): Promise<AppConfig> {
  const res = await doFetch(`/app.config.json?t=${now()}`, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`Não foi possível carregar a configuração do aplicativo (HTTP ${res.status}).`);
  const raw: unknown = await res.json().catch(() => {
    throw new Error('A configuração do aplicativo não é um JSON válido.');
  });
  const { config, dropped } = sanitizeAppConfig(raw);
  if (dropped.length) console.warn(`Configuração do aplicativo: itens ignorados por formato inválido: ${dropped.join(', ')}`);
  return config;
}

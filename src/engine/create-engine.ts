import { AuthService, type Lock } from './auth/service.ts';
import { createApi, type Api } from './config/api.ts';
import type { AppConfig } from './config/app-config.ts';
import { createHttpClient, type HttpClient } from './http/client.ts';
import type { SessionStore } from './session/store.ts';
import { createErrorNotifier, type ErrorSnackbarOptions, type SessionActions } from './snackbar/from-error.ts';
import { SnackbarStore } from './snackbar/store.ts';

/** Everything the UI needs from the engine, created once at start and never replaced. */
export interface Engine {
  config: AppConfig;
  http: HttpClient;
  api: Api;
  session: SessionStore;
  auth: AuthService;
  snackbars: SnackbarStore;
  /** Shows a failed call as a snackbar (spec §8 rules, 401/403 buttons included); returns its id. */
  notifyError: (err: unknown, options?: Omit<ErrorSnackbarOptions, 'sessionActions'>) => string;
}

export interface CreateEngineOptions {
  config: AppConfig;
  session: SessionStore;
  fetch?: typeof fetch;
  snackbars?: SnackbarStore;
  lock?: Lock;
  now?: () => number;
  /** Browser actions for the 401 snackbar; set by the app (they reload the page and open a window). */
  sessionActions?: (engine: Omit<Engine, 'notifyError'>) => SessionActions;
}

/**
 * Wires config, session, HTTP client, API registry, auth service and snackbars together.
 * @example const engine = createEngine({ config: await fetchAppConfig(fetch), session: createBrowserSessionStore() });
 */
export function createEngine(options: CreateEngineOptions): Engine {
  const { config, session } = options;
  session.patch({ appParams: config.appParams });
  const http = createHttpClient({ getAccessToken: () => session.getSnapshot().accessToken, fetch: options.fetch });
  const api = createApi(config.services);
  const snackbars = options.snackbars ?? new SnackbarStore({ countFromShown: true });
  const auth = new AuthService({ http, api, session, snackbars, lock: options.lock, now: options.now });
  const base = { config, http, api, session, auth, snackbars };
  const actions = options.sessionActions?.(base) ?? { reload: () => undefined, login: () => undefined };
  return { ...base, notifyError: createErrorNotifier(snackbars, actions) };
}

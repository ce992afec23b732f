import { can } from '../access.ts';
import { configuredProjectId, type AppConfig } from '../config/app-config.ts';
import { buildNavigation, privateModulePaths, type NavigationGroup } from '../navigation/modules.ts';
import { canRefreshSession, isAccessTokenValid, isVerificationTokenValid } from '../session/tokens.ts';
import type { SessionState } from '../session/types.ts';
import { NOT_FOUND_TEXT } from '../../i18n/messages.ts';
import { HttpError } from '../http/errors.ts';
import { CODE_PATH, LOGIN_PATH, PROTECTED_AUTH_PATHS, SECOND_FACTOR_PATHS, SETUP_PATH, isExternalUrl, withRedirectTo } from './paths.ts';

export interface GuardRoute {
  pathname: string;
  search: string;
  hash?: string;
}

/**
 * What a page needs to be drawn at all: `scope` on one of `permission` (any of several names). Screen routes
 * derive it from the screen file (list/view: read; add: create; edit: update); plugin pages declare it.
 */
export interface RouteAccess {
  permission: string | readonly string[];
  scope: string;
  /** What the page shows, for the 403 page ("Contas a Pagar — Lançamentos"). */
  label?: string;
}

/** What the router knows about the matched route (undefined = no route matches). */
export interface MatchedRoute {
  /** Routes outside module paths (reports, settings) declare themselves private. */
  isPrivate?: boolean;
  /**
   * The permission the page needs: without it the guard answers 403 before anything is drawn. A function is
   * awaited (the access of screen routes comes with the screen files, loaded on demand).
   */
  access?: RouteAccess | (() => Promise<RouteAccess>);
}

export interface GuardServices {
  now(): number;
  matchRoute(pathname: string): MatchedRoute | undefined;
  /** Path redirects (step 8): the target path or absolute URL, or undefined. */
  resolveRedirect?(pathname: string): string | undefined;
  /** Refreshes token, user and permissions; resolves with the new session. */
  refresh(): Promise<SessionState>;
  logout(): Promise<void>;
}

export type GuardResult =
  | { type: 'allow'; navigation: NavigationGroup[] }
  | { type: 'redirect'; to: string }
  /** A full page load: new front-end version or an external redirect. */
  | { type: 'reload'; url: string }
  | { type: 'notFound'; status: 404; message: string; fatal: false }
  /** The user may not open this page (step 9b): one 403 page inside the menu layout, nothing of the page drawn. */
  | { type: 'forbidden'; status: 403; access: RouteAccess; navigation: NavigationGroup[] };

export const NEW_VERSION_PARAM = 'newAppVersionAvailable';

/** Step 2: private module paths (and below), the two auth paths, the empty path, and routes that say so. */
export function isProtectedPath(pathname: string, config: AppConfig, matched: MatchedRoute | undefined): boolean {
  if (pathname === '' || pathname === '/') return true;
  if (PROTECTED_AUTH_PATHS.includes(pathname)) return true;
  if (privateModulePaths(config.appParams).some((p) => pathname === p || pathname.startsWith(`${p}/`))) return true;
  return !!matched?.isPrivate;
}

/**
 * The route guard of spec §2, run on every navigation, steps in the spec's order:
 * 1 trailing slash → redirect; 2 protected paths; 3 new version → full reload with ?newAppVersionAvailable;
 * 4 PreAuthorization → setup or code page; 5 second-factor pages need a verification token when two-factor
 * is mandatory; 6 valid token → refresh token, user, permissions (a lost call, not a refusal, never logs out); 7 otherwise log out → /login?redirectTo;
 * 8 path redirects (external = full load); 9 unmatched → non-fatal 404; 9b a page whose permission the user
 * lacks (read for lists and records, create for /adicionar, update for /editar) → 403; 10 menu by create scope.
 * @example const r = await runRouteGuard({ pathname: '/pedidos/', search: '' }, session, config, services);
 *          // { type: 'redirect', to: '/pedidos' }
 */
export async function runRouteGuard(route: GuardRoute, session: SessionState, config: AppConfig, services: GuardServices): Promise<GuardResult> {
  const { pathname, search } = route;
  const hash = route.hash ?? '';
  const fullPath = `${pathname}${search}${hash}`;

  // 1.
  if (pathname.length > 1 && pathname.endsWith('/')) {
    return { type: 'redirect', to: `${pathname.replace(/\/+$/, '') || '/'}${search}${hash}` };
  }

  // 2.
  const matched = services.matchRoute(pathname);
  const isProtected = isProtectedPath(pathname, config, matched);

  // 3.
  if (session.newAppVersionAvailable) {
    const params = new URLSearchParams(search);
    params.set(NEW_VERSION_PARAM, session.newAppVersionAvailable);
    return { type: 'reload', url: `${pathname}?${params.toString()}${hash}` };
  }

  let current = session;
  if (isProtected) {
    const now = services.now();
    const projectId = configuredProjectId(config);
    const valid = isAccessTokenValid(session, projectId, now);

    // 4.
    if (valid && session.tokenType === 'PreAuthorization') {
      if (PROTECTED_AUTH_PATHS.includes(pathname)) return allow(current, config);
      return { type: 'redirect', to: withRedirectTo(session.twoFactorIsSetupRequired ? SETUP_PATH : CODE_PATH, fullPath) };
    }

    let refreshed = false;
    if (valid || canRefreshSession(session, projectId, now)) {
      // 5.
      const mandatory = !!session.loggedUser?.twoFactorsSettings?.isMandatory;
      if (SECOND_FACTOR_PATHS.includes(pathname) && mandatory && !isVerificationTokenValid(session, now)) {
        return { type: 'redirect', to: withRedirectTo(CODE_PATH, fullPath, 'endpoint=usersMe') };
      }
      // 6.
      try {
        current = await services.refresh();
        refreshed = true;
      } catch (err) {
        // Refused: step 7. Lost, not refused (the page is being left, the network or the server failed): ending the
        // session over it would sign the user out of every tab, and of the page that replaces this one. With a valid
        // access token the page opens with the session as it is (the next navigation refreshes again); else it shows
        // the error.
        if (isTransientFailure(err)) {
          if (!valid) throw err;
          refreshed = true;
        }
      }
    }

    // 7.
    if (!refreshed) {
      await services.logout();
      return { type: 'redirect', to: withRedirectTo(LOGIN_PATH, fullPath) };
    }
  }

  // 8.
  const target = services.resolveRedirect?.(pathname);
  if (target && target !== pathname) {
    return isExternalUrl(target) ? { type: 'reload', url: target } : { type: 'redirect', to: `${target}${search}${hash}` };
  }

  // 9.
  if (!matched) return { type: 'notFound', status: 404, message: NOT_FOUND_TEXT.routeMessage(pathname), fatal: false };

  // 9b. Before the page draws anything (filters, table, form): one 403 page.
  const access = typeof matched.access === 'function' ? await matched.access() : matched.access;
  if (access && !mayOpen(current, access)) {
    return { type: 'forbidden', status: 403, access, navigation: allow(current, config).navigation };
  }

  // 10.
  return allow(current, config);
}

/**
 * A failure that says nothing about the session: the call was interrupted or timed out, rate-limited, or the server
 * failed (5xx). A refusal (400/401/403 of the refresh, user or permissions call) or any other error is not.
 */
export function isTransientFailure(err: unknown): boolean {
  if (!(err instanceof HttpError)) return false;
  return err.status === 'UNK' || err.status === 408 || err.status === 429 || (typeof err.status === 'number' && err.status >= 500);
}

/** Whether the session's user has the route's scope on one of its permission names. */
export function mayOpen(session: SessionState, access: RouteAccess): boolean {
  const names = typeof access.permission === 'string' ? [access.permission] : access.permission;
  return names.some((name) => can(session.loggedUser, session.policyEffectivePermissions, name, access.scope));
}

function allow(session: SessionState, config: AppConfig): Extract<GuardResult, { type: 'allow' }> {
  return { type: 'allow', navigation: buildNavigation(config.appParams, session.loggedUser, session.policyEffectivePermissions) };
}

/** Redirect table for step 8, exact paths. @example createRedirectResolver({ '/configuracoes': '/configuracoes/configuracoes' }) */
export function createRedirectResolver(table: Record<string, string>): (pathname: string) => string | undefined {
  return (pathname) => (Object.hasOwn(table, pathname) ? table[pathname] : undefined);
}

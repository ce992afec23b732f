import { Suspense, lazy, useEffect } from 'react';
import {
  Outlet, createBrowserRouter, isRouteErrorResponse, matchRoutes, redirectDocument, replace, useLocation, useMatches, useNavigation, useRouteError, useRouteLoaderData,
  type LoaderFunctionArgs, type RouteObject,
} from 'react-router-dom';
import { configuredProjectId } from '../engine/config/app-config.ts';
import type { Engine } from '../engine/create-engine.ts';
import { createRedirectResolver, runRouteGuard, type GuardResult, type GuardServices, type RouteAccess } from '../engine/guard/route-guard.ts';
import { isAccessTokenValid } from '../engine/session/tokens.ts';
import { APP_TEXT } from '../i18n/ui.ts';
import type { AppRoute, LayoutName } from '../react/plugin.ts';
import { useLoggedUser } from '../react/hooks.ts';
import { PageLoading } from '../renderers/antd/pages/PageLoading.tsx';
import { BRAND } from '../renderers/antd/theme.ts';
import './navigation-progress.css';

interface RouteHandle {
  title?: string;
  isPublic?: boolean;
  access?: RouteAccess | (() => Promise<RouteAccess>);
  prefetch?: AppRoute['prefetch'];
}

/** Layouts load lazily with the page, in parallel (no waterfall); /login never downloads the side menu. */
const LAYOUTS: Record<LayoutName, () => Promise<{ default: React.ComponentType<{ children: React.ReactNode }> }>> = {
  default: () => import('../renderers/antd/layouts/DefaultLayout.tsx'),
  logon: () => import('../renderers/antd/layouts/LogonLayout.tsx'),
  textual: () => import('../renderers/antd/layouts/TextualLayout.tsx'),
};

// Error pages load only when needed: they carry antd Result and Typography.
const ErrorPage = lazy(() => import('../renderers/antd/pages/ErrorPage.tsx').then((m) => ({ default: m.ErrorPage })));
const NotFoundPage = lazy(() => import('../renderers/antd/pages/NotFoundPage.tsx').then((m) => ({ default: m.NotFoundPage })));
const ForbiddenPage = lazy(() => import('../renderers/antd/pages/ForbiddenPage.tsx'));
const LazyDefaultLayout = lazy(LAYOUTS.default);
const LazyTextualLayout = lazy(LAYOUTS.textual);
// The layouts' own parts (the SystemOwner's configuration banner, the inbox) ask through React Query.
const LazyQueryProvider = lazy(() => import('../react/QueryProvider.tsx').then((m) => ({ default: m.QueryProvider })));

/** Data screens live in the default and textual layouts; React Query loads with them. */
const WITH_QUERIES: ReadonlySet<LayoutName> = new Set(['default', 'textual']);

function layoutRoute(name: LayoutName, children: RouteObject[]): RouteObject {
  return {
    id: `layout:${name}`,
    lazy: async () => {
      const [{ default: Layout }, queries] = await Promise.all([
        LAYOUTS[name](),
        WITH_QUERIES.has(name) ? import('../react/QueryProvider.tsx') : undefined,
      ]);
      // A page the user may not open (guard step 9b) is never drawn: the layout shows the one 403 page instead.
      const Page = () => {
        const guard = useRouteLoaderData('root') as GuardResult | undefined;
        return <Layout>{guard?.type === 'forbidden' ? <Suspense fallback={<PageLoading />}><ForbiddenPage /></Suspense> : <Outlet />}</Layout>;
      };
      if (!queries) return { Component: Page };
      const { QueryProvider } = queries;
      return { Component: () => <QueryProvider><Page /></QueryProvider> };
    },
    children,
  };
}

function pageRoute(r: AppRoute): RouteObject {
  return {
    path: r.path,
    handle: { title: r.title, isPublic: r.isPublic, access: r.access, prefetch: r.prefetch } satisfies RouteHandle,
    lazy: async () => ({ Component: (await r.load()).default }),
  };
}

/** Unmatched paths (guard step 9): the 404 page, inside the menu layout for a signed-in user. */
function NotFoundRoute() {
  const { pathname } = useLocation();
  const user = useLoggedUser();
  const Layout = user ? LazyDefaultLayout : LazyTextualLayout;
  return (
    <Suspense fallback={<PageLoading />}>
      <LazyQueryProvider>
        <Layout><NotFoundPage path={pathname} /></Layout>
      </LazyQueryProvider>
    </Suspense>
  );
}

/** A thin bar at the top while a navigation loads (guard checks and page code), so a click never feels ignored. */
function NavigationProgress() {
  const busy = useNavigation().state !== 'idle';
  if (!busy) return null;
  return (
    <div role="progressbar" aria-label={APP_TEXT.loading} style={{ position: 'fixed', insetInline: 0, top: 0, height: 3, zIndex: 2000, overflow: 'hidden' }}>
      <div style={{ width: '40%', height: '100%', background: BRAND.primary, animation: 'bo-progress 1s ease-in-out infinite' }} />
    </div>
  );
}

/** Keeps the browser tab title on the current page's title. */
function RootShell() {
  const matches = useMatches();
  const title = matches.map((m) => (m.handle as RouteHandle | undefined)?.title).findLast(Boolean);
  useEffect(() => {
    document.title = title ? `${title} · ${APP_TEXT.name}` : APP_TEXT.name;
  }, [title]);
  return (
    <>
      <NavigationProgress />
      <Outlet />
    </>
  );
}

function RouteError() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  const page = isRouteErrorResponse(error)
    ? <ErrorPage status={error.status} description={typeof error.data === 'string' ? error.data : error.statusText} />
    : <ErrorPage status={500} description={error instanceof Error ? error.message : undefined} />;
  return <Suspense fallback={<PageLoading />}>{page}</Suspense>;
}

/**
 * The guard runs on every navigation to another path (and on the first load). A change of the query string
 * alone — a list's filters, sort or page kept in the URL — stays on the same page with the same session
 * checks, so it does not refresh token, user and permissions again (docs/decisions.md D13).
 */
export const guardShouldRun = ({ currentUrl, nextUrl }: { currentUrl: URL; nextUrl: URL }): boolean =>
  currentUrl.pathname !== nextUrl.pathname;

/**
 * The data router: every route entry (plugins + registry) as a lazy page under its layout, and the route
 * guard (engine) in the root loader, which re-runs on every navigation.
 */
export function createAppRouter(engine: Engine, entries: AppRoute[], redirects: Record<string, string>) {
  const byLayout = (name: LayoutName) => entries.filter((r) => r.layout === name).map(pageRoute);
  const children: RouteObject[] = [
    layoutRoute('default', byLayout('default')),
    layoutRoute('logon', byLayout('logon')),
    layoutRoute('textual', byLayout('textual')),
    { path: '*', element: <NotFoundRoute /> },
  ];
  const routes: RouteObject[] = [
    {
      id: 'root',
      element: <RootShell />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageLoading />,
      shouldRevalidate: guardShouldRun,
      loader: guardLoader,
      children,
    },
  ];

  const services: GuardServices = {
    now: Date.now,
    matchRoute(pathname) {
      const leaf = matchRoutes(routes, pathname)?.at(-1)?.route;
      if (!leaf || leaf.path === '*') return undefined;
      const handle = leaf.handle as RouteHandle | undefined;
      return { isPrivate: !handle?.isPublic, access: handle?.access };
    },
    resolveRedirect: createRedirectResolver(redirects),
    refresh: async () => {
      await engine.auth.refresh();
      return engine.session.getSnapshot();
    },
    logout: () => engine.auth.logout(),
  };

  /**
   * The page's first request leaves now, beside the guard's renewal, when the session can already make it (a valid
   * access token, second factor done, no new version to reload for); the guard still decides whether the page is
   * drawn, and the server still checks the call.
   */
  function prefetchPage(url: URL) {
    const session = engine.session.getSnapshot();
    if (session.tokenType !== 'Authorization' || session.newAppVersionAvailable) return;
    if (!isAccessTokenValid(session, configuredProjectId(engine.config), Date.now())) return;
    const leaf = matchRoutes(routes, url.pathname)?.at(-1);
    const prefetch = (leaf?.route.handle as RouteHandle | undefined)?.prefetch;
    if (!leaf || !prefetch) return;
    try {
      prefetch({ engine, search: url.search, params: leaf.params });
    } catch (err) {
      console.warn(err);
    }
  }

  async function guardLoader({ request }: LoaderFunctionArgs) {
    const url = new URL(request.url);
    prefetchPage(url);
    const result = await runRouteGuard({ pathname: url.pathname, search: url.search }, engine.session.getSnapshot(), engine.config, services);
    if (result.type === 'redirect') throw replace(result.to);
    if (result.type === 'reload') throw redirectDocument(result.url);
    if (result.type === 'notFound') console.warn(result.message);
    return result;
  }

  return createBrowserRouter(routes);
}

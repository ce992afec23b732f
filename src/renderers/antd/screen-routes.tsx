import type { RouteAccess } from '../../engine/guard/route-guard.ts';
import { screenRouteTable, type ScreenRouteKind } from '../../engine/routes/route-table.ts';
import type { ScreenRoute } from '../../engine/schema/screen-types.ts';
import type { AppRoute, RoutePrefetchContext } from '../../react/plugin.ts';
import { ScreenRouteContext, type ScreenRouteInfo } from '../../react/screen-route.ts';
import { screenPages, type PageModule } from './screens/screen-pages.ts';

/**
 * The routes of every screen file, for the router (`...screenRoutes` in src/app/routes.ts). Only each
 * screen's `route` is bundled here (Vite keeps just that export of the JSON), so /login carries no metadata;
 * the pages load the full files with their own chunk.
 */
const ROUTES = import.meta.glob<ScreenRoute>('@metadata/screens/*/screen.json', { eager: true, import: 'route' });
/** Hub pages (docs/screens.md §9): only their path and title here; the page loads the whole file. */
const HUB_PATHS = import.meta.glob<string>('@metadata/hubs/*.json', { eager: true, import: 'path' });
const HUB_TITLES = import.meta.glob<string>('@metadata/hubs/*.json', { eager: true, import: 'title' });

/**
 * Wraps a page module in its screen route, so one page module serves every screen. The page is the one the
 * screen-page registry picks when the route is visited (a plugin may have registered its own).
 */
const withScreen = (info: ScreenRouteInfo) => async (): Promise<PageModule> => {
  const entry = screenPages.resolve({ screen: info.screen, kind: info.kind });
  if (!entry) throw new Error(`Nenhuma página registrada para a tela ${info.screen} (${info.kind}).`);
  const { default: Page } = await entry.component();
  const Screen = () => (
    <ScreenRouteContext.Provider value={info}>
      <Page />
    </ScreenRouteContext.Provider>
  );
  return { default: Screen };
};

const keyOf = (path: string) => /\/screens\/([^/]+)\/screen\.json$/.exec(path)?.[1] ?? path;
const table = screenRouteTable(Object.entries(ROUTES).map(([path, route]) => ({ key: keyOf(path), route })));

/**
 * What a screen page needs (docs/screens.md §1), for the guard's 403 (step 9b): read on the screen's permission for
 * its list and records, create to add, update to edit. Read from the full screen files, which the page loads
 * anyway: the guard awaits this only on screen routes, so /login carries no metadata.
 */
const SCOPE_OF: Record<ScreenRouteKind, string> = { list: 'read', view: 'read', add: 'create', edit: 'update' };
const screenAccess = (screen: string, kind: ScreenRouteKind) => async (): Promise<RouteAccess> => {
  const { metadata } = await import('../../react/metadata.ts');
  const file = metadata.screens[screen];
  const schema = file && metadata.resources[file.resource];
  return { permission: file?.permission ?? file?.resource ?? screen, scope: SCOPE_OF[kind], label: file?.title ?? schema?.['x-resource'].titlePlural };
};

/**
 * A list's first page, asked while the guard renews the session (the page's first render finds it in flight).
 * Its code is the list page's own (metadata, data provider, React Query), loaded on demand like the page.
 */
const prefetchList = (screen: string) => ({ engine, search }: RoutePrefetchContext) => {
  void Promise.all([import('../../react/list-prefetch.ts'), import('../../react/QueryProvider.tsx')])
    .then(([{ prefetchScreenList }, { queryClient }]) => prefetchScreenList(engine, queryClient, screen, search))
    .catch(() => undefined);
};

/** Developer pages of the engine (spec §2): the list renderer over a fixture, icons, registered renderers, theme. */
const DEV_ROUTES: AppRoute[] = [
  { path: '/table', layout: 'default', title: 'Tabela', load: () => import('./dev/TablePage.tsx') },
  { path: '/test-icon', layout: 'default', title: 'Ícones', load: () => import('./dev/IconsPage.tsx') },
  { path: '/tests', layout: 'default', title: 'Renderizadores', load: () => import('./dev/TestsPage.tsx') },
  { path: '/theme', layout: 'default', title: 'Tema', load: () => import('./dev/ThemePage.tsx') },
];

export const screenRoutes: AppRoute[] = [
  ...table.routes.map((r): AppRoute => ({
    path: r.path,
    layout: 'default',
    access: screenAccess(r.screen, r.kind),
    prefetch: r.kind === 'list' ? prefetchList(r.screen) : undefined,
    load: withScreen({ screen: r.screen, kind: r.kind, idParam: r.idParam }),
  })),
  ...Object.entries(table.redirects).map(([from, to]): AppRoute => ({
    path: from,
    layout: 'default',
    load: async () => ({ default: (await import('./screens/RedirectPage.tsx')).redirectPage(to) }),
  })),
  ...Object.entries(HUB_PATHS).map(([file, path]): AppRoute => ({
    path,
    layout: 'default',
    title: HUB_TITLES[file],
    load: async () => ({ default: (await import('./hubs/HubPage.tsx')).hubPage(path) }),
  })),
  ...DEV_ROUTES,
];

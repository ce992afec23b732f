import { screenRouteTable } from '../../engine/routes/route-table.ts';
import type { ScreenRoute } from '../../engine/schema/screen-types.ts';
import type { AppRoute } from '../../react/plugin.ts';
import { ScreenRouteContext, type ScreenRouteInfo } from '../../react/screen-route.ts';
import { screenPages, type PageModule } from './screens/screen-pages.ts';

/**
 * The routes of every screen file, for the router (`...screenRoutes` in src/app/routes.ts). Only each
 * screen's `route` is bundled here (Vite keeps just that export of the JSON), so /login carries no metadata;
 * the pages load the full files with their own chunk.
 */
const ROUTES = import.meta.glob<ScreenRoute>('/screens/*/screen.json', { eager: true, import: 'route' });
/** Hub pages (docs/screens.md §9): only their path and title here; the page loads the whole file. */
const HUB_PATHS = import.meta.glob<string>('/hubs/*.json', { eager: true, import: 'path' });
const HUB_TITLES = import.meta.glob<string>('/hubs/*.json', { eager: true, import: 'title' });

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

/** Developer pages of the engine (spec §2): the list renderer over a fixture, icons, registered renderers, theme. */
const DEV_ROUTES: AppRoute[] = [
  { path: '/table', layout: 'default', title: 'Tabela', load: () => import('./dev/TablePage.tsx') },
  { path: '/test-icon', layout: 'default', title: 'Ícones', load: () => import('./dev/IconsPage.tsx') },
  { path: '/tests', layout: 'default', title: 'Renderizadores', load: () => import('./dev/TestsPage.tsx') },
  { path: '/theme', layout: 'default', title: 'Tema', load: () => import('./dev/ThemePage.tsx') },
];

export const screenRoutes: AppRoute[] = [
  ...table.routes.map((r): AppRoute => ({ path: r.path, layout: 'default', load: withScreen({ screen: r.screen, kind: r.kind, idParam: r.idParam }) })),
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

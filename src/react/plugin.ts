import type { ComponentType } from 'react';
import type { Engine } from '../engine/create-engine.ts';
import type { RouteAccess } from '../engine/guard/route-guard.ts';

export type LayoutName = 'default' | 'logon' | 'textual';

/**
 * One page of the app. The router turns every entry into a lazy route under its layout, so a page's code
 * (and its heavy dependencies) loads only when visited.
 * @example { path: '/minha-conta', layout: 'default', load: () => import('./pages/MyAccountPage.tsx') }
 */
export interface AppRoute {
  /** Absolute path, react-router syntax (`/usuarios/:userId`, `/pedidos/catalogo/*`). */
  path: string;
  layout: LayoutName;
  load: () => Promise<{ default: ComponentType }>;
  /**
   * Public pages skip the session checks of the route guard. Everything else is private: module paths,
   * `/`, and any route not marked public.
   */
  isPublic?: boolean;
  /** Browser tab title. */
  title?: string;
  /**
   * The permission the page needs (`{ permission: 'payable-requestors', scope: 'read' }`, any of several names):
   * without it the route guard shows one 403 page instead of drawing this one. Screen routes derive it.
   */
  access?: RouteAccess | (() => Promise<RouteAccess>);
  /**
   * Starts the page's first data request while the route guard renews the session, for a signed-in user with a
   * valid access token (screen lists: `prefetchScreenList`). Never awaited; what it starts must be what the page
   * asks for on its first render, under the same query key.
   */
  prefetch?: (ctx: RoutePrefetchContext) => void;
}

export interface RoutePrefetchContext {
  engine: Engine;
  /** The URL's query string (`?page=2&sort=-issueDate`). */
  search: string;
  params: Readonly<Record<string, string | undefined>>;
}

/** What a plugin contributes: pages and path redirects. Plugins never import each other. */
export interface Plugin {
  name: string;
  routes: AppRoute[];
  /** Exact path → target path or absolute URL (route guard step 8). */
  redirects?: Record<string, string>;
}

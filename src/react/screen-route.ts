import { createContext, useContext } from 'react';
import { useParams } from 'react-router-dom';
import type { RouteParams, ScreenRouteKind } from '../engine/routes/route-table.ts';

export interface ScreenRouteInfo {
  /** Screen key (`screens/<key>/screen.json`). */
  screen: string;
  kind: ScreenRouteKind;
  idParam: string;
  /**
   * Parameters fixed by whoever renders the page instead of the URL: a plugin showing a screen at a path of its
   * own (`/configuracoes/aplicacao/acls` = the ACLs of the current application: `{ applicationId }`).
   */
  params?: RouteParams;
}

/**
 * Which screen and page a metadata route renders. The route table (src/renderers/antd/screen-routes.ts)
 * wraps each page in it, so one page module (list, view, form) serves every screen.
 */
export const ScreenRouteContext = createContext<ScreenRouteInfo | null>(null);

/**
 * The current screen route, the record id of view/edit pages, and every route parameter (a nested screen's
 * parent ids: `{ applicationId }` on `/configuracoes/aplicacoes/:applicationId/acls`).
 * @example const { screen, kind, id, params } = useScreenRoute(); // { screen: 'banks', kind: 'edit', id: '6f1c…', params: { bankId: '6f1c…' } }
 */
export function useScreenRoute(): ScreenRouteInfo & { id: string | undefined; params: RouteParams } {
  const info = useContext(ScreenRouteContext);
  const fromUrl = useParams();
  if (!info) throw new Error('useScreenRoute precisa de uma rota de tela (screen-routes).');
  const params = info.params ? { ...fromUrl, ...info.params } : fromUrl;
  return { ...info, id: params[info.idParam], params };
}

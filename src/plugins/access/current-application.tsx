import type { ComponentType } from 'react';
import { Alert, Button } from 'antd';
import { useLocation } from 'react-router-dom';
import { HttpError } from '../../engine/http/errors.ts';
import type { ScreenRouteKind } from '../../engine/routes/route-table.ts';
import { ACCESS_TEXT } from '../../i18n/access.ts';
import { ScreenRouteContext } from '../../react/screen-route.ts';
import { NotFoundPage } from '../../renderers/antd/pages/NotFoundPage.tsx';
import { PageLoading } from '../../renderers/antd/pages/PageLoading.tsx';
import { useCurrentApplication } from './api.ts';

type PageModule = { default: ComponentType };

/**
 * A screen page of the current application at a path of its own: `/configuracoes/aplicacao/acls` is the
 * list of `/configuracoes/aplicacoes/{id}/acls` for the application of this back office, rendered by the
 * same page module with `applicationId` fixed (links and forms then use the canonical nested paths).
 * @example { path: '/configuracoes/aplicacao/acls', load: currentApplicationPage('application-acls', 'list', 'applicationAclId', () => import('…/ListPage.tsx')) }
 */
export const currentApplicationPage =
  (screen: string, kind: ScreenRouteKind, idParam: string, load: () => Promise<PageModule>) => async (): Promise<PageModule> => {
    const { default: Page } = await load();
    function CurrentApplicationScreen() {
      const current = useCurrentApplication();
      const { pathname } = useLocation();
      if (current.isPending) return <PageLoading />;
      if (current.error) {
        if (current.error instanceof HttpError && current.error.status === 404) return <NotFoundPage path={pathname} />;
        return (
          <Alert
            type="error"
            showIcon
            title={ACCESS_TEXT.noCurrentApplication}
            description={current.error.message}
            action={<Button size="small" onClick={() => void current.refetch()}>{ACCESS_TEXT.retry}</Button>}
          />
        );
      }
      return (
        <ScreenRouteContext.Provider value={{ screen, kind, idParam, params: { applicationId: current.data.id } }}>
          <Page />
        </ScreenRouteContext.Provider>
      );
    }
    return { default: CurrentApplicationScreen };
  };

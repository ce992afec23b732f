import { useLocation } from 'react-router-dom';
import { useMetadata } from '../../../react/metadata.ts';
import { useScreenRoute } from '../../../react/screen-route.ts';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { ViewScreen } from './ViewScreen.tsx';

/** The `/:id` route of every screen file (src/renderers/antd/screen-routes.tsx). */
export default function ViewPage() {
  const { screen, id, params } = useScreenRoute();
  const { pathname } = useLocation();
  const file = useMetadata().screens[screen];
  if (!file?.view || !id) return <NotFoundPage path={pathname} />;
  return <ViewScreen key={`${screen}:${id}`} screenKey={screen} id={id} routeParams={params} />;
}

import { useScreenRoute } from '../../../react/screen-route.ts';
import { ListScreen } from './ListScreen.tsx';

/** The `list` route of every screen file (src/renderers/antd/screen-routes.tsx). */
export default function ListPage() {
  const { screen, params } = useScreenRoute();
  return <ListScreen key={screen} screenKey={screen} routeParams={params} />;
}

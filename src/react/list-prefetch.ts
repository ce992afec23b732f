import type { QueryClient } from '@tanstack/react-query';
import { can } from '../engine/access.ts';
import type { Engine } from '../engine/create-engine.ts';
import { listDefaults, readListState, toListParams } from '../engine/list/list-state.ts';
import { metadata } from './metadata.ts';
import { dataProviderOf, prefetchList } from './resources.ts';

/**
 * Starts the first page of a screen's list while the route guard still renews the session (spec §2 step 6), so
 * the rows do not wait for token, user and permissions: the request the list page makes on its first render
 * (`useResourceList`: the same params from the same URL, the same query key) finds it already in flight.
 * Nothing is asked when the signed-in user may not read the screen (the guard will answer 403) or for a nested
 * screen (its parent is read from the path first). The request carries the current access token, still valid:
 * the server checks it as any other call, and an answer that fails is asked again by the page (React Query
 * refetches an errored query on mount).
 * @example prefetchScreenList(engine, queryClient, 'payables', '?page=2') // GET …/payables?page=2&pageSize=25…
 */
export function prefetchScreenList(engine: Engine, client: QueryClient, screenKey: string, search: string): boolean {
  const screen = metadata.screens[screenKey];
  const schema = screen && metadata.resources[screen.resource];
  if (!screen?.list || !schema || screen.route.parent) return false;
  const session = engine.session.getSnapshot();
  if (!can(session.loggedUser, session.policyEffectivePermissions, screen.permission ?? screen.resource, 'read')) return false;
  const defaults = listDefaults(screen, schema);
  return prefetchList(client, dataProviderOf(engine), toListParams(readListState(search, defaults), screen.resource, defaults.locked));
}

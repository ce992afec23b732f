import { useCallback, useMemo } from 'react';
import { can, type EffectivePermissions, type Scope } from '../engine/access.ts';
import { buildNavigation, type NavigationGroup } from '../engine/navigation/modules.ts';
import type { LoggedUser, SessionState } from '../engine/session/types.ts';
import type { Snackbar } from '../engine/snackbar/store.ts';
import { useEngine } from './context.ts';
import { useStore } from './useStore.ts';

const wholeSession = (s: SessionState): SessionState => s;

/**
 * The session, or one slice of it. Pass a stable selector (module-level function or useCallback).
 * @example const user = useSession(selectUser);
 */
export function useSession(): SessionState;
export function useSession<S>(selector: (s: SessionState) => S): S;
export function useSession<S>(selector?: (s: SessionState) => S): S | SessionState {
  return useStore<SessionState, S | SessionState>(useEngine().session, selector ?? wholeSession);
}

export const selectUser = (s: SessionState): LoggedUser | null => s.loggedUser;
export const selectPermissions = (s: SessionState): EffectivePermissions | null => s.policyEffectivePermissions;

export function useLoggedUser(): LoggedUser | null {
  return useSession(selectUser);
}

/** The snackbar list and its actions. */
export function useSnackbars(): { snackbars: readonly Snackbar[]; dismiss: (id: string) => void; shown: (id: string) => void } {
  const { snackbars } = useEngine();
  const list = useStore(snackbars);
  // Stable actions: the host's effect and each notice's "on screen" effect depend on them.
  const actions = useMemo(() => ({ dismiss: snackbars.dismiss.bind(snackbars), shown: snackbars.shown.bind(snackbars) }), [snackbars]);
  return { snackbars: list, ...actions };
}

/** The user, the effective permissions and a `can(resource, scope)` bound to them. */
export function usePermissions() {
  const user = useSession(selectUser);
  const permissions = useSession(selectPermissions);
  const check = useCallback((resource: string, scope: Scope) => can(user, permissions, resource, scope), [user, permissions]);
  return { user, permissions, can: check };
}

/** @example const canCreate = useCan('orders', 'create'); */
export function useCan(resource: string, scope: Scope): boolean {
  return usePermissions().can(resource, scope);
}

/**
 * The side menu: modules from appParams, grouped, ordered and filtered by create scope. The session's appParams
 * (updated by the config poll, src/engine/config/config-watcher.ts) win over the ones the tab started with.
 */
export function useNavigationModules(): NavigationGroup[] {
  const { config } = useEngine();
  const appParams = useSession((s) => s.appParams) ?? config.appParams;
  const user = useSession(selectUser);
  const permissions = useSession(selectPermissions);
  return useMemo(() => buildNavigation(appParams, user, permissions), [appParams, user, permissions]);
}

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
export function useSnackbars(): { snackbars: readonly Snackbar[]; dismiss: (id: string) => void } {
  const { snackbars } = useEngine();
  const list = useStore(snackbars);
  return { snackbars: list, dismiss: snackbars.dismiss.bind(snackbars) };
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

/** The side menu: modules from appParams, grouped, ordered and filtered by create scope. */
export function useNavigationModules(): NavigationGroup[] {
  const { config } = useEngine();
  const user = useSession(selectUser);
  const permissions = useSession(selectPermissions);
  return useMemo(() => buildNavigation(config.appParams, user, permissions), [config.appParams, user, permissions]);
}

import { useQuery } from '@tanstack/react-query';
import type { PermissionEntry } from '../../engine/access.ts';
import { useEngine } from '../../react/context.ts';

/** The application this back office belongs to (`GET applications/current`). */
export interface CurrentApplication {
  id: string;
  name: string;
  title: string;
}

export interface UserProfile {
  id: string;
  name: string;
  description?: string | null;
  isActive: boolean;
}

export interface UserPolicy {
  id: string;
  name: string;
  description?: string | null;
  resources: PermissionEntry[];
  acls: PermissionEntry[];
  /** The user's active groups that grant it. */
  groups: { id: string; name: string }[];
}

/** Query keys of the access plugin; the user's ones go stale with the `users` resource writes. */
export const accessKeys = {
  current: ['access', 'application', 'current'] as const,
  profiles: (userId: string) => ['access', 'user', userId, 'active-profiles'] as const,
  policies: (userId: string) => ['access', 'user', userId, 'policies'] as const,
};

/** `/api/identity/v1/<path>` of the identity service. */
export function useIdentityUrl(): (path: string) => string {
  const { api } = useEngine();
  return (path) => `${api.service('identity')}/${path}`;
}

export function useCurrentApplication() {
  const { http } = useEngine();
  const url = useIdentityUrl();
  // The current application never changes while the app runs.
  return useQuery({ queryKey: accessKeys.current, queryFn: () => http.get<CurrentApplication>(url('applications/current')), staleTime: Infinity });
}

export function useUserProfiles(userId: string) {
  const { http } = useEngine();
  const url = useIdentityUrl();
  return useQuery({ queryKey: accessKeys.profiles(userId), queryFn: () => http.get<UserProfile[]>(url(`users/${encodeURIComponent(userId)}/active-profiles`)) });
}

export function useUserPolicies(userId: string) {
  const { http } = useEngine();
  const url = useIdentityUrl();
  return useQuery({ queryKey: accessKeys.policies(userId), queryFn: () => http.get<UserPolicy[]>(url(`users/${encodeURIComponent(userId)}/policies`)) });
}

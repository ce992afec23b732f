import { useQuery } from '@tanstack/react-query';
import { useEngine } from '../../../react/context.ts';

/** Query key of an identity endpoint; mutations update or invalidate it. */
export const identityKey = (key: string) => ['identity', key] as const;

/** Loads one named identity endpoint (e.g. `usersMePolicies`) for a page. */
export function useIdentityResource<T>(key: string) {
  const { http, api } = useEngine();
  return useQuery({ queryKey: identityKey(key), queryFn: () => http.get<T>(api.url('identity', key)) });
}

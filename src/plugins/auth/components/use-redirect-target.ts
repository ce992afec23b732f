import { useSearchParams } from 'react-router-dom';
import { safeRedirectTarget } from '../../../engine/guard/paths.ts';

/** The `redirectTo` of the current URL, only when it is a path of this site; '/' otherwise. */
export function useRedirectTarget(): string {
  const [params] = useSearchParams();
  return safeRedirectTarget(params.get('redirectTo'));
}

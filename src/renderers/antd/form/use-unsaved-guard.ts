import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';

/**
 * While `dirty`, leaving the page asks first: in-app navigation through the router's blocker (the caller
 * shows 'Descartar alterações?'), closing or reloading the tab through `beforeunload`.
 */
export function useUnsavedGuard(dirty: boolean, leaving: { readonly current: boolean }) {
  // `leaving` is read when a navigation happens (not during render): a save navigates right after it clears.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return undefined;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  return blocker;
}

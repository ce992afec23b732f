import { useCallback, useSyncExternalStore } from 'react';

export interface ExternalStore<T> {
  getSnapshot(): T;
  subscribe(listener: () => void): () => void;
}

/**
 * Subscribes to an engine store and returns the selected slice; the component re-renders only when that
 * slice changes (snapshots are immutable, so field selectors are stable).
 */
export function useStore<T, S = T>(store: ExternalStore<T>, selector: (state: T) => S = (s) => s as unknown as S): S {
  const get = useCallback(() => selector(store.getSnapshot()), [store, selector]);
  return useSyncExternalStore(store.subscribe, get, get);
}

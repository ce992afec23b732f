import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { readListState, writeListState, type ListDefaults, type ListState } from '../../../engine/list/list-state.ts';

export type ListStateUpdate = ListState | ((prev: ListState) => ListState);

/**
 * The list state lives in the URL (engine/list/list-state.ts): reload, paging and the back button keep it.
 * Paging, sorting and filter choices push a history entry; typing in the search box replaces it.
 * Updates may be functions of the latest state: a sort clicked right after the debounced search fired
 * builds on that search even before the page re-rendered with it.
 */
export function useListUrlState(defaults: ListDefaults): [ListState, (next: ListStateUpdate, options?: { replace?: boolean }) => void] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const state = useMemo(() => readListState(search, defaults), [search, defaults]);
  // The query string last rendered or last written by us, whichever is newer.
  const latest = useRef(search);
  useLayoutEffect(() => {
    latest.current = search;
  }, [search]);
  const setState = useCallback(
    (update: ListStateUpdate, options: { replace?: boolean } = {}) => {
      const prevQs = latest.current;
      const next = typeof update === 'function' ? update(readListState(prevQs, defaults)) : update;
      const qs = writeListState(next, defaults);
      if (qs === writeListState(readListState(prevQs, defaults), defaults)) return;
      latest.current = qs ? `?${qs}` : '';
      // Written by hand (not URLSearchParams) so `filter[active][eq]` stays readable in the address bar.
      navigate({ search: qs ? `?${qs}` : '' }, { replace: options.replace, preventScrollReset: true });
    },
    [defaults, navigate],
  );
  return [state, setState];
}

import type { HttpClient } from '../http/client.ts';
import type { Filter, SortTerm } from './types.ts';

/** What a saved view keeps of a list (server/routes/views.ts validates the same shape). */
export interface SavedViewState {
  q?: string;
  filters?: Filter[];
  sort?: SortTerm[];
  pageSize?: number;
  /** Visible columns, in screen order. */
  columns?: string[];
}

export interface SavedView {
  id: string;
  resource: string;
  name: string;
  state: SavedViewState;
  shared: boolean;
  owner: { id: string; name: string | null };
  /** The caller owns it (may rename, re-save, share or delete). */
  mine: boolean;
  createdAt: string;
  updatedAt: string;
}

/**
 * Saved list views on the server, per user, shareable (`/api/commons/v1/saved-views`).
 * @example const views = createSavedViewsApi(http, config.services.commons); await views.list('banks')
 */
export function createSavedViewsApi(http: HttpClient, commonsBase = '/api/commons/v1') {
  const base = `${commonsBase.replace(/\/+$/, '')}/saved-views`;
  return {
    list: (resource: string) => http.get<SavedView[]>(base, { params: { resource } }),
    create: (view: { resource: string; name: string; state: SavedViewState; shared?: boolean }) => http.post<SavedView>(base, view),
    update: (id: string, patch: Partial<Pick<SavedView, 'name' | 'state' | 'shared'>>) => http.patch<SavedView>(`${base}/${encodeURIComponent(id)}`, patch),
    remove: (id: string) => http.delete<void>(`${base}/${encodeURIComponent(id)}`),
  };
}

export type SavedViewsApi = ReturnType<typeof createSavedViewsApi>;

import type { ListParams } from './types.ts';

/**
 * Query keys of resource data, from one factory (style.md #9). Every key starts with the resource name,
 * so a write invalidates everything about that resource with one prefix: `invalidateQueries({ queryKey: [resource] })`.
 * @example resourceKeys.list({ resource: 'banks', page: 2 }) // ['banks', 'list', { page: 2 }]
 * @example resourceKeys.one('banks', id)                      // ['banks', 'one', { id }]
 */
export const resourceKeys = {
  all: (resource: string) => [resource] as const,
  lists: (resource: string) => [resource, 'list'] as const,
  list: ({ resource, ...params }: ListParams) => [resource, 'list', params] as const,
  one: (resource: string, id: string | number) => [resource, 'one', { id: String(id) }] as const,
  /** Ids sorted, so the same set of ids is one cache entry whatever the order of the rows. */
  labels: (resource: string, ids: readonly string[]) => [resource, 'labels', { ids: [...new Set(ids)].sort() }] as const,
  history: (resource: string, id: string) => [resource, 'history', { id: String(id) }] as const,
  permissions: (resource: string, ids: readonly string[]) => [resource, 'permissions', { ids: [...new Set(ids)].sort() }] as const,
};

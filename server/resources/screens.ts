import type { ScreenFile } from '../../src/engine/schema/screen-types.ts';

/**
 * Field names a list screen shows, filters or sorts by: the schema sync keeps an index on each, so the
 * lists implementers configure stay fast without anyone writing DDL.
 * @example listFieldsOf(bankScreen) // ['compe', 'ispb', 'name', …, 'active', 'participatesCompe', 'compe']
 */
export function listFieldsOf(screen: ScreenFile): string[] {
  const list = screen.list;
  if (!list) return [];
  const sort = (list.defaultSort ?? '').split(',').map((s) => s.trim().replace(/^-/, '')).filter(Boolean);
  return [...(list.columns ?? []).map((c) => c.field), ...(list.filters ?? []).map((f) => f.field), ...sort];
}

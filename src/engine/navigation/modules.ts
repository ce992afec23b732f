import { can, type AccessSubject, type EffectivePermissions } from '../access.ts';
import { navigationGroups, navigationModules, type AppParams, type NavigationModule } from '../config/app-config.ts';

export interface NavigationItem {
  key: string;
  title: string;
  path: string;
  icon?: string;
  children?: NavigationItem[];
}

export interface NavigationGroup {
  /** '' for modules without a group (shown at the top level). */
  key: string;
  title: string;
  icon?: string;
  items: NavigationItem[];
}

const byOrder = <T extends { order?: number }>(a: T, b: T) => (a.order ?? Infinity) - (b.order ?? Infinity);

/**
 * A module shows when the user may create on its resource; one without a resource always shows, except a
 * module that only groups children, which shows when at least one child does.
 */
function visible(m: NavigationModule, user: AccessSubject | null | undefined, perms: EffectivePermissions | null | undefined): NavigationItem | null {
  if (m.resourceName && !can(user, perms, m.resourceName, 'create')) return null;
  const item: NavigationItem = { key: m.key, title: m.title, path: m.path, ...(m.icon ? { icon: m.icon } : {}) };
  if (!m.children?.length) return item;
  const children = [...m.children].sort(byOrder).map((c) => visible(c, user, perms)).filter((c): c is NavigationItem => !!c);
  return children.length ? { ...item, children } : null;
}

/**
 * The side menu from `appParams` (spec §2 step 10): modules ordered, filtered by create scope, grouped by
 * the config's groups in their order; groups left empty are removed.
 * @example buildNavigation(appParams, user, permissions)[0] // { key: 'compras', title: 'Compras', items: [...] }
 */
export function buildNavigation(
  params: AppParams | null | undefined,
  user: AccessSubject | null | undefined,
  permissions: EffectivePermissions | null | undefined,
): NavigationGroup[] {
  const groups = [...navigationGroups(params)].sort(byOrder);
  const known = new Set(groups.map((g) => g.key));
  const items = new Map<string, NavigationItem[]>();
  for (const m of [...navigationModules(params)].sort(byOrder)) {
    const item = visible(m, user, permissions);
    if (!item) continue;
    const key = m.group && known.has(m.group) ? m.group : '';
    items.set(key, [...(items.get(key) ?? []), item]);
  }
  const out: NavigationGroup[] = [];
  if (items.get('')?.length) out.push({ key: '', title: '', items: items.get('')! });
  for (const g of groups) {
    const list = items.get(g.key);
    if (list?.length) out.push({ key: g.key, title: g.title, ...(g.icon ? { icon: g.icon } : {}), items: list });
  }
  return out;
}

/** Every leaf entry of the menu, in order (home shortcuts, search). */
export function flattenNavigation(groups: NavigationGroup[]): NavigationItem[] {
  const walk = (items: NavigationItem[]): NavigationItem[] => items.flatMap((i) => (i.children ? walk(i.children) : [i]));
  return groups.flatMap((g) => walk(g.items));
}

/** Paths of private modules (all modules unless `isPublic`), children included. */
export function privateModulePaths(params: AppParams | null | undefined): string[] {
  const walk = (ms: NavigationModule[]): string[] => ms.flatMap((m) => (m.isPublic ? [] : [m.path, ...walk(m.children ?? [])]));
  return walk(navigationModules(params));
}

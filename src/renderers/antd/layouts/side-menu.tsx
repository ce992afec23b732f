import type { MenuProps } from 'antd';
import { Link } from 'react-router-dom';
import type { NavigationGroup, NavigationItem } from '../../../engine/navigation/modules.ts';
import { ModuleIcon } from '../icons.tsx';

type MenuItem = Required<MenuProps>['items'][number];

function toItem(item: NavigationItem): MenuItem {
  if (item.children?.length) {
    return { key: item.path, icon: <ModuleIcon name={item.icon} />, label: item.title, children: item.children.map(toItem) };
  }
  return { key: item.path, icon: <ModuleIcon name={item.icon} />, label: <Link to={item.path}>{item.title}</Link> };
}

/** antd Menu items: one titled group per navigation group; ungrouped modules at the top. */
export function menuItems(groups: NavigationGroup[]): MenuItem[] {
  return groups.flatMap((g): MenuItem[] =>
    g.key === '' ? g.items.map(toItem) : [{ type: 'group', key: `group:${g.key}`, label: g.title, children: g.items.map(toItem) }],
  );
}

/** The menu entry of the current page: the longest module path that contains it, and its parents. */
export function selectedPath(groups: NavigationGroup[], pathname: string): { selected?: string; open: string[] } {
  let best: { path: string; parents: string[] } | undefined;
  const walk = (items: NavigationItem[], parents: string[]) => {
    for (const i of items) {
      if ((pathname === i.path || pathname.startsWith(`${i.path}/`)) && (!best || i.path.length > best.path.length)) best = { path: i.path, parents };
      if (i.children) walk(i.children, [...parents, i.path]);
    }
  };
  for (const g of groups) walk(g.items, []);
  return { selected: best?.path, open: best?.parents ?? [] };
}

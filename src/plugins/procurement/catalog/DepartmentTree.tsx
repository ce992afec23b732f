import { Typography } from 'antd';
import { Link } from 'react-router-dom';
import { CATALOG_TEXT as T } from '../../../i18n/procurement-catalog.ts';
import type { Department } from './api.ts';

/** Finds a department by its slug path (`escritorio/papel`) and returns it with its ancestors (the breadcrumb). */
export function findPath(tree: Department[], path: string): Department[] {
  for (const d of tree) {
    if (d.path === path) return [d];
    if (path.startsWith(`${d.path}/`)) {
      const below = findPath(d.children, path);
      if (below.length) return [d, ...below];
    }
  }
  return [];
}

function Branch({ items, current, depth }: { items: Department[]; current: string; depth: number }) {
  return (
    <ul style={{ listStyle: 'none', margin: 0, paddingLeft: depth ? 14 : 0 }}>
      {items.map((d) => {
        const here = d.path === current;
        const open = here || current.startsWith(`${d.path}/`);
        return (
          <li key={d.id} style={{ margin: '2px 0' }}>
            <Link to={`/pedidos/catalogo/${d.path}`} aria-current={here ? 'page' : undefined} style={{ fontWeight: here ? 600 : 400, display: 'inline-block', padding: '2px 0' }}>
              {d.name}
            </Link>{' '}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>({d.productCount})</Typography.Text>
            {open && d.children.length > 0 && <Branch items={d.children} current={current} depth={depth + 1} />}
          </li>
        );
      })}
    </ul>
  );
}

/** The department tree of the catalogue: the current department's branch open, counts of active products. */
export function DepartmentTree({ tree, current }: { tree: Department[]; current: string }) {
  return (
    <nav aria-label={T.catalog.departments}>
      <Link to="/pedidos/catalogo" aria-current={current === '' ? 'page' : undefined} style={{ fontWeight: current === '' ? 600 : 400 }}>{T.catalog.all}</Link>
      <div style={{ marginTop: 8 }}><Branch items={tree} current={current} depth={0} /></div>
    </nav>
  );
}

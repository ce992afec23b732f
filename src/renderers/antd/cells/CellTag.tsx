import type { CSSProperties, ReactNode } from 'react';
import './cell-tag.css';

/**
 * The small tag of cells (options, Sim/Não, Vencido, lists): a plain `<span>` drawn like antd's filled `Tag`
 * (cell-tag.css). A list row mounts one or two per row on every scroll step, and antd's Tag runs its CSS-in-JS
 * and semantic-style hooks per instance; this one is only an element.
 */
export function CellTag({ color, title, style, children }: { color?: 'green' | 'red'; title?: string; style?: CSSProperties; children: ReactNode }) {
  return (
    <span className="bo-tag" data-color={color} title={title} style={style}>
      {children}
    </span>
  );
}

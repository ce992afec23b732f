import { memo, type MouseEvent, type ReactNode } from 'react';
import type { NavigateFunction } from 'react-router-dom';
import type { ResourceRecord } from '../../../engine/data/types.ts';
import { LIST_TEXT } from '../../../i18n/list.ts';
import { ACTIONS_COLUMN, SELECT_COLUMN, SpecCell, type ColumnSpec } from './columns.tsx';

export interface ListRowProps {
  record: ResourceRecord;
  index: number;
  start: number;
  template: string;
  /** Ids of the visible columns, in order (the same array while they stay). */
  columns: readonly string[];
  selected: boolean;
  onToggle?: (id: string, event: unknown) => void;
  href?: string;
  label: string;
  actions?: (row: ResourceRecord) => ReactNode;
  specs: ReadonlyMap<string, ColumnSpec>;
}

/**
 * One row of the list grid; memoised, so scrolling a 1,000-row page renders only the rows entering the view, and
 * each of those as little as possible: the checkbox and the actions button are native elements (list.css), the
 * cells render straight from their specs (no TanStack `FlexRender` per cell), and the row link is a plain `<a>`
 * whose clicks the table routes in one handler (`rowLinkClick`) instead of a react-router `Link` per row.
 */
export const ListRow = memo(function ListRow({ record, index, start, template, columns, selected, onToggle, href, label, actions, specs }: ListRowProps) {
  return (
    <tr className="bo-list-row" aria-rowindex={index + 2} data-selected={selected || undefined} style={{ transform: `translateY(${start}px)`, gridTemplateColumns: template }}>
      {columns.map((id) => {
        if (id === SELECT_COLUMN) {
          return (
            <td key={id} className="bo-cell-control">
              <input type="checkbox" className="bo-row-check" aria-label={LIST_TEXT.selectRow(label)} checked={selected} onChange={(e) => onToggle?.(record.id, e)} />
            </td>
          );
        }
        if (id === ACTIONS_COLUMN) return <td key={id} className="bo-cell-control" data-align="right">{actions?.(record)}</td>;
        const spec = specs.get(id);
        const content = spec ? <SpecCell spec={spec} record={record} /> : null;
        return (
          <td key={id} data-align={spec?.align}>
            {spec?.link && href ? (
              <a href={href} className="bo-row-link bo-cell">
                {content}
              </a>
            ) : (
              <span className="bo-cell">{content}</span>
            )}
          </td>
        );
      })}
    </tr>
  );
});

/**
 * The table's click handler for its row links: a plain left click opens the record in the app (as a react-router
 * `Link` would); a middle click, Ctrl/⌘/Shift/Alt + click or a link with a target is left to the browser.
 */
export function rowLinkClick(navigate: NavigateFunction) {
  return (event: MouseEvent<HTMLElement>) => {
    const link = (event.target as Element).closest?.('a.bo-row-link');
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const target = link.getAttribute('target');
    if (target && target !== '_self') return;
    event.preventDefault();
    navigate(link.getAttribute('href')!);
  };
}

import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { SortingState } from '@tanstack/react-table';
import { Checkbox } from 'antd';
import { memo } from 'react';
import { LIST_TEXT } from '../../../i18n/list.ts';
import { ACTIONS_COLUMN, SELECT_COLUMN, type ColumnSpec } from './columns.tsx';
import type { ListTableInstance } from './table-features.ts';

type HeaderGroups = ReturnType<ListTableInstance['getHeaderGroups']>;

export interface ListHeadProps {
  groups: HeaderGroups;
  template: string;
  specs: ReadonlyMap<string, ColumnSpec>;
  sorting: SortingState;
  allSelected: boolean;
  someSelected: boolean;
  onToggleAll: (checked: boolean) => void;
}

/**
 * The header row: sort buttons (click; Shift+click adds a column) and the page's select-all checkbox. Memoised:
 * a scroll step re-renders the table, and the header's antd checkbox and icons would otherwise render with it.
 */
export const ListHead = memo(function ListHead({ groups, template, specs, sorting, allSelected, someSelected, onToggleAll }: ListHeadProps) {
  return (
    <thead>
      {groups.map((group) => (
        <tr key={group.id} style={{ gridTemplateColumns: template }}>
          {group.headers.map((header) => {
            const id = header.column.id;
            if (id === SELECT_COLUMN) {
              return (
                <th key={id} className="bo-cell-control" aria-label={LIST_TEXT.selectAll}>
                  <Checkbox aria-label={LIST_TEXT.selectAll} checked={allSelected} indeterminate={someSelected} onChange={(e) => onToggleAll(e.target.checked)} />
                </th>
              );
            }
            if (id === ACTIONS_COLUMN) return <th key={id}><span className="bo-visually-hidden">{LIST_TEXT.actions}</span></th>;
            const spec = specs.get(id);
            const dir = header.column.getIsSorted();
            const index = sorting.length > 1 && dir ? header.column.getSortIndex() + 1 : undefined;
            return (
              <th key={id} data-align={spec?.align} aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined} style={spec?.width ? undefined : { minWidth: 0 }}>
                {header.column.getCanSort() ? (
                  <button type="button" className="bo-sort-button" onClick={header.column.getToggleSortingHandler()} title={LIST_TEXT.sortHint}>
                    <span>{spec?.title}</span>
                    <span className="bo-sort-icon" data-active={!!dir} aria-hidden>
                      {dir === 'desc' ? <ArrowDownOutlined /> : <ArrowUpOutlined style={{ opacity: dir ? 1 : 0.45 }} />}
                      {index}
                    </span>
                  </button>
                ) : (
                  <span className="bo-cell">{spec?.title}</span>
                )}
              </th>
            );
          })}
        </tr>
      ))}
    </thead>
  );
});

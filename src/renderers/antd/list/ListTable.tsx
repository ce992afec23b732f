import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useTable, type ColumnVisibilityState, type RowSelectionState, type SortingState, type Updater } from '@tanstack/react-table';
import { observeElementRect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { Checkbox } from 'antd';
import { memo, useCallback, useMemo, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ResourceRecord, SortTerm } from '../../../engine/data/types.ts';
import { LIST_TEXT } from '../../../i18n/list.ts';
import { ACTIONS_COLUMN, gridTrack, SELECT_COLUMN, tableColumns, type ColumnSpec } from './columns.tsx';
import { listFeatures } from './table-features.ts';
import './list.css';

export const ROW_HEIGHT = 44;

export interface ListTableProps {
  specs: readonly ColumnSpec[];
  rows: readonly ResourceRecord[];
  total: number;
  sort: readonly SortTerm[];
  onSortChange?: (sort: SortTerm[]) => void;
  columnVisibility: ColumnVisibilityState;
  selection?: RowSelectionState;
  onSelectionChange?: (next: RowSelectionState) => void;
  /** The record page of a row (a real link: middle-click opens a tab, Enter opens it). */
  rowHref?: (row: ResourceRecord) => string | undefined;
  rowLabel: (row: ResourceRecord) => string;
  renderActions?: (row: ResourceRecord) => ReactNode;
  /** A newer page is loading over the current one. */
  fetching?: boolean;
  /** Accessible name of the table (the list title). */
  label: string;
  /** Inside a card (related lists): no border of its own, shorter. */
  flat?: boolean;
}

const EMPTY_ROWS: ResourceRecord[] = [];
/**
 * A scroll container not laid out yet (a hidden tab, a test DOM without layout) measures 0 px high, and the
 * virtualizer would then render no row at all: assume a window's height until a real size arrives.
 */
function observeRect(instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: { width: number; height: number }) => void) {
  return observeElementRect(instance, (rect) => cb(rect.height ? rect : { width: rect.width, height: window.innerHeight || 800 }));
}

const toSorting = (sort: readonly SortTerm[]): SortingState => sort.map((s) => ({ id: s.field, desc: s.order === 'desc' }));
const apply = <T,>(u: Updater<T>, prev: T): T => (typeof u === 'function' ? (u as (p: T) => T)(prev) : u);

/**
 * The list grid (TanStack Table v9 `useTable` + TanStack Virtual): server-sorted rows (click a header;
 * Shift+click adds a column), page selection with Shift ranges, visible columns, cells from the registry.
 * Only the rows in view are in the DOM, so 1,000 rows per page scroll smoothly.
 */
export function ListTable(props: ListTableProps) {
  const { specs, rows, total, sort, columnVisibility, selection, rowHref, rowLabel, renderActions, fetching, label, flat } = props;
  const selectable = !!props.onSelectionChange;
  const columns = useMemo(() => tableColumns(specs, { selectable, actions: !!renderActions }), [specs, selectable, renderActions]);
  const sorting = useMemo(() => toSorting(sort), [sort]);
  const table = useTable({
    features: listFeatures,
    columns,
    data: (rows as ResourceRecord[]) ?? EMPTY_ROWS,
    getRowId: (row) => row.id,
    state: { sorting, columnVisibility, rowSelection: selection ?? {}, pagination: { pageIndex: 0, pageSize: Math.max(rows.length, 1) } },
    onSortingChange: (u) => props.onSortChange?.(apply(u, sorting).map((s) => ({ field: s.id, order: s.desc ? 'desc' : 'asc' }))),
    onRowSelectionChange: (u) => props.onSelectionChange?.(apply(u, selection ?? {})),
    manualSorting: true,
    manualPagination: true,
    rowCount: total,
    enableMultiSort: true,
    maxMultiSortColCount: 3,
    enableRowSelection: selectable,
  });

  const bySpec = useMemo(() => new Map(specs.map((s) => [s.field, s])), [specs]);
  const visible = table.getVisibleLeafColumns();
  const template = visible.map((c) => gridTrack(bySpec.get(c.id), c.id)).join(' ');
  const scrollRef = useRef<HTMLDivElement>(null);
  const modelRows = table.getRowModel().rows;
  // One handler for every row (a row's own `getToggleSelectedHandler()` is new on each render, and would
  // re-render every visible row on each scroll frame).
  const toggleRow = useCallback((id: string, event: unknown) => table.getRow(id).getToggleSelectedHandler()(event), [table]);
  // The virtualizer's functions change every render by design; this component is not compiler-memoised.
  // oxlint-disable-next-line react/incompatible-library
  const virtualizer = useVirtualizer({
    count: modelRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (i) => modelRows[i].id,
    overscan: 10,
    observeElementRect: observeRect,
  });

  return (
    <div ref={scrollRef} className={flat ? 'bo-list-scroll bo-list-flat' : 'bo-list-scroll'} data-fetching={fetching ? 'true' : undefined} aria-busy={fetching || undefined}>
      {fetching && <div className="bo-list-progress" aria-hidden />}
      <table className="bo-list-table" aria-label={label} aria-rowcount={total + 1}>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} style={{ gridTemplateColumns: template }}>
              {group.headers.map((header) => {
                const id = header.column.id;
                if (id === SELECT_COLUMN) {
                  return (
                    <th key={id} className="bo-cell-control" aria-label={LIST_TEXT.selectAll}>
                      <Checkbox
                        aria-label={LIST_TEXT.selectAll}
                        checked={table.getIsAllPageRowsSelected()}
                        indeterminate={table.getIsSomePageRowsSelected()}
                        onChange={(e) => table.toggleAllPageRowsSelected(e.target.checked)}
                      />
                    </th>
                  );
                }
                if (id === ACTIONS_COLUMN) return <th key={id}><span className="bo-visually-hidden">{LIST_TEXT.actions}</span></th>;
                const spec = bySpec.get(id);
                const dir = header.column.getIsSorted();
                const index = sorting.length > 1 && dir ? header.column.getSortIndex() + 1 : undefined;
                return (
                  <th key={id} data-align={spec?.align} aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined} style={spec?.width ? undefined : { minWidth: 0 }}>
                    {header.column.getCanSort() ? (
                      <button type="button" className="bo-sort-button" onClick={header.column.getToggleSortingHandler()} title={LIST_TEXT.sortHint}>
                        <span><table.FlexRender header={header} /></span>
                        <span className="bo-sort-icon" data-active={!!dir} aria-hidden>
                          {dir === 'desc' ? <ArrowDownOutlined /> : <ArrowUpOutlined style={{ opacity: dir ? 1 : 0.45 }} />}
                          {index}
                        </span>
                      </button>
                    ) : (
                      <span className="bo-cell"><table.FlexRender header={header} /></span>
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = modelRows[item.index];
            return (
              <BodyRow
                key={row.id}
                row={row}
                index={item.index}
                start={item.start}
                template={template}
                selected={row.getIsSelected()}
                onToggle={selectable ? toggleRow : undefined}
                href={rowHref?.(row.original)}
                label={rowLabel(row.original)}
                actions={renderActions}
                specs={bySpec}
                table={table}
              />
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

type TableOf = ReturnType<typeof useTable<typeof listFeatures, ResourceRecord>>;
type RowOf = ReturnType<TableOf['getRowModel']>['rows'][number];

interface BodyRowProps {
  /** The table's row (the same object while the page's data and columns stay). */
  row: RowOf;
  index: number;
  start: number;
  template: string;
  selected: boolean;
  onToggle?: (id: string, event: unknown) => void;
  href?: string;
  label: string;
  actions?: (row: ResourceRecord) => ReactNode;
  specs: Map<string, ColumnSpec>;
  table: TableOf;
}

/** One row; memoised so scrolling a 1,000-row page re-renders only rows entering the view. */
const BodyRow = memo(function BodyRow({ row, index, start, template, selected, onToggle, href, label, actions, specs, table }: BodyRowProps) {
  const record = row.original;
  return (
    <tr className="bo-list-row" aria-rowindex={index + 2} data-selected={selected || undefined} style={{ transform: `translateY(${start}px)`, gridTemplateColumns: template }}>
      {row.getVisibleCells().map((cell) => {
        const id = cell.column.id;
        if (id === SELECT_COLUMN) {
          return (
            <td key={cell.id} className="bo-cell-control">
              <Checkbox aria-label={LIST_TEXT.selectRow(label)} checked={selected} onChange={(e) => onToggle?.(record.id, e)} />
            </td>
          );
        }
        if (id === ACTIONS_COLUMN) return <td key={cell.id} className="bo-cell-control" data-align="right">{actions?.(record)}</td>;
        const spec = specs.get(id);
        const content = <table.FlexRender cell={cell} />;
        return (
          <td key={cell.id} data-align={spec?.align}>
            {spec?.link && href ? (
              <Link to={href} className="bo-row-link bo-cell" aria-label={undefined}>
                {content}
              </Link>
            ) : (
              <span className="bo-cell">{content}</span>
            )}
          </td>
        );
      })}
    </tr>
  );
});

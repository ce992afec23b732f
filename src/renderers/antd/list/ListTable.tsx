import { useTable, type ColumnVisibilityState, type RowSelectionState, type SortingState, type Updater } from '@tanstack/react-table';
import { observeElementRect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useDeferredValue, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ResourceRecord, SortTerm } from '../../../engine/data/types.ts';
import { gridTrack, tableColumns, type ColumnSpec } from './columns.tsx';
import { ListHead } from './ListHead.tsx';
import { ListRow, rowLinkClick } from './ListRow.tsx';
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
  const visibleKey = visible.map((c) => c.id).join(' ');
  // The same array while the visible columns stay, so the memoised rows do not re-render on a scroll step.
  const visibleIds = useMemo(() => visibleKey.split(' '), [visibleKey]);
  const navigate = useNavigate();
  const onRowLinkClick = useMemo(() => rowLinkClick(navigate), [navigate]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const modelRows = table.getRowModel().rows;
  // One handler for every row, the same across renders: a row's own `getToggleSelectedHandler()` is new on each
  // render, and so is `table` itself (useTable returns a new object per render), so a handler over `table` would
  // re-render every visible row, all its cells included, on each scroll step. Handlers run after the commit,
  // when `latest` holds this render's table.
  const latest = useRef(table);
  useLayoutEffect(() => {
    latest.current = table;
  });
  const toggleRow = useCallback((id: string, event: unknown) => latest.current.getRow(id).getToggleSelectedHandler()(event), []);
  const toggleAll = useCallback((checked: boolean) => latest.current.toggleAllPageRowsSelected(checked), []);
  // The virtualizer's functions change every render by design; this component is not compiler-memoised.
  // oxlint-disable-next-line react/incompatible-library
  const virtualizer = useVirtualizer({
    count: modelRows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (i) => modelRows[i].id,
    // Rows rendered past each edge of the view. The scroll handler renders the new rows before the frame paints
    // (flushSync), so these only cover frames the compositor scrolls ahead of a busy main thread; every one of
    // them is built again on each jump (scroll bar, End/Home): 5 each way (220 px), not 10.
    overscan: 5,
    observeElementRect: observeRect,
  });
  // Rows that scroll into view render at transition priority (useDeferredValue): React builds them in slices of a
  // few milliseconds and yields to the browser in between, so a scroll step or a jump (scroll bar, End/Home) is no
  // long task; the scroll handler's own render (flushSync) only moves the spacer. Until the slice lands, the rows
  // already there stay and the overscan covers the gap. The first rows are never deferred — neither a new page of
  // data (the rows and the range travel together, so a range of other rows is never shown) nor the first range once
  // the scroll area is measured.
  const items = virtualizer.getVirtualItems();
  const current = useMemo(() => ({ items, rows }), [items, rows]);
  const deferred = useDeferredValue(current);
  const shown = deferred.rows === rows && deferred.items.length > 0 ? deferred.items : items;

  return (
    <div ref={scrollRef} tabIndex={0} className={flat ? 'bo-list-scroll bo-list-flat' : 'bo-list-scroll'} data-fetching={fetching ? 'true' : undefined} aria-busy={fetching || undefined}>
      {fetching && <div className="bo-list-progress" aria-hidden />}
      <table className="bo-list-table" aria-label={label} aria-rowcount={total + 1}>
        <ListHead
          groups={table.getHeaderGroups()}
          template={template}
          specs={bySpec}
          sorting={sorting}
          allSelected={table.getIsAllPageRowsSelected()}
          someSelected={table.getIsSomePageRowsSelected()}
          onToggleAll={toggleAll}
        />
        <tbody style={{ height: virtualizer.getTotalSize() }} onClick={onRowLinkClick}>
          {shown.map((item) => {
            const row = modelRows[item.index];
            return (
              <ListRow
                key={row.id}
                record={row.original}
                index={item.index}
                start={item.start}
                template={template}
                columns={visibleIds}
                selected={row.getIsSelected()}
                onToggle={selectable ? toggleRow : undefined}
                href={rowHref?.(row.original)}
                label={rowLabel(row.original)}
                actions={renderActions}
                specs={bySpec}
              />
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

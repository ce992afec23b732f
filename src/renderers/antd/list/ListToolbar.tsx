import type { ColumnVisibilityState } from '@tanstack/react-table';
import { Button, Space, Typography } from 'antd';
import type { ExportFormat, ListParams } from '../../../engine/data/types.ts';
import type { SavedViewState } from '../../../engine/data/saved-views.ts';
import { fieldLabel } from '../../../engine/list/fields.ts';
import type { ListState } from '../../../engine/list/list-state.ts';
import type { ListFilter } from '../../../engine/schema/screen-types.ts';
import type { ResourceSchema } from '../../../engine/schema/types.ts';
import { LIST_TEXT } from '../../../i18n/list.ts';
import { ColumnChooser } from './ColumnChooser.tsx';
import type { ColumnSpec } from './columns.tsx';
import { ExportButton } from './ExportButton.tsx';
import { ExtraFilterTags } from './ExtraFilterTags.tsx';
import { FilterBar } from './filters/FilterBar.tsx';
import { SavedViews } from './SavedViews.tsx';
import { SearchBox } from './SearchBox.tsx';
import type { ListStateUpdate } from './useListUrlState.ts';

export interface ListToolbarProps {
  schema: ResourceSchema;
  specs: readonly ColumnSpec[];
  state: ListState;
  /** The screen's declared filters (list defaults). */
  filters: readonly ListFilter[];
  update: (next: ListStateUpdate, replace?: boolean) => void;
  /** The user changed something from the defaults: offer "Limpar filtros". */
  filtered: boolean;
  reset: () => void;
  /** Search placeholder terms ("código, nome"); empty when the screen has no search. */
  searchFields: readonly string[];
  showSearch: boolean;
  columnVisibility: ColumnVisibilityState;
  setColumnVisibility: (v: ColumnVisibilityState | null) => void;
  /** Saved views: the permission key they belong to, the current state and how to apply one. */
  viewsResource: string;
  viewState: () => SavedViewState;
  applyView: (v: SavedViewState) => void;
  /** Export: offered when set (the user may export). */
  exporting?: { formats: readonly ExportFormat[]; criteria: Omit<ListParams, 'page' | 'pageSize'>; visibleFields: string[] };
}

/**
 * The list's toolbar: search, clear filters, saved views, columns, export, the filter editors, the sort in words
 * when its column is hidden and the filters that came from elsewhere. A chunk of its own (ListScreen loads it after
 * the rows' first paint): its antd controls (selects, number inputs, dropdowns, the views dialog) are not needed to
 * show the rows.
 */
export default function ListToolbar(p: ListToolbarProps) {
  const { schema, specs, state, update, columnVisibility, setColumnVisibility } = p;
  // The sort always shows: on its column's header, or — when that column is hidden — in words, with a way to show it.
  const hiddenSort = state.sort.filter((s) => columnVisibility[s.field] === false || !specs.some((sp) => sp.field === s.field));
  return (
    <section aria-label={LIST_TEXT.filters} style={{ display: 'grid', gap: 12, marginBottom: 12 }}>
      <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
        {p.showSearch && <SearchBox value={state.q} placeholder={LIST_TEXT.searchPlaceholder(p.searchFields.join(', '))} onSearch={(q) => update((s) => ({ ...s, q, page: 1 }), true)} />}
        {p.filtered && <Button type="link" onClick={p.reset} style={{ paddingInline: 4 }}>{LIST_TEXT.clearFilters}</Button>}
        <Space wrap style={{ marginInlineStart: 'auto' }}>
          <SavedViews resource={p.viewsResource} current={p.viewState} onApply={p.applyView} onReset={() => (p.reset(), setColumnVisibility(null))} />
          <ColumnChooser specs={specs} value={columnVisibility} onChange={setColumnVisibility} />
          {p.exporting && <ExportButton formats={p.exporting.formats} criteria={p.exporting.criteria} visibleFields={p.exporting.visibleFields} />}
        </Space>
      </div>
      <FilterBar filters={p.filters} schema={schema} state={state} onChange={(change) => update(change)} />
      {hiddenSort.length > 0 && (
        <Typography.Text type="secondary" data-testid="hidden-sort" style={{ fontSize: 13 }}>
          {LIST_TEXT.sortedBy(hiddenSort.map((s) => LIST_TEXT.sortTerm(fieldLabel(schema, s.field), s.order === 'desc')).join(', '))}
          {hiddenSort.some((s) => specs.some((sp) => sp.field === s.field)) && (
            <Button type="link" size="small" onClick={() => setColumnVisibility({ ...columnVisibility, ...Object.fromEntries(hiddenSort.map((s) => [s.field, true])) })}>
              {LIST_TEXT.showSortColumn}
            </Button>
          )}
        </Typography.Text>
      )}
      <ExtraFilterTags schema={schema} declared={p.filters} state={state} onChange={(change) => update(change)} />
    </section>
  );
}

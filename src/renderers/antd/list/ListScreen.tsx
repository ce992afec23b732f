import { PlusOutlined } from '@ant-design/icons';
import type { RowSelectionState } from '@tanstack/react-table';
import { Button, Space } from 'antd';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { ResourceRecord } from '../../../engine/data/types.ts';
import type { SavedViewState } from '../../../engine/data/saved-views.ts';
import { fieldLabel } from '../../../engine/list/fields.ts';
import { hasUserFilters, listDefaults, readListState, toListParams } from '../../../engine/list/list-state.ts';
import { fillRoute, screenPaths, type RouteParams } from '../../../engine/routes/route-table.ts';
import { LIST_TEXT } from '../../../i18n/list.ts';
import { usePermissions } from '../../../react/hooks.ts';
import { screenWithSchema, useMetadata } from '../../../react/metadata.ts';
import { useRecordPermissions, useResourceList } from '../../../react/resources.ts';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { PageHeader } from '../pages/PageHeader.tsx';
import { useParent, withParentLabel } from '../screens/parent.ts';
import { recordLabel, screenTexts } from '../screens/screen-meta.ts';
import { useDocumentTitle } from '../screens/useDocumentTitle.ts';
import { BulkBar } from './BulkBar.tsx';
import { ColumnChooser } from './ColumnChooser.tsx';
import { columnSpecs } from './columns.tsx';
import { ExportButton } from './ExportButton.tsx';
import { ExtraFilterTags } from './ExtraFilterTags.tsx';
import { FilterBar } from './filters/FilterBar.tsx';
import { RefLabelsContext } from './labels-context.ts';
import { ListEmpty, ListError, ListSkeleton } from './ListStates.tsx';
import { ListPager } from './ListPager.tsx';
import { ListTable } from './ListTable.tsx';
import { bulkActionsFor, rowActionsFor, type PageRights } from './row-actions.ts';
import { RowActions } from './RowActions.tsx';
import { SavedViews } from './SavedViews.tsx';
import { SearchBox } from './SearchBox.tsx';
import { useActionRunner } from './useActionRunner.tsx';
import { useColumnVisibility } from './useColumnVisibility.ts';
import { useListUrlState, type ListStateUpdate } from './useListUrlState.ts';
import { useRefLabels } from './useRefLabels.ts';

const NO_ROWS: ResourceRecord[] = [];
const NO_PARAMS: RouteParams = {};

/**
 * The list page of a screen file: search, filters, sort, paging and columns (all in the URL or per user),
 * saved views, bulk and row actions by permission, CSV/XLSX export, and the loading, empty and error states.
 * `routeParams` are the page's route params: a nested screen's list is locked to its parent
 * (`filter[<parent field>][eq]=<id from the path>`, docs/screens.md §2.1) and titled after it.
 */
export function ListScreen({ screenKey, routeParams = NO_PARAMS }: { screenKey: string; routeParams?: RouteParams }) {
  const meta = useMetadata();
  const { screen, schema } = screenWithSchema(meta, screenKey);
  const list = screen.list!;
  const texts = screenTexts(screen, schema);
  const parent = useParent(screen, schema, routeParams);
  const { pathname } = useLocation();
  const title = withParentLabel(texts.plural, parent);
  useDocumentTitle(title);
  const parentId = parent?.id;
  const defaults = useMemo(() => listDefaults(screen, schema, parentId && screen.route.parent ? { [screen.route.parent.param]: parentId } : undefined), [screen, schema, parentId]);
  const [state, setState] = useListUrlState(defaults);
  const params = useMemo(() => toListParams(state, screen.resource, defaults.locked), [state, screen.resource, defaults.locked]);
  const query = useResourceList(params);
  const rows = query.data?.rows ?? NO_ROWS;
  const total = query.data?.total ?? 0;

  const specs = useMemo(() => columnSpecs(schema, list.columns, screen.resource), [schema, list.columns, screen.resource]);
  const { user, can } = usePermissions();
  const [columnVisibility, setColumnVisibility] = useColumnVisibility(user?.id ?? 'anon', screenKey, specs);
  // Labels only for the columns on screen: a hidden reference column costs no call.
  const shown = useMemo(() => specs.filter((s) => columnVisibility[s.field] !== false), [specs, columnVisibility]);
  const shownFields = useMemo(() => shown.map((s) => s.field), [shown]);
  const labels = useRefLabels(shown, rows);

  // Permissions for the whole page in one check: session scopes + one bulk call for the rows' record scope.
  const ids = useMemo(() => rows.map((r) => r.id), [rows]);
  const records = useRecordPermissions(screen.resource, ids, { enabled: ids.length > 0 });
  const rights: PageRights = useMemo(
    () => ({ can: (scope) => can(texts.permission, scope), canOn: (permission, scope) => can(permission, scope), records: records.data?.records }),
    [can, texts.permission, records.data],
  );

  const [selection, setSelection] = useState<RowSelectionState>({});
  const [selectionKey, setSelectionKey] = useState(JSON.stringify(params));
  if (selectionKey !== JSON.stringify(params)) {
    // Another page, sort or filter: the old selection would act on rows no longer in view.
    setSelectionKey(JSON.stringify(params));
    setSelection({});
  }
  const label = useCallback((r: ResourceRecord) => recordLabel(schema, r), [schema]);
  const runner = useActionRunner(screen.resource, label, { onDone: () => setSelection({}) });
  const bulk = bulkActionsFor(screen, rights);
  const paths = screenPaths(screen.route, routeParams);
  const rowHref = useMemo(() => {
    if (list.rowLink) return (r: ResourceRecord) => fillRoute(list.rowLink!, rowValues(routeParams, screen.route.idParam, r));
    return screen.view ? (r: ResourceRecord) => paths.view(r.id) : undefined;
  }, [list.rowLink, screen.view, screen.route.idParam, paths, routeParams]);
  const renderActions = useCallback(
    (r: ResourceRecord) => <RowActions actions={rowActionsFor(screen, r, rights, routeParams)} label={label(r)} onRun={(a) => runner.run(a, [r])} />,
    // runner.run is stable enough for a render pass; rights changes re-render the rows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [screen, rights, label, routeParams],
  );

  const update = (next: ListStateUpdate, replace = false) => setState(next, { replace });
  const filtered = hasUserFilters(state, defaults);
  const reset = () => update(readListState('', defaults));
  const viewState = (): SavedViewState => ({
    q: state.q || undefined,
    filters: state.filters,
    sort: state.sort,
    pageSize: state.pageSize,
    columns: shownFields,
  });
  const applyView = (v: SavedViewState) => {
    // A view saved elsewhere may name a parent; under a nested screen the path's parent wins.
    const filters = (v.filters ?? []).filter((f) => !defaults.locked.some((l) => l.field === f.field));
    update({ page: 1, pageSize: v.pageSize ?? defaults.pageSize, sort: v.sort?.length ? v.sort : defaults.sort, q: v.q ?? '', filters });
    if (v.columns) setColumnVisibility(Object.fromEntries(specs.map((s) => [s.field, v.columns!.includes(s.field)])));
  };
  // "Buscar por código, nome": labels in running text, acronyms (COMPE, ISPB, CNPJ) kept as written.
  const searchFields = (schema['x-resource'].searchFields ?? []).map((f) => fieldLabel(schema, f)).map((l) => (/^\p{Lu}\p{Ll}/u.test(l) ? l.charAt(0).toLocaleLowerCase('pt-BR') + l.slice(1) : l));
  const showSearch = (list.search ?? searchFields.length > 0) && searchFields.length > 0;
  const canCreate = !!screen.form && screen.form.create !== false && can(texts.permission, 'create');
  const selectedRows = rows.filter((r) => selection[r.id]);

  // The toolbar (search, filters, views, columns, export) mounts right after the first paint, at low
  // priority: on a first visit its antd controls cost ~100 ms of style work the rows need not wait for.
  const toolbarReady = useDeferredValue(true, false);

  if (parent?.missing) return <NotFoundPage path={pathname} />;

  let body;
  if (query.isError && !query.data) body = <ListError error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.isPending) body = <ListSkeleton specs={specs} rows={Math.min(state.pageSize, 10)} />;
  else if (!rows.length) body = <ListEmpty filtered={filtered} onClear={reset} />;
  else {
    body = (
      <RefLabelsContext.Provider value={labels}>
        <ListTable
          label={title}
          specs={specs}
          rows={rows}
          total={total}
          sort={state.sort}
          onSortChange={(sort) => update((s) => ({ ...s, sort, page: 1 }))}
          columnVisibility={columnVisibility}
          selection={bulk.length ? selection : undefined}
          onSelectionChange={bulk.length ? setSelection : undefined}
          rowHref={rowHref}
          rowLabel={label}
          renderActions={renderActions}
          fetching={query.isPlaceholderData || (query.isFetching && !query.isPending)}
        />
      </RefLabelsContext.Provider>
    );
  }

  return (
    <>
      {runner.modal}
      <PageHeader
        title={title}
        back={parent?.back}
        lead={schema.description}
        actions={
          canCreate && (
            <Link to={paths.add}>
              <Button type="primary" icon={<PlusOutlined />}>{LIST_TEXT.newRecord(texts.singular, texts.gender)}</Button>
            </Link>
          )
        }
      />
      {toolbarReady ? (
        <section aria-label={LIST_TEXT.filters} style={{ display: 'grid', gap: 12, marginBottom: 12 }}>
          <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
            {showSearch && <SearchBox value={state.q} placeholder={LIST_TEXT.searchPlaceholder(searchFields.join(', '))} onSearch={(q) => update((s) => ({ ...s, q, page: 1 }), true)} />}
            {filtered && <Button type="link" onClick={reset} style={{ paddingInline: 4 }}>{LIST_TEXT.clearFilters}</Button>}
            <Space wrap style={{ marginInlineStart: 'auto' }}>
              <SavedViews resource={texts.permission} current={viewState} onApply={applyView} onReset={() => (reset(), setColumnVisibility(null))} />
              <ColumnChooser specs={specs} value={columnVisibility} onChange={setColumnVisibility} />
              {can(texts.permission, 'export') && <ExportButton formats={list.export ?? []} criteria={{ resource: screen.resource, q: params.q, sort: params.sort, filters: params.filters }} visibleFields={shownFields} />}
            </Space>
          </div>
          <FilterBar filters={defaults.filters} schema={schema} state={state} onChange={(change) => update(change)} />
            <ExtraFilterTags schema={schema} declared={defaults.filters} state={state} onChange={(change) => update(change)} />
        </section>
      ) : (
        // Same height as the toolbar: the rows do not move when it arrives.
        <div aria-hidden style={{ height: defaults.filters.length ? 118 : 48 }} />
      )}
      <BulkBar count={selectedRows.length} actions={bulk} busy={runner.busy} onClear={() => setSelection({})} onRun={(a) => runner.run(a, selectedRows)} />
      {body}
      {!!rows.length && (
        <ListPager
          page={state.page}
          pageSize={state.pageSize}
          total={total}
          onPage={(page) => update((s) => ({ ...s, page }))}
          onPageSize={(pageSize) => update((s) => ({ ...s, pageSize, page: 1 }))}
        />
      )}
    </>
  );
}

/** Values a `rowLink` may name: route params, the row's fields, `{id}` and `{<idParam>}`. */
function rowValues(routeParams: RouteParams, idParam: string, r: ResourceRecord): RouteParams {
  const out: Record<string, string | undefined> = { ...routeParams };
  for (const [k, v] of Object.entries(r)) if (typeof v === 'string' || typeof v === 'number') out[k] = String(v);
  return { ...out, id: r.id, [idParam]: r.id };
}

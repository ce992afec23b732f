import { PlusOutlined } from '@ant-design/icons';
import type { RowSelectionState } from '@tanstack/react-table';
import { Suspense, lazy, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { ResourceRecord } from '../../../engine/data/types.ts';
import type { SavedViewState } from '../../../engine/data/saved-views.ts';
import { fieldLabel } from '../../../engine/list/fields.ts';
import { hasUserFilters, listDefaults, readListState, toListParams } from '../../../engine/list/list-state.ts';
import { fillRoute, screenPaths, type RouteParams } from '../../../engine/routes/route-table.ts';
import { LIST_TEXT } from '../../../i18n/list.ts';
import { usePermissions } from '../../../react/hooks.ts';
import { screenWithSchema, useMetadata } from '../../../react/metadata.ts';
import { useDataProvider, useRecordPermissions, useResourceList } from '../../../react/resources.ts';
import { useEngine } from '../../../react/context.ts';
import { LinkButton } from '../LinkButton.tsx';
import { PageHeader } from '../pages/PageHeader.tsx';
import { useParent, withParentLabel } from '../screens/parent.ts';
import { recordLabel, screenTexts } from '../screens/screen-meta.ts';
import { useDocumentTitle } from '../screens/useDocumentTitle.ts';
import { BulkBar } from './BulkBar.tsx';
import { columnSpecs } from './columns.tsx';
import { RefLabelsContext } from './labels-context.ts';
import { ListEmpty, ListSkeleton } from './ListStates.tsx';
import { ListPager, preloadPagerControls } from './ListPager.tsx';
import { ListTable } from './ListTable.tsx';
import { bulkActionsFor, rowActionsFor, type PageRights, type ResolvedAction } from './row-actions.ts';
import { RowActions } from './RowActions.tsx';
import { useActionRunner } from './useActionRunner.tsx';
import { useColumnVisibility } from './useColumnVisibility.ts';
import { useListUrlState, type ListStateUpdate } from './useListUrlState.ts';
import { useRefLabels } from './useRefLabels.ts';
import { saveBlob } from './save-blob.ts';

const NO_ROWS: ResourceRecord[] = [];
/** Selected rows a CSV of the selection may hold: their ids go in the URL (filter[id][in]), which stays short. */
const EXPORT_SELECTED_MAX = 300;
const BulkEditDialog = lazy(() => import('./BulkEditDialog.tsx'));
// Loaded on demand, each its own chunk: the toolbar right after the rows' first paint, the error and 404 states
// only when they happen (antd Result is not part of the list's initial JS).
const loadToolbar = () => import('./ListToolbar.tsx');
const ListToolbar = lazy(loadToolbar);
const ListError = lazy(() => import('./ListError.tsx'));
const NotFoundPage = lazy(() => import('../pages/NotFoundPage.tsx').then((m) => ({ default: m.NotFoundPage })));
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
  const selectedRows = rows.filter((r) => selection[r.id]);
  // Which bulk actions the list offers at all (selection column), and how they apply to what is selected.
  const bulk = bulkActionsFor(screen, rights);
  const bulkForSelection = bulkActionsFor(screen, rights, selectedRows);
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

  const [editing, setEditing] = useState<ResolvedAction | null>(null);
  const [exporting, setExporting] = useState(false);
  const data = useDataProvider();
  const engine = useEngine();
  /** Bulk bar: the built-in export (CSV of the selected rows, visible columns) and bulk edit; the rest runs as usual. */
  const runBulk = (a: ResolvedAction) => {
    if (a.edit) return setEditing(a);
    if (!a.export) return runner.run(a, selectedRows);
    if (selectedRows.length > EXPORT_SELECTED_MAX) return void engine.snackbars.push({ type: 'warning', message: LIST_TEXT.exportSelectedTooMany(EXPORT_SELECTED_MAX) });
    setExporting(true);
    void data
      .exportFile({ resource: screen.resource, format: 'csv', sort: params.sort, filters: [{ field: 'id', operator: 'in', value: selectedRows.map((r) => r.id) }], fields: shownFields })
      .then(({ blob, filename }) => {
        saveBlob(blob, filename);
        engine.snackbars.push({ type: 'success', message: LIST_TEXT.exportDone(filename) });
      })
      .catch((err: unknown) => engine.notifyError(err))
      .finally(() => setExporting(false));
  };
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

  // The toolbar (search, filters, views, columns, export) mounts right after the first paint, at low
  // priority: on a first visit its antd controls cost ~100 ms of style work the rows need not wait for.
  const toolbarReady = useDeferredValue(true, false);
  // Its chunk downloads while the page's rows are asked for (the module is fetched once).
  useEffect(() => (void loadToolbar(), preloadPagerControls()), []);
  // Same height as the toolbar: the rows do not move when it arrives.
  const toolbarPlaceholder = <div aria-hidden style={{ height: defaults.filters.length ? 118 : 48 }} />;

  if (parent?.missing) return <Suspense fallback={null}><NotFoundPage path={pathname} /></Suspense>;

  let body;
  if (query.isError && !query.data) body = <Suspense fallback={<div className="bo-list-scroll" role="status" aria-label={LIST_TEXT.loading} />}><ListError error={query.error} onRetry={() => void query.refetch()} /></Suspense>;
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
          canCreate && <LinkButton type="primary" icon={<PlusOutlined />} to={paths.add}>{LIST_TEXT.newRecord(texts.singular, texts.gender)}</LinkButton>
        }
      />
      {toolbarReady ? (
        <Suspense fallback={toolbarPlaceholder}>
          <ListToolbar
            schema={schema}
            specs={specs}
            state={state}
            filters={defaults.filters}
            update={update}
            filtered={filtered}
            reset={reset}
            searchFields={searchFields}
            showSearch={showSearch}
            columnVisibility={columnVisibility}
            setColumnVisibility={setColumnVisibility}
            viewsResource={texts.permission}
            viewState={viewState}
            applyView={applyView}
            exporting={can(texts.permission, 'export') ? { formats: list.export ?? [], criteria: { resource: screen.resource, q: params.q, sort: params.sort, filters: params.filters }, visibleFields: shownFields } : undefined}
          />
        </Suspense>
      ) : (
        toolbarPlaceholder
      )}
      <BulkBar count={selectedRows.length} actions={bulkForSelection} busy={runner.busy || exporting} onClear={() => setSelection({})} onRun={runBulk} />
      {editing && (
        <Suspense fallback={null}>
          <BulkEditDialog
            resource={screen.resource}
            schema={schema}
            fields={editing.edit!}
            label={editing.label}
            records={selectedRows}
            recordLabel={label}
            onClose={() => setEditing(null)}
            onDone={() => (setEditing(null), setSelection({}))}
          />
        </Suspense>
      )}
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

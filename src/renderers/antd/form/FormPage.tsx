import { useCallback, useMemo, useRef, useState } from 'react';
import { Button, Modal, Result } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import type { RouteParams } from '../../../engine/routes/route-table.ts';
import type { ScreenFile } from '../../../engine/schema/screen-types.ts';
import { defaultsOf } from '../../../engine/form/layout.ts';
import { HttpError } from '../../../engine/http/errors.ts';
import { screenPaths } from '../../../engine/routes/route-table.ts';
import { FORM_TEXT } from '../../../i18n/forms.ts';
import { useEngine } from '../../../react/context.ts';
import { metadata } from '../../../react/metadata.ts';
import { useScreenRoute } from '../../../react/screen-route.ts';
import { useDataProvider, useResourceCreate, useResourceOne, useResourceUpdate } from '../../../react/resources.ts';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { PageHeader } from '../pages/PageHeader.tsx';
import { PageLoading } from '../pages/PageLoading.tsx';
import { useParent, withParentLabel } from '../screens/parent.ts';
import { ResourceForm, type SaveOptions } from './ResourceForm.tsx';
import { useUnsavedGuard } from './use-unsaved-guard.ts';

/**
 * `<base>/adicionar` and `<base>/:id/editar` of every screen file (lazy route: RJSF and its validator load only
 * here). Reads the screen from the URL, loads the record on edit, saves (201 → record page with a success
 * snackbar; update with If-Match), and guards unsaved changes.
 */
export default function FormPage() {
  const { pathname } = useLocation();
  const { screen: key, kind, id, params } = useScreenRoute();
  const screen = metadata.screens[key];
  if (!screen?.form || (kind !== 'add' && kind !== 'edit') || (kind === 'edit' && !id) || (kind === 'add' && screen.form.create === false)) return <NotFoundPage path={pathname} />;
  return <FormScreenPage key={`${key}:${id ?? ''}`} screen={screen} mode={kind} id={id} routeParams={params} />;
}

interface FormScreenProps {
  screen: ScreenFile;
  mode: 'add' | 'edit';
  /** The record id on edit. */
  id?: string;
  /** Route params: a nested screen's parent id presets (and locks) the parent field. */
  routeParams: RouteParams;
}

function FormScreenPage({ screen, mode, id, routeParams }: FormScreenProps) {
  const engine = useEngine();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const data = useDataProvider();
  const schema = metadata.resources[screen.resource];
  const resource = screen.resource;
  const paths = screenPaths(screen.route, routeParams);
  const parent = useParent(screen, schema, routeParams);
  // A nested screen's parent field comes from the path: not shown, always sent (the server checks the x-ref).
  const parentField = parent?.field;
  const parentId = parent?.id;
  const fixed = useMemo(() => (parentField && parentId ? { [parentField]: parentId } : undefined), [parentField, parentId]);
  const one = useResourceOne(resource, mode === 'edit' ? id : undefined);
  const create = useResourceCreate(resource);
  const update = useResourceUpdate(resource);
  const [dirty, setDirty] = useState(false);
  const leaving = useRef(false);
  const blocker = useUnsavedGuard(dirty, leaving);
  const xr = schema['x-resource'];

  const go = useCallback((to: string) => {
    leaving.current = true;
    navigate(to);
  }, [navigate]);
  const onCancel = useCallback(() => navigate(mode === 'edit' && id ? paths.view(id) : paths.list), [navigate, mode, id, paths]);

  const onSave = async (body: Record<string, unknown>, options: SaveOptions) => {
    if (mode === 'add') {
      const saved = await create.mutateAsync(body);
      engine.snackbars.push({ type: 'success', status: 201, message: FORM_TEXT.created(schema.title, xr.gender) });
      go(paths.view(saved.id));
      return;
    }
    const version = options.version ?? Number(one.data?.version);
    await update.mutateAsync({ id: id!, version, data: body });
    engine.snackbars.push({ type: 'success', status: 200, message: FORM_TEXT.updated });
    go(paths.view(id!));
  };

  const title = mode === 'add' ? FORM_TEXT.newTitle(schema.title, xr.gender) : FORM_TEXT.editTitle(schema.title);
  const header = <PageHeader title={title} back={{ to: mode === 'edit' && id ? paths.view(id) : paths.list, label: withParentLabel(screen.title ?? xr.titlePlural, parent) }} />;

  if (parent?.missing) return <NotFoundPage path={pathname} />;
  if (mode === 'edit' && one.isPending) return <PageLoading />;
  // A record under another parent than the path's is not found here.
  if (mode === 'edit' && parent && one.data && one.data[parent.field] !== parent.id) return <NotFoundPage path={pathname} />;
  if (mode === 'edit' && one.error) {
    const missing = one.error instanceof HttpError && one.error.status === 404;
    return (
      <>
        {header}
        <Result status={missing ? '404' : 'error'} title={missing ? FORM_TEXT.notFound : FORM_TEXT.loadError}
          extra={!missing && <Button onClick={() => void one.refetch()}>{FORM_TEXT.retry}</Button>} />
      </>
    );
  }

  return (
    <>
      {header}
      <ResourceForm
        screen={screen}
        schema={schema}
        mode={mode}
        initial={mode === 'edit' ? { ...one.data } : { ...defaultsOf(schema), ...fixed }}
        fixed={fixed}
        record={one.data}
        onSave={onSave}
        onCancel={onCancel}
        onReload={mode === 'edit' ? () => data.getOne({ resource, id: id! }) : undefined}
        onDirtyChange={setDirty}
        onError={(err) => engine.notifyError(err)}
        label={title}
      />
      <Modal
        open={blocker.state === 'blocked'}
        title={FORM_TEXT.discardTitle}
        okText={FORM_TEXT.discard}
        okButtonProps={{ danger: true }}
        cancelText={FORM_TEXT.keepEditing}
        onOk={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      >
        {FORM_TEXT.discardBody}
      </Modal>
    </>
  );
}

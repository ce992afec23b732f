import { DeleteOutlined, EditOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Modal, Result, Skeleton, Space, Tabs } from 'antd';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { HttpError } from '../../../engine/http/errors.ts';
import { screenPaths, type RouteParams } from '../../../engine/routes/route-table.ts';
import type { Section } from '../../../engine/schema/screen-types.ts';
import { formatDateTime } from '../../../i18n/format.ts';
import { LIST_TEXT, VIEW_TEXT } from '../../../i18n/list.ts';
import { useEngine } from '../../../react/context.ts';
import { usePermissions } from '../../../react/hooks.ts';
import { screenWithSchema, useMetadata } from '../../../react/metadata.ts';
import { useRecordPermissions, useResourceDelete, useResourceOne } from '../../../react/resources.ts';
import { ActionButton } from '../list/ActionButton.tsx';
import { recordActionsFor } from '../list/row-actions.ts';
import { useActionRunner } from '../list/useActionRunner.tsx';
import { useRefLabels } from '../list/useRefLabels.ts';
import { LinkButton } from '../LinkButton.tsx';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { PageHeader } from '../pages/PageHeader.tsx';
import { useParent, withParentLabel } from '../screens/parent.ts';
import { recordLabel, screenTexts } from '../screens/screen-meta.ts';
import { useDocumentTitle } from '../screens/useDocumentTitle.ts';
import { BRAND } from '../theme.ts';
import { FieldSections } from './FieldSections.tsx';
import { nestedRefs } from './nested-refs.ts';
import { HistoryTab } from './HistoryTab.tsx';
import { RelatedList } from './RelatedList.tsx';

const NO_PARAMS: RouteParams = {};

/**
 * The record page of a screen file: header with the record's label and actions (Editar, Excluir with
 * confirmation), read-only sections, related lists, and the history tab. 404 shows the not-found page, also
 * for a nested screen's record that belongs to another parent than the one in the path.
 */
export function ViewScreen({ screenKey, id, routeParams = NO_PARAMS }: { screenKey: string; id: string; routeParams?: RouteParams }) {
  const { screen, schema } = screenWithSchema(useMetadata(), screenKey);
  const view = screen.view!;
  const texts = screenTexts(screen, schema);
  const paths = screenPaths(screen.route, routeParams);
  const parent = useParent(screen, schema, routeParams);
  const engine = useEngine();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { can } = usePermissions();
  const one = useResourceOne(screen.resource, id);
  const record = one.data;
  const rights = useRecordPermissions(screen.resource, [id], { enabled: !!record });
  const mine = rights.data?.records[id];
  const remove = useResourceDelete(screen.resource);
  const [modal, contextHolder] = Modal.useModal();
  // `view.actions`: plugin actions (approve, cancel…) or routes, run like the list's row actions.
  const runner = useActionRunner(screen.resource, (r) => recordLabel(schema, r));
  const label = recordLabel(schema, record);
  useDocumentTitle(record ? `${label} · ${withParentLabel(texts.plural, parent)}` : texts.plural);

  const sections: Section[] = view.sections ?? [{ title: VIEW_TEXT.details, columns: 2, fields: Object.keys(schema.properties) }];
  const fields = [...new Set(sections.flatMap((s) => s.fields))];
  // Lists of ids and line items' references get their labels in the same calls (nested-refs.ts).
  const { refs, rows } = useMemo(() => {
    const nested = nestedRefs(schema, fields, record);
    return { refs: [...fields.map((field) => ({ field, ref: schema.properties[field]?.['x-ref'] })), ...nested.refs], rows: record ? [record, ...nested.rows] : [] };
    // `fields` derives from the screen file, which does not change while the page lives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [schema, record]);
  const labels = useRefLabels(refs, rows);

  if (one.isError) {
    if (one.error instanceof HttpError && one.error.status === 404) return <NotFoundPage path={pathname} />;
    return <Result status="warning" title={VIEW_TEXT.loadError} subTitle={one.error.message} extra={<Button icon={<ReloadOutlined />} onClick={() => void one.refetch()}>{LIST_TEXT.retry}</Button>} />;
  }
  if (!record) return <Skeleton active paragraph={{ rows: 8 }} />;
  // Under the wrong parent the record does not exist here (no leaking it through another parent's path).
  if (parent && record[parent.field] !== parent.id) return <NotFoundPage path={pathname} />;

  const canEdit = !!screen.form && can(texts.permission, 'update') && mine?.update !== false;
  const custom = recordActionsFor(screen, record, { can: (scope) => can(texts.permission, scope), canOn: (permission, scope) => can(permission, scope), records: rights.data?.records }, routeParams);
  const canDelete = can(texts.permission, 'delete') && mine?.delete !== false;
  const confirmDelete = () =>
    void modal.confirm({
      title: LIST_TEXT.confirmDeleteOne(label),
      content: LIST_TEXT.confirmDeleteBody(1),
      okText: LIST_TEXT.delete,
      okButtonProps: { danger: true },
      cancelText: LIST_TEXT.cancel,
      onOk: async () => {
        const { failed } = await remove.mutateAsync([{ id, version: record.version }]);
        if (failed.length) return void engine.notifyError(failed[0].error);
        engine.snackbars.push({ type: 'success', message: LIST_TEXT.deleted(1) });
        navigate(paths.list, { replace: true });
      },
    });
  const updated = typeof record.updatedAt === 'string' ? record.updatedAt : undefined;
  const details = (
    <div style={{ display: 'grid', gap: 16 }}>
      <FieldSections schema={schema} sections={sections} record={record} labels={labels} routeParams={routeParams} />
      {view.related?.map((r) => <RelatedList key={`${r.resource}.${r.foreignKey}`} spec={r} id={id} routeParams={{ ...routeParams, [screen.route.idParam]: id }} />)}
    </div>
  );

  return (
    <>
      {contextHolder}
      {runner.modal}
      <PageHeader
        back={screen.list ? { to: paths.list, label: VIEW_TEXT.backToList(withParentLabel(texts.plural, parent)) } : parent?.back}
        title={label}
        lead={
          <span>
            {schema.title}
            {updated && <span style={{ color: BRAND.muted }}> · {VIEW_TEXT.updatedAt.toLocaleLowerCase('pt-BR')} {formatDateTime(updated)}</span>}
          </span>
        }
        actions={
          <Space wrap>
            {custom.map((a) => (
              <ActionButton key={a.key} action={a} onRun={() => (a.to && !a.confirm ? navigate(a.to) : runner.run(a, [record]))} />
            ))}
            {canEdit && <LinkButton type="primary" icon={<EditOutlined />} to={paths.edit(id)}>{LIST_TEXT.edit}</LinkButton>}
            {canDelete && <Button danger icon={<DeleteOutlined />} loading={remove.isPending} onClick={confirmDelete}>{LIST_TEXT.delete}</Button>}
          </Space>
        }
      />
      {view.history ? (
        <Tabs
          items={[
            { key: 'details', label: VIEW_TEXT.details, children: details },
            { key: 'history', label: VIEW_TEXT.history, children: <Card size="small" styles={{ body: { padding: '20px 24px 8px' } }}><HistoryTab schema={schema} resource={screen.resource} id={id} /></Card>, destroyOnHidden: true },
          ]}
        />
      ) : (
        details
      )}
    </>
  );
}

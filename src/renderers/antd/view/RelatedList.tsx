import { PlusOutlined } from '@ant-design/icons';
import { Card, Empty, Space } from 'antd';
import { Link } from 'react-router-dom';
import { parseSortParam } from '../../../engine/data/criteria.ts';
import { paramsOfRecord, tryScreenPaths, type RouteParams } from '../../../engine/routes/route-table.ts';
import type { ListColumn, RelatedList as RelatedSpec } from '../../../engine/schema/screen-types.ts';
import { LIST_TEXT } from '../../../i18n/list.ts';
import { VIEW_TEXT } from '../../../i18n/list.ts';
import { usePermissions } from '../../../react/hooks.ts';
import { screenOfResource, useMetadata, type ClientMetadata } from '../../../react/metadata.ts';
import { useResourceList } from '../../../react/resources.ts';
import { columnSpecs } from '../list/columns.tsx';
import { RefLabelsContext } from '../list/labels-context.ts';
import ListError from '../list/ListError.tsx';
import { ListSkeleton } from '../list/ListStates.tsx';
import { ListTable } from '../list/ListTable.tsx';
import { useRefLabels } from '../list/useRefLabels.ts';
import { recordLabel, screenTexts } from '../screens/screen-meta.ts';
import { LinkButton } from '../LinkButton.tsx';

const PAGE = 10;
const NO_VISIBILITY = {};

/**
 * The screen that lists the related records: a nested screen under this record (`route.parent.field` is the
 * foreign key) first, else the resource's screen.
 */
function relatedScreen(meta: ClientMetadata, spec: RelatedSpec) {
  const nested = Object.entries(meta.screens).find(([, s]) => s.resource === spec.resource && s.route.parent?.field === spec.foreignKey);
  return nested ? { key: nested[0], screen: nested[1], nested: true } : { ...screenOfResource(meta, spec.resource), nested: false };
}

/**
 * Records of another resource pointing at this one (`related` in the screen): a compact list filtered by the
 * foreign key, each row linking to its record, and "Ver todos" opening the full list with the same filter.
 * When a nested screen shows them (docs/screens.md §2.1), "Ver todos" opens it and "Adicionar" its form,
 * with this record as the parent. `routeParams`: the record page's params, this record's id included.
 */
export function RelatedList({ spec, id, routeParams = {} }: { spec: RelatedSpec; id: string; routeParams?: RouteParams }) {
  const meta = useMetadata();
  const { can } = usePermissions();
  const schema = meta.resources[spec.resource];
  const found = relatedScreen(meta, spec);
  const target = found.screen ? { key: found.key!, screen: found.screen } : undefined;
  const targetParams: RouteParams = found.nested && target ? { ...routeParams, [target.screen.route.parent!.param]: id } : routeParams;
  const sort = parseSortParam(spec.defaultSort ?? schema['x-resource'].defaultSort);
  const filters = [{ field: spec.foreignKey, operator: 'eq' as const, value: id }];
  // A section the user may not read is not drawn at all (no 403 inside the record page).
  const mayRead = can(target ? screenTexts(target.screen, schema).permission : spec.resource, 'read');
  const query = useResourceList({ resource: spec.resource, page: 1, pageSize: PAGE, sort, filters }, { enabled: mayRead });
  const columns: ListColumn[] = (spec.columns ?? target?.screen.list?.columns.map((c) => c.field) ?? [schema['x-resource'].labelField]).map((field) => ({ field, sortable: false }));
  const specs = columnSpecs(schema, columns, spec.resource);
  const rows = query.data?.rows ?? [];
  const labels = useRefLabels(specs, rows);
  const paths = target ? tryScreenPaths(target.screen.route, targetParams) : undefined;
  const total = query.data?.total ?? 0;
  const title = spec.title ?? schema['x-resource'].titlePlural;
  let seeAll: string | undefined;
  if (paths && target?.screen.list) seeAll = found.nested ? paths.list : `${paths.list}?filter[${spec.foreignKey}][eq]=${encodeURIComponent(id)}`;
  const texts = target ? screenTexts(target.screen, schema) : undefined;
  const add = found.nested && paths && target?.screen.form && texts && can(texts.permission, 'create') ? paths.add : undefined;
  const rowPaths = (r: Record<string, unknown>) => (found.nested ? paths : target && tryScreenPaths(target.screen.route, paramsOfRecord(target.screen.route, routeParams, r)));
  if (!mayRead) return null;
  return (
    <Card
      size="small"
      title={<span>{title}{query.data ? <span style={{ color: '#5b6776', fontWeight: 400 }}> · {LIST_TEXT.total(total)}</span> : null}</span>}
      extra={
        (add || (seeAll && (found.nested || total > 0))) && (
          <Space size={16}>
            {seeAll && (found.nested || total > 0) && <Link to={seeAll}>{VIEW_TEXT.seeAll}</Link>}
            {add && <LinkButton size="small" icon={<PlusOutlined />} to={add}>{VIEW_TEXT.addRelated}</LinkButton>}
          </Space>
        )
      }
      styles={{ body: { padding: 0 } }}
    >
      {query.isError ? (
        <ListError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <ListSkeleton specs={specs} rows={3} />
      ) : !rows.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={VIEW_TEXT.noRelated} style={{ padding: 16 }} />
      ) : (
        <RefLabelsContext.Provider value={labels}>
          <ListTable
            label={title}
            flat
            specs={specs}
            rows={rows}
            total={total}
            sort={sort}
            columnVisibility={NO_VISIBILITY}
            rowHref={target?.screen.view ? (r) => rowPaths(r)?.view(r.id) : undefined}
            rowLabel={(r) => recordLabel(schema, r)}
          />
        </RefLabelsContext.Provider>
      )}
    </Card>
  );
}

import { Card } from 'antd';
import { Link } from 'react-router-dom';
import type { ResourceRecord } from '../../../engine/data/types.ts';
import { fieldLabel, fieldSchema } from '../../../engine/list/fields.ts';
import { paramsOfRecord, tryScreenPaths, type RouteParams } from '../../../engine/routes/route-table.ts';
import type { Section } from '../../../engine/schema/screen-types.ts';
import type { ResourceSchema } from '../../../engine/schema/types.ts';
import { screenOfResource, useMetadata } from '../../../react/metadata.ts';
import { resolveCell } from '../cells/registry.ts';
import { InteractiveLinkCell } from '../cells/LinkCell.tsx';
import type { RefLabels } from '../list/labels-context.ts';
import { BRAND } from '../theme.ts';
import { LineItemsTable, RefListTags } from './LineItemsTable.tsx';
import { isLineItems } from './nested-refs.ts';

const NO_PARAMS: RouteParams = {};

/**
 * A field's value on the record page: the list's cell, links for references, e-mails and URLs. A reference
 * to a nested screen's record links only when its parent ids are known (the page's `routeParams`).
 */
export function FieldValue({ schema, field, record, labels, routeParams = NO_PARAMS }: { schema: ResourceSchema; field: string; record: ResourceRecord; labels: RefLabels; routeParams?: RouteParams }) {
  const meta = useMetadata();
  const p = fieldSchema(schema, field) ?? { title: field };
  const entry = resolveCell({ schema: p, path: field, resource: schema.$id });
  const value = record[field];
  if (isLineItems(p)) return <LineItemsTable field={field} schema={p} value={value} labels={labels} />;
  if (p.items?.['x-ref']) return <RefListTags field={field} value={value} labels={labels} />;
  const refLabel = p['x-ref'] && typeof value === 'string' ? labels[field]?.[value.toLowerCase()] : undefined;
  const Cell = entry.name === 'link' ? InteractiveLinkCell : entry.component.Cell;
  const cell = <Cell value={value} schema={p} path={field} record={record} refLabel={refLabel} context="view" />;
  const target = p['x-ref'] && refLabel ? screenOfResource(meta, p['x-ref']) : undefined;
  const paths = target?.screen.view && typeof value === 'string' ? tryScreenPaths(target.screen.route, paramsOfRecord(target.screen.route, routeParams, undefined)) : undefined;
  if (paths && typeof value === 'string') return <Link to={paths.view(value)}>{cell}</Link>;
  return cell;
}

/** Read-only sections of a record: a card per section, label over value, in 1–3 columns. */
export function FieldSections({ schema, sections, record, labels, routeParams }: { schema: ResourceSchema; sections: readonly Section[]; record: ResourceRecord; labels: RefLabels; routeParams?: RouteParams }) {
  return (
    <div style={{ display: 'grid', gap: 16 }}>
      {sections.map((s) => (
        <Card key={s.title} title={s.title} size="small" styles={{ body: { padding: '16px 20px' } }}>
          {s.description && <p style={{ marginTop: 0, color: BRAND.muted }}>{s.description}</p>}
          <dl style={{ display: 'grid', gridTemplateColumns: `repeat(${s.columns ?? 2}, minmax(0, 1fr))`, gap: '16px 24px', margin: 0 }}>
            {s.fields.map((f) => (
              <div key={f} style={{ minWidth: 0, gridColumn: isLineItems(fieldSchema(schema, f)) ? '1 / -1' : undefined }}>
                <dt style={{ fontSize: 12, color: BRAND.muted, fontWeight: 500, marginBottom: 2 }}>{fieldSchema(schema, f)?.title ?? fieldLabel(schema, f)}</dt>
                <dd style={{ margin: 0, fontSize: 15, overflowWrap: 'anywhere' }}>
                  <FieldValue schema={schema} field={f} record={record} labels={labels} routeParams={routeParams} />
                </dd>
              </div>
            ))}
          </dl>
        </Card>
      ))}
    </div>
  );
}

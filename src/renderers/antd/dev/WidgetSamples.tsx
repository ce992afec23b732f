import { Card, Table, Typography } from 'antd';
import { useMemo } from 'react';
import { rankWith } from '../../../engine/registry.ts';
import type { ResourceSchema } from '../../../engine/schema/types.ts';
import type { ScreenFile } from '../../../engine/schema/screen-types.ts';
import { DEV_TEXT } from '../../../i18n/list.ts';
import { ResourceForm } from '../form/ResourceForm.tsx';
import { PtBrLocale } from '../locale.tsx';
import { createWidgetRegistry, widgetRegistry } from '../widgets/registry.ts';
import { bestSample } from './sample-fields.ts';

const noop = async () => undefined;

/**
 * Every registered widget: its tester's best rank on our sample fields, and a live form with one field per
 * widget (each field pinned to its widget, so even a widget that loses to another on that field shows).
 * Loaded only by /tests: it brings RJSF along.
 */
export default function WidgetSamples() {
  const { rows, schema, screen, registry, initial } = useMemo(() => {
    const entries = widgetRegistry.entries();
    const picked = entries.map((e, i) => ({ e, field: `w${i}`, best: bestSample(e.tester, (ctx) => widgetRegistry.resolve(ctx)?.name === e.name, e.name) }));
    const properties = Object.fromEntries(picked.filter((p) => p.best).map((p) => [p.field, { ...p.best!.schema, title: `${p.e.name} — ${p.best!.schema.title}` }]));
    const sampleSchema: ResourceSchema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'dev-widgets',
      title: 'Amostra',
      type: 'object',
      'x-resource': { name: 'dev-widgets', service: 'commons', path: 'dev-widgets', titlePlural: 'Amostras', labelField: 'w0' },
      properties,
      additionalProperties: false,
    };
    const sampleScreen: ScreenFile = {
      resource: 'dev-widgets',
      route: { base: '/tests', idParam: 'sampleId' },
      form: { sections: [{ title: DEV_TEXT.widgets, columns: 2, fields: Object.keys(properties) }] },
    };
    // Each sample field goes to its own widget, whatever the default ranking would pick.
    const pinned = createWidgetRegistry(picked.map((p) => ({ name: `sample:${p.field}`, tester: rankWith(10_000, (ctx) => ctx.path === p.field), component: p.e.component })));
    return {
      rows: picked.map((p) => ({ key: p.e.name, name: p.e.name, field: p.best ? `${p.best.field} (${p.best.schema.title})` : '—', rank: p.best?.rank })),
      schema: sampleSchema,
      screen: sampleScreen,
      registry: pinned,
      initial: Object.fromEntries(picked.filter((p) => p.best).map((p) => [p.field, p.best!.value])),
    };
  }, []);
  if (!rows.length) return <Typography.Paragraph type="secondary">{DEV_TEXT.noWidgets}</Typography.Paragraph>;
  return (
    <PtBrLocale>
      <Card title={DEV_TEXT.widgets} size="small" styles={{ body: { padding: 0 } }} style={{ marginTop: 16 }}>
        <Table
          size="small"
          pagination={false}
          dataSource={rows}
          columns={[
            { title: DEV_TEXT.name, dataIndex: 'name', width: 200, render: (n: string) => <Typography.Text code>{n}</Typography.Text> },
            { title: 'Campo de exemplo', dataIndex: 'field' },
            { title: DEV_TEXT.rank, dataIndex: 'rank', width: 140, align: 'right' as const },
          ]}
        />
      </Card>
      <div style={{ marginTop: 16 }}>
        <ResourceForm screen={screen} schema={schema} mode="add" initial={initial} onSave={noop} onCancel={() => undefined} registry={registry} />
      </div>
    </PtBrLocale>
  );
}

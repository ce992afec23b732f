import { Card, Skeleton, Table, Typography } from 'antd';
import { Suspense, lazy } from 'react';
import { DEV_TEXT } from '../../../i18n/list.ts';
import { cells } from '../cells/registry.ts';
import type { CellEntry } from '../cells/types.ts';
import { PageHeader } from '../pages/PageHeader.tsx';
import { SAMPLE_REF_LABELS } from './sample-schemas.ts';
import { bestSample } from './sample-fields.ts';

// The widget samples bring RJSF: a separate chunk, loaded under the cells table.
const WidgetSamples = lazy(() => import('./WidgetSamples.tsx'));

interface Row {
  key: string;
  name: string;
  /** The sample field this entry ranks highest on, with the rank. */
  field?: string;
  rank?: number;
  sample: React.ReactNode;
}


function cellRow(e: CellEntry): Row {
  const best = bestSample(e.tester, (ctx) => cells.resolve(ctx)?.name === e.name, e.name);
  const sample = best ?? (e.component.sample && { field: e.component.sample.schema.title ?? e.name, rank: undefined, ...e.component.sample });
  const { Cell } = e.component;
  return {
    key: e.name,
    name: e.name,
    field: best ? `${best.field} (${best.schema.title})` : undefined,
    rank: best?.rank,
    sample: sample ? <Cell value={sample.value} schema={sample.schema} path={best?.field ?? e.name} refLabel={best ? SAMPLE_REF_LABELS[best.field]?.[String(best.value)] : e.component.sample?.refLabel} /> : null,
  };
}

const columns = [
  { title: DEV_TEXT.name, dataIndex: 'name', render: (n: string) => <Typography.Text code>{n}</Typography.Text>, width: 160 },
  { title: 'Campo de exemplo', dataIndex: 'field', width: 240 },
  { title: DEV_TEXT.rank, dataIndex: 'rank', width: 140, align: 'right' as const },
  { title: DEV_TEXT.sample, dataIndex: 'sample' },
];

/**
 * `/tests`: every registered renderer with its tester's rank on our sample fields and a live sample. Reads
 * the registries as they are at run time, so plugin overrides show up here too.
 */
export default function TestsPage() {
  return (
    <>
      <PageHeader title={DEV_TEXT.testsTitle} lead={DEV_TEXT.testsLead} />
      <Card title={DEV_TEXT.cells} size="small" styles={{ body: { padding: 0 } }}>
        <Table<Row> size="small" pagination={false} rowKey="key" columns={columns} dataSource={cells.entries().map(cellRow)} />
      </Card>
      <Suspense fallback={<Skeleton active style={{ marginTop: 16 }} />}>
        <WidgetSamples />
      </Suspense>
    </>
  );
}

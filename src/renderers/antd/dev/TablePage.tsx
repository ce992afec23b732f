import { useMemo, useState } from 'react';
import type { ResourceRecord, SortTerm } from '../../../engine/data/types.ts';
import type { ResourceSchema } from '../../../engine/schema/types.ts';
import { DEV_TEXT } from '../../../i18n/list.ts';
import { columnSpecs } from '../list/columns.tsx';
import { RefLabelsContext } from '../list/labels-context.ts';
import { ListTable } from '../list/ListTable.tsx';
import { PageHeader } from '../pages/PageHeader.tsx';
import { SAMPLE_FIELDS, SAMPLE_REF_LABELS } from './sample-schemas.ts';

const SCHEMA: ResourceSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'dev-table',
  title: 'Exemplo',
  type: 'object',
  'x-resource': { name: 'dev-table', service: 'commons', path: 'dev-table', titlePlural: 'Exemplos', labelField: 'name' },
  properties: Object.fromEntries(SAMPLE_FIELDS.map((f) => [f.field, f.schema])),
  additionalProperties: false,
};

/** 40 rows: the sample values, varied per row so sorting shows something, and a few empty cells. */
const ROWS: ResourceRecord[] = Array.from({ length: 40 }, (_, i) => {
  const row: ResourceRecord = { id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` };
  for (const f of SAMPLE_FIELDS) row[f.field] = i % 7 === 3 && f.field !== 'name' ? null : f.value;
  row.name = `${SAMPLE_FIELDS[0].value as string} #${i + 1}`;
  row.amount = (i * 7919) % 500000 - 50000;
  row.active = i % 3 !== 0;
  row.type = i % 2 ? 'S' : 'A';
  if (i % 4 === 1) row.bankId = '7a2d2f1f-4d2b-4b8f-8b64-1d4f2c7f3b21';
  return row;
});

const compare = (a: unknown, b: unknown) => (a == null ? 1 : b == null ? -1 : a < b ? -1 : a > b ? 1 : 0);

/** `/table`: the list renderer over a fixture with one column of every cell type (sorting works locally). */
export default function TablePage() {
  const specs = useMemo(() => columnSpecs(SCHEMA, SAMPLE_FIELDS.map((f) => ({ field: f.field })), 'dev-table'), []);
  const [sort, setSort] = useState<SortTerm[]>([{ field: 'name', order: 'asc' }]);
  const rows = useMemo(
    () => [...ROWS].sort((a, b) => {
      for (const s of sort) {
        const c = compare(a[s.field], b[s.field]) * (s.order === 'desc' ? -1 : 1);
        if (c) return c;
      }
      return 0;
    }),
    [sort],
  );
  return (
    <>
      <PageHeader title={DEV_TEXT.tableTitle} lead={DEV_TEXT.tableLead} />
      <RefLabelsContext.Provider value={SAMPLE_REF_LABELS}>
        <ListTable label={DEV_TEXT.tableTitle} specs={specs} rows={rows} total={rows.length} sort={sort} onSortChange={setSort} columnVisibility={{}} rowLabel={(r) => String(r.name)} />
      </RefLabelsContext.Provider>
    </>
  );
}

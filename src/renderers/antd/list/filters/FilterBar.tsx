import { Suspense, lazy, type ComponentType } from 'react';
import type { FilterValue } from '../../../../engine/data/types.ts';
import { fieldLabel, fieldSchema, filterKind, type FilterKind } from '../../../../engine/list/fields.ts';
import { filterValue, withFilter, type ListState } from '../../../../engine/list/list-state.ts';
import type { ListFilter } from '../../../../engine/schema/screen-types.ts';
import type { ResourceSchema } from '../../../../engine/schema/types.ts';
import { BRAND } from '../../theme.ts';
import { BooleanFilter } from './BooleanFilter.tsx';
import { OptionsFilter } from './OptionsFilter.tsx';
import { RangeFilter } from './RangeFilter.tsx';
import { RefFilter } from './RefFilter.tsx';
import { TextFilter } from './TextFilter.tsx';
import type { FilterEditorProps } from './types.ts';

// The date picker weighs more than the rest of the list: only screens with date filters load it.
const DateFilter = lazy(() => import('./DateFilter.tsx'));

const EDITORS: Record<FilterKind, ComponentType<FilterEditorProps>> = {
  text: TextFilter,
  options: OptionsFilter,
  reference: RefFilter,
  boolean: BooleanFilter,
  date: DateFilter,
  competence: DateFilter,
  datetime: DateFilter,
  money: RangeFilter,
  number: RangeFilter,
};

/** The screen's filters, each with its label above and the editor its field type calls for. */
export function FilterBar({ filters, schema, state, onChange }: { filters: readonly ListFilter[]; schema: ResourceSchema; state: ListState; onChange: (change: (prev: ListState) => ListState) => void }) {
  if (!filters.length) return null;
  return (
    <div role="group" aria-label="Filtros" style={{ display: 'flex', flexWrap: 'wrap', gap: '12px 16px', alignItems: 'flex-end' }}>
      {filters.map((f) => {
        const p = fieldSchema(schema, f.field) ?? {};
        const Editor = EDITORS[filterKind(f, p)];
        const label = fieldLabel(schema, f.field, f.title);
        const set = (v: FilterValue | null) => onChange((prev) => withFilter(prev, f.field, f.operator, v));
        return (
          <div key={`${f.field}.${f.operator}`} style={{ display: 'grid', gap: 4 }}>
            <span style={{ fontSize: 12, color: BRAND.muted, fontWeight: 500 }}>{label}</span>
            <Suspense fallback={<span style={{ display: 'inline-block', width: 150, height: 36 }} />}>
              <Editor filter={f} schema={p} label={label} value={filterValue(state, f.field, f.operator)} onChange={set} />
            </Suspense>
          </div>
        );
      })}
    </div>
  );
}

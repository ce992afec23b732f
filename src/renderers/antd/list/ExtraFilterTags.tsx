import { Tag } from 'antd';
import type { Filter } from '../../../engine/data/types.ts';
import { fieldLabel, fieldSchema, optionLabel } from '../../../engine/list/fields.ts';
import { withFilter, type ListState } from '../../../engine/list/list-state.ts';
import type { ListFilter } from '../../../engine/schema/screen-types.ts';
import type { ResourceSchema } from '../../../engine/schema/types.ts';
import { LIST_TEXT } from '../../../i18n/list.ts';
import { useLabels } from '../../../react/resources.ts';

/** One filter that came in a link (no control for it on this screen) as a removable tag: "Banco: Itaú ×". */
function ExtraTag({ schema, filter, onRemove }: { schema: ResourceSchema; filter: Filter; onRemove: () => void }) {
  const p = fieldSchema(schema, filter.field);
  const values = (Array.isArray(filter.value) ? filter.value : [filter.value]).map(String);
  const labels = useLabels(p?.['x-ref'], p?.['x-ref'] ? values : []);
  const text = values
    .map((v) => (p?.['x-ref'] ? (labels.data?.[v.toLowerCase()] ?? LIST_TEXT.loading) : typeof filter.value === 'boolean' ? (filter.value ? LIST_TEXT.yes : LIST_TEXT.no) : optionLabel(p, v)))
    .join(', ');
  return (
    <Tag closable onClose={onRemove} style={{ marginInlineEnd: 0, paddingBlock: 2 }}>
      {fieldLabel(schema, filter.field)}: {text}
    </Tag>
  );
}

/** Filters the screen has no control for (a related list's "Ver todos"), shown so the narrowing is never hidden. */
export function ExtraFilterTags({ schema, declared, state, onChange }: { schema: ResourceSchema; declared: readonly ListFilter[]; state: ListState; onChange: (change: (prev: ListState) => ListState) => void }) {
  const extra = state.filters.filter((f) => !declared.some((d) => d.field === f.field && d.operator === f.operator));
  if (!extra.length) return null;
  return (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      {extra.map((f) => (
        <ExtraTag key={`${f.field}.${f.operator}`} schema={schema} filter={f} onRemove={() => onChange((prev) => withFilter(prev, f.field, f.operator, null))} />
      ))}
    </div>
  );
}

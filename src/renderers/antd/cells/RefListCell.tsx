import { rankWith, type FieldContext } from '../../../engine/registry.ts';
import { LIST_TEXT } from '../../../i18n/list.ts';
import { useLabels } from '../../../react/resources.ts';
import type { CellEntry, CellProps } from './types.ts';
import { CellTag } from './CellTag.tsx';
import { EmptyValue } from './EmptyValue.tsx';

const idsOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/**
 * A list of references (`items` with `x-ref`, e.g. a user's groups) as tags with the records' labels. Every
 * cell asks through the batched label loader, so a page of rows still makes one call per resource.
 */
export function RefListCell({ value, schema }: CellProps) {
  const ids = idsOf(value);
  const labels = useLabels(schema.items?.['x-ref'], ids);
  if (!ids.length) return <EmptyValue />;
  return (
    <span style={{ display: 'inline-flex', gap: 4, flexWrap: 'wrap' }}>
      {ids.map((id) => {
        const label = labels.data?.[id];
        return (
          <CellTag key={id} title={label ?? id}>
            {label === undefined ? '…' : (label ?? LIST_TEXT.notVisible)}
          </CellTag>
        );
      })}
    </span>
  );
}

const isRefList = (ctx: FieldContext) => typeof ctx.schema.items?.['x-ref'] === 'string';

const entry: CellEntry = {
  name: 'reference-list',
  tester: rankWith(9, isRefList),
  component: {
    Cell: RefListCell,
    // Plain text has no labels at hand (history, tooltips): the count, like other lists of records.
    text: (value) => {
      const n = idsOf(value).length;
      return n ? `${n} ${n === 1 ? 'registro' : 'registros'}` : '';
    },
  },
};
export default entry;

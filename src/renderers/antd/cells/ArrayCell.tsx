import { rankWith, typeIs } from '../../../engine/registry.ts';
import { optionLabel } from '../../../engine/list/fields.ts';
import type { CellEntry, CellProps } from './types.ts';
import { CellTag } from './CellTag.tsx';
import { EmptyValue } from './EmptyValue.tsx';

const isScalar = (v: unknown) => ['string', 'number', 'boolean'].includes(typeof v);
const count = (n: number) => `${n} ${n === 1 ? 'item' : 'itens'}`;

function text(value: unknown, props: { schema: CellProps['schema'] }): string {
  if (!Array.isArray(value) || !value.length) return '';
  return value.every(isScalar) ? value.map((v) => optionLabel(props.schema.items, v)).join(', ') : count(value.length);
}

/** Lists of texts or options as small tags (labels for options); lists of objects (line items) as a count. */
export function ArrayCell({ value, schema }: CellProps) {
  if (!Array.isArray(value) || !value.length) return <EmptyValue />;
  if (!value.every(isScalar)) return <span>{count(value.length)}</span>;
  return (
    <span style={{ display: 'inline-flex', gap: 4, flexWrap: 'nowrap', overflow: 'hidden' }} title={text(value, { schema })}>
      {value.slice(0, 3).map((v, i) => <CellTag key={i}>{optionLabel(schema.items, v)}</CellTag>)}
      {value.length > 3 && <CellTag>+{value.length - 3}</CellTag>}
    </span>
  );
}

const entry: CellEntry = {
  name: 'array',
  tester: rankWith(5, typeIs('array')),
  component: { Cell: ArrayCell, text, sample: { schema: { type: 'array', title: 'Etiquetas', items: { type: 'string' } }, value: ['urgente', 'lote 12'] } },
};
export default entry;

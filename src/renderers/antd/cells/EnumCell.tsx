import { hasOptions, rankWith } from '../../../engine/registry.ts';
import { optionLabel } from '../../../engine/list/fields.ts';
import type { CellEntry, CellProps } from './types.ts';
import { CellTag } from './CellTag.tsx';
import { EmptyValue, isEmpty } from './EmptyValue.tsx';

const text = (value: unknown, props: { schema: CellProps['schema'] }) => (isEmpty(value) ? '' : optionLabel(props.schema, value));

/** An option's pt-BR label (`S` → `Sintético`) as a neutral tag; the stored code in the tooltip. */
export function EnumCell({ value, schema }: CellProps) {
  if (isEmpty(value)) return <EmptyValue />;
  return (
    <CellTag title={String(value)}>{text(value, { schema })}</CellTag>
  );
}

const entry: CellEntry = {
  name: 'enum',
  tester: rankWith(15, hasOptions),
  component: {
    Cell: EnumCell,
    text,
    sample: { schema: { type: 'string', title: 'Tipo', oneOf: [{ const: 'S', title: 'Sintético' }, { const: 'A', title: 'Analítico' }] }, value: 'S' },
  },
};
export default entry;

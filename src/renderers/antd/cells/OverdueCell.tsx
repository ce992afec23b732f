import { rankWith } from '../../../engine/registry.ts';
import type { CellEntry, CellProps } from './types.ts';
import { CellTag } from './CellTag.tsx';

const text = (value: unknown, props: { schema: CellProps['schema'] }) => (value === true ? (props.schema.title ?? '') : '');

/**
 * A computed overdue flag (`x-overdue`, docs/schemas.md): a red tag with the field's title ("Vencido") when
 * it holds, nothing otherwise — a column of "Não" would only hide the few rows that matter.
 */
export function OverdueCell({ value, schema }: CellProps) {
  if (value !== true) return null;
  return <CellTag color="red">{schema.title}</CellTag>;
}

const entry: CellEntry = {
  name: 'overdue',
  tester: rankWith(10, (ctx) => ctx.schema['x-overdue'] !== undefined),
  component: {
    Cell: OverdueCell,
    align: 'center',
    text,
    sample: { schema: { type: 'boolean', title: 'Vencido', readOnly: true, 'x-overdue': { date: 'dueDate', unless: ['PAGO', 'CANCELADO'] } }, value: true },
  },
};
export default entry;

import { rankWith, typeIs } from '../../../engine/registry.ts';
import { LIST_TEXT } from '../../../i18n/list.ts';
import type { CellEntry, CellProps } from './types.ts';
import { CellTag } from './CellTag.tsx';
import { EmptyValue } from './EmptyValue.tsx';

const text = (value: unknown) => (value === true ? LIST_TEXT.yes : value === false ? LIST_TEXT.no : '');

/** `Sim` (green) or `Não` (grey) tag; no value, no tag. */
export function BooleanCell({ value }: CellProps) {
  if (typeof value !== 'boolean') return <EmptyValue />;
  return <CellTag color={value ? 'green' : undefined}>{text(value)}</CellTag>;
}

const entry: CellEntry = {
  name: 'boolean-tag',
  tester: rankWith(5, typeIs('boolean')),
  component: { Cell: BooleanCell, align: 'center', text, sample: { schema: { type: 'boolean', title: 'Ativo' }, value: true } },
};
export default entry;

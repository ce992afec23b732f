import { or, rankWith, typeIs } from '../../../engine/registry.ts';
import type { CellEntry, CellProps } from './types.ts';
import { EmptyValue } from './EmptyValue.tsx';

const NUMBER = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 6 });
const text = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? NUMBER.format(value) : '');

/** Numbers with pt-BR separators (1.234,5), right-aligned so digits line up. */
export function NumberCell({ value }: CellProps) {
  const s = text(value);
  return s ? <span style={{ fontVariantNumeric: 'tabular-nums' }}>{s}</span> : <EmptyValue />;
}

const entry: CellEntry = {
  name: 'number',
  tester: rankWith(1, or(typeIs('integer'), typeIs('number'))),
  component: { Cell: NumberCell, align: 'right', text, sample: { schema: { type: 'integer', title: 'Quantidade' }, value: 12345 } },
};
export default entry;

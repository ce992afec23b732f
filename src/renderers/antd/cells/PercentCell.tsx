import { formatIs, rankWith } from '../../../engine/registry.ts';
import { formatPercent } from '../../../engine/formats/percent.ts';
import type { CellEntry, CellProps } from './types.ts';
import { EmptyValue } from './EmptyValue.tsx';

const text = (value: unknown) => (typeof value === 'number' ? formatPercent(value) : '');

/** `12.5` as `12,50%`, right-aligned. */
export function PercentCell({ value }: CellProps) {
  const s = text(value);
  return s ? <span style={{ fontVariantNumeric: 'tabular-nums' }}>{s}</span> : <EmptyValue />;
}

const entry: CellEntry = {
  name: 'percent',
  tester: rankWith(10, formatIs('percent')),
  component: { Cell: PercentCell, align: 'right', text, sample: { schema: { type: 'number', format: 'percent', title: 'Desconto' }, value: 12.5 } },
};
export default entry;

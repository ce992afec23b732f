import { formatIs, rankWith } from '../../../engine/registry.ts';
import { formatBRL } from '../../../i18n/format.ts';
import type { CellEntry, CellProps } from './types.ts';
import { EmptyValue } from './EmptyValue.tsx';

const text = (value: unknown) => (typeof value === 'number' ? formatBRL(value) : '');

/** Integer centavos as `R$ 1.234,56`, right-aligned with aligned digits; negatives in red, as on a statement. */
export function MoneyCell({ value }: CellProps) {
  if (typeof value !== 'number') return <EmptyValue />;
  return <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', color: value < 0 ? '#c0392b' : undefined }}>{text(value)}</span>;
}

const entry: CellEntry = {
  name: 'money',
  tester: rankWith(10, formatIs('money')),
  component: { Cell: MoneyCell, align: 'right', text, sample: { schema: { type: 'integer', format: 'money', title: 'Valor' }, value: 123456 } },
};
export default entry;

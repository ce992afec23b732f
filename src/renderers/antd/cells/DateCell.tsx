import { formatIs, rankWith } from '../../../engine/registry.ts';
import { formatDate } from '../../../i18n/format.ts';
import type { CellEntry, CellProps } from './types.ts';
import { EmptyValue } from './EmptyValue.tsx';

const text = (value: unknown) => (typeof value === 'string' ? formatDate(value) : '');

/** `AAAA-MM-DD` as `DD/MM/AAAA`, never shifted by the time zone. */
export function DateCell({ value }: CellProps) {
  const s = text(value);
  return s ? <span style={{ fontVariantNumeric: 'tabular-nums' }}>{s}</span> : <EmptyValue />;
}

const entry: CellEntry = {
  name: 'date',
  tester: rankWith(10, formatIs('date')),
  component: { Cell: DateCell, text, sample: { schema: { type: 'string', format: 'date', title: 'Vencimento' }, value: '2026-03-31' } },
};
export default entry;

import { formatIs, rankWith } from '../../../engine/registry.ts';
import { formatDateTime } from '../../../i18n/format.ts';
import type { CellEntry, CellProps } from './types.ts';
import { EmptyValue } from './EmptyValue.tsx';

const text = (value: unknown) => (typeof value === 'string' ? formatDateTime(value) : '');

/** A timestamp as `DD/MM/AAAA HH:mm` in the user's time zone. */
export function DateTimeCell({ value }: CellProps) {
  const s = text(value);
  return s ? <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{s}</span> : <EmptyValue />;
}

const entry: CellEntry = {
  name: 'date-time',
  tester: rankWith(10, formatIs('date-time')),
  component: { Cell: DateTimeCell, text, sample: { schema: { type: 'string', format: 'date-time', title: 'Atualizado em' }, value: '2026-03-01T14:30:00.000Z' } },
};
export default entry;

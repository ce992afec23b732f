import { formatIs, rankWith } from '../../../engine/registry.ts';
import type { CellEntry, CellProps } from './types.ts';
import { EmptyValue } from './EmptyValue.tsx';

const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 8) : '');

/** An identifier, shortened to its first 8 characters (enough to tell records apart); the full one on hover. */
export function UuidCell({ value }: CellProps) {
  if (typeof value !== 'string' || !value) return <EmptyValue />;
  return <code title={value} style={{ fontSize: 12, color: '#5b6776' }}>{text(value)}</code>;
}

const entry: CellEntry = {
  name: 'uuid',
  tester: rankWith(5, formatIs('uuid')),
  component: { Cell: UuidCell, text, sample: { schema: { type: 'string', format: 'uuid', title: 'Identificador' }, value: '6f1c1f0e-3c1a-4a7e-9a53-0c3f1b6f2a10' } },
};
export default entry;

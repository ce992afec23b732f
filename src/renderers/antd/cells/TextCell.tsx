import { rankWith, typeIs } from '../../../engine/registry.ts';
import type { CellEntry, CellProps } from './types.ts';
import { EmptyValue, isEmpty } from './EmptyValue.tsx';

const text = (value: unknown) => (isEmpty(value) ? '' : String(value));

/** Plain text, one line, the full value in the tooltip when it is cut. */
export function TextCell({ value }: CellProps) {
  if (isEmpty(value)) return <EmptyValue />;
  const s = text(value);
  return <span title={s}>{s}</span>;
}

const entry: CellEntry = {
  name: 'text',
  tester: rankWith(1, typeIs('string')),
  component: { Cell: TextCell, text, sample: { schema: { type: 'string', title: 'Nome' }, value: 'Banco do Brasil S.A.' } },
};
export default entry;

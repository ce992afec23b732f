import { formatIs, rankWith } from '../../../engine/registry.ts';
import { formatCompetence } from '../../../i18n/format.ts';
import type { CellEntry, CellProps } from './types.ts';
import { EmptyValue } from './EmptyValue.tsx';

const text = (value: unknown) => (typeof value === 'string' ? formatCompetence(value) : '');

/** A month of competence `AAAA-MM` as `MM/AAAA`. */
export function CompetenceCell({ value }: CellProps) {
  const s = text(value);
  return s ? <span style={{ fontVariantNumeric: 'tabular-nums' }}>{s}</span> : <EmptyValue />;
}

const entry: CellEntry = {
  name: 'competence',
  tester: rankWith(10, formatIs('competence')),
  component: { Cell: CompetenceCell, text, sample: { schema: { type: 'string', format: 'competence', title: 'Competência' }, value: '2026-03' } },
};
export default entry;

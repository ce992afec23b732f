import { NOT_APPLICABLE } from '../../../engine/registry.ts';
import { LIST_TEXT } from '../../../i18n/list.ts';
import type { CellEntry, CellProps } from './types.ts';

/**
 * The fallback when no cell fits (style.md #2): it names the schema path so the gap is fixed in the
 * registry, not hidden. The conformance suite fails on any of these.
 */
export function UnknownCell({ path }: CellProps) {
  return (
    <span data-unknown-cell={path} style={{ color: '#b7791f', fontSize: 12 }}>
      {LIST_TEXT.unknownCell(path)}
    </span>
  );
}

const entry: CellEntry = {
  name: 'unknown',
  // Resolved explicitly when nothing else applies; never competes with real cells.
  tester: () => NOT_APPLICABLE,
  component: { Cell: UnknownCell, text: () => '' },
};
export default entry;

import { hasRef, rankWith } from '../../../engine/registry.ts';
import { LIST_TEXT } from '../../../i18n/list.ts';
import { BRAND } from '../theme.ts';
import type { CellEntry, CellProps } from './types.ts';
import { EmptyValue, isEmpty } from './EmptyValue.tsx';

const text = (value: unknown, props: { refLabel?: string | null }) => (isEmpty(value) ? '' : (props.refLabel ?? ''));

/**
 * A reference (`x-ref`) shows the other record's label, resolved by the page for all rows in one call.
 * While it loads, a placeholder of the same height; a record the user cannot see says so instead of an id.
 */
export function RefCell({ value, refLabel }: CellProps) {
  if (isEmpty(value)) return <EmptyValue />;
  if (refLabel === undefined) {
    return <span role="img" aria-busy="true" aria-label={LIST_TEXT.loading} style={{ display: 'inline-block', width: 96, height: 12, borderRadius: 4, background: BRAND.border }} />;
  }
  if (refLabel === null) return <span style={{ color: BRAND.muted }} title={String(value)}>{LIST_TEXT.notVisible}</span>;
  return <span title={refLabel}>{refLabel}</span>;
}

const entry: CellEntry = {
  name: 'reference',
  tester: rankWith(20, hasRef),
  component: {
    Cell: RefCell,
    text,
    sample: { schema: { type: 'string', format: 'uuid', title: 'Banco', 'x-ref': 'banks' }, value: '6f1c1f0e-3c1a-4a7e-9a53-0c3f1b6f2a10', refLabel: 'Itaú Unibanco' },
  },
};
export default entry;

import { Suspense, lazy } from 'react';
import { LIST_TEXT } from '../../../i18n/list.ts';
import { BRAND } from '../theme.ts';
import type { PagerControlsProps } from './PagerControls.tsx';

// Select and Pagination are not needed to paint the rows: they load with the first page, in parallel.
const loadControls = () => import('./PagerControls.tsx');
const PagerControls = lazy(loadControls);
/** Starts the controls' download early (ListScreen calls it while the first page loads). */
export const preloadPagerControls = () => void loadControls();

/**
 * Footer of a list: "26–50 de 215", the page size chooser (10/25/50/100, and 1.000 for people who page
 * through everything) and the pages, from the server's total (X-Total-Count).
 */
export function ListPager(props: PagerControlsProps) {
  const { page, pageSize, total } = props;
  const from = total ? (page - 1) * pageSize + 1 : 0;
  const to = Math.min(page * pageSize, total);
  return (
    <nav aria-label="Paginação" style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 16, flexWrap: 'wrap', marginTop: 12 }}>
      <span style={{ color: BRAND.muted, fontVariantNumeric: 'tabular-nums' }} aria-live="polite">
        {total ? LIST_TEXT.range(from, to, total) : LIST_TEXT.total(0)}
      </span>
      {/* Same height as the controls: nothing moves when they arrive. */}
      <Suspense fallback={<div aria-hidden style={{ height: 32 }} />}>
        <PagerControls {...props} />
      </Suspense>
    </nav>
  );
}

import { Pagination, Select } from 'antd';
import { PAGE_SIZES } from '../../../engine/list/list-state.ts';
import { LIST_TEXT } from '../../../i18n/list.ts';
import { BRAND } from '../theme.ts';

/**
 * Footer of a list: "26–50 de 215", the page size chooser (10/25/50/100, and 1.000 for people who page
 * through everything) and the pages, from the server's total (X-Total-Count).
 */
export function ListPager({ page, pageSize, total, onPage, onPageSize }: { page: number; pageSize: number; total: number; onPage: (p: number) => void; onPageSize: (n: number) => void }) {
  const from = total ? (page - 1) * pageSize + 1 : 0;
  const to = Math.min(page * pageSize, total);
  return (
    <nav aria-label="Paginação" style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 16, flexWrap: 'wrap', marginTop: 12 }}>
      <span style={{ color: BRAND.muted, fontVariantNumeric: 'tabular-nums' }} aria-live="polite">
        {total ? LIST_TEXT.range(from, to, total) : LIST_TEXT.total(0)}
      </span>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <Select
          aria-label="Registros por página"
          value={pageSize}
          onChange={onPageSize}
          options={PAGE_SIZES.map((n) => ({ value: n, label: LIST_TEXT.perPage(n) }))}
          style={{ width: 150 }}
        />
        <Pagination current={page} pageSize={pageSize} total={total} onChange={onPage} showSizeChanger={false} showLessItems />
      </div>
    </nav>
  );
}

import { Pagination, Select } from 'antd';
import { PAGE_SIZES } from '../../../engine/list/list-state.ts';
import { LIST_TEXT } from '../../../i18n/list.ts';

export interface PagerControlsProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (p: number) => void;
  onPageSize: (n: number) => void;
}

/** The pager's controls: the page size chooser and the pages (antd Select and Pagination, a chunk of their own). */
export default function PagerControls({ page, pageSize, total, onPage, onPageSize }: PagerControlsProps) {
  return (
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
  );
}

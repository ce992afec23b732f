import { Table, type TableProps } from 'antd';
import { useEffect, useRef } from 'react';

/**
 * antd's `Table` with `scroll` whose scrolling box can be reached by the keyboard: antd renders the box
 * (`.ant-table-content` for `scroll.x`, `.ant-table-body` for `scroll.y`) without a tab stop, so a table whose rows
 * hold no link or button — or one still loading — can't be scrolled without a mouse (axe
 * `scrollable-region-focusable`, serious). The box gets `tabindex=0`, `role=region` and the table's name after
 * every render (antd re-creates it when `scroll` changes).
 */
export function ScrollTable<T extends object>({ label, ...props }: TableProps<T> & { label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    for (const box of ref.current?.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body') ?? []) {
      if (box.getAttribute('tabindex') !== '0') box.setAttribute('tabindex', '0');
      if (!box.getAttribute('role')) box.setAttribute('role', 'region');
      if (box.getAttribute('aria-label') !== label) box.setAttribute('aria-label', label);
    }
  });
  return (
    <div ref={ref}>
      <Table<T> {...props} />
    </div>
  );
}

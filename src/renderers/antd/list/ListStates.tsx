import { Button, Empty } from 'antd';
import { LIST_TEXT } from '../../../i18n/list.ts';
import { gridTrack, type ColumnSpec } from './columns.tsx';
import { ROW_HEIGHT } from './ListTable.tsx';

/** Grey bars shaped like the columns while the first page loads: the layout does not jump when rows arrive. */
export function ListSkeleton({ specs, rows = 8 }: { specs: readonly ColumnSpec[]; rows?: number }) {
  const visible = specs.filter((s) => !s.hidden);
  const template = visible.map((s) => gridTrack(s, s.field)).join(' ');
  return (
    // Nothing to scroll to while loading (and a scroll region would need a keyboard stop): the bars are clipped.
    <div className="bo-list-scroll" style={{ overflow: 'hidden' }} role="status" aria-live="polite" aria-label={LIST_TEXT.loading}>
      <div style={{ display: 'grid', gridTemplateColumns: template, height: ROW_HEIGHT, background: '#f7f9fc', borderBottom: '1px solid #e3e8ef', alignItems: 'center' }}>
        {visible.map((s) => <span key={s.field} style={{ padding: '0 12px', fontWeight: 600, fontSize: 13, color: '#5b6776', whiteSpace: 'nowrap', overflow: 'hidden' }}>{s.title}</span>)}
      </div>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} style={{ display: 'grid', gridTemplateColumns: template, height: ROW_HEIGHT, alignItems: 'center', borderBottom: '1px solid #eef1f5' }}>
          {visible.map((s, j) => <div key={s.field} style={{ padding: '0 12px' }}><div className="bo-skeleton-bar" style={{ width: `${45 + ((i * 7 + j * 13) % 45)}%` }} /></div>)}
        </div>
      ))}
    </div>
  );
}

/** No rows: with filters on, offer to clear them (the usual reason); without, just say the list is empty. */
export function ListEmpty({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <div className="bo-list-scroll" style={{ padding: '40px 16px' }}>
      <Empty
        description={
          <>
            <div style={{ fontWeight: 600, fontSize: 15, color: '#1d2633' }}>{LIST_TEXT.empty}</div>
            <div style={{ color: '#5b6776' }}>{filtered ? LIST_TEXT.emptyHint : LIST_TEXT.emptyNoData}</div>
          </>
        }
      >
        {filtered && <Button onClick={onClear}>{LIST_TEXT.clearFilters}</Button>}
      </Empty>
    </div>
  );
}

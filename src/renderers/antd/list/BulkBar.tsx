import { Button, Space } from 'antd';
import { LIST_TEXT } from '../../../i18n/list.ts';
import { BRAND } from '../theme.ts';
import { ActionButton } from './ActionButton.tsx';
import type { ResolvedAction } from './row-actions.ts';

/** Shown while rows are selected: how many, the bulk actions, and a way to clear the selection. */
export function BulkBar({ count, actions, onRun, onClear, busy }: { count: number; actions: ResolvedAction[]; onRun: (a: ResolvedAction) => void; onClear: () => void; busy?: boolean }) {
  if (!count) return null;
  return (
    <div role="region" aria-label={LIST_TEXT.selected(count)} style={{ display: 'flex', alignItems: 'center', gap: 16, padding: '8px 12px', marginBottom: 8, borderRadius: 8, background: '#eaf1fb', border: `1px solid #c9dbf3` }}>
      <strong style={{ color: BRAND.primaryDark }}>{LIST_TEXT.selected(count)}</strong>
      <Space wrap>
        {actions.map((a) => (
          <ActionButton key={a.key} action={a} size="small" loading={busy && a.delete} onRun={() => onRun(a)} />
        ))}
      </Space>
      <Button size="small" type="link" onClick={onClear} style={{ marginInlineStart: 'auto' }}>
        {LIST_TEXT.clearSelection}
      </Button>
    </div>
  );
}

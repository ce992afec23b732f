import { SettingOutlined } from '@ant-design/icons';
import type { ColumnVisibilityState } from '@tanstack/react-table';
import { Button, Checkbox, Popover, Typography } from 'antd';
import { LIST_TEXT } from '../../../i18n/list.ts';
import type { ColumnSpec } from './columns.tsx';

/** Show or hide columns; at least one stays visible. "Restaurar padrão" goes back to the screen's choice. */
export function ColumnChooser({ specs, value, onChange }: { specs: readonly ColumnSpec[]; value: ColumnVisibilityState; onChange: (v: ColumnVisibilityState | null) => void }) {
  const visibleCount = specs.filter((s) => value[s.field] !== false).length;
  const content = (
    <div style={{ display: 'grid', gap: 6, minWidth: 220 }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>{LIST_TEXT.columnsHint}</Typography.Text>
      {specs.map((s) => {
        const on = value[s.field] !== false;
        return (
          <Checkbox key={s.field} checked={on} disabled={on && visibleCount === 1} onChange={(e) => onChange({ ...value, [s.field]: e.target.checked })}>
            {s.title}
          </Checkbox>
        );
      })}
      <Button size="small" type="link" style={{ justifySelf: 'start', paddingInline: 0 }} onClick={() => onChange(null)}>
        {LIST_TEXT.resetColumns}
      </Button>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={LIST_TEXT.columns} content={content}>
      <Button icon={<SettingOutlined />}>{LIST_TEXT.columns}</Button>
    </Popover>
  );
}

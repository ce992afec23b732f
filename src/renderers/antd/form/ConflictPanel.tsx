import { Alert, Button, Space, Typography } from 'antd';
import { FORM_TEXT } from '../../../i18n/forms.ts';

export interface ConflictPanelProps {
  /** The user's unsaved values (label → shown value), kept after loading the other version. */
  kept?: { label: string; value: string }[];
  busy: boolean;
  onReload?: () => void;
  onOverwrite?: () => void;
  onReapply?: () => void;
}

/**
 * A stale save (409): says what happened in plain pt-BR and offers both ways out. Nothing typed is lost:
 * overwriting sends the user's values; reloading keeps them listed, with a button to apply them again.
 */
export function ConflictPanel({ kept, busy, onReload, onOverwrite, onReapply }: ConflictPanelProps) {
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      style={{ marginBottom: 16 }}
      title={FORM_TEXT.conflictTitle}
      description={
        <Space orientation="vertical" size={8} style={{ width: '100%' }}>
          <Typography.Text>{FORM_TEXT.conflictBody}</Typography.Text>
          {kept && kept.length > 0 && (
            <div>
              <Typography.Text strong>{FORM_TEXT.conflictYourValues}</Typography.Text>
              <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
                {kept.map((k) => <li key={k.label}>{k.label}: {k.value || '—'}</li>)}
              </ul>
            </div>
          )}
          <Space wrap>
            {onReload && <Button onClick={onReload} disabled={busy}>{FORM_TEXT.conflictReload}</Button>}
            {onReapply && <Button onClick={onReapply} disabled={busy}>{FORM_TEXT.conflictReapply}</Button>}
            {onOverwrite && <Button type="primary" danger onClick={onOverwrite} loading={busy}>{FORM_TEXT.conflictOverwrite}</Button>}
          </Space>
        </Space>
      }
    />
  );
}

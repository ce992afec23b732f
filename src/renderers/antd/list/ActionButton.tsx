import { Button, type ButtonProps } from 'antd';
import { Hint } from '../Hint.tsx';
import { ActionIcon } from './action-icons.tsx';
import type { ResolvedAction } from './row-actions.ts';

/**
 * A resolved action as a button (record page header, bulk bar). One the server says applies but is blocked now
 * shows disabled, with the reason as its tooltip and in the page text (tied by `aria-describedby`): a disabled
 * button takes no pointer events, so the tooltip sits on a wrapper.
 */
export function ActionButton({ action: a, onRun, size, loading }: { action: ResolvedAction; onRun: () => void; size?: ButtonProps['size']; loading?: boolean }) {
  const reasonId = `action-reason-${a.key.replace(/\W/g, '-')}`;
  const button = (
    <Button
      size={size}
      danger={a.danger}
      icon={<ActionIcon name={a.icon} />}
      loading={loading}
      disabled={!!a.disabledReason}
      aria-describedby={a.disabledReason ? reasonId : undefined}
      onClick={onRun}
    >
      {a.label}
    </Button>
  );
  if (!a.disabledReason) return button;
  return (
    <Hint title={a.disabledReason}>
      <span style={{ display: 'inline-block' }} data-testid={`blocked-${a.key}`}>
        {button}
        <span id={reasonId} className="bo-visually-hidden">{a.disabledReason}</span>
      </span>
    </Hint>
  );
}

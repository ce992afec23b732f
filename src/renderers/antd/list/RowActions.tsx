import { Dropdown } from 'antd';
import { useState, type ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { LIST_TEXT } from '../../../i18n/list.ts';
import { ActionIcon } from './action-icons.tsx';
import type { ResolvedAction } from './row-actions.ts';

/**
 * antd's MoreOutlined drawn as a plain `<svg>` (same path and box): the icon component registers its CSS with a
 * scan of the page's `<style>` elements on every mount, i.e. on every row that scrolls into view.
 */
const MoreIcon = () => (
  <svg viewBox="64 64 896 896" width="1em" height="1em" fill="currentColor" focusable="false" aria-hidden="true">
    <path d="M456 231a56 56 0 10112 0 56 56 0 10-112 0zm0 280a56 56 0 10112 0 56 56 0 10-112 0zm0 280a56 56 0 10112 0 56 56 0 10-112 0z" />
  </svg>
);

/**
 * The "⋯" menu of a row: its allowed actions; links navigate, the rest ask the page to run them.
 * The dropdown mounts on first use: a page of 1,000 rows would otherwise build 1,000 popup triggers.
 */
export function RowActions({ actions, label, onRun }: { actions: ResolvedAction[]; label: string; onRun: (a: ResolvedAction) => void }) {
  const [armed, setArmed] = useState(false);
  const [open, setOpen] = useState(false);
  if (!actions.length) return null;
  // A native button (list.css), not antd's: one per row of a 1,000-row page, mounted on every scroll step.
  const trigger = (
    <button
      type="button"
      className="bo-row-actions"
      aria-label={LIST_TEXT.rowActions(label)}
      aria-haspopup="menu"
      onClick={() => {
        setArmed(true);
        setOpen(true);
      }}
    >
      <MoreIcon />
    </button>
  );
  if (!armed) return trigger;
  return (
    <RowActionsMenu actions={actions} onRun={onRun} open={open} setOpen={setOpen}>
      {trigger}
    </RowActionsMenu>
  );
}

/** The opened menu (router hooks only here, not in every row). */
function RowActionsMenu({ actions, onRun, open, setOpen, children }: { actions: ResolvedAction[]; onRun: (a: ResolvedAction) => void; open: boolean; setOpen: (open: boolean) => void; children: ReactElement }) {
  const navigate = useNavigate();
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      menu={{
        // An action that applies but is blocked now (segregation of duties, an approval queue…) stays in the
        // menu, disabled, with the server's reason under its label: hiding it would leave people wondering.
        items: actions.map((a) => ({
          key: a.key,
          label: a.disabledReason ? (
            <span style={{ display: 'block', maxWidth: 320, whiteSpace: 'normal' }}>
              {a.label}
              <span style={{ display: 'block', fontSize: 12 }}>{a.disabledReason}</span>
            </span>
          ) : a.label,
          danger: a.danger && !a.disabledReason,
          disabled: !!a.disabledReason,
          icon: <ActionIcon name={a.icon} />,
        })),
        onClick: ({ key, domEvent }) => {
          domEvent.stopPropagation();
          setOpen(false);
          const a = actions.find((x) => x.key === key)!;
          if (a.to && !a.confirm) navigate(a.to);
          else onRun(a);
        },
      }}
    >
      {children}
    </Dropdown>
  );
}

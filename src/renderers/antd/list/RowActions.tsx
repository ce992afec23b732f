import { MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { LIST_TEXT } from '../../../i18n/list.ts';
import { ActionIcon } from './action-icons.tsx';
import type { ResolvedAction } from './row-actions.ts';

/**
 * The "⋯" menu of a row: its allowed actions; links navigate, the rest ask the page to run them.
 * The dropdown mounts on first use: a page of 1,000 rows would otherwise build 1,000 popup triggers.
 */
export function RowActions({ actions, label, onRun }: { actions: ResolvedAction[]; label: string; onRun: (a: ResolvedAction) => void }) {
  const navigate = useNavigate();
  const [armed, setArmed] = useState(false);
  const [open, setOpen] = useState(false);
  if (!actions.length) return null;
  const trigger = (
    <Button
      type="text"
      size="small"
      icon={<MoreOutlined />}
      aria-label={LIST_TEXT.rowActions(label)}
      aria-haspopup="menu"
      onClick={() => {
        setArmed(true);
        setOpen(true);
      }}
    />
  );
  if (!armed) return trigger;
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      menu={{
        items: actions.map((a) => ({ key: a.key, label: a.label, danger: a.danger, icon: <ActionIcon name={a.icon} /> })),
        onClick: ({ key, domEvent }) => {
          domEvent.stopPropagation();
          setOpen(false);
          const a = actions.find((x) => x.key === key)!;
          if (a.to && !a.confirm) navigate(a.to);
          else onRun(a);
        },
      }}
    >
      {trigger}
    </Dropdown>
  );
}

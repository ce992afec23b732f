import { AppstoreAddOutlined, CheckCircleOutlined, CheckOutlined, CloseOutlined, DeleteOutlined, DownloadOutlined, EditOutlined, EyeOutlined, FileSearchOutlined, LockOutlined, MailOutlined, PictureOutlined, ProfileOutlined, RollbackOutlined, SendOutlined, StopOutlined, SwapOutlined, TagsOutlined, UndoOutlined } from '@ant-design/icons';
import type { ComponentType } from 'react';
import { ModuleIcon } from '../icons.tsx';

/** Icons actions may name (`"icon": "SwapOutlined"`), listed one by one to keep the bundle small; else the module icons. */
const ICONS: Record<string, ComponentType> = {
  AppstoreAddOutlined, CheckCircleOutlined, CheckOutlined, CloseOutlined, DeleteOutlined, DownloadOutlined, EditOutlined, EyeOutlined, FileSearchOutlined, LockOutlined, MailOutlined, PictureOutlined, ProfileOutlined, RollbackOutlined, SendOutlined,
  StopOutlined, SwapOutlined, TagsOutlined, UndoOutlined,
};

export function ActionIcon({ name }: { name?: string }) {
  const Icon = name ? ICONS[name] : undefined;
  return Icon ? <Icon /> : <ModuleIcon name={name} />;
}

export const ACTION_ICON_NAMES = Object.keys(ICONS);

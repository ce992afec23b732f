import {
  ApartmentOutlined, AppstoreOutlined, ArrowDownOutlined, ArrowUpOutlined, AuditOutlined, BankOutlined, BarChartOutlined,
  BlockOutlined, BookOutlined, BranchesOutlined, CheckSquareOutlined, ClusterOutlined, ContainerOutlined, ControlOutlined,
  DatabaseOutlined, DollarOutlined, FileDoneOutlined, FileTextOutlined, FundOutlined, GroupOutlined, HomeOutlined, IdcardOutlined,
  InboxOutlined, KeyOutlined, MinusCircleOutlined, NodeIndexOutlined, PartitionOutlined, PlusCircleOutlined, ProfileOutlined,
  SettingOutlined, ShopOutlined, ShoppingCartOutlined, SolutionOutlined, TagsOutlined, TeamOutlined, UserOutlined, UserSwitchOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * Icons the app config may name (`"icon": "BankOutlined"`). Listed one by one so the bundle carries only
 * these; a tenant naming another icon gets none rather than the whole icon set.
 */
const ICONS: Record<string, ComponentType> = {
  ApartmentOutlined, AppstoreOutlined, ArrowDownOutlined, ArrowUpOutlined, AuditOutlined, BankOutlined, BarChartOutlined,
  BlockOutlined, BookOutlined, BranchesOutlined, CheckSquareOutlined, ClusterOutlined, ContainerOutlined, ControlOutlined,
  DatabaseOutlined, DollarOutlined, FileDoneOutlined, FileTextOutlined, FundOutlined, GroupOutlined, HomeOutlined, IdcardOutlined,
  InboxOutlined, KeyOutlined, MinusCircleOutlined, NodeIndexOutlined, PartitionOutlined, PlusCircleOutlined, ProfileOutlined,
  SettingOutlined, ShopOutlined, ShoppingCartOutlined, SolutionOutlined, TagsOutlined, TeamOutlined, UserOutlined, UserSwitchOutlined,
  WalletOutlined,
};

export function ModuleIcon({ name }: { name?: string }) {
  const Icon = name ? ICONS[name] : undefined;
  return Icon ? <Icon /> : null;
}

/** The registered names (src/engine/navigation/icon-names.ts lists the same for check:metadata). */
export const ICON_NAMES = Object.keys(ICONS);

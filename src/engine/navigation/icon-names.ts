/** Icons the app config and hubs may name (`"icon": "BankOutlined"`): the renderer registers exactly these
 * (src/renderers/antd/icons.tsx, kept equal by its test); check:metadata refuses any other name. */
export const NAVIGATION_ICONS = [
  'ApartmentOutlined', 'AppstoreOutlined', 'ArrowDownOutlined', 'ArrowUpOutlined', 'AuditOutlined', 'BankOutlined',
  'BarChartOutlined', 'BlockOutlined', 'BookOutlined', 'BranchesOutlined', 'CheckSquareOutlined', 'ClusterOutlined',
  'ContainerOutlined', 'ControlOutlined', 'DatabaseOutlined', 'DollarOutlined', 'FileDoneOutlined',
  'FileTextOutlined', 'FundOutlined', 'GroupOutlined', 'HomeOutlined', 'IdcardOutlined', 'InboxOutlined',
  'KeyOutlined', 'MinusCircleOutlined', 'NodeIndexOutlined', 'PartitionOutlined', 'PlusCircleOutlined',
  'ProfileOutlined', 'SettingOutlined', 'ShopOutlined', 'ShoppingCartOutlined', 'SolutionOutlined', 'TagsOutlined',
  'TeamOutlined', 'UserOutlined', 'UserSwitchOutlined', 'WalletOutlined',
] as const;

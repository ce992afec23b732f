import { DownOutlined, IdcardOutlined, LogoutOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useLoggedUser } from '../../../react/hooks.ts';
import { APP_TEXT } from '../../../i18n/ui.ts';
import { BRAND } from '../theme.ts';

const initials = (name: string) =>
  name.split(/[\s@.]+/).filter(Boolean).slice(0, 2).map((p) => p[0]!.toUpperCase()).join('');

/** The signed-in user in the header, with "Minha conta" and "Sair". */
export function UserMenu() {
  const user = useLoggedUser();
  const navigate = useNavigate();
  if (!user) return null;
  const name = user.name || user.email;
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: [
          { key: '/minha-conta', icon: <IdcardOutlined />, label: APP_TEXT.myAccount },
          { type: 'divider' },
          { key: '/logout', icon: <LogoutOutlined />, label: APP_TEXT.logout, danger: true },
        ],
        onClick: ({ key }) => navigate(key),
      }}
    >
      <Button type="text" aria-label={APP_TEXT.userMenu} style={{ height: 44, display: 'flex', alignItems: 'center', gap: 10, padding: '0 8px' }}>
        <Avatar style={{ background: BRAND.primary, flex: 'none' }}>{initials(name)}</Avatar>
        <span style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', lineHeight: 1.25 }}>
          <span style={{ fontWeight: 600 }}>{name}</span>
          {user.name && <span style={{ fontSize: 12, color: BRAND.muted }}>{user.email}</span>}
        </span>
        <DownOutlined style={{ fontSize: 10, color: BRAND.muted }} />
      </Button>
    </Dropdown>
  );
}

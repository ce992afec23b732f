import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout, Menu } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useNavigationModules } from '../../../react/hooks.ts';
import { APP_TEXT } from '../../../i18n/ui.ts';
import { BRAND } from '../theme.ts';
import { Brand } from './Brand.tsx';
import { PtBrLocale } from '../locale.tsx';
import { menuItems, selectedPath } from './side-menu.tsx';
import { UserMenu } from './UserMenu.tsx';
import { ConfigProblemBanner } from './ConfigProblemBanner.tsx';

/** The back-office shell: grouped side menu (filtered by create scope), header with the user, content. */
export default function DefaultLayout({ children }: { children: ReactNode }) {
  const groups = useNavigationModules();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const items = useMemo(() => menuItems(groups), [groups]);
  const { selected, open } = useMemo(() => selectedPath(groups, pathname), [groups, pathname]);
  const [openKeys, setOpenKeys] = useState<string[]>(open);
  // Navigating into a submenu opens it; what the user opened or closed by hand otherwise stays.
  const [seenOpen, setSeenOpen] = useState(open);
  if (seenOpen !== open) {
    setSeenOpen(open);
    setOpenKeys((keys) => [...new Set([...keys, ...open])]);
  }

  return (
    <PtBrLocale>
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        width={260}
        collapsedWidth={72}
        collapsed={collapsed}
        breakpoint="lg"
        onBreakpoint={setCollapsed}
        trigger={null}
        style={{ borderRight: `1px solid ${BRAND.border}`, position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}
      >
        <Link to="/" aria-label={APP_TEXT.home} style={{ display: 'block', padding: collapsed ? '14px 20px' : '14px 20px', borderBottom: `1px solid ${BRAND.border}` }}>
          <Brand compact={collapsed} />
        </Link>
        <nav aria-label={APP_TEXT.mainMenu}>
          <Menu
            mode="inline"
            items={items}
            selectedKeys={selected ? [selected] : []}
            openKeys={collapsed ? undefined : openKeys}
            onOpenChange={setOpenKeys}
            style={{ borderInlineEnd: 'none', paddingBlock: 8 }}
          />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 12, borderBottom: `1px solid ${BRAND.border}`, position: 'sticky', top: 0, zIndex: 10 }}>
          <Button
            type="text"
            aria-label={collapsed ? APP_TEXT.expandMenu : APP_TEXT.collapseMenu}
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => setCollapsed((c) => !c)}
          />
          <div style={{ flex: 1 }} />
          <UserMenu />
        </Layout.Header>
        {/* antd's Content is the page's one <main> (a nested <main> inside it would be a second landmark). */}
        <Layout.Content id="conteudo" tabIndex={-1} style={{ padding: '24px 28px 40px', outline: 'none' }}>
          <div style={{ maxWidth: 1280, margin: '0 auto' }}>
            <ConfigProblemBanner />
            {children}
          </div>
        </Layout.Content>
      </Layout>
    </Layout>
    </PtBrLocale>
  );
}

import { Card, Col, Empty, Row, Typography } from 'antd';
import { navigationGroups, navigationModules, type NavigationModule } from '../../../engine/config/app-config.ts';
import { DEV_TEXT } from '../../../i18n/list.ts';
import { useEngine } from '../../../react/context.ts';
import { ActionIcon, ACTION_ICON_NAMES } from '../list/action-icons.tsx';
import { ModuleIcon } from '../icons.tsx';
import { PageHeader } from '../pages/PageHeader.tsx';
import { BRAND } from '../theme.ts';

function Tile({ name, uses, children }: { name: string; uses: string[]; children: React.ReactNode }) {
  return (
    <Card size="small" styles={{ body: { display: 'flex', gap: 12, alignItems: 'center' } }}>
      <span style={{ width: 40, height: 40, borderRadius: 8, display: 'grid', placeItems: 'center', background: '#e8f0fb', color: BRAND.primary, fontSize: 20 }}>{children}</span>
      <span style={{ minWidth: 0 }}>
        <Typography.Text code copyable>{name}</Typography.Text>
        <div style={{ fontSize: 12, color: BRAND.muted, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={uses.join(', ')}>{uses.join(', ')}</div>
      </span>
    </Card>
  );
}

/** `/test-icon`: the icons the app config's modules and groups use (and the row-action icons), with where each is used. */
export default function IconsPage() {
  const { config } = useEngine();
  const uses = new Map<string, string[]>();
  const add = (icon: string | undefined, where: string) => icon && uses.set(icon, [...(uses.get(icon) ?? []), where]);
  const walk = (ms: NavigationModule[]) => ms.forEach((m) => (add(m.icon, m.title), walk(m.children ?? [])));
  navigationGroups(config.appParams).forEach((g) => add(g.icon, `Grupo ${g.title}`));
  walk(navigationModules(config.appParams));
  return (
    <>
      <PageHeader title={DEV_TEXT.iconsTitle} lead={DEV_TEXT.iconsLead} />
      {!uses.size && <Empty />}
      <Row gutter={[12, 12]}>
        {[...uses].sort(([a], [b]) => a.localeCompare(b)).map(([name, where]) => (
          <Col key={name} xs={24} sm={12} lg={8}>
            <Tile name={name} uses={where}><ModuleIcon name={name} /></Tile>
          </Col>
        ))}
      </Row>
      <Typography.Title level={4} style={{ marginTop: 28 }}>Ações</Typography.Title>
      <Row gutter={[12, 12]}>
        {ACTION_ICON_NAMES.map((name) => (
          <Col key={name} xs={24} sm={12} lg={8}>
            <Tile name={name} uses={['ações de listas']}><ActionIcon name={name} /></Tile>
          </Col>
        ))}
      </Row>
    </>
  );
}

import { RightOutlined } from '@ant-design/icons';
import { Card, Col, Empty, Row, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { APP_TEXT } from '../../../i18n/ui.ts';
import { useLoggedUser, useNavigationModules } from '../../../react/hooks.ts';
import { ModuleIcon } from '../icons.tsx';
import { BRAND } from '../theme.ts';
import { InboxCards } from './InboxCards.tsx';
import { PageHeader } from './PageHeader.tsx';

/** `/`: a greeting, the person's work inbox (what waits for them) and a shortcut to every module they can open. */
export default function HomePage() {
  const user = useLoggedUser();
  const groups = useNavigationModules();
  const firstName = (user?.name || user?.email || '').split(/[\s@]/)[0];
  const hasModules = groups.some((g) => g.items.length);
  return (
    <>
      <PageHeader title={APP_TEXT.welcome(firstName)} lead={APP_TEXT.welcomeLead} />
      <section aria-labelledby="home-inbox" style={{ marginBottom: 32 }}>
        <Typography.Title level={2} id="home-inbox" style={{ fontSize: 18, margin: '0 0 12px' }}>{APP_TEXT.inbox}</Typography.Title>
        <InboxCards />
      </section>
      {!hasModules && <Card><Empty description={APP_TEXT.noModules} /></Card>}
      {hasModules && <Typography.Title level={2} style={{ fontSize: 18, margin: '0 0 12px' }}>{APP_TEXT.shortcuts}</Typography.Title>}
      {groups.map((g) => (
        <section key={g.key || 'geral'} aria-label={g.title || APP_TEXT.home} style={{ marginBottom: 28 }}>
          {g.title && (
            <Typography.Title level={3} style={{ color: BRAND.muted, textTransform: 'uppercase', letterSpacing: 0.8, fontSize: 12, margin: '0 0 12px' }}>
              {g.title}
            </Typography.Title>
          )}
          <Row gutter={[16, 16]}>
            {g.items.flatMap((item) => item.children ?? [item]).map((item) => (
              <Col key={item.path} xs={24} sm={12} lg={8} xl={6}>
                <Link to={item.path} style={{ display: 'block' }}>
                  <Card hoverable size="small" styles={{ body: { display: 'flex', alignItems: 'center', gap: 12, padding: '14px 16px' } }}>
                    <span aria-hidden style={{ width: 36, height: 36, borderRadius: 8, display: 'grid', placeItems: 'center', background: '#e8f0fb', color: BRAND.primary, fontSize: 18, flex: 'none' }}>
                      <ModuleIcon name={item.icon ?? groups.find((x) => x.key === g.key)?.icon} />
                    </span>
                    <span style={{ flex: 1, fontWeight: 600, color: BRAND.text }}>{item.title}</span>
                    <RightOutlined aria-hidden style={{ color: BRAND.muted, fontSize: 12 }} />
                  </Card>
                </Link>
              </Col>
            ))}
          </Row>
        </section>
      ))}
    </>
  );
}

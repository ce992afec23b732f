import { RightOutlined } from '@ant-design/icons';
import { Card, Col, Empty, Row, Typography } from 'antd';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { visibleHub } from '../../../engine/navigation/hubs.ts';
import { APP_TEXT } from '../../../i18n/ui.ts';
import { usePermissions } from '../../../react/hooks.ts';
import { useMetadata } from '../../../react/metadata.ts';
import { ModuleIcon } from '../icons.tsx';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { PageHeader } from '../pages/PageHeader.tsx';
import { useDocumentTitle } from '../screens/useDocumentTitle.ts';
import { BRAND } from '../theme.ts';

/**
 * A hub page (`hubs/<key>.json`, docs/screens.md §9): sections of cards, each opening a module, filtered by
 * the menu's permission rule. Cards are plain links: Tab reaches each one, Enter opens it.
 */
export function HubScreen({ path }: { path: string }) {
  const meta = useMetadata();
  const { user, permissions } = usePermissions();
  const { pathname } = useLocation();
  const hub = Object.values(meta.hubs).find((h) => h.path === path);
  const sections = useMemo(() => (hub ? visibleHub(hub, { hubs: meta.hubs, screens: meta.screens, user, permissions }) : []), [hub, meta, user, permissions]);
  useDocumentTitle(hub?.title);
  if (!hub) return <NotFoundPage path={pathname} />;
  return (
    <>
      <PageHeader title={hub.title} lead={hub.description} />
      {!sections.length && <Card><Empty description={APP_TEXT.noModules} /></Card>}
      {sections.map((s, i) => (
        <section key={s.title} aria-labelledby={`hub-section-${i}`} style={{ marginBottom: 28 }}>
          <Typography.Title id={`hub-section-${i}`} level={3} style={{ color: BRAND.muted, textTransform: 'uppercase', letterSpacing: 0.8, fontSize: 12, margin: '0 0 4px' }}>
            {s.title}
          </Typography.Title>
          {s.description && <Typography.Paragraph style={{ color: BRAND.muted, margin: '0 0 12px' }}>{s.description}</Typography.Paragraph>}
          <Row gutter={[16, 16]} style={{ marginTop: s.description ? 0 : 12 }} role="list">
            {s.cards.map((card) => (
              <Col key={card.path} xs={24} sm={12} lg={8} role="listitem">
                <Link to={card.path} style={{ display: 'block', height: '100%' }}>
                  <Card hoverable size="small" style={{ height: '100%' }} styles={{ body: { display: 'flex', alignItems: 'flex-start', gap: 12, padding: '14px 16px' } }}>
                    <span aria-hidden style={{ width: 36, height: 36, borderRadius: 8, display: 'grid', placeItems: 'center', background: '#e8f0fb', color: BRAND.primary, fontSize: 18, flex: 'none' }}>
                      <ModuleIcon name={card.icon ?? 'SettingOutlined'} />
                    </span>
                    <span style={{ flex: 1, minWidth: 0 }}>
                      <span style={{ display: 'block', fontWeight: 600, color: BRAND.text }}>{card.title}</span>
                      <span style={{ display: 'block', marginTop: 2, fontSize: 13, color: BRAND.muted, lineHeight: 1.4 }}>{card.description}</span>
                    </span>
                    <RightOutlined aria-hidden style={{ color: BRAND.muted, fontSize: 12, marginTop: 12 }} />
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

/** The page component of one hub path, for the route table (src/renderers/antd/screen-routes.tsx). */
export function hubPage(path: string) {
  return function HubPage() {
    return <HubScreen path={path} />;
  };
}

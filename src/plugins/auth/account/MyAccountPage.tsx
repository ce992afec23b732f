import { KeyOutlined, LockOutlined, SafetyCertificateOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { Card, Col, Descriptions, Row, Tag } from 'antd';
import type { ReactNode } from 'react';
import { ACCOUNT_TEXT } from '../../../i18n/auth.ts';
import { useLoggedUser } from '../../../react/hooks.ts';
import { PageHeader } from '../../../renderers/antd/pages/PageHeader.tsx';
import { twoStepStatus } from './two-step-status.ts';
import { LinkButton } from '../../../renderers/antd/LinkButton.tsx';

function Row2({ icon, title, hint, extra }: { icon: ReactNode; title: string; hint: ReactNode; extra: ReactNode }) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 16, padding: '14px 0', borderTop: '1px solid #eef1f5' }}>
      <div style={{ fontSize: 20, color: '#1f5aa6', width: 28, textAlign: 'center' }}>{icon}</div>
      <div style={{ flex: 1, minWidth: 0 }}>
        <div style={{ fontWeight: 600 }}>{title}</div>
        <div style={{ color: '#5b6776', fontSize: 13 }}>{hint}</div>
      </div>
      {extra}
    </div>
  );
}

/** /minha-conta: personal data, security and access, each leading to its page. */
export default function MyAccountPage() {
  const user = useLoggedUser();
  if (!user) return null;
  const status = twoStepStatus(user);
  return (
    <>
      <PageHeader title={ACCOUNT_TEXT.title} lead={ACCOUNT_TEXT.lead} />
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={12}>
          <Card
            title={<span><UserOutlined /> {ACCOUNT_TEXT.personal}</span>}
            extra={<LinkButton to="/minha-conta/editar">{ACCOUNT_TEXT.edit}</LinkButton>}
            style={{ height: '100%' }}
          >
            <Descriptions column={1} colon={false} styles={{ label: { width: 150, color: '#5b6776' } }}>
              <Descriptions.Item label={ACCOUNT_TEXT.name}>{user.name || ACCOUNT_TEXT.notInformed}</Descriptions.Item>
              <Descriptions.Item label={ACCOUNT_TEXT.email}>{user.email}</Descriptions.Item>
              <Descriptions.Item label={ACCOUNT_TEXT.phone}>{user.phone || ACCOUNT_TEXT.notInformed}</Descriptions.Item>
              <Descriptions.Item label={ACCOUNT_TEXT.accessLevel}>
                {ACCOUNT_TEXT.accessLevels[user.accessLevel ?? 'User'] ?? user.accessLevel}
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={<span><LockOutlined /> {ACCOUNT_TEXT.security}</span>} style={{ marginBottom: 24 }} styles={{ body: { paddingTop: 4, paddingBottom: 8 } }}>
            <Row2
              icon={<KeyOutlined />}
              title={ACCOUNT_TEXT.password}
              hint={ACCOUNT_TEXT.passwordHint}
              extra={<LinkButton to="/minha-conta/alterar-senha">{ACCOUNT_TEXT.changePassword}</LinkButton>}
            />
            <Row2
              icon={<SafetyCertificateOutlined />}
              title={ACCOUNT_TEXT.twoStep}
              hint={<Tag color={status.color} style={{ marginTop: 4 }}>{status.label}</Tag>}
              extra={<LinkButton to="/minha-conta/verificacao-em-duas-etapas">{ACCOUNT_TEXT.manage}</LinkButton>}
            />
          </Card>
          <Card title={<span><TeamOutlined /> {ACCOUNT_TEXT.access}</span>} styles={{ body: { paddingTop: 4, paddingBottom: 8 } }}>
            <Row2
              icon={<TeamOutlined />}
              title={ACCOUNT_TEXT.activeProfiles}
              hint={ACCOUNT_TEXT.activeProfilesHint}
              extra={<LinkButton to="/minha-conta/perfis-ativos">{ACCOUNT_TEXT.open}</LinkButton>}
            />
            <Row2
              icon={<SafetyCertificateOutlined />}
              title={ACCOUNT_TEXT.policies}
              hint={ACCOUNT_TEXT.policiesHint}
              extra={<LinkButton to="/minha-conta/politicas">{ACCOUNT_TEXT.open}</LinkButton>}
            />
          </Card>
        </Col>
      </Row>
    </>
  );
}

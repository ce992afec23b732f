import { Button, Card, Col, Row, Space, Tag, Typography, theme as antdTheme } from 'antd';
import { DEV_TEXT } from '../../../i18n/list.ts';
import { PageHeader } from '../pages/PageHeader.tsx';
import { BRAND, theme } from '../theme.ts';

const COLOR_TOKENS = ['colorPrimary', 'colorSuccess', 'colorWarning', 'colorError', 'colorInfo', 'colorText', 'colorTextSecondary', 'colorBorder', 'colorBorderSecondary', 'colorBgLayout', 'colorBgContainer'] as const;

/** `/theme`: the brand colours, the antd tokens in effect, typography and the main controls. */
export default function ThemePage() {
  const { token } = antdTheme.useToken();
  const swatch = (name: string, value: string) => (
    <Col key={name} xs={12} md={8} lg={6}>
      <Card size="small" styles={{ body: { padding: 0 } }}>
        <div style={{ height: 56, background: value, borderBottom: `1px solid ${BRAND.border}` }} />
        <div style={{ padding: '8px 12px' }}>
          <div style={{ fontWeight: 600, fontSize: 13 }}>{name}</div>
          <Typography.Text code copyable style={{ fontSize: 12 }}>{value}</Typography.Text>
        </div>
      </Card>
    </Col>
  );
  return (
    <>
      <PageHeader title={DEV_TEXT.themeTitle} lead={DEV_TEXT.themeLead} />
      <Typography.Title level={4}>Marca</Typography.Title>
      <Row gutter={[12, 12]}>{Object.entries(BRAND).map(([k, v]) => swatch(k, v))}</Row>
      <Typography.Title level={4} style={{ marginTop: 24 }}>Tokens de cor do antd</Typography.Title>
      <Row gutter={[12, 12]}>{COLOR_TOKENS.map((k) => swatch(k, String(token[k])))}</Row>
      <Typography.Title level={4} style={{ marginTop: 24 }}>Tipografia</Typography.Title>
      <Card size="small">
        <Typography.Title level={1}>Título 1 · {token.fontSizeHeading1}px</Typography.Title>
        <Typography.Title level={2}>Título 2 · {token.fontSizeHeading2}px</Typography.Title>
        <Typography.Title level={3}>Título 3 · {token.fontSizeHeading3}px</Typography.Title>
        <Typography.Paragraph>Texto · {token.fontSize}px, {token.fontFamily}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">Texto secundário — R$ 1.234,56 · 31/03/2026 · 12.ABC.345/01DE-35</Typography.Paragraph>
      </Card>
      <Typography.Title level={4} style={{ marginTop: 24 }}>Controles</Typography.Title>
      <Card size="small">
        <Space wrap>
          <Button type="primary">Primário</Button>
          <Button>Padrão</Button>
          <Button danger>Excluir</Button>
          <Button type="link">Link</Button>
          <Tag color="green">Sim</Tag>
          <Tag>Não</Tag>
        </Space>
      </Card>
      <Typography.Title level={4} style={{ marginTop: 24 }}>Configuração do tema</Typography.Title>
      <Card size="small">
        <pre style={{ margin: 0, fontSize: 12, overflow: 'auto' }}>{JSON.stringify(theme, null, 2)}</pre>
      </Card>
    </>
  );
}

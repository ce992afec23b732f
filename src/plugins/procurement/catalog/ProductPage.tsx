import { ShoppingCartOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Descriptions, Empty, Form, Input, InputNumber, Row, Select, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatBRL } from '../../../i18n/format.ts';
import { CATALOG_TEXT as T } from '../../../i18n/procurement-catalog.ts';
import { useEngine } from '../../../react/context.ts';
import { usePermissions } from '../../../react/hooks.ts';
import { PageHeader } from '../../../renderers/antd/pages/PageHeader.tsx';
import { useDocumentTitle } from '../../../renderers/antd/screens/useDocumentTitle.ts';
import { addToCart, CART_KEY, product, useCostCenters, type ProductDetail } from './api.ts';
import { CartBadge, OrdersNav, priceText, todayBR } from './parts.tsx';
import { Cover } from './ProductCard.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Values {
  variantId?: string;
  quantity: number;
  costCenterId?: string;
  neededBy?: string;
  notes?: string;
}

function AddForm({ p }: { p: ProductDetail }) {
  const engine = useEngine();
  const client = useQueryClient();
  const costCenters = useCostCenters();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState(false);
  const variantId = Form.useWatch('variantId', form);
  const quantity = Form.useWatch('quantity', form) ?? 1;
  const variant = p.variants.find((v) => v.id === variantId);
  const price = variant?.price ?? p.referencePrice;
  const finish = async (v: Values) => {
    setBusy(true);
    try {
      await addToCart(engine, { productId: p.id, variantId: v.variantId ?? null, quantity: v.quantity, costCenterId: v.costCenterId ?? null, neededBy: v.neededBy || null, notes: v.notes?.trim() || null });
      engine.snackbars.push({ type: 'success', message: T.product.added(variant ? `${p.name} — ${variant.name}` : p.name) });
      setAdded(true);
      await client.invalidateQueries({ queryKey: CART_KEY });
    } catch (err) {
      engine.notifyError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} layout="vertical" initialValues={{ quantity: 1 }} onFinish={(v) => void finish(v)}>
      {p.variants.length > 0 && (
        <Form.Item name="variantId" label={T.product.variant}>
          <Select allowClear placeholder={T.product.noVariant} options={p.variants.map((v) => ({ value: v.id, label: `${v.name} (${v.sku}) — ${priceText(v.price ?? p.referencePrice, p.unit)}` }))} />
        </Form.Item>
      )}
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="quantity" label={`${T.product.quantity} (${p.unit})`} rules={[{ required: true, type: 'number', min: 0.000001, message: 'A quantidade deve ser maior que zero.' }]}>
            <InputNumber min={0} step={1} decimalSeparator="," style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="neededBy" label={T.product.neededBy}>
            <Input type="date" min={todayBR()} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="costCenterId" label={T.product.costCenter} extra={T.product.costCenterHelp}>
        <Select allowClear showSearch={{ optionFilterProp: 'label' }} loading={costCenters.isPending} options={costCenters.data ?? []} />
      </Form.Item>
      <Form.Item name="notes" label={T.product.notes}>
        <Input maxLength={200} />
      </Form.Item>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text>{T.product.total}: <strong data-testid="product-estimate">{formatBRL(price === null || price === undefined ? null : Math.round(Number(quantity || 0) * price))}</strong></Typography.Text>
        <Space>
          {added && <Link to="/pedidos/solicitacao">{T.product.goToCart}</Link>}
          <Button type="primary" htmlType="submit" icon={<ShoppingCartOutlined />} loading={busy}>{T.product.addToCart}</Button>
        </Space>
      </Space>
    </Form>
  );
}

/**
 * /pedidos/produto/{productId*}: a catalogue product (GET cart/v1/catalog/products/{id}) — photos, code, brand,
 * unit, reference price, variants — and the form that puts it in the cart with quantity, cost center, need-by
 * date and a note. The path may carry more segments before the id (`/pedidos/produto/papel/{id}`): the last one is the id.
 */
export default function ProductPage() {
  const engine = useEngine();
  const id = (useParams()['*'] ?? '').split('/').filter(Boolean).pop() ?? '';
  const valid = UUID.test(id);
  const query = useQuery({ queryKey: ['procurement', 'product', id], queryFn: () => product(engine, id), enabled: valid, retry: false });
  const { can } = usePermissions();
  const canBuy = can('orders', 'create');
  const p = query.data;
  useDocumentTitle(p?.name ?? T.product.back);
  const missing = !valid || (query.isError && (query.error as { status?: number }).status === 404);

  return (
    <>
      <PageHeader title={p?.name ?? T.catalog.title} lead={p ? `${p.sku} · ${p.categoryName}` : undefined} back={{ to: '/pedidos/catalogo', label: T.product.back }} actions={canBuy ? <CartBadge /> : undefined} />
      <OrdersNav />
      {missing ? (
        <Card><Empty description={T.product.notFound}><Link to="/pedidos/catalogo">{T.product.back}</Link></Empty></Card>
      ) : query.isError ? (
        <Alert type="error" showIcon title={(query.error as Error).message} action={<Button size="small" onClick={() => void query.refetch()}>{T.retry}</Button>} />
      ) : !p ? (
        <Card><Skeleton active /></Card>
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={14}>
            <Card>
              <Space align="start" size={16} wrap>
                <Cover fileId={(p.media.find((m) => m.isCover) ?? p.media.find((m) => m.kind === 'IMAGEM'))?.fileId ?? null} name={p.name} size={200} />
                <Descriptions column={1} size="small" items={[
                  { key: 'sku', label: T.product.sku, children: p.sku },
                  ...(p.brand ? [{ key: 'brand', label: T.product.brand, children: p.brand }] : []),
                  { key: 'unit', label: T.product.unit, children: p.unit },
                  { key: 'price', label: T.product.referencePrice, children: priceText(p.referencePrice, p.unit) },
                ]} />
              </Space>
              {p.description && <Typography.Paragraph style={{ marginTop: 16, whiteSpace: 'pre-line' }}>{p.description}</Typography.Paragraph>}
              {p.leadTimeDays ? <Typography.Paragraph type="secondary">{T.product.leadTime(p.leadTimeDays)}</Typography.Paragraph> : null}
            </Card>
          </Col>
          {canBuy && (
            <Col xs={24} lg={10}>
              <Card title={T.product.addToCart}><AddForm p={p} /></Card>
            </Col>
          )}
        </Row>
      )}
    </>
  );
}

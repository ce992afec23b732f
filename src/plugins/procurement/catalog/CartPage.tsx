import { SaveOutlined, SendOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Form, Input, Modal, Row, Select, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatBRL } from '../../../i18n/format.ts';
import { CATALOG_TEXT as T } from '../../../i18n/procurement-catalog.ts';
import { useEngine } from '../../../react/context.ts';
import { PageHeader } from '../../../renderers/antd/pages/PageHeader.tsx';
import { useDocumentTitle } from '../../../renderers/antd/screens/useDocumentTitle.ts';
import { CART_KEY, checkout, clearCart, useCart, useCostCenters, type Cart } from './api.ts';
import { CartLines } from './CartLines.tsx';
import { OrdersNav, todayBR } from './parts.tsx';

const C = T.cart;

interface Values {
  title?: string;
  costCenterId: string;
  justification: string;
  priority: string;
  neededBy?: string;
  deliveryLocation?: string;
}

/** The order's own data and the two ways out: a draft, or submitted for approval (POST cart/v1/cart/checkout). */
function CheckoutForm({ cart }: { cart: Cart }) {
  const engine = useEngine();
  const navigate = useNavigate();
  const client = useQueryClient();
  const costCenters = useCostCenters();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState<'draft' | 'submit' | null>(null);
  const send = async (submit: boolean) => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setBusy(submit ? 'submit' : 'draft');
    try {
      const res = await checkout(engine, {
        costCenterId: v.costCenterId, justification: v.justification.trim(), title: v.title?.trim() || undefined, priority: v.priority,
        neededBy: v.neededBy || null, deliveryLocation: v.deliveryLocation?.trim() || null, submit,
      });
      engine.snackbars.push({ type: 'success', message: submit ? C.submitted(res.record.number, res.approvalQueue) : C.drafted(res.record.number) });
      await client.invalidateQueries({ queryKey: ['procurement'] });
      navigate(`/pedidos/${encodeURIComponent(res.record.id)}`);
    } catch (err) {
      engine.notifyError(err);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Form form={form} layout="vertical" initialValues={{ priority: 'NORMAL', costCenterId: cart.lines.find((l) => l.costCenterId)?.costCenterId ?? undefined }}>
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Form.Item name="title" label={C.orderTitle}><Input maxLength={120} placeholder={C.orderTitlePlaceholder} /></Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="costCenterId" label={C.orderCostCenter} rules={[{ required: true, message: C.orderCostCenterRequired }]}>
            <Select showSearch={{ optionFilterProp: 'label' }} loading={costCenters.isPending} options={costCenters.data ?? []} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="priority" label={C.priority}><Select options={[...T.priority]} /></Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="neededBy" label={C.orderNeededBy}><Input type="date" min={todayBR()} /></Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="deliveryLocation" label={C.deliveryLocation}><Input maxLength={200} /></Form.Item>
        </Col>
      </Row>
      <Form.Item name="justification" label={C.justification} rules={[{ required: true, whitespace: true, min: 10, message: C.justificationRequired }]}>
        <Input.TextArea rows={3} maxLength={2000} showCount />
      </Form.Item>
      <Space wrap style={{ width: '100%', justifyContent: 'flex-end' }}>
        <Button icon={<SaveOutlined />} loading={busy === 'draft'} disabled={!!busy} onClick={() => void send(false)}>{C.saveDraft}</Button>
        <Button type="primary" icon={<SendOutlined />} loading={busy === 'submit'} disabled={!!busy} onClick={() => void send(true)}>{C.submit}</Button>
      </Space>
    </Form>
  );
}

/**
 * /pedidos/solicitacao: the person's cart (kept on the server: GET cart/v1/cart) with its lines edited in
 * place, and the form that turns it into a requisition (pedido) — a draft or submitted for approval in one
 * transaction, which empties the cart — then opens the new order.
 */
export default function CartPage() {
  useDocumentTitle(C.title);
  const engine = useEngine();
  const client = useQueryClient();
  const cart = useCart();
  const costCenters = useCostCenters();
  const [modal, holder] = Modal.useModal();
  const clear = async () => {
    if (!(await modal.confirm({ title: C.clearConfirm, okText: C.clear, okButtonProps: { danger: true }, cancelText: 'Voltar' }))) return;
    try {
      await clearCart(engine);
    } catch (err) {
      engine.notifyError(err);
    }
    await client.invalidateQueries({ queryKey: CART_KEY });
  };
  return (
    <>
      {holder}
      <PageHeader title={C.title} lead={C.lead} />
      <OrdersNav />
      {cart.isError ? (
        <Alert type="error" showIcon title={(cart.error as Error).message} action={<Button size="small" onClick={() => void cart.refetch()}>{T.retry}</Button>} />
      ) : cart.isPending ? (
        <Card><Skeleton active /></Card>
      ) : !cart.data.lines.length ? (
        <Card><Empty description={C.empty}><Link to="/pedidos/catalogo">{C.browse}</Link></Empty></Card>
      ) : (
        <>
          <Card style={{ marginBottom: 16 }} styles={{ body: { padding: 0 } }}
            title={<Typography.Text aria-live="polite">{C.estimated}: <span data-testid="cart-total">{formatBRL(cart.data.total)}</span></Typography.Text>}
            extra={<Space><Link to="/pedidos/catalogo">{C.browse}</Link><Button danger onClick={() => void clear()}>{C.clear}</Button></Space>}>
            <CartLines cart={cart.data} costCenters={costCenters.data ?? []} />
          </Card>
          <Card title={C.order}><CheckoutForm cart={cart.data} /></Card>
        </>
      )}
    </>
  );
}

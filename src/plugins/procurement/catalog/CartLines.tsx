import { DeleteOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, InputNumber, Popconfirm, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router-dom';
import { formatBRL } from '../../../i18n/format.ts';
import { CATALOG_TEXT as T } from '../../../i18n/procurement-catalog.ts';
import { useEngine } from '../../../react/context.ts';
import { CART_KEY, removeCartLine, updateCartLine, type Cart, type CartLine, type CostCenterOption } from './api.ts';
import { todayBR } from './parts.tsx';
import { ScrollTable } from '../../../renderers/antd/ScrollTable.tsx';

const C = T.cart;

/** The cart's lines, each edited in place (saved on the server as soon as it changes) or removed after a confirmation. */
export function CartLines({ cart, costCenters }: { cart: Cart; costCenters: CostCenterOption[] }) {
  const engine = useEngine();
  const client = useQueryClient();
  const save = async (line: CartLine, body: Parameters<typeof updateCartLine>[2]) => {
    try {
      const next = await updateCartLine(engine, line.id, body);
      client.setQueryData<Cart>(CART_KEY, (old) => {
        if (!old) return old;
        const lines = old.lines.map((l) => (l.id === next.id ? next : l));
        return { lines, total: lines.reduce((s, l) => s + Number(l.total), 0) };
      });
    } catch (err) {
      engine.notifyError(err);
      await client.invalidateQueries({ queryKey: CART_KEY });
    }
  };
  const remove = async (line: CartLine) => {
    try {
      await removeCartLine(engine, line.id);
      engine.snackbars.push({ type: 'success', message: C.removed });
    } catch (err) {
      engine.notifyError(err);
    }
    await client.invalidateQueries({ queryKey: CART_KEY });
  };
  const label = (l: CartLine) => (l.variantName ? `${l.name} — ${l.variantName}` : l.name);
  const columns: ColumnsType<CartLine> = [
    { title: C.item, key: 'item', render: (_, l) => <><Link to={`/pedidos/produto/${encodeURIComponent(l.productId)}`}>{label(l)}</Link><br /><small>{l.sku}</small></> },
    {
      title: C.quantity, dataIndex: 'quantity', width: 130,
      render: (v: number, l) => (
        <InputNumber key={`${l.id}-${v}`} defaultValue={v} min={0} decimalSeparator="," style={{ width: '100%' }} aria-label={`Quantidade de ${label(l)} (${l.unit})`} suffix={l.unit}
          onBlur={(e) => {
            const n = Number(e.target.value.replace(/\./g, '').replace(',', '.'));
            if (Number.isFinite(n) && n > 0 && n !== v) void save(l, { quantity: n });
          }} />
      ),
    },
    { title: C.unitPrice, dataIndex: 'unitPrice', width: 120, align: 'right', render: (v: number) => formatBRL(v) },
    {
      title: C.costCenter, dataIndex: 'costCenterId', width: 240,
      render: (v: string | null, l) => (
        <Select value={v ?? undefined} allowClear showSearch={{ optionFilterProp: 'label' }} options={costCenters} style={{ width: '100%' }} aria-label={`${C.costCenter} ${label(l)}`}
          onChange={(next?: string) => void save(l, { costCenterId: next ?? null })} />
      ),
    },
    {
      title: C.neededBy, dataIndex: 'neededBy', width: 160,
      render: (v: string | null, l) => (
        <Input key={`${l.id}-${v}`} type="date" defaultValue={v ?? ''} min={todayBR()} aria-label={`${C.neededBy} ${label(l)}`}
          onBlur={(e) => { if ((e.target.value || null) !== v) void save(l, { neededBy: e.target.value || null }); }} />
      ),
    },
    { title: C.total, dataIndex: 'total', width: 130, align: 'right', render: (v: number) => formatBRL(v) },
    {
      title: <span className="bo-visually-hidden">{C.remove}</span>, key: 'remove', width: 60,
      render: (_, l) => (
        <Popconfirm title={C.removeConfirm(label(l))} okText={C.remove} cancelText="Voltar" okButtonProps={{ danger: true }} onConfirm={() => remove(l)}>
          <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${C.remove} ${label(l)}`} />
        </Popconfirm>
      ),
    },
  ];
  return <ScrollTable<CartLine> label="Itens do carrinho" rowKey="id" size="small" pagination={false} dataSource={cart.lines} columns={columns} scroll={{ x: 900 }} data-testid="cart-lines" />;
}

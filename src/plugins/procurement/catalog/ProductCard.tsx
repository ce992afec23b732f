import { PictureOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CATALOG_TEXT as T } from '../../../i18n/procurement-catalog.ts';
import { useEngine } from '../../../react/context.ts';
import { FileThumbnail } from '../../../renderers/antd/files/FileThumbnail.tsx';
import { addToCart, CART_KEY, type CatalogProduct } from './api.ts';
import { priceText } from './parts.tsx';

/** The cover image, or a grey square with a picture icon. */
export function Cover({ fileId, name, size }: { fileId: string | null; name: string; size: number }) {
  if (fileId) return <FileThumbnail id={fileId} name={name} size={size} />;
  return (
    <span role="img" aria-label={T.product.noMedia} style={{ width: size, height: size, display: 'inline-flex', alignItems: 'center', justifyContent: 'center', background: '#f5f7fa', borderRadius: 6, color: '#8c8c8c', fontSize: size / 3 }}>
      <PictureOutlined />
    </span>
  );
}

/** A product of the catalogue: cover, name (link to its page), code, brand, variants, unit price; "Adicionar" puts one unit in the cart. */
export function ProductCard({ product: p, canBuy }: { product: CatalogProduct; canBuy: boolean }) {
  const engine = useEngine();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const add = async () => {
    setBusy(true);
    try {
      await addToCart(engine, { productId: p.id, quantity: 1 });
      engine.snackbars.push({ type: 'success', message: T.product.added(p.name) });
      await client.invalidateQueries({ queryKey: CART_KEY });
    } catch (err) {
      engine.notifyError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small" style={{ height: '100%' }} styles={{ body: { display: 'flex', flexDirection: 'column', gap: 8, height: '100%' } }} data-testid="catalog-product">
      <div style={{ display: 'flex', justifyContent: 'center' }}><Cover fileId={p.coverFileId} name={p.name} size={120} /></div>
      <Link to={`/pedidos/produto/${encodeURIComponent(p.id)}`} style={{ fontWeight: 600 }}>{p.name}</Link>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {p.sku}{p.brand ? ` · ${p.brand}` : ''}
      </Typography.Text>
      <Space size={4} wrap>
        {p.type === 'SERVICO' && <Tag>{T.catalog.service}</Tag>}
        {p.variants.length > 0 && <Tag color="blue">{T.catalog.variants(p.variants.length)}</Tag>}
      </Space>
      <Typography.Text strong style={{ marginTop: 'auto' }}>{priceText(p.referencePrice, p.unit)}</Typography.Text>
      {canBuy && (
        <Button icon={<PlusOutlined />} loading={busy} onClick={() => void add()} aria-label={`${T.catalog.add} ${p.name}`}>
          {T.catalog.add}
        </Button>
      )}
    </Card>
  );
}

import { ShoppingCartOutlined } from '@ant-design/icons';
import { Space, Typography } from 'antd';
import { Link, useLocation } from 'react-router-dom';
import { CATALOG_TEXT as T } from '../../../i18n/procurement-catalog.ts';
import { formatBRL } from '../../../i18n/format.ts';
import { useCart } from './api.ts';

const LINKS = [
  { to: '/pedidos/lista', label: T.nav.list, match: '/pedidos/lista' },
  { to: '/pedidos/catalogo', label: T.nav.catalog, match: '/pedidos/catalogo' },
  { to: '/pedidos/solicitacao', label: T.nav.cart, match: '/pedidos/solicitacao' },
  { to: '/pedidos/analises', label: T.nav.analytics, match: '/pedidos/analises' },
];

/** The requester's pages of /pedidos, one link each (the current one marked): lista, catálogo, carrinho, análises. */
export function OrdersNav() {
  const { pathname } = useLocation();
  return (
    <nav aria-label={T.nav.label} style={{ marginBottom: 16 }}>
      <Space size={4} wrap>
        {LINKS.map((l) => {
          const current = pathname === l.match || pathname.startsWith(`${l.match}/`) || (l.match === '/pedidos/catalogo' && pathname.startsWith('/pedidos/produto/'));
          return (
            <Link key={l.to} to={l.to} aria-current={current ? 'page' : undefined}
              style={{ padding: '4px 12px', borderRadius: 6, fontWeight: current ? 600 : 400, background: current ? '#e6f0ff' : undefined }}>
              {l.label}
            </Link>
          );
        })}
      </Space>
    </nav>
  );
}

/** "Carrinho: 3 item(ns) · R$ 120,00", a link to /pedidos/solicitacao; announced when it changes. */
export function CartBadge() {
  const cart = useCart();
  const n = cart.data?.lines.length ?? 0;
  return (
    <Link to="/pedidos/solicitacao" data-testid="cart-badge">
      <Space size={6}>
        <ShoppingCartOutlined aria-hidden />
        <Typography.Text aria-live="polite" style={{ color: 'inherit' }}>{cart.data ? T.cart.badge(n, formatBRL(cart.data.total)) : T.nav.cart}</Typography.Text>
      </Space>
    </Link>
  );
}

/** Unit price of a product or variant: "R$ 12,34 por UN", or that there is none. */
export const priceText = (price: number | null | undefined, unit: string) => (price === null || price === undefined ? T.catalog.noPrice : `${formatBRL(price)} ${T.catalog.perUnit(unit)}`);

/** Today in Brazil (YYYY-MM-DD): the earliest need-by date a cart line takes. */
export const todayBR = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

import { useQuery } from '@tanstack/react-query';
import type { Engine } from '../../../engine/create-engine.ts';
import { useEngine } from '../../../react/context.ts';
import type { CartLine } from '../../../engine/procurement/cart.ts';

/**
 * The catalogue and the cart (server/procurement/catalog/routes.ts, docs/resources-procurement.md "Catálogo e
 * carrinho"): department tree, ranked unaccented search, product page, the per-user cart and its checkout.
 */

export interface Department {
  id: string;
  name: string;
  slug: string;
  /** Slugs from the root (`escritorio/papel`): the `/pedidos/catalogo/{categorySlug*}` path. */
  path: string;
  parentId: string | null;
  productCount: number;
  children: Department[];
}

export interface Variant {
  id: string;
  sku: string;
  name: string;
  price: number | null;
  attributes?: { name: string; value: string }[];
}

export interface CatalogProduct {
  id: string;
  sku: string;
  name: string;
  brand: string | null;
  type: string;
  unit: string;
  referencePrice: number | null;
  categoryId: string;
  categoryName: string;
  coverFileId: string | null;
  variants: Variant[];
}

export interface ProductDetail extends Omit<CatalogProduct, 'coverFileId'> {
  description: string | null;
  leadTimeDays: number | null;
  media: { fileId: string; title: string | null; kind: string; isCover: boolean }[];
}

export type { CartLine };

export interface Cart {
  lines: CartLine[];
  total: number;
}

const cart = (engine: Engine, path: string) => `${engine.api.service('cart')}/${path}`;

export const CART_KEY = ['procurement', 'cart'] as const;

export const departments = (engine: Engine) => engine.http.get<Department[]>(cart(engine, 'catalog/departments'));

export async function search(engine: Engine, params: { q?: string; category?: string; page: number; pageSize: number }, signal?: AbortSignal) {
  const res = await engine.http.request<CatalogProduct[]>({ url: cart(engine, 'catalog/search'), params: Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== '')), signal });
  return { items: res.data, total: Number(res.headers.get('x-total-count') ?? res.data.length) };
}

export const product = (engine: Engine, id: string) => engine.http.get<ProductDetail>(cart(engine, `catalog/products/${encodeURIComponent(id)}`));

export const getCart = (engine: Engine) => engine.http.get<Cart>(cart(engine, 'cart'));
export const addToCart = (engine: Engine, body: { productId: string; variantId?: string | null; quantity: number; costCenterId?: string | null; neededBy?: string | null; notes?: string | null }) =>
  engine.http.post<CartLine>(cart(engine, 'cart/lines'), body);
export const updateCartLine = (engine: Engine, id: string, body: Partial<Pick<CartLine, 'quantity' | 'costCenterId' | 'neededBy' | 'notes'>>) =>
  engine.http.patch<CartLine>(cart(engine, `cart/lines/${encodeURIComponent(id)}`), body);
export const removeCartLine = (engine: Engine, id: string) => engine.http.delete(cart(engine, `cart/lines/${encodeURIComponent(id)}`));
export const clearCart = (engine: Engine) => engine.http.delete(cart(engine, 'cart'));

export interface CheckoutBody {
  costCenterId: string;
  justification: string;
  title?: string;
  priority?: string;
  neededBy?: string | null;
  deliveryLocation?: string | null;
  submit: boolean;
}

export const checkout = (engine: Engine, body: CheckoutBody) =>
  engine.http.post<{ record: { id: string; number: string; status: string; version: number }; approvalQueue: string | null }>(cart(engine, 'cart/checkout'), body);

/** The person's cart, shared by every catalogue page (one query key: an add anywhere refreshes the badge). */
export function useCart() {
  const engine = useEngine();
  return useQuery({ queryKey: CART_KEY, queryFn: () => getCart(engine) });
}

export interface CostCenterOption {
  value: string;
  label: string;
}

/** Analytic cost centers in the person's scope (a cart line or order must use one), `code — name`. */
export function useCostCenters() {
  const engine = useEngine();
  return useQuery({
    queryKey: ['procurement', 'cost-centers'],
    staleTime: 5 * 60_000,
    queryFn: async () => {
      const rows = await engine.http.get<{ id: string; code: string; name: string }[]>(`${engine.api.service('accountsPayable')}/cost-centers`, {
        params: { 'filter[type][eq]': 'A', 'filter[active][eq]': true, pageSize: 500, sort: 'code' },
      });
      return rows.map((r): CostCenterOption => ({ value: r.id, label: `${r.code} — ${r.name}` }));
    },
  });
}

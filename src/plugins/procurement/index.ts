import type { Plugin } from '../../react/plugin.ts';
import { registerProcurementActions } from './actions.ts';

/**
 * Compras (procure-to-pay). The documents' screens are metadata (`screens/orders`, `quotes`,
 * `purchase-orders`, `receipts`, `invoices`); this plugin adds what JSON does not say: the workflow actions and
 * the "criar a partir de" steps those screens name (`procurement.orders.approve`, `…purchaseOrders.receipts`),
 * each gated by the server's allowed actions (`serverAction`), with its confirmation or comment dialog; and the
 * requester's catalogue (`/pedidos/catalogo…`, `/pedidos/produto/…`, the cart and `/pedidos/solicitacao`, D63), the
 * buyer's queues: `/cotacoes/fila` (approved order lines → a quote), `/cotacoes/adicionar-itens` (→ an open quote,
 * D72), `/ordens-de-compra/fila` and `/ordens-de-compra/proposta/{requestId}` (a winning proposal → its purchase order),
 * `/ordens-de-compra/adicionar-itens` (→ a draft purchase order of the same supplier, D77),
 * `/ordens-de-compra/solicitacao` (approved purchase orders sent to the supplier, D73). Every page is a lazy chunk.
 */
registerProcurementActions();

/** What each page's API reads (server/procurement/workflow/routes.ts): without it the guard shows the 403 page. */
const QUOTES = { permission: 'quotes', scope: 'read', label: 'Cotações' };
const PURCHASE_ORDERS = { permission: 'purchase-orders', scope: 'read', label: 'Ordens de Compra' };
/** The catalogue reads products; the cart and the requisition need `orders:create` (server/procurement/catalog/routes.ts). */
const CATALOG = { permission: 'products', scope: 'read', label: 'Pedidos — Catálogo' };
const PROPOSALS = { permission: 'quote-requests', scope: 'read', label: 'Cotações — Orçamentos' };
const ORDERS = { permission: 'orders', scope: 'read', label: 'Pedidos — Análises' };
const CART = { permission: 'orders', scope: 'create', label: 'Pedidos — Solicitação' };
const catalog = () => import('./catalog/CatalogPage.tsx');

export const procurementPlugin: Plugin = {
  name: 'procurement',
  routes: [
    { path: '/pedidos/catalogo', layout: 'default', title: 'Catálogo de compras', access: CATALOG, load: catalog },
    { path: '/pedidos/catalogo/busca', layout: 'default', title: 'Buscar no catálogo', access: CATALOG, load: catalog },
    { path: '/pedidos/catalogo/*', layout: 'default', title: 'Catálogo de compras', access: CATALOG, load: catalog },
    { path: '/pedidos/produto/*', layout: 'default', title: 'Produto', access: CATALOG, load: () => import('./catalog/ProductPage.tsx') },
    { path: '/pedidos/analises', layout: 'default', title: 'Análise de pedidos', access: ORDERS, load: () => import('./analytics/AnalyticsPage.tsx') },
    { path: '/pedidos/solicitacao', layout: 'default', title: 'Carrinho e solicitação', access: CART, load: () => import('./catalog/CartPage.tsx') },
    { path: '/cotacoes/analises', layout: 'default', title: 'Mapa de cotação', access: QUOTES, load: () => import('./quotes/AnalysisPage.tsx') },
    { path: '/cotacoes/orcamentos', layout: 'default', title: 'Orçamentos dos fornecedores', access: PROPOSALS, load: () => import('./quotes/ProposalsPage.tsx') },
    { path: '/cotacoes/orcamentos/:requestId', layout: 'default', title: 'Orçamento', access: PROPOSALS, load: () => import('./quotes/ProposalPage.tsx') },
    { path: '/cotacoes/solicitacao', layout: 'default', title: 'Solicitação de orçamentos', access: QUOTES, load: () => import('./quotes/InvitationsPage.tsx') },
    { path: '/cotacoes/adicionar-itens', layout: 'default', title: 'Adicionar itens à cotação', access: QUOTES, load: () => import('./quotes/AddItemsPage.tsx') },
    { path: '/cotacoes/fila', layout: 'default', title: 'Fila de cotação', access: QUOTES, load: () => import('./QuotationQueuePage.tsx') },
    { path: '/ordens-de-compra/fila', layout: 'default', title: 'Fila de ordens de compra', access: PURCHASE_ORDERS, load: () => import('./PurchaseOrderQueuePage.tsx') },
    { path: '/ordens-de-compra/adicionar-itens', layout: 'default', title: 'Adicionar itens à ordem de compra', access: PURCHASE_ORDERS, load: () => import('./PurchaseOrderAddItemsPage.tsx') },
    { path: '/ordens-de-compra/solicitacao', layout: 'default', title: 'Envio de ordens de compra', access: PURCHASE_ORDERS, load: () => import('./PurchaseOrderSendPage.tsx') },
    { path: '/ordens-de-compra/proposta/:requestId', layout: 'default', title: 'Ordem de compra da proposta', access: PURCHASE_ORDERS, load: () => import('./ProposalPurchaseOrderPage.tsx') },
  ],
};

import type { InboxRegistry } from '../inbox/registry.ts';
import { countOf } from '../inbox/sql.ts';
import type { Registry } from '../resources/index.ts';
import { proposalQueued } from './workflow/queues.ts';

/**
 * What purchasing puts in the inbox (home page): orders waiting for approval, approved orders with lines still
 * to quote and awarded quotes whose winner still has no purchase order (each opens the buyer's queue), and
 * purchase orders whose goods are still to be received (Entregas, the list filtered by those statuses).
 */
export function registerProcurementInbox(inbox: InboxRegistry | undefined, registry: Registry): void {
  if (!inbox) return;
  const orders = registry.get('orders');
  const purchaseOrders = registry.get('purchase-orders');
  if (orders) {
    inbox.register({
      key: 'procurement.ordersToApprove',
      title: 'Pedidos para aprovar',
      description: 'Pedidos de compra enviados, aguardando aprovação.',
      to: '/pedidos/lista?filter[status][in]=ENVIADO',
      icon: 'FileTextOutlined',
      order: 25,
      access: [{ permission: 'orders', scope: 'approve' }],
      countSql: (me, p) => countOf(orders, me, p, 'x', [`x.status = 'ENVIADO'`]),
    });
  }
  const quotes = registry.get('quotes');
  if (orders && quotes) {
    inbox.register({
      key: 'procurement.toQuote',
      title: 'Pedidos para cotar',
      description: 'Pedidos aprovados com itens que ainda não estão em nenhuma cotação.',
      to: '/cotacoes/fila',
      icon: 'SolutionOutlined',
      order: 40,
      access: [{ permission: 'quotes', scope: 'create' }],
      countSql: (me, p) => countOf(orders, me, p, 'x', [
        `x.status IN ('APROVADO', 'EM_COTACAO')`,
        `EXISTS (SELECT 1 FROM jsonb_array_elements(x.items) WITH ORDINALITY AS li(i, n) WHERE NOT EXISTS (
           SELECT 1 FROM quotes qt, jsonb_array_elements(qt.items) qi
            WHERE qt.deleted_at IS NULL AND qt.status <> 'CANCELADA' AND qi->>'orderId' = x.id::text AND (qi->>'orderLine')::int = li.n))`,
      ]),
    });
  }
  if (quotes && purchaseOrders) {
    inbox.register({
      key: 'procurement.toOrder',
      title: 'Cotações para gerar OC',
      description: 'Cotações adjudicadas cujo vencedor ainda não tem ordem de compra.',
      to: '/ordens-de-compra/fila',
      icon: 'ContainerOutlined',
      order: 45,
      access: [{ permission: 'purchase-orders', scope: 'create' }],
      countSql: (me, p) => countOf(quotes, me, p, 'x', [
        `x.status = 'APROVADA'`,
        `EXISTS (SELECT 1 FROM quote_requests r WHERE r.quote_id = x.id AND r.deleted_at IS NULL AND r.status = 'VENCEDOR' AND ${proposalQueued('x.id', 'r.supplier_id')})`,
      ]),
    });
  }
  if (purchaseOrders) {
    inbox.register({
      key: 'procurement.toReceive',
      title: 'Entregas a receber',
      description: 'Ordens de compra enviadas ao fornecedor, com itens ainda por receber.',
      to: '/ordens-de-compra/lista?filter[status][in]=ENVIADA&filter[status][in]=PARCIALMENTE_RECEBIDA',
      icon: 'InboxOutlined',
      order: 50,
      access: [{ permission: 'receipts', scope: 'create' }],
      countSql: (me, p) => countOf(purchaseOrders, me, p, 'x', [`x.status IN ('ENVIADA', 'PARCIALMENTE_RECEBIDA')`]),
    });
  }
}

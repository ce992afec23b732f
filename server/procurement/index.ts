import type { FastifyInstance } from 'fastify';
import { HttpError } from '../lib/errors.ts';
import type { ResourceHooks } from '../resources/index.ts';
import { categoryHooks, mediaHooks } from './catalog.ts';
import orderAnalyticsRoutes from './analytics.ts';
import catalogRoutes from './catalog/routes.ts';
import { invoiceHooks } from './invoices.ts';
import nfeRoutes from './nfe/routes.ts';
import { purchaseOrderHooks, receiptHooks } from './purchasing.ts';
import { orderHooks, quoteHooks } from './requisitions.ts';
import { registerProcurementActions } from './workflow/allowed.ts';
import { registerInvoiceTarget } from './workflow/invoices.ts';
import { registerOrderTarget } from './workflow/orders.ts';
import { registerPurchaseOrderTarget } from './workflow/purchase-orders.ts';
import procurementWorkflowRoutes from './workflow/routes.ts';
import serviceFamilyRoutes from './service-families.ts';

/** Orçamentos are created and moved by the quote's actions and the supplier's link only. */
const quoteRequestHooks: ResourceHooks = {
  async beforeWrite() {
    throw new HttpError(405, 'METHOD_NOT_ALLOWED', 'Orçamentos são registrados pelas ações da cotação (enviar, registrar orçamento) ou pelo link do fornecedor.');
  },
};
import { registerProcurementInbox } from './inbox-cards.ts';

const HOOKS: Record<string, ResourceHooks> = {
  'product-categories': categoryHooks,
  'product-media': mediaHooks,
  orders: orderHooks,
  quotes: quoteHooks,
  'quote-requests': quoteRequestHooks,
  'purchase-orders': purchaseOrderHooks,
  receipts: receiptHooks,
  invoices: invoiceHooks,
};

/**
 * Compras (docs/resources-procurement.md): the rules of the catalogue and of the purchasing documents that
 * their schemas cannot say, as write hooks of the generic API (numbering, initial status, links between
 * documents, access-key checks); the workflow actions (`./workflow`: submit, approve, award, receive,
 * match…) with the documents registered as approval targets; the NF-e import (`./nfe`); the catalogue
 * search and the cart (`./catalog`).
 */
export default async function procurementRoutes(app: FastifyInstance): Promise<void> {
  const engine = app.resources;
  for (const [name, hooks] of Object.entries(HOOKS)) {
    // Another schema set (the tests' fixtures) may lack these resources: nothing to guard then.
    if (engine.registry.has(name)) engine.hooks!.set(name, hooks);
  }
  if (engine.registry.has('orders')) registerOrderTarget(engine);
  if (engine.registry.has('purchase-orders')) registerPurchaseOrderTarget(engine);
  if (engine.registry.has('invoices') && engine.registry.has('payables')) registerInvoiceTarget(engine);
  // Which actions each user may take now, with every record the API returns (docs/screens.md §5.1).
  registerProcurementActions(engine);
  if (engine.registry.has('orders')) await app.register(orderAnalyticsRoutes);
  await app.register(procurementWorkflowRoutes);
  if (engine.registry.has('invoices')) await app.register(nfeRoutes);
  if (engine.registry.has('products')) await app.register(catalogRoutes);
  await app.register(serviceFamilyRoutes);
  registerProcurementInbox(app.inbox, engine.registry);
}

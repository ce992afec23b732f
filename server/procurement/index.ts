import type { FastifyInstance } from 'fastify';
import type { ResourceHooks } from '../resources/index.ts';
import { categoryHooks, mediaHooks } from './catalog.ts';
import { invoiceHooks } from './invoices.ts';
import { purchaseOrderHooks, receiptHooks } from './purchasing.ts';
import { orderHooks, quoteHooks } from './requisitions.ts';

const HOOKS: Record<string, ResourceHooks> = {
  'product-categories': categoryHooks,
  'product-media': mediaHooks,
  orders: orderHooks,
  quotes: quoteHooks,
  'purchase-orders': purchaseOrderHooks,
  receipts: receiptHooks,
  invoices: invoiceHooks,
};

/**
 * Compras (docs/resources-procurement.md): the rules of the catalogue and of the purchasing documents that
 * their schemas cannot say, as write hooks of the generic API (numbering, initial status, links between
 * documents, access-key checks). The workflow actions (enviar, aprovar, cotar…) will be routes of this plugin.
 */
export default async function procurementRoutes(app: FastifyInstance): Promise<void> {
  const engine = app.resources;
  for (const [name, hooks] of Object.entries(HOOKS)) {
    // Another schema set (the tests' fixtures) may lack these resources: nothing to guard then.
    if (engine.registry.has(name)) engine.hooks!.set(name, hooks);
  }
}

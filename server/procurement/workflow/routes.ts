import type { FastifyInstance, FastifyReply } from 'fastify';
import { INVOICE_TRANSITIONS, ORDER_TRANSITIONS, PO_TRANSITIONS, QUOTE_TRANSITIONS } from '../../../src/engine/procurement/status.ts';
import type { Mail } from '../../lib/mailer.ts';
import { etagOf, guard, idParam, ifMatch, principalOf } from '../../resources/http.ts';
import { addLinesToPurchaseOrder, addLinesToQuote } from './add-lines.ts';
import type { Row } from './common.ts';
import { invoiceFromPurchaseOrder, purchaseOrderFromProposal, quoteFromOrderLines, receiptFromPurchaseOrder } from './create-from.ts';
import { runInvoiceAction } from './invoices.ts';
import { runOrderAction } from './orders.ts';
import { portalSubmit, portalView } from './portal.ts';
import { formToProposal, portalPage } from './portal-page.ts';
import { runPurchaseOrderAction } from './purchase-orders.ts';
import { purchaseOrderQueue, quotationQueue } from './queues.ts';
import { comparisonOf, runQuoteAction } from './quotes.ts';
import { confirmReceiptAction } from './receipts.ts';

/**
 * The procurement workflow's HTTP side (docs/resources-procurement.md "API das ações"): every action is
 * `POST /api/<service>/v1/<resource>/{id}/<action>` with If-Match (stale → 409 VERSION_CONFLICT) and a JSON
 * body `{ comment?, … }`; it answers `{ record, approvalQueue }` with the new ETag. E-mails leave after the
 * transaction committed.
 */

type Body = Record<string, unknown>;
const bodyOf = (b: unknown): Body => (b && typeof b === 'object' && !Array.isArray(b) ? (b as Body) : {});

export default async function procurementWorkflowRoutes(app: FastifyInstance): Promise<void> {
  const engine = app.resources;
  const auth = { onRequest: [app.authenticate] };
  const mail = async (mails: Mail[] | undefined) => {
    for (const m of mails ?? []) await app.auth.mailer.send(m).catch((err: Error) => app.log.warn({ err: err.message }, 'e-mail de compras não enviado'));
  };
  const sendRecord = async (reply: FastifyReply, result: { record: Row; queue: string | null; mails?: Mail[]; skipped?: unknown }) => {
    await mail(result.mails);
    const { mails: _m, record, queue, ...rest } = result;
    return reply.header('etag', etagOf(record.version)).send({ record, approvalQueue: queue, ...rest });
  };
  const has = (r: string) => engine.registry.has(r);

  if (has('orders')) {
    for (const action of Object.keys(ORDER_TRANSITIONS)) {
      app.post(`/api/supply-management/v1/orders/:id/${action}`, auth, async (req, reply) =>
        sendRecord(reply, await runOrderAction(engine, action, idParam(req), ifMatch(req, true), bodyOf(req.body), principalOf(req))));
    }
  }
  if (has('quotes') && has('quote-requests')) {
    for (const action of Object.keys(QUOTE_TRANSITIONS)) {
      app.post(`/api/pricing/v1/quotes/:id/${action}`, auth, async (req, reply) =>
        sendRecord(reply, await runQuoteAction(engine, action, idParam(req), ifMatch(req, true), bodyOf(req.body), principalOf(req), app.config.publicUrl)));
    }
    app.post('/api/pricing/v1/quotes/:id/lines', guard(app, 'quotes', 'update'), async (req, reply) =>
      sendRecord(reply, await addLinesToQuote(engine, idParam(req), ifMatch(req, true), bodyOf(req.body), principalOf(req))));
    app.get('/api/pricing/v1/quotes/:id/comparison', guard(app, 'quotes', 'read'), async (req) => comparisonOf(app.db, engine, idParam(req), principalOf(req)));
    app.post('/api/pricing/v1/quotes/from-order-lines', guard(app, 'quotes', 'create'), async (req, reply) => {
      const quote = await quoteFromOrderLines(engine, bodyOf(req.body), principalOf(req));
      return reply.code(201).header('etag', etagOf(quote.version)).send(quote);
    });
    app.post('/api/pricing/v1/quote-requests/:id/purchase-order', guard(app, 'purchase-orders', 'create'), async (req, reply) => {
      const po = await purchaseOrderFromProposal(engine, idParam(req), bodyOf(req.body), principalOf(req));
      return reply.code(201).header('etag', etagOf(po.version)).send(po);
    });
    app.get('/api/pricing/v1/quotation-queue', guard(app, 'quotes', 'read'), async (req) =>
      quotationQueue(app.db, engine, principalOf(req), (req.query as Body).groupBy === 'supplier' ? 'supplier' : 'category'));
    app.get('/api/pricing/v1/purchase-order-queue', guard(app, 'purchase-orders', 'read'), async (req) => purchaseOrderQueue(app.db, engine, principalOf(req)));
    // The supplier's link: no login, the token is the credential.
    const tokenOf = (p: unknown) => String((p as { token?: string }).token ?? '');
    app.get('/api/pricing/v1/portal/quote-requests/:token', async (req) => portalView(engine, tokenOf(req.params)));
    app.post('/api/pricing/v1/portal/quote-requests/:token/proposal', async (req) => portalSubmit(engine, tokenOf(req.params), bodyOf(req.body)));
    await app.register(async (scope) => {
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 200_000 }, (_req, body, done) => done(null, new URLSearchParams(String(body))));
      const page = async (token: string, notice?: { kind: 'ok' | 'error'; text: string }) => portalPage(await portalView(engine, token), token, notice);
      scope.get('/fornecedor/cotacao/:token', async (req, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(await page(tokenOf(req.params))));
      scope.post('/fornecedor/cotacao/:token', async (req, reply) => {
        const token = tokenOf(req.params);
        const view = await portalView(engine, token);
        let notice: { kind: 'ok' | 'error'; text: string };
        try {
          notice = { kind: 'ok', text: (await portalSubmit(engine, token, formToProposal(req.body as URLSearchParams, view.quote.items.length))).message };
        } catch (err) {
          const e = err as { message?: string; errors?: Record<string, string[]> };
          notice = { kind: 'error', text: [e.message, ...Object.values(e.errors ?? {}).flat()].filter(Boolean).join(' ') };
        }
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(await page(token, notice));
      });
    });
  }
  if (has('purchase-orders')) {
    for (const action of Object.keys(PO_TRANSITIONS)) {
      app.post(`/api/pricing/v1/purchase-orders/:id/${action}`, auth, async (req, reply) =>
        sendRecord(reply, await runPurchaseOrderAction(engine, action, idParam(req), ifMatch(req, true), bodyOf(req.body), principalOf(req))));
    }
    app.post('/api/pricing/v1/purchase-orders/:id/lines', guard(app, 'purchase-orders', 'update'), async (req, reply) =>
      sendRecord(reply, await addLinesToPurchaseOrder(engine, idParam(req), ifMatch(req, true), bodyOf(req.body), principalOf(req))));
    app.post('/api/pricing/v1/purchase-orders/:id/receipts', guard(app, 'receipts', 'create'), async (req, reply) => {
      const receipt = await receiptFromPurchaseOrder(engine, idParam(req), bodyOf(req.body), principalOf(req));
      return reply.code(201).header('etag', etagOf(receipt.version)).send(receipt);
    });
  }
  if (has('receipts')) {
    app.post('/api/pricing/v1/receipts/:id/confirm', auth, async (req, reply) =>
      sendRecord(reply, await confirmReceiptAction(engine, idParam(req), ifMatch(req, true), bodyOf(req.body), principalOf(req))));
  }
  if (has('invoices')) {
    for (const action of Object.keys(INVOICE_TRANSITIONS)) {
      app.post(`/api/pricing/v1/invoices/:id/${action}`, auth, async (req, reply) =>
        sendRecord(reply, await runInvoiceAction(engine, action, idParam(req), ifMatch(req, true), bodyOf(req.body), principalOf(req))));
    }
    app.post('/api/pricing/v1/invoices/from-purchase-order', guard(app, 'invoices', 'create'), async (req, reply) => {
      const invoice = await invoiceFromPurchaseOrder(engine, bodyOf(req.body), principalOf(req));
      return reply.code(201).header('etag', etagOf(invoice.version)).send(invoice);
    });
  }
}

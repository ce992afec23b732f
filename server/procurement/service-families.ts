import type { FastifyInstance } from 'fastify';
import { can } from '../../src/engine/access.ts';
import { badRequest, forbidden } from '../lib/errors.ts';
import { guard, principalOf } from '../resources/http.ts';
import { createRecord } from '../resources/index.ts';
import { Params, escapeLike, scopeConditions } from '../resources/sql.ts';
import { runPayableAction } from '../finance/workflow/lancamentos.ts';
import { inTransaction, joined } from './workflow/common.ts';

/**
 * Endpoints of the spec's service families that are neither a schema's generic API nor a workflow action
 * (docs/resources-procurement.md "Famílias de serviço"):
 * - `GET pricing/v1/suppliers?q=` — companies that may be invited or ordered from (fornecedor, prestador,
 *   transportadora), active, with e-mail and the quotes they won;
 * - `GET pricing/v1/files?quoteId=|purchaseOrderId=|invoiceId=` — the files of a pricing document (proposal
 *   attachments, the purchase order's PDF, the NF-e XML);
 * - `GET accounts-payable/v1/payment-methods`, `document-types` — the options of the payables' schema (one place);
 * - `GET|POST accounts-payable/v1/payment-requests` — "solicitações de pagamento": the caller's own payables as
 *   requester, and a new one registered in their name and sent for approval in one step.
 */

type Query = Record<string, unknown>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function serviceFamilyRoutes(app: FastifyInstance): Promise<void> {
  const engine = app.resources;
  const db = app.db;
  const has = (r: string) => engine.registry.has(r);

  if (has('companies')) {
    app.get('/api/pricing/v1/suppliers', guard(app, 'companies', 'read'), async (req) => {
      const query = req.query as Query;
      const p = new Params();
      const scope = ['deleted_at IS NULL', 'active', ...scopeConditions(engine.registry.get('companies')!, principalOf(req), p)].join(' AND ');
      const where = [`t.kind IN ('FORNECEDOR', 'PRESTADOR', 'TRANSPORTADORA')`];
      if (typeof query.q === 'string' && query.q.trim()) {
        const like = p.add(`%${escapeLike(query.q.trim().slice(0, 60))}%`);
        where.push(`(f_unaccent(c.legal_name) ILIKE f_unaccent(${like}) OR f_unaccent(coalesce(c.trade_name, '')) ILIKE f_unaccent(${like}) OR c.document ILIKE ${like})`);
      }
      const { rows } = await db.query(
        `SELECT c.id, c.legal_name AS "legalName", c.trade_name AS "tradeName", c.document, c.email, c.phone, c.city, c.state, t.kind,
                (SELECT count(*)::int FROM quotes qt WHERE qt.winning_supplier_id = c.id AND qt.deleted_at IS NULL) AS "quotesWon"
           FROM (SELECT * FROM companies WHERE ${scope}) c JOIN company_types t ON t.id = c.company_type_id WHERE ${where.join(' AND ')} ORDER BY c.legal_name LIMIT 100`,
        p.values,
      );
      return rows;
    });
  }

  if (has('quotes') && has('purchase-orders') && has('invoices')) {
    app.get('/api/pricing/v1/files', { onRequest: [app.authenticate] }, async (req) => {
      const query = req.query as Query;
      const [field, resource] = typeof query.quoteId === 'string' ? ['quoteId', 'quotes'] : typeof query.purchaseOrderId === 'string' ? ['purchaseOrderId', 'purchase-orders'] : ['invoiceId', 'invoices'];
      const id = String(query[field] ?? '');
      if (!UUID.test(id)) throw badRequest({ [field]: ['Informe quoteId, purchaseOrderId ou invoiceId.'] }, 'Os parâmetros da consulta são inválidos.');
      if (!can(principalOf(req), principalOf(req).permissions, resource, 'read')) throw forbidden();
      const p = new Params();
      const def = engine.registry.get(resource)!;
      const scope = scopeConditions(def, principalOf(req), p);
      const visible = await db.query(`SELECT 1 FROM "${def.table}" WHERE id = ${p.add(id, 'uuid')} AND deleted_at IS NULL${scope.length ? ` AND ${scope.join(' AND ')}` : ''}`, p.values);
      if (!visible.rows.length) return [];
      const sql = {
        quotes: `SELECT r.attachment_file_id AS id, 'Proposta de ' || c.legal_name AS title FROM quote_requests r JOIN companies c ON c.id = r.supplier_id WHERE r.quote_id = $1 AND r.attachment_file_id IS NOT NULL AND r.deleted_at IS NULL`,
        'purchase-orders': `SELECT pdf_file_id AS id, 'PDF da ordem de compra' AS title FROM purchase_orders WHERE id = $1 AND pdf_file_id IS NOT NULL`,
        invoices: `SELECT xml_file_id AS id, 'XML da NF-e' AS title FROM invoices WHERE id = $1 AND xml_file_id IS NOT NULL`,
      }[resource]!;
      const { rows } = await db.query(
        `SELECT x.id AS "fileId", x.title, f.name, f.content_type AS "contentType", f.size::int AS size FROM (${sql}) x JOIN files f ON f.id = x.id AND f.status = 'complete'`,
        [id],
      );
      return rows;
    });
  }

  if (!has('payables')) return;
  const options = (field: string) => () =>
    [...(engine.registry.get('payables')!.fields.get(field)?.options ?? new Map())].map(([code, title]) => ({ code, title }));
  app.get('/api/accounts-payable/v1/payment-methods', { onRequest: [app.authenticate] }, options('paymentMethod'));
  app.get('/api/accounts-payable/v1/document-types', { onRequest: [app.authenticate] }, options('documentType'));

  app.get('/api/accounts-payable/v1/payment-requests', guard(app, 'payables', 'read'), async (req) => {
    const def = engine.registry.get('payables')!;
    const p = new Params();
    const me = p.add(principalOf(req).userId, 'uuid');
    const where = ['deleted_at IS NULL', `requester_id = ${me}`, ...scopeConditions(def, principalOf(req), p)];
    const { rows } = await db.query(`SELECT ${def.selectList} FROM payables WHERE ${where.join(' AND ')} ORDER BY created_at DESC LIMIT 200`, p.values);
    return rows;
  });
  app.post('/api/accounts-payable/v1/payment-requests', guard(app, 'payables', 'create'), async (req, reply) => {
    const principal = principalOf(req);
    const body = { ...((req.body ?? {}) as Query), requesterId: principal.userId };
    const result = await inTransaction(engine, async (q) => {
      const scoped = joined(engine, q);
      const created = await createRecord(scoped, engine.registry.get('payables')!, body, principal);
      return runPayableAction(scoped, 'enviar', created.id, created.version, { comment: 'Solicitação de pagamento.' }, principal);
    });
    return reply.code(201).header('etag', `W/"${result.record.version}"`).send({ record: result.record, approvalQueue: result.queue });
  });
}

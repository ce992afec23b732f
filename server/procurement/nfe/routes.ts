import type { FastifyInstance } from 'fastify';
import { NFE_MAX_BYTES } from '../../../src/engine/procurement/nfe.ts';
import { PROCUREMENT_WORKFLOW_MESSAGES as M } from '../../../src/i18n/procurement-workflow.ts';
import { badRequest } from '../../lib/errors.ts';
import { etagOf, guard, principalOf } from '../../resources/http.ts';
import { isUuid } from '../../resources/coerce.ts';
import { importNfe } from './import.ts';

/**
 * `POST /api/pricing/v1/invoices/import-xml[?organizationId=]`: the body is the XML itself
 * (`Content-Type: application/xml` or `text/xml`, up to 2 MB) or JSON `{ xml, organizationId? }`.
 * 201 with the invoice (status "em conferência", source XML); 400 `{ errors: { xml: [...] } }` for a
 * malformed or foreign XML or an unknown issuer; 409 DUPLICATE_ACCESS_KEY for a key already imported.
 */
export default async function nfeRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    for (const type of ['application/xml', 'text/xml']) {
      scope.addContentTypeParser(type, { parseAs: 'string', bodyLimit: NFE_MAX_BYTES + 1024 }, (_req, body, done) => done(null, body));
    }
    scope.post('/api/pricing/v1/invoices/import-xml', { ...guard(app, 'invoices', 'create'), bodyLimit: NFE_MAX_BYTES + 64 * 1024 }, async (req, reply) => {
      const body = req.body;
      const json = body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
      const xml = typeof body === 'string' ? body : typeof json?.xml === 'string' ? json.xml : '';
      if (!xml.trim()) throw badRequest({ xml: [M.nfeForeign] }, M.nfeForeign);
      const asked = (req.query as Record<string, unknown>).organizationId ?? json?.organizationId;
      const organizationId = typeof asked === 'string' && isUuid(asked) ? asked.toLowerCase() : null;
      const invoice = await importNfe(app.resources, xml, principalOf(req), organizationId);
      return reply.code(201).header('etag', etagOf(invoice.version)).send(invoice);
    });
  });
}

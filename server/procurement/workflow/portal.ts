import { PROCUREMENT_WORKFLOW_MESSAGES as M, QUOTE_STATUS_LABELS } from '../../../src/i18n/procurement-workflow.ts';
import type { Queryable } from '../../db/index.ts';
import { HttpError } from '../../lib/errors.ts';
import { sha256 } from '../../lib/identity/sessions.ts';
import type { Engine } from '../../resources/index.ts';
import { rowById } from '../../finance/rows.ts';
import { inTransaction, itemsOf, save, type Row } from './common.ts';
import { recordProposal } from './proposals.ts';
import { proposalInput } from './quotes.ts';

/**
 * The supplier's own link to a quote (no login): `GET/POST pricing/v1/portal/quote-requests/{token}` and the
 * page `/fornecedor/cotacao/{token}` that uses them. The token is 256 random bits, stored only as its hash,
 * valid until the settings' days run out; it reaches only its own request. A quote no longer open for
 * proposals (awarded, cancelled) answers 409.
 */

const OPEN = new Set(['ENVIADA', 'EM_ANALISE']);
const gone = () => new HttpError(404, 'NOT_FOUND', M.portalExpired);

async function byToken(q: Queryable, engine: Engine, token: string, lock: boolean): Promise<{ request: Row; quote: Row }> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw gone();
  const { rows } = await q.query<{ request_id: string }>('SELECT request_id FROM quote_request_tokens WHERE token_hash = $1 AND expires_at > now()', [sha256(token)]);
  if (!rows[0]) throw gone();
  const reqDef = engine.registry.get('quote-requests')!;
  const read = async (def: typeof reqDef, id: string) => (lock ? rowById(q, def, id) : (await q.query<Row>(`SELECT ${def.selectList} FROM "${def.table}" WHERE id = $1::uuid AND deleted_at IS NULL`, [id])).rows[0]);
  const request = await read(reqDef, rows[0].request_id);
  if (!request || request.status === 'CANCELADO') throw gone();
  const quote = await read(engine.registry.get('quotes')!, String(request.quoteId));
  if (!quote) throw gone();
  return { request, quote };
}

/** What the supplier sees: the quote's lines and its own proposal so far. */
export async function portalView(engine: Engine, token: string) {
  const { request, quote } = await byToken(engine.db, engine, token, false);
  const { rows } = await engine.db.query<{ org: string; supplier: string }>(
    'SELECT o.name AS org, c.legal_name AS supplier FROM organizations o, companies c WHERE o.id = $1::uuid AND c.id = $2::uuid',
    [quote.organizationId, request.supplierId],
  );
  return {
    organization: rows[0]?.org ?? '',
    supplier: rows[0]?.supplier ?? '',
    quote: {
      number: quote.number, title: quote.title, responseDeadline: quote.responseDeadline, status: quote.status, statusLabel: QUOTE_STATUS_LABELS[String(quote.status)] ?? quote.status,
      open: OPEN.has(String(quote.status)),
      items: itemsOf(quote).map((it, i) => ({ line: i + 1, description: it.description, quantity: it.quantity, unit: it.unit })),
    },
    proposal: {
      status: request.status, receivedAt: request.receivedAt, validUntil: request.validUntil, deliveryDays: request.deliveryDays, paymentTerms: request.paymentTerms,
      freightType: request.freightType, freightAmount: request.freightAmount, discount: request.discount, totalAmount: request.totalAmount, notes: request.notes,
      items: itemsOf(request).map((it) => ({ quoteLine: it.quoteLine, unitPrice: it.unitPrice, brand: it.brand, notes: it.notes })),
    },
  };
}

/** The supplier sends (or corrects, while the quote is open) its proposal through its link. */
export async function portalSubmit(engine: Engine, token: string, body: Record<string, unknown>) {
  return inTransaction(engine, async (q, touched) => {
    const { request, quote } = await byToken(q, engine, token, true);
    if (!OPEN.has(String(quote.status))) throw new HttpError(409, 'INVALID_TRANSITION', M.portalClosed(QUOTE_STATUS_LABELS[String(quote.status)] ?? String(quote.status)));
    if (request.status !== 'PENDENTE' && request.status !== 'RECEBIDO' && request.status !== 'DECLINADO') throw new HttpError(409, 'INVALID_TRANSITION', M.portalClosed(String(request.status)));
    // The supplier has no user: the audit names nobody, the channel says it came through the link.
    const saved = await recordProposal(q, engine, quote, request, proposalInput(body, 'PORTAL'), null);
    touched.add('quote-requests');
    if (quote.status !== 'EM_ANALISE') await save(q, engine.registry.get('quotes')!, quote, { status: 'EM_ANALISE' }, quote.buyerId as string, touched);
    return { message: M.portalAnswered, status: saved.status, totalAmount: saved.totalAmount };
  });
}

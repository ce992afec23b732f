import { awardCost, compareProposals, lineTotal, lowestAward, type Award, type QuoteLine } from '../../../src/engine/procurement/comparison.ts';
import { decideQuoteAction, QUOTE_TRANSITIONS } from '../../../src/engine/procurement/status.ts';
import { formatMoney } from '../../../src/engine/formats/money.ts';
import { PROCUREMENT_WORKFLOW_MESSAGES as M } from '../../../src/i18n/procurement-workflow.ts';
import type { Queryable } from '../../db/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { escapeHtml, type Mail } from '../../lib/mailer.ts';
import { newOpaqueToken, sha256 } from '../../lib/identity/sessions.ts';
import type { Principal } from '../../lib/principal.ts';
import type { Engine } from '../../resources/index.ts';
import { getRecord } from '../../resources/repository.ts';
import { updateRow } from '../../finance/rows.ts';
import { enforce, inTransaction, itemsOf, lockForAction, num, reasonOf, save, settingsFor, textOf, todayInBrazil, type Row, type Touched } from './common.ts';
import { syncOrders } from './orders.ts';
import { asProposal, recordProposal, requestOf, requestsOf, type ProposalInput } from './proposals.ts';

/**
 * Cotações: `POST pricing/v1/quotes/{id}/{send|proposals|award|cancel}` with If-Match, and the comparison map
 * (`GET …/quotes/{id}/comparison`). send: each invited supplier (or those named) gets an e-mail with its own
 * link (a random token; only its hash is stored, valid for the settings' days); proposals: a proposal received
 * by phone, e-mail or PDF recorded by the buyer; award: by supplier or by line, against the lowest total
 * cost in present value — a written justification otherwise — in one transaction with the orders' status.
 */

export interface QuoteActionResult {
  record: Row;
  queue: null;
  mails?: Mail[];
  /** Suppliers not invited by e-mail (no address): record their proposal by phone or PDF. */
  skipped?: { supplierId: string; reason: string }[];
}

/** `AAAA-MM-DD…` → `DD/MM/AAAA`. */
const brDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

const quoteLines = (quote: Row): QuoteLine[] => itemsOf(quote).map((it, i) => ({ line: i + 1, description: String(it.description ?? ''), quantity: num(it.quantity) }));

async function sendInvitations(q: Queryable, engine: Engine, quote: Row, body: Record<string, unknown>, principal: Principal, publicUrl: string, touched: Touched): Promise<QuoteActionResult> {
  const invited = (Array.isArray(quote.invitedSupplierIds) ? quote.invitedSupplierIds : []).map(String);
  const only = Array.isArray(body.supplierIds) ? body.supplierIds.map(String) : null;
  const targets = only ? invited.filter((s) => only.includes(s)) : invited;
  if (!targets.length) throw badRequest({ supplierIds: [M.noInvitees] });
  const settings = await settingsFor(q, quote.organizationId);
  const expires = new Date(Date.now() + settings.portalLinkDays * 86_400_000).toISOString();
  const org = await q.query<{ name: string }>('SELECT name FROM organizations WHERE id = $1::uuid', [quote.organizationId]);
  const mails: Mail[] = [];
  const skipped: { supplierId: string; reason: string }[] = [];
  const reqDef = engine.registry.get('quote-requests')!;
  for (const supplierId of targets) {
    const { rows } = await q.query<{ legal_name: string; email: string | null; contact: string | null }>(
      `SELECT legal_name, email, (SELECT c->>'email' FROM jsonb_array_elements(coalesce(contacts, '[]'::jsonb)) c WHERE coalesce(c->>'email', '') <> '' LIMIT 1) AS contact
         FROM companies WHERE id = $1::uuid`,
      [supplierId],
    );
    const supplier = rows[0];
    const email = supplier?.email || supplier?.contact;
    if (!supplier || !email) {
      skipped.push({ supplierId, reason: M.noEmail(supplier?.legal_name ?? supplierId) });
      continue;
    }
    const request = await requestOf(q, engine, quote, supplierId, principal.userId);
    if (request.status !== 'PENDENTE') continue;
    const token = newOpaqueToken();
    await updateRow(q, reqDef, request, { invitedAt: new Date().toISOString(), invitedEmail: email, tokenExpiresAt: expires }, principal.userId);
    await q.query('DELETE FROM quote_request_tokens WHERE request_id = $1::uuid', [request.id]);
    await q.query('INSERT INTO quote_request_tokens (token_hash, request_id, expires_at) VALUES ($1, $2::uuid, $3)', [sha256(token), request.id, expires]);
    const link = `${publicUrl.replace(/\/$/, '')}/fornecedor/cotacao/${token}`;
    const lines = quoteLines(quote).map((l) => `  ${l.line}. ${l.description} — ${String(l.quantity).replace('.', ',')} ${String(itemsOf(quote)[l.line - 1].unit ?? '')}`);
    const text = [
      `Prezado fornecedor ${supplier.legal_name},`,
      '',
      `${org.rows[0]?.name ?? 'Nossa empresa'} convida você a enviar orçamento para a cotação ${String(quote.number)} — ${String(quote.title)}, até ${brDate(String(quote.responseDeadline))}:`,
      ...lines,
      '',
      `Envie preços, frete, condição de pagamento, prazo de entrega e validade por este link (só seu, válido até ${brDate(expires)}):`,
      link,
    ].join('\n');
    const html = text.split('\n').map((l) => (l === link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : `<p>${escapeHtml(l)}</p>`)).join('');
    mails.push({ to: email, subject: `Cotação ${String(quote.number)} — ${String(quote.title)}`, text, html });
  }
  touched.add('quote-requests');
  const record = quote.status === 'ABERTA' ? await save(q, engine.registry.get('quotes')!, quote, { status: 'ENVIADA', sentAt: new Date().toISOString() }, principal.userId, touched) : quote;
  return { record, queue: null, mails, skipped };
}

/** The body of "registrar orçamento" (and of the supplier's link) as the proposal input. */
export function proposalInput(body: Record<string, unknown>, channel: ProposalInput['channel']): ProposalInput {
  const items = Array.isArray(body.items) ? (body.items as Record<string, unknown>[]) : [];
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  const int = (v: unknown) => (typeof v === 'number' ? v : null);
  return {
    channel,
    validUntil: str(body.validUntil),
    deliveryDays: int(body.deliveryDays),
    paymentTerms: str(body.paymentTerms),
    freightType: ['CIF', 'FOB', 'SEM_FRETE'].includes(String(body.freightType)) ? String(body.freightType) : null,
    freightAmount: int(body.freightAmount),
    discount: int(body.discount),
    items: items.map((it) => ({ quoteLine: Number(it.quoteLine), unitPrice: typeof it.unitPrice === 'number' ? it.unitPrice : null, brand: str(it.brand), notes: str(it.notes) })),
    attachmentFileId: str(body.attachmentFileId),
    notes: str(body.notes),
    declined: body.declined === true,
  };
}

async function awardQuote(q: Queryable, engine: Engine, quote: Row, body: Record<string, unknown>, principal: Principal, touched: Touched): Promise<QuoteActionResult> {
  const requests = await requestsOf(q, engine, quote.id, true);
  const received = requests.filter((r) => r.status === 'RECEBIDO');
  if (!received.length) throw badRequest({ supplierId: [M.awardNoProposals] });
  const lines = quoteLines(quote);
  const proposals = received.map((r) => asProposal(r, r.supplierName));
  const names = new Map(received.map((r) => [String(r.supplierId), r.supplierName]));
  const today = todayInBrazil();
  const rate = (await settingsFor(q, quote.organizationId)).discountRatePercent / 100;
  const mode = body.mode === 'ITEM' ? 'ITEM' : 'FORNECEDOR';
  const chosen: Record<number, string> = {};
  const errors: Record<string, string[]> = {};
  if (mode === 'FORNECEDOR') {
    const supplierId = String(body.supplierId ?? '').toLowerCase();
    if (!names.has(supplierId)) errors.supplierId = [M.awardSupplierUnknown];
    else for (const l of lines) chosen[l.line] = supplierId;
  } else {
    const given = Array.isArray(body.lines) ? (body.lines as { line?: unknown; supplierId?: unknown }[]) : [];
    for (const g of given) if (typeof g.line === 'number' && typeof g.supplierId === 'string') chosen[g.line] = g.supplierId.toLowerCase();
    for (const l of lines) if (!chosen[l.line]) errors[`lines.${l.line}`] = [M.awardLineMissing(l.line)];
  }
  for (const l of lines) {
    const s = chosen[l.line];
    if (!s) continue;
    const p = proposals.find((x) => x.supplierId === s);
    if (!p) errors[mode === 'ITEM' ? `lines.${l.line}` : 'supplierId'] = [M.awardSupplierUnknown];
    else if (typeof p.prices[l.line] !== 'number') (errors[mode === 'ITEM' ? `lines.${l.line}` : 'supplierId'] ??= []).push(M.awardLineUnpriced(l.line, names.get(s) ?? s));
    else if (p.validUntil && p.validUntil < today) errors[mode === 'ITEM' ? `lines.${l.line}` : 'supplierId'] = [M.awardExpired(names.get(s) ?? s)];
  }
  if (Object.keys(errors).length) throw badRequest(errors);
  const award: Award = chosen;
  const cost = awardCost(lines, proposals, award, rate);
  const lowest = lowestAward(lines, proposals, { monthlyRate: rate, today });
  const justification = textOf(body, 'justification', { max: 2000 });
  if (lowest && cost > lowest.cost && !justification) throw badRequest({ justification: [M.awardJustification(formatMoney(lowest.cost), formatMoney(cost))] });
  if (received.length < num(quote.minimumQuotes) && !justification) throw badRequest({ justification: [M.awardFewQuotes(received.length, num(quote.minimumQuotes))] });

  const items = itemsOf(quote).map((it, i): Record<string, unknown> & { awardedSupplierId: string | null; awardedUnitPrice: number | null } => {
    const s = award[i + 1];
    const price = proposals.find((p) => p.supplierId === s)?.prices[i + 1] ?? null;
    return { ...it, awardedSupplierId: s ?? null, awardedUnitPrice: price };
  });
  const bySupplier = new Map<string, number>();
  items.forEach((it) => it.awardedSupplierId && bySupplier.set(it.awardedSupplierId, (bySupplier.get(it.awardedSupplierId) ?? 0) + lineTotal(num(it.quantity), num(it.awardedUnitPrice))));
  const winner = [...bySupplier].sort((a, b) => b[1] - a[1])[0][0];
  const record = await save(q, engine.registry.get('quotes')!, quote, {
    items,
    status: 'APROVADA',
    awardMode: mode,
    winningSupplierId: winner,
    awardedAmount: awardCost(lines, proposals, award, 0),
    awardJustification: justification,
    awardedAt: new Date().toISOString(),
    awardedBy: principal.userId,
  }, principal.userId, touched);
  const reqDef = engine.registry.get('quote-requests')!;
  for (const r of requests) {
    const status = bySupplier.has(String(r.supplierId)) ? 'VENCEDOR' : r.status === 'RECEBIDO' ? 'PERDEDOR' : r.status === 'PENDENTE' ? 'CANCELADO' : r.status;
    if (status !== r.status) await updateRow(q, reqDef, r, { status }, principal.userId);
  }
  touched.add('quote-requests');
  await syncOrders(q, engine, [...items.map((i) => i.orderId), ...(Array.isArray(quote.orderIds) ? quote.orderIds : [])], principal.userId, touched);
  return { record, queue: null };
}

export async function runQuoteAction(engine: Engine, action: string, id: string, version: number, body: Record<string, unknown>, principal: Principal, publicUrl: string): Promise<QuoteActionResult> {
  const def = engine.registry.get('quotes')!;
  return inTransaction(engine, async (q, touched) => {
    const row = await lockForAction(q, def, id, version, principal);
    enforce(decideQuoteAction(principal, { status: String(row.status), createdBy: row.createdBy as string }, action), { status: row.status, action });
    const t = QUOTE_TRANSITIONS[action as keyof typeof QUOTE_TRANSITIONS];
    switch (action as keyof typeof QUOTE_TRANSITIONS) {
      case 'send':
        return sendInvitations(q, engine, row, body, principal, publicUrl, touched);
      case 'proposals': {
        const supplierId = String(body.supplierId ?? '').toLowerCase();
        const invited = (Array.isArray(row.invitedSupplierIds) ? row.invitedSupplierIds : []).map(String);
        if (!invited.includes(supplierId)) throw badRequest({ supplierId: [M.notInvited] });
        const channel = ['EMAIL', 'TELEFONE', 'PDF'].includes(String(body.channel)) ? (body.channel as ProposalInput['channel']) : 'TELEFONE';
        const request = await requestOf(q, engine, row, supplierId, principal.userId);
        await recordProposal(q, engine, row, request, proposalInput(body, channel), principal.userId);
        touched.add('quote-requests');
        const record = row.status === 'EM_ANALISE' ? row : await save(q, def, row, { status: 'EM_ANALISE' }, principal.userId, touched);
        return { record, queue: null };
      }
      case 'award':
        return awardQuote(q, engine, row, body, principal, touched);
      case 'cancel': {
        const comment = reasonOf(body, 'reason' in t && !!t.reason);
        const reqDef = engine.registry.get('quote-requests')!;
        for (const r of await requestsOf(q, engine, id, true)) if (r.status === 'PENDENTE' || r.status === 'RECEBIDO') await updateRow(q, reqDef, r, { status: 'CANCELADO' }, principal.userId);
        touched.add('quote-requests');
        const record = await save(q, def, row, { status: 'CANCELADA', statusReason: comment }, principal.userId, touched);
        await syncOrders(q, engine, [...itemsOf(row).map((i) => i.orderId), ...(Array.isArray(row.orderIds) ? row.orderIds : [])], principal.userId, touched);
        return { record, queue: null };
      }
    }
    throw new Error(`ação sem tratamento: ${action}`);
  });
}

/** `GET pricing/v1/quotes/{id}/comparison`: the comparison map the screen draws (same math as the award). */
export async function comparisonOf(q: Queryable, engine: Engine, id: string, principal: Principal) {
  const quote = await getRecord(q, engine.registry.get('quotes')!, id, principal);
  if (!quote) throw notFound();
  const requests = await requestsOf(q, engine, id);
  const received = requests.filter((r) => r.status !== 'PENDENTE' && r.status !== 'DECLINADO' && r.status !== 'CANCELADO');
  const settings = await settingsFor(q, quote.organizationId);
  const lines = quoteLines(quote);
  const proposals = received.map((r) => asProposal(r, r.supplierName));
  const opts = { monthlyRate: settings.discountRatePercent / 100, today: todayInBrazil() };
  return {
    quote: { id: quote.id, number: quote.number, status: quote.status, minimumQuotes: quote.minimumQuotes },
    discountRatePercent: settings.discountRatePercent,
    lines,
    requests: requests.map((r) => ({ id: r.id, supplierId: r.supplierId, supplierName: r.supplierName, status: r.status, channel: r.channel, receivedAt: r.receivedAt, version: r.version })),
    proposals,
    map: compareProposals(lines, proposals, opts),
    lowest: lowestAward(lines, proposals, opts),
  };
}

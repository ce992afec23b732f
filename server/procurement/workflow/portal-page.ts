import { formatMoney, parseMoney } from '../../../src/engine/formats/money.ts';
import { escapeHtml } from '../../lib/mailer.ts';
import type { portalView } from './portal.ts';

/**
 * The page behind the supplier's e-mailed link: plain server-rendered HTML with a form that posts back to
 * itself (no script, no login), accessible (labels, a table with headers, errors announced). The same
 * proposal can be sent by the JSON endpoint.
 */

type View = Awaited<ReturnType<typeof portalView>>;

const e = (v: unknown) => escapeHtml(v === null || v === undefined ? '' : String(v));
const money = (v: unknown) => (typeof v === 'number' ? formatMoney(v).replace(/^R\$\s?/, '') : '');
const br = (iso: unknown) => (typeof iso === 'string' ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '');

export function portalPage(view: View, token: string, notice?: { kind: 'ok' | 'error'; text: string }): string {
  const p = view.proposal;
  const price = (line: number) => p.items.find((i) => i.quoteLine === line);
  const rows = view.quote.items
    .map((it) => `<tr><td>${it.line}</td><td>${e(it.description)}</td><td>${e(String(it.quantity).replace('.', ','))} ${e(it.unit)}</td>
      <td><label class="sr" for="p${it.line}">Preço unitário do item ${it.line}</label><input id="p${it.line}" name="price_${it.line}" inputmode="decimal" value="${e(money(price(it.line)?.unitPrice))}" ${view.quote.open ? '' : 'disabled'}></td>
      <td><label class="sr" for="b${it.line}">Marca do item ${it.line}</label><input id="b${it.line}" name="brand_${it.line}" value="${e(price(it.line)?.brand)}" ${view.quote.open ? '' : 'disabled'}></td></tr>`)
    .join('');
  const field = (name: string, label: string, value: unknown, attrs = '') =>
    `<p><label for="${name}">${label}</label><br><input id="${name}" name="${name}" value="${e(value)}" ${attrs} ${view.quote.open ? '' : 'disabled'}></p>`;
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Cotação ${e(view.quote.number)} — ${e(view.organization)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:900px;margin:24px auto;padding:0 16px;color:#1f2933}table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #d9dee5;padding:6px;text-align:left}
input{padding:6px;border:1px solid #9aa5b1;border-radius:4px}.sr{position:absolute;left:-9999px}.ok{background:#e6f4ea;padding:12px}.error{background:#fdecea;padding:12px}button{background:#1f5aa6;color:#fff;border:0;padding:10px 18px;border-radius:4px;font-size:16px}</style></head>
<body><main><h1>Cotação ${e(view.quote.number)} — ${e(view.quote.title)}</h1>
<p>${e(view.organization)} convida <strong>${e(view.supplier)}</strong> a enviar orçamento até <strong>${br(view.quote.responseDeadline)}</strong>. Situação: ${e(view.quote.statusLabel)}.</p>
${notice ? `<p role="${notice.kind === 'error' ? 'alert' : 'status'}" class="${notice.kind}">${e(notice.text)}</p>` : ''}
${p.receivedAt ? `<p>Orçamento recebido em ${br(p.receivedAt)}${typeof p.totalAmount === 'number' ? `, total ${e(formatMoney(p.totalAmount))}` : ''}. Você pode corrigi-lo enquanto a cotação estiver aberta.</p>` : ''}
<form method="post" action="/fornecedor/cotacao/${e(token)}">
<table><caption class="sr">Itens da cotação</caption><thead><tr><th scope="col">Item</th><th scope="col">Descrição</th><th scope="col">Quantidade</th><th scope="col">Preço unitário (R$)</th><th scope="col">Marca</th></tr></thead><tbody>${rows}</tbody></table>
${field('freight', 'Frete (R$)', money(p.freightAmount), 'inputmode="decimal"')}
${field('discount', 'Desconto (R$)', money(p.discount), 'inputmode="decimal"')}
${field('paymentTerms', 'Condição de pagamento (ex.: 28 DDL, 30/60/90)', p.paymentTerms)}
${field('deliveryDays', 'Prazo de entrega (dias)', p.deliveryDays, 'inputmode="numeric"')}
${field('validUntil', 'Validade da proposta', p.validUntil, 'type="date"')}
<p><label for="notes">Observações</label><br><textarea id="notes" name="notes" rows="3" cols="60" ${view.quote.open ? '' : 'disabled'}>${e(p.notes)}</textarea></p>
${view.quote.open ? '<p><button type="submit">Enviar orçamento</button></p>' : ''}
</form></main></body></html>`;
}

/** The posted form as the JSON body of the proposal (prices typed as "1.234,56"). */
export function formToProposal(form: URLSearchParams, lines: number): Record<string, unknown> {
  const cents = (name: string) => {
    const raw = form.get(name)?.trim();
    return raw ? (parseMoney(raw) ?? -1) : null;
  };
  const items = Array.from({ length: lines }, (_, i) => ({ quoteLine: i + 1, unitPrice: cents(`price_${i + 1}`), brand: form.get(`brand_${i + 1}`)?.trim() || null })).filter((x) => x.unitPrice !== null);
  const days = form.get('deliveryDays')?.trim();
  return {
    items,
    freightAmount: cents('freight'),
    discount: cents('discount'),
    paymentTerms: form.get('paymentTerms')?.trim() || null,
    deliveryDays: days ? Number(days) : null,
    validUntil: form.get('validUntil')?.trim() || null,
    notes: form.get('notes')?.trim() || null,
  };
}

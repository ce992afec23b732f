import PdfKit from 'pdfkit';
import { formatMoney } from '../../../src/engine/formats/money.ts';
import { maskCpfCnpj } from '../../../src/engine/formats/cpf-cnpj.ts';
import { itemsOf, num, type Row } from './common.ts';

/**
 * The purchase order as the supplier receives it: an A4 PDF (pdfkit, standard Helvetica with WinAnsi
 * encoding, so "ç", "ã", "é" print as they are) with buyer, supplier, items, totals, terms and delivery.
 */

export interface PdfParties {
  organization: { name: string; cnpj: string | null };
  supplier: { legalName: string; document: string | null; email: string | null; address: string | null };
  buyerName: string;
  costCenter: string | null;
}

const br = (iso: unknown) => (typeof iso === 'string' && /^\d{4}-\d{2}-\d{2}/.test(iso) ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '—');
const qtyText = (n: number) => n.toLocaleString('pt-BR', { maximumFractionDigits: 6 });
const FREIGHT: Record<string, string> = { CIF: 'CIF (por conta do fornecedor)', FOB: 'FOB (por conta do comprador)', SEM_FRETE: 'Sem frete' };

export function purchaseOrderPdf(po: Row, p: PdfParties): Promise<Buffer> {
  const doc = new PdfKit({ size: 'A4', margin: 40, info: { Title: `Ordem de compra ${String(po.number)}`, Author: p.organization.name } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const left = 40;
  const width = doc.page.width - 80;

  doc.font('Helvetica-Bold').fontSize(16).text(`Ordem de compra ${String(po.number)}`, left, 40);
  doc.font('Helvetica').fontSize(9).fillColor('#555').text(`Emitida em ${br(po.issueDate)}   ·   Entrega prevista ${br(po.expectedDeliveryDate)}`);
  doc.moveDown(0.8).fillColor('#000');

  const box = (title: string, lines: string[], x: number, y: number, w: number) => {
    doc.font('Helvetica-Bold').fontSize(9).text(title, x, y, { width: w });
    doc.font('Helvetica').fontSize(9);
    for (const l of lines) doc.text(l, x, undefined, { width: w });
    return doc.y;
  };
  const top = doc.y;
  const half = width / 2 - 10;
  const y1 = box('Comprador', [p.organization.name, p.organization.cnpj ? `CNPJ ${maskCpfCnpj(p.organization.cnpj)}` : '', `Comprador: ${p.buyerName}`, p.costCenter ? `Centro de custos: ${p.costCenter}` : ''].filter(Boolean), left, top, half);
  const y2 = box('Fornecedor', [p.supplier.legalName, p.supplier.document ? `CNPJ/CPF ${maskCpfCnpj(p.supplier.document)}` : '', p.supplier.email ?? '', p.supplier.address ?? ''].filter(Boolean), left + half + 20, top, half);
  doc.y = Math.max(y1, y2) + 12;

  // Items table.
  const cols = [
    { title: 'Item', w: 30, align: 'left' as const },
    { title: 'Descrição', w: width - 30 - 60 - 40 - 80 - 85, align: 'left' as const },
    { title: 'Qtd.', w: 60, align: 'right' as const },
    { title: 'Un.', w: 40, align: 'left' as const },
    { title: 'Preço unitário', w: 80, align: 'right' as const },
    { title: 'Total', w: 85, align: 'right' as const },
  ];
  const row = (values: string[], bold = false) => {
    const y = doc.y;
    let x = left;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    let bottom = y;
    values.forEach((v, i) => {
      doc.text(v, x + 2, y, { width: cols[i].w - 4, align: cols[i].align });
      bottom = Math.max(bottom, doc.y);
      x += cols[i].w;
    });
    doc.y = bottom + 3;
    doc.moveTo(left, doc.y - 1).lineTo(left + width, doc.y - 1).strokeColor('#ddd').stroke();
    if (doc.y > doc.page.height - 120) doc.addPage();
  };
  row(cols.map((c) => c.title), true);
  itemsOf(po).forEach((item, i) =>
    row([String(i + 1), String(item.description ?? ''), qtyText(num(item.quantity)), String(item.unit ?? ''), formatMoney(num(item.unitPrice)), formatMoney(num(item.total))]),
  );

  doc.moveDown(0.5);
  const totals: [string, number][] = [['Itens', num(po.itemsTotal)], ['Frete', num(po.freightAmount)], ['Outras despesas', num(po.otherCosts)], ['Desconto', -num(po.discount)], ['Total', num(po.totalAmount)]];
  for (const [label, value] of totals) {
    if (!value && label !== 'Total') continue;
    doc.font(label === 'Total' ? 'Helvetica-Bold' : 'Helvetica').fontSize(10).text(`${label}: ${formatMoney(value)}`, left, undefined, { width, align: 'right' });
  }
  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(9).text('Condições', left);
  doc.font('Helvetica').fontSize(9)
    .text(`Pagamento: ${String(po.paymentTerms ?? '—')} (${String(po.paymentMethod ?? '')})`)
    .text(`Frete: ${FREIGHT[String(po.freightType)] ?? '—'}`)
    .text(`Entrega em: ${String(po.deliveryAddress ?? 'endereço do comprador')}`);
  if (po.notes) doc.moveDown(0.5).font('Helvetica-Bold').text('Observações').font('Helvetica').text(String(po.notes));
  doc.moveDown(1).fontSize(8).fillColor('#555').text('Informe o número desta ordem de compra na nota fiscal (campo xPed) e o item (nItemPed).');
  doc.end();
  return done;
}

import { parseNfe, type ParsedNfe } from '../../../src/engine/procurement/nfe.ts';
import { PROCUREMENT_WORKFLOW_MESSAGES as M } from '../../../src/i18n/procurement-workflow.ts';
import type { Queryable } from '../../db/index.ts';
import { badRequest, HttpError } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import { createRecord, type Engine } from '../../resources/index.ts';
import { updateRow } from '../../finance/rows.ts';
import { inTransaction, itemsOf, joined, todayInBrazil, type Row } from '../workflow/common.ts';
import { storeFile } from '../workflow/files.ts';

/**
 * `POST pricing/v1/invoices/import-xml`: an invoice from the supplier's NF-e XML, in one transaction. The
 * supplier is found by the emitente's CNPJ/CPF in the organization (a supplier-like company, active); the
 * purchase order by the order number in the XML (compra/xPed or the items' xPed) when present, each item
 * tied to its order line (nItemPed, else the product's GTIN); the duplicatas become the invoice's
 * installments (the payable's parcelas later). Malformed or foreign XML, an unknown issuer or an access key
 * already imported: a pt-BR 400/409 and nothing written. The XML itself is kept (files service).
 */

const UNITS = new Set(['UN', 'PC', 'CX', 'PCT', 'RESMA', 'PAR', 'KIT', 'KG', 'G', 'L', 'ML', 'M', 'M2', 'M3', 'H', 'MES', 'SV']);
const UNIT_ALIASES: Record<string, string> = { UND: 'UN', UNID: 'UN', UNI: 'UN', UNIDADE: 'UN', PECA: 'PC', 'PÇ': 'PC', PCS: 'PC', CXA: 'CX', PACOTE: 'PCT', LT: 'L', LITRO: 'L', HR: 'H', HORA: 'H' };
const unitOf = (u: string) => (UNITS.has(u) ? u : (UNIT_ALIASES[u] ?? 'UN'));

async function organizationOf(q: Queryable, nfe: ParsedNfe, principal: Principal, asked: string | null): Promise<{ id: string; cnpj: string | null }> {
  const { rows } = await q.query<{ id: string; cnpj: string | null }>(
    asked ? 'SELECT id, cnpj FROM organizations WHERE id = $1::uuid' : 'SELECT id, cnpj FROM organizations WHERE cnpj = $1 OR id = $2::uuid ORDER BY (cnpj = $1) DESC LIMIT 1',
    asked ? [asked] : [nfe.recipient.document, principal.organizationId],
  );
  const org = rows[0];
  const scope = principal.recordScope.organizationIds;
  if (!org || (principal.accessLevel !== 'SystemOwner' && scope !== 'all' && !scope.includes(org.id))) throw badRequest({ organizationId: ['Organização não encontrada no seu acesso.'] });
  if (org.cnpj && nfe.recipient.document && org.cnpj !== nfe.recipient.document) throw badRequest({ xml: [M.nfeNotForUs] });
  return org;
}

/** Purchase orders named in the XML (by number, this supplier's, same organization), keyed by number. */
async function ordersOf(q: Queryable, engine: Engine, orgId: string, supplierId: string, numbers: string[]): Promise<Map<string, Row>> {
  if (!numbers.length) return new Map();
  const def = engine.registry.get('purchase-orders')!;
  const { rows } = await q.query<Row>(
    `SELECT ${def.selectList} FROM purchase_orders WHERE organization_id = $1::uuid AND supplier_id = $2::uuid AND number = ANY($3::text[]) AND deleted_at IS NULL`,
    [orgId, supplierId, numbers],
  );
  return new Map(rows.map((r) => [String(r.number), r]));
}

export async function importNfe(engine: Engine, xml: string, principal: Principal, organizationId: string | null) {
  const parsed = parseNfe(xml);
  if (!parsed.ok) throw badRequest({ xml: [parsed.error] }, parsed.error);
  const nfe = parsed.nfe;
  return inTransaction(engine, async (q, touched) => {
    const org = await organizationOf(q, nfe, principal, organizationId);
    const dup = await q.query<{ number: string }>('SELECT number FROM invoices WHERE access_key = $1 AND deleted_at IS NULL LIMIT 1', [nfe.accessKey]);
    if (dup.rows[0]) throw new HttpError(409, 'DUPLICATE_ACCESS_KEY', M.nfeDuplicate(dup.rows[0].number), { accessKey: [M.nfeDuplicate(dup.rows[0].number)] });
    const suppliers = await q.query<{ id: string }>(
      `SELECT c.id FROM companies c JOIN company_types t ON t.id = c.company_type_id
        WHERE c.organization_id = $1::uuid AND c.document = $2 AND c.deleted_at IS NULL AND c.active AND t.kind IN ('FORNECEDOR', 'PRESTADOR', 'TRANSPORTADORA')
        ORDER BY c.created_at, c.id`,
      [org.id, nfe.issuer.document],
    );
    if (!suppliers.rows.length) throw badRequest({ xml: [M.nfeSupplier(nfe.issuer.document)] }, M.nfeSupplier(nfe.issuer.document));
    const numbers = [...new Set([nfe.orderNumber, ...nfe.items.map((i) => i.orderNumber)].filter((v): v is string => !!v))];
    // The supplier the order names, when several records share the CNPJ (one per company type).
    let supplierId = suppliers.rows[0].id;
    let orders = await ordersOf(q, engine, org.id, supplierId, numbers);
    for (const s of suppliers.rows.slice(1)) {
      if (orders.size) break;
      const found = await ordersOf(q, engine, org.id, s.id, numbers);
      if (found.size) [supplierId, orders] = [s.id, found];
    }
    const gtins = nfe.items.map((i) => i.gtin).filter((v): v is string => !!v);
    const products = gtins.length ? (await q.query<{ id: string; gtin: string }>('SELECT id, gtin FROM products WHERE gtin = ANY($1::text[]) AND deleted_at IS NULL', [gtins])).rows : [];
    const productOf = new Map(products.map((p) => [p.gtin, p.id]));
    const items = nfe.items.map((it) => {
      const po = orders.get(it.orderNumber ?? nfe.orderNumber ?? '') ?? (orders.size === 1 ? [...orders.values()][0] : undefined);
      const productId = it.gtin ? (productOf.get(it.gtin) ?? null) : null;
      let line = it.orderLine;
      if (po && line === null && productId) {
        const same = itemsOf(po).map((l, k) => (l.productId === productId ? k + 1 : 0)).filter(Boolean);
        if (same.length === 1) line = same[0];
      }
      return {
        productId, description: it.description.length >= 2 ? it.description : `Item ${it.line}`, quantity: it.quantity, unit: unitOf(it.unit), unitPrice: it.unitPrice,
        purchaseOrderId: po?.id ?? null, purchaseOrderLine: po && line && itemsOf(po)[line - 1] ? line : null,
        supplierCode: it.code.slice(0, 60) || null, ncm: it.ncm && /^\d{8}$/.test(it.ncm) ? it.ncm : null, cfop: it.cfop && /^\d{4}$/.test(it.cfop) ? it.cfop : null,
      };
    });
    const t = nfe.totals;
    const withheld = nfe.withheld;
    const net = t.invoice - (withheld.irrf + withheld.pis + withheld.cofins + withheld.csll + withheld.inss);
    const dupSum = nfe.installments.reduce((s, d) => s + d.amount, 0);
    const firstPo = [...orders.values()][0];
    const invoice = await createRecord(joined(engine, q), engine.registry.get('invoices')!, {
      organizationId: org.id,
      supplierId,
      purchaseOrderIds: [...orders.values()].map((o) => o.id),
      documentType: 'NFE',
      number: nfe.number,
      series: nfe.series,
      accessKey: nfe.accessKey,
      issueDate: nfe.issueDate,
      entryDate: todayInBrazil() < nfe.issueDate ? nfe.issueDate : todayInBrazil(),
      paymentTerms: (firstPo?.paymentTerms as string) ?? null,
      productsAmount: t.products,
      servicesAmount: 0,
      freightAmount: t.freight || null,
      otherCosts: t.other + t.insurance || null,
      discount: t.discount || null,
      ipiAmount: t.ipi || null,
      icmsStAmount: t.icmsSt || null,
      icmsAmount: t.icms || null,
      irrfWithheld: withheld.irrf || null,
      pisCofinsCsllWithheld: withheld.pis + withheld.cofins + withheld.csll || null,
      inssWithheld: withheld.inss || null,
      items,
      installments: dupSum === net ? nfe.installments.filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d.dueDate)) : [],
      notes: dupSum && dupSum !== net ? 'As duplicatas do XML não somam o valor líquido: as parcelas seguem a condição de pagamento.' : null,
    }, principal);
    const fileId = await storeFile(q, { name: `NFe${nfe.accessKey}.xml`, contentType: 'application/xml', content: Buffer.from(xml, 'utf8'), userId: principal.userId });
    const record = await updateRow(q, engine.registry.get('invoices')!, invoice, { source: 'XML', xmlFileId: fileId }, principal.userId);
    touched.add('invoices');
    return record;
  });
}

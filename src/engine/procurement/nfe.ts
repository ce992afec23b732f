/**
 * The supplier's NF-e XML (modelo 55, layout 4.00 — Manual de Orientação do Contribuinte, leiaute 4.00) read
 * into what an invoice needs: access key (with its check digit, and its parts checked against the XML),
 * emitente, número, série, items with NCM, CFOP, quantities, prices and taxes, totals, retenções and the
 * duplicatas. `nfeProc` (with protocol) or a bare `NFe`, default namespace or prefixed, with or without the
 * signature block. Anything else — malformed, a DOCTYPE (entity tricks), another document (CT-e, NFS-e) or
 * another layout version — is refused with a pt-BR reason. Money in centavos from the decimal text, exactly.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { PROCUREMENT_WORKFLOW_MESSAGES as M } from '../../i18n/procurement-workflow.ts';
import { isValidNfeKey, parseNfeKey } from '../formats/nfe-key.ts';

export const NFE_MAX_BYTES = 2 * 1024 * 1024;

export interface NfeItem {
  /** nItem (1-based). */
  line: number;
  code: string;
  gtin: string | null;
  description: string;
  ncm: string | null;
  cfop: string | null;
  unit: string;
  quantity: number;
  /** vUnCom rounded half up to centavos (the XML may carry up to 10 places). */
  unitPrice: number;
  /** vProd, exact. */
  total: number;
  /** xPed / nItemPed: the buyer's order and its item, when the supplier informed them. */
  orderNumber: string | null;
  orderLine: number | null;
  taxes: { icms: number; icmsSt: number; ipi: number };
}

export interface ParsedNfe {
  accessKey: string;
  series: string;
  number: string;
  /** `AAAA-MM-DD` of dhEmi (the issuer's local date). */
  issueDate: string;
  issuer: { document: string; name: string };
  recipient: { document: string | null; name: string | null };
  /** compra/xPed, else the first item's xPed. */
  orderNumber: string | null;
  items: NfeItem[];
  totals: { products: number; freight: number; insurance: number; discount: number; other: number; ipi: number; icms: number; icmsSt: number; invoice: number };
  withheld: { pis: number; cofins: number; csll: number; irrf: number; inss: number };
  installments: { number: string; dueDate: string; amount: number }[];
  /** Whether the authorization protocol (protNFe) came with it. */
  authorized: boolean;
}

export type NfeResult = { ok: true; nfe: ParsedNfe } | { ok: false; error: string };

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  trimValues: true,
  isArray: (name) => ['det', 'dup', 'detPag'].includes(name),
});

/**
 * Decimal text → centavos, exact up to 2 places, half up beyond (vUnCom has up to 10).
 * @example centavos('245.00') // 24500
 * @example centavos('2.4550000000') // 246
 */
export function centavos(text: unknown): number {
  if (typeof text !== 'string' || !/^-?\d+(\.\d+)?$/.test(text)) return 0;
  const negative = text.startsWith('-');
  const [int, frac = ''] = text.replace('-', '').split('.');
  const base = Number(int) * 100 + Number(frac.slice(0, 2).padEnd(2, '0'));
  const rounded = base + (Number(frac[2] ?? '0') >= 5 ? 1 : 0);
  return negative ? -rounded : rounded;
}

const node = (v: unknown): Node => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : {});
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null);
const list = (v: unknown): Node[] => (Array.isArray(v) ? v.map(node) : v ? [node(v)] : []);

/** The first value of a tax group whatever its variant (ICMS00, ICMS10, ICMSSN102…). */
function taxOf(group: unknown, field: string): number {
  for (const variant of Object.values(node(group))) {
    const v = node(variant)[field];
    if (v !== undefined) return centavos(text(v));
  }
  return 0;
}

export function parseNfe(xml: string): NfeResult {
  if (xml.length > NFE_MAX_BYTES) return { ok: false, error: M.nfeTooLarge };
  const body = xml.replace(/^\uFEFF/, '').trim();
  if (/<!DOCTYPE|<!ENTITY/i.test(body)) return { ok: false, error: M.nfeForeign };
  const valid = XMLValidator.validate(body);
  if (valid !== true) return { ok: false, error: M.nfeMalformed(`${valid.err.msg} (linha ${valid.err.line}, coluna ${valid.err.col})`) };
  const doc = node(parser.parse(body));
  const proc = node(doc.nfeProc);
  const nfe = node(proc.NFe ?? doc.NFe);
  const inf = node(nfe.infNFe);
  if (!Object.keys(inf).length) return { ok: false, error: M.nfeForeign };
  const version = text(inf['@versao']);
  if (version !== '4.00') return { ok: false, error: version ? M.nfeVersion(version) : M.nfeForeign };
  const ide = node(inf.ide);
  if (text(ide.mod) !== '55') return { ok: false, error: M.nfeForeign };
  const emit = node(inf.emit);
  const dest = node(inf.dest);
  const issuerDoc = text(emit.CNPJ) ?? text(emit.CPF);
  const required: [string, unknown][] = [['ide/nNF', ide.nNF], ['ide/serie', ide.serie], ['ide/dhEmi', ide.dhEmi], ['emit/CNPJ', issuerDoc], ['total/ICMSTot/vNF', node(node(inf.total).ICMSTot).vNF]];
  const missing = required.find(([, v]) => !text(v));
  if (missing) return { ok: false, error: M.nfeField(missing[0]) };

  const key = (text(inf['@Id']) ?? '').replace(/^NFe/, '') || text(node(node(proc.protNFe).infProt).chNFe) || '';
  if (!isValidNfeKey(key)) return { ok: false, error: M.nfeKeyInvalid };
  const parts = parseNfeKey(key);
  const document = issuerDoc!.toUpperCase();
  const issueDate = text(ide.dhEmi)!.slice(0, 10);
  if (parts.model !== '55' || Number(parts.series) !== Number(text(ide.serie)) || Number(parts.number) !== Number(text(ide.nNF))
    || parts.issuer !== document.padStart(14, '0') || parts.yearMonth !== issueDate.slice(2, 4) + issueDate.slice(5, 7)) {
    return { ok: false, error: M.nfeKeyMismatch };
  }

  const items = list(inf.det).map((det, i): NfeItem => {
    const prod = node(det.prod);
    const tax = node(det.imposto);
    const gtin = text(prod.cEAN);
    return {
      line: Number(text(det['@nItem']) ?? i + 1),
      code: text(prod.cProd) ?? '',
      gtin: gtin && gtin !== 'SEM GTIN' ? gtin : null,
      description: (text(prod.xProd) ?? '').slice(0, 200),
      ncm: text(prod.NCM),
      cfop: text(prod.CFOP),
      unit: (text(prod.uCom) ?? 'UN').toUpperCase(),
      quantity: Number(text(prod.qCom) ?? '0'),
      unitPrice: centavos(text(prod.vUnCom)),
      total: centavos(text(prod.vProd)),
      orderNumber: text(prod.xPed),
      orderLine: text(prod.nItemPed) ? Number(text(prod.nItemPed)) : null,
      taxes: { icms: taxOf(tax.ICMS, 'vICMS'), icmsSt: taxOf(tax.ICMS, 'vICMSST'), ipi: taxOf(tax.IPI, 'vIPI') },
    };
  });
  const tot = node(node(inf.total).ICMSTot);
  const ret = node(node(inf.total).retTrib);
  const cobr = node(inf.cobr);
  return {
    ok: true,
    nfe: {
      accessKey: key,
      series: String(Number(text(ide.serie))),
      number: String(Number(text(ide.nNF))),
      issueDate,
      issuer: { document, name: text(emit.xNome) ?? '' },
      recipient: { document: (text(dest.CNPJ) ?? text(dest.CPF))?.toUpperCase() ?? null, name: text(dest.xNome) },
      orderNumber: text(node(inf.compra).xPed) ?? items.find((it) => it.orderNumber)?.orderNumber ?? null,
      items,
      totals: {
        products: centavos(text(tot.vProd)), freight: centavos(text(tot.vFrete)), insurance: centavos(text(tot.vSeg)), discount: centavos(text(tot.vDesc)),
        other: centavos(text(tot.vOutro)), ipi: centavos(text(tot.vIPI)), icms: centavos(text(tot.vICMS)), icmsSt: centavos(text(tot.vST)), invoice: centavos(text(tot.vNF)),
      },
      withheld: { pis: centavos(text(ret.vRetPIS)), cofins: centavos(text(ret.vRetCOFINS)), csll: centavos(text(ret.vRetCSLL)), irrf: centavos(text(ret.vIRRF)), inss: centavos(text(ret.vRetPrev)) },
      installments: list(cobr.dup).map((d, i) => ({ number: text(d.nDup) ?? String(i + 1).padStart(3, '0'), dueDate: text(d.dVenc) ?? '', amount: centavos(text(d.vDup)) })),
      authorized: !!text(node(node(proc.protNFe).infProt).chNFe),
    },
  };
}

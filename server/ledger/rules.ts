import type { Roles, Target } from './mapping.ts';
import { sidedLine, signed, type LineInput } from './types.ts';

/**
 * The posting rules (docs/reports.md §2), pure: the same functions build the lines of an action's entry and
 * of the demo's history, so both follow one rule.
 */

export type DocSide = 'payables' | 'receivables';

/** What a lançamento (a pagar / a receber) gives its entries. */
export interface DocInfo {
  side: DocSide;
  id: string;
  organizationId: string;
  issueDate: string;
  /** `AAAA-MM` (or a date: its month). */
  competence: string;
  costCenterId: string | null;
  departmentId: string | null;
  projectId: string | null;
  partyId: string | null;
  categoryId: string;
  category: Target;
  description: string;
}

/** Statuses of a parcela whose amount is recognized (accrued): approved payables, open receivables. */
export const ACCRUED: Record<DocSide, ReadonlySet<string>> = {
  payables: new Set(['APROVADO', 'AUTORIZADO', 'PAGO']),
  receivables: new Set(['ABERTO', 'RECEBIDO']),
};

const dims = (d: DocInfo) => ({ costCenterId: d.costCenterId, departmentId: d.departmentId, projectId: d.projectId, partyId: d.partyId, categoryId: d.categoryId });

/**
 * Accrual (competência) of `amount`: payable → D expense (category) / C suppliers; receivable → D customers /
 * C revenue (category). Signed amounts allow an adjustment in one call (negative = the reverse).
 */
export function accrualLines(d: DocInfo, amount: number, roles: Roles): LineInput[] {
  const base = dims(d);
  if (d.side === 'payables') {
    return [
      ...sidedLine(amount, { ...base, ledgerAccountId: d.category.ledgerAccountId }),
      ...sidedLine(-amount, { ...base, ledgerAccountId: roles.get('FORNECEDORES').ledgerAccountId }),
    ];
  }
  return [
    ...sidedLine(amount, { ...base, ledgerAccountId: roles.get('CLIENTES').ledgerAccountId }),
    ...sidedLine(-amount, { ...base, ledgerAccountId: d.category.ledgerAccountId }),
  ];
}

const keyOf = (l: LineInput) => [l.ledgerAccountId, l.costCenterId, l.departmentId, l.projectId, l.partyId, l.categoryId].map((x) => x ?? '').join('|');

/**
 * The lines that take `posted` to `desired` (per account and dimensions): what an accrual adjustment posts
 * when a lançamento is cancelled, re-planned or re-classified. Balanced when both sides are.
 */
export function diffLines(desired: readonly LineInput[], posted: readonly LineInput[]): LineInput[] {
  const net = new Map<string, { line: LineInput; amount: number }>();
  const add = (l: LineInput, sign: 1 | -1) => {
    const k = keyOf(l);
    const cur = net.get(k) ?? net.set(k, { line: l, amount: 0 }).get(k)!;
    cur.amount += sign * signed(l);
  };
  for (const l of desired) add(l, 1);
  for (const l of posted) add(l, -1);
  return [...net.values()].flatMap(({ line, amount }) => sidedLine(amount, { ...line, memo: null, dfcClass: null, dfcLine: null, bankAccountId: null }));
}

const lastDay = (month: string) => {
  const [y, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  return `${month.slice(0, 7)}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

/**
 * Date of an accrual entry: the first one inside its competence month (the issue date, moved into the month);
 * an adjustment on the day it is made, never before the competence month.
 */
export function accrualDate(d: DocInfo, first: boolean, today: string): string {
  const start = `${d.competence.slice(0, 7)}-01`;
  const end = lastDay(start);
  if (first) return d.issueDate < start ? start : d.issueDate > end ? end : d.issueDate;
  return today < start ? start : today;
}

export interface Settlement {
  amount: number;
  interest: number;
  fine: number;
  discount: number;
  settled: number;
  bankAccountId: string;
  bankLedgerAccountId: string;
}

/**
 * Settlement (caixa) of a parcela: payment → D suppliers (amount) + D interest/fine / C discount obtained / C bank
 * (settled); receipt → D bank (settled) + D discount granted / C customers (amount) / C interest/fine received. The
 * bank line carries the DFC class and line of the lançamento's category.
 */
export function settlementLines(d: DocInfo, s: Settlement, roles: Roles): LineInput[] {
  const base = dims(d);
  const cash = { ...base, ledgerAccountId: s.bankLedgerAccountId, bankAccountId: s.bankAccountId, dfcClass: d.category.dfcClass, dfcLine: d.category.dfcLine };
  const extra = s.interest + s.fine;
  if (d.side === 'payables') {
    return [
      ...sidedLine(s.amount, { ...base, ledgerAccountId: roles.get('FORNECEDORES').ledgerAccountId }),
      ...sidedLine(extra, { ...base, ledgerAccountId: roles.get('JUROS_MULTAS_PAGOS').ledgerAccountId }),
      ...sidedLine(-s.discount, { ...base, ledgerAccountId: roles.get('DESCONTOS_OBTIDOS').ledgerAccountId }),
      ...sidedLine(-s.settled, cash),
    ];
  }
  return [
    ...sidedLine(s.settled, cash),
    ...sidedLine(s.discount, { ...base, ledgerAccountId: roles.get('DESCONTOS_CONCEDIDOS').ledgerAccountId }),
    ...sidedLine(-s.amount, { ...base, ledgerAccountId: roles.get('CLIENTES').ledgerAccountId }),
    ...sidedLine(-extra, { ...base, ledgerAccountId: roles.get('JUROS_MULTAS_RECEBIDOS').ledgerAccountId }),
  ];
}

/** What a manual movement may carry (from a reconciliation rule, D81): its category's account and the dimensions. */
export interface ManualExtras {
  /** The category's target (expense for a debit, revenue for a credit); absent → the MOVIMENTO_* role. */
  category?: Target | null;
  categoryId?: string | null;
  costCenterId?: string | null;
  partyId?: string | null;
}

/**
 * A manual bank movement (fee, yield, adjustment): bank against the MOVIMENTO_SAIDA / MOVIMENTO_ENTRADA role, or
 * against its category's ledger account when it has one (a rule's movement, D81), with cost center and counterpart.
 */
export function manualLines(m: { amount: number; bankAccountId: string; bankLedgerAccountId: string }, roles: Roles, extras: ManualExtras = {}): LineInput[] {
  const role = () => roles.get(m.amount > 0 ? 'MOVIMENTO_ENTRADA' : 'MOVIMENTO_SAIDA');
  const other = extras.category ?? role();
  const lineDims = {
    ...(extras.costCenterId ? { costCenterId: extras.costCenterId } : {}),
    ...(extras.partyId ? { partyId: extras.partyId } : {}),
    ...(extras.category && extras.categoryId ? { categoryId: extras.categoryId } : {}),
  };
  return [
    ...sidedLine(m.amount, { ...lineDims, ledgerAccountId: m.bankLedgerAccountId, bankAccountId: m.bankAccountId, dfcClass: other.dfcClass ?? (extras.category ? role().dfcClass : null), dfcLine: other.dfcLine ?? (extras.category ? role().dfcLine : null) }),
    ...sidedLine(-m.amount, { ...lineDims, ledgerAccountId: other.ledgerAccountId }),
  ];
}

/** DFC line of a transfer between own accounts: not a cash flow (NAO_CAIXA), +X and −X cancel out when consolidated. */
export const TRANSFER_DFC_LINE = 'TRANSFERENCIA_ENTRE_CONTAS';

/** Transfer between two own bank accounts: D destination bank / C origin bank, both cash lines, no P&L effect. */
export function transferLines(t: { amount: number; from: { bankAccountId: string; ledgerAccountId: string }; to: { bankAccountId: string; ledgerAccountId: string } }): LineInput[] {
  const cls = { dfcClass: 'NAO_CAIXA', dfcLine: TRANSFER_DFC_LINE };
  return [
    ...sidedLine(t.amount, { ledgerAccountId: t.to.ledgerAccountId, bankAccountId: t.to.bankAccountId, ...cls }),
    ...sidedLine(-t.amount, { ledgerAccountId: t.from.ledgerAccountId, bankAccountId: t.from.bankAccountId, ...cls }),
  ];
}

/** Opening balance of a bank account: bank against the opening equity (ABERTURA_PL); not a cash flow (NAO_CAIXA). */
export function openingLines(a: { amount: number; bankAccountId: string; bankLedgerAccountId: string }, roles: Roles): LineInput[] {
  return [
    ...sidedLine(a.amount, { ledgerAccountId: a.bankLedgerAccountId, bankAccountId: a.bankAccountId, dfcClass: 'NAO_CAIXA', dfcLine: 'SALDO_ABERTURA' }),
    ...sidedLine(-a.amount, { ledgerAccountId: roles.get('ABERTURA_PL').ledgerAccountId }),
  ];
}

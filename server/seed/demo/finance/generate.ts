import { addMonths, planInstallments } from '../../../../src/engine/finance/installments.ts';
import { derivePayableStatus, deriveReceivableStatus, type PayableInstallmentStatus, type ReceivableInstallmentStatus } from '../../../../src/engine/finance/status.ts';
import { daysInMonth, isoToDays } from '../../../../src/engine/formats/calendar.ts';
import { bankBoleto, collectionLine, pixCopyPaste } from './codes.ts';
import { addDays, Random } from '../random.ts';
import { PAYABLE_SCENARIOS, RECEIVABLE_SCENARIOS, type Method, type Scenario } from './scenarios.ts';

/** The catalogue rows the generator draws from (looked up by the area before generating). */
export interface FinanceRefs {
  orgId: string;
  today: string;
  users: { requesters: string[]; approver: string; authorizer: string };
  suppliers: Party[];
  customers: Party[];
  expenseCategories: Named[];
  revenueCategories: Named[];
  costCenters: Named[];
  /** Department per cost center (its default cost center), when there is one. */
  departmentByCostCenter: Map<string, string>;
  /** Bank accounts of the organization; the first is the main one. */
  bankAccounts: { id: string; compe: string | null }[];
}

export interface Named {
  id: string;
  name: string;
}

export interface Party extends Named {
  document: string;
  kind: string | null;
}

export type Row = Record<string, string | number | null>;

export interface FinanceRows {
  payables: Row[];
  payableInstallments: Row[];
  receivables: Row[];
  receivableInstallments: Row[];
}

const plain = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
const minIso = (a: string, b: string) => (a < b ? a : b);
const SUPPLIER_BANKS = ['341', '237', '001', '104', '033', '756', '748', '077'];
const CITIES = ['SAO PAULO', 'CAMPINAS', 'CURITIBA', 'BELO HORIZONTE', 'RIO DE JANEIRO', 'PORTO ALEGRE'];

/** A fixed value or one drawn from `[min, max]`. */
const draw = (rng: Random, v: number | readonly [number, number]) => (typeof v === 'number' ? v : rng.int(v[0], v[1]));

/** Resolves a scenario's category, party pool and cost center by name; undefined when the catalogues lack a category. */
function resolve(s: Scenario, categories: Named[], parties: Party[], refs: FinanceRefs, generalPool: Party[]) {
  const category = categories.find((c) => s.category.test(plain(c.name)));
  if (!category) return undefined;
  const named = s.party ? parties.filter((p) => s.party!.test(plain(p.name))) : [];
  const byKind = (s.kinds ? generalPool.filter((p) => p.kind && s.kinds!.includes(p.kind)) : []);
  // A monthly bill has one issuer (the landlord, the utility, the tax office); purchases spread over many.
  const pool = named.length ? (s.perMonth === 1 ? named.slice(0, 1) : named) : byKind.length ? byKind : generalPool;
  const costCenter = (s.costCenter && refs.costCenters.find((c) => s.costCenter!.test(plain(c.name)))) || refs.costCenters[0];
  return { category, pool, costCenter };
}

interface Ctx {
  rng: Random;
  refs: FinanceRefs;
  pay: boolean;
}

/** Months (`AAAA-MM`) from 11 months before today's month up to today's. */
function lastTwelveMonths(today: string): string[] {
  return Array.from({ length: 12 }, (_, i) => addMonths(`${today.slice(0, 7)}-01`, i - 11).slice(0, 7));
}

/** One document with its parcelas and the statuses its dates imply. */
function document(ctx: Ctx, s: Scenario, r: NonNullable<ReturnType<typeof resolve>>, month: string, out: FinanceRows, who?: Party): void {
  const { rng, refs, pay } = ctx;
  const lastDay = daysInMonth(Number(month.slice(0, 4)), Number(month.slice(5, 7)));
  const issueDate = `${month}-${String(Math.min(draw(rng, s.issueDay), lastDay)).padStart(2, '0')}`;
  if (issueDate > refs.today) return;
  const party = who ?? rng.pick(r.pool);
  const docNumber = String(rng.int(1000, 999999));
  const amount = typeof s.amount === 'number' ? s.amount * 100 : rng.amount(s.amount[0], s.amount[1]);
  const discount = pay && s.key === 'mercadorias' && rng.chance(0.04) ? Math.round(amount * 0.03) : 0;
  const net = amount - discount;
  const count = s.installments ? rng.weighted(s.installments) : 1;
  const firstDueDate = 'days' in s.due
    ? addDays(issueDate, s.due.days)
    : (() => {
        const m = addMonths(`${month}-01`, s.due.months);
        return `${m.slice(0, 8)}${String(Math.min(s.due.day, daysInMonth(Number(m.slice(0, 4)), Number(m.slice(5, 7))))).padStart(2, '0')}`;
      })();
  const method: Method = rng.weighted(s.methods);
  const competence = s.competence === 'issue' ? month : addMonths(`${month}-01`, -1).slice(0, 7);
  const description = s.description(competence, docNumber, party.name.split(' ').slice(0, 3).join(' '));
  const bank = refs.bankAccounts.length ? (rng.chance(0.75) ? refs.bankAccounts[0] : rng.pick(refs.bankAccounts)) : undefined;
  const id = rng.uuid();
  const cancelled = rng.chance(0.012);
  const plan = planInstallments({ total: net, count, firstDueDate });
  const approved = !cancelled && (isoToDays(refs.today) - isoToDays(issueDate) > 4 || firstDueDate <= addDays(refs.today, 3));
  const draftStage = rng.weighted<PayableInstallmentStatus>([['RASCUNHO', 2], ['ABERTO', 3], ['APROVADO', 2]]);
  const code = (due: string, value: number) => {
    if (method === 'BOLETO') return { boleto: s.segment ? collectionLine(rng, s.segment, value) : pay ? bankBoleto(rng, rng.pick(SUPPLIER_BANKS), due, value) : bankBoleto(rng, bank?.compe ?? '341', due, value) };
    if (method === 'PIX' && pay) return { pix: pixCopyPaste(party.document, party.name, rng.pick(CITIES), value, `NF${docNumber}`) };
    return {};
  };

  let authorizedAt: string | null = null;
  const parcels = plan.map((p) => {
    const status = cancelled ? 'CANCELADO' : pay ? payableInstallmentStatus(ctx, p.dueDate, approved ? 'APROVADO' : draftStage) : receivableInstallmentStatus(ctx, p.dueDate);
    const settled = status === 'PAGO' || status === 'RECEBIDO';
    const late = settled && rng.chance(0.07);
    const settledAt = settled ? minIso(late ? addDays(p.dueDate, rng.int(1, 20)) : addDays(p.dueDate, -rng.int(0, 3)), refs.today) : null;
    const daysLate = settledAt ? Math.max(0, isoToDays(settledAt) - isoToDays(p.dueDate)) : 0;
    const fine = daysLate > 0 ? Math.round(p.amount * 0.02) : 0;
    const interest = daysLate > 0 ? Math.round((p.amount * 0.01 * daysLate) / 30) : 0;
    if (pay && (status === 'AUTORIZADO' || settled)) authorizedAt ??= `${addDays(p.dueDate, -2)}T13:00:00-03:00`;
    const c = count === 1 ? code(p.dueDate, p.amount) : method === 'BOLETO' ? code(p.dueDate, p.amount) : {};
    return {
      id: rng.uuid(),
      [pay ? 'payable_id' : 'receivable_id']: id,
      organization_id: refs.orgId,
      cost_center_id: r.costCenter.id,
      [pay ? 'supplier_id' : 'customer_id']: party.id,
      label: `${p.number}/${p.count} — ${description}`,
      number: p.number,
      count: p.count,
      due_date: p.dueDate,
      original_due_date: p.dueDate,
      amount: p.amount,
      interest,
      fine,
      discount: 0,
      [pay ? 'paid_amount' : 'received_amount']: settled ? p.amount + interest + fine : 0,
      [pay ? 'paid_at' : 'received_at']: settledAt,
      payment_method: method,
      bank_account_id: bank?.id ?? null,
      boleto_line: c.boleto ?? null,
      pix_code: c.pix ?? null,
      status,
      created_at: `${issueDate}T10:00:00-03:00`,
      updated_at: `${settledAt ?? issueDate}T16:00:00-03:00`,
    } satisfies Row;
  });
  const statuses = parcels.map((p) => String(p.status));
  const headerStatus = pay ? derivePayableStatus(statuses as PayableInstallmentStatus[]) : deriveReceivableStatus(statuses as ReceivableInstallmentStatus[]);
  const open = parcels.filter((p) => !['PAGO', 'RECEBIDO', 'CANCELADO', 'ESTORNADO'].includes(String(p.status)));
  const settledSum = parcels.reduce((sum, p) => sum + Number(p[pay ? 'paid_amount' : 'received_amount']), 0);
  const single = count === 1 ? parcels[0] : undefined;
  const header: Row = {
    id,
    organization_id: refs.orgId,
    [pay ? 'supplier_id' : 'customer_id']: party.id,
    document_type: s.documentType,
    document_number: docNumber,
    issue_date: issueDate,
    competence,
    description,
    amount,
    interest: 0,
    fine: 0,
    discount,
    net_amount: net,
    installment_count: count,
    first_due_date: firstDueDate,
    cost_center_id: r.costCenter.id,
    category_id: r.category.id,
    department_id: refs.departmentByCostCenter.get(r.costCenter.id) ?? null,
    payment_method: method,
    bank_account_id: bank?.id ?? null,
    boleto_line: single?.boleto_line ?? null,
    pix_code: single?.pix_code ?? null,
    status: headerStatus,
    [pay ? 'paid_amount' : 'received_amount']: settledSum,
    next_due_date: open.map((p) => String(p.due_date)).sort()[0] ?? null,
    status_reason: cancelled ? rng.pick(['Lançamento em duplicidade.', 'Documento substituído pelo fornecedor.', 'Pedido cancelado.']) : null,
    created_at: `${issueDate}T10:00:00-03:00`,
    updated_at: parcels.map((p) => String(p.updated_at)).sort().at(-1)!,
  };
  if (pay) {
    const stage = headerStatus === 'RASCUNHO' || headerStatus === 'ABERTO' || cancelled;
    Object.assign(header, {
      pix_key: method === 'PIX' ? party.document : null,
      requester_id: rng.pick(refs.users.requesters),
      approved_by: stage ? null : refs.users.approver,
      approved_at: stage ? null : `${minIso(addDays(issueDate, rng.int(1, 3)), refs.today)}T11:00:00-03:00`,
      authorized_by: authorizedAt ? refs.users.authorizer : null,
      authorized_at: authorizedAt,
    });
  }
  (pay ? out.payables : out.receivables).push(header);
  (pay ? out.payableInstallments : out.receivableInstallments).push(...parcels);
}

/** Paid when due well before today, mostly authorized when due in the next days, approved later on. */
function payableInstallmentStatus({ rng, refs }: Ctx, due: string, stage: PayableInstallmentStatus): PayableInstallmentStatus {
  if (stage !== 'APROVADO') return stage;
  const d = isoToDays(due) - isoToDays(refs.today);
  if (d < -2) return rng.weighted([['PAGO', 96], ['AUTORIZADO', 2], ['APROVADO', 2]]);
  if (d <= 3) return rng.weighted([['PAGO', 40], ['AUTORIZADO', 45], ['APROVADO', 15]]);
  if (d <= 10) return rng.weighted([['AUTORIZADO', 35], ['APROVADO', 65]]);
  return 'APROVADO';
}

/** Received when due before today (some customers late: overdue), open ahead. */
function receivableInstallmentStatus({ rng, refs }: Ctx, due: string): ReceivableInstallmentStatus {
  const d = isoToDays(due) - isoToDays(refs.today);
  if (d < -3) return rng.weighted([['RECEBIDO', 92], ['ABERTO', 8]]);
  if (d <= 0) return rng.weighted([['RECEBIDO', 50], ['ABERTO', 50]]);
  return rng.chance(0.03) ? 'RECEBIDO' : 'ABERTO';
}

/**
 * Twelve months up to `refs.today` of payables and receivables with their parcelas, deterministic for a
 * given `seed` and catalogues. Scenarios whose category the catalogues lack are skipped.
 */
export function generateFinance(refs: FinanceRefs, seed = 20260101): FinanceRows {
  const rng = new Random(seed);
  const out: FinanceRows = { payables: [], payableInstallments: [], receivables: [], receivableInstallments: [] };
  if (!refs.costCenters.length) return out;
  const sides = [
    { pay: true, scenarios: PAYABLE_SCENARIOS, categories: refs.expenseCategories, parties: refs.suppliers },
    { pay: false, scenarios: RECEIVABLE_SCENARIOS, categories: refs.revenueCategories, parties: refs.customers },
  ];
  for (const side of sides) {
    if (!side.parties.length) continue;
    // Parties a scenario names (the landlord, the utilities, the fuel station) are not drawn for generic purchases.
    const special = new Set(side.scenarios.flatMap((s) => (s.party ? side.parties.filter((p) => s.party!.test(plain(p.name))).map((p) => p.id) : [])));
    const general = side.parties.filter((p) => !special.has(p.id));
    const pool = general.length ? general : side.parties;
    const ctx: Ctx = { rng, refs, pay: side.pay };
    const resolved = side.scenarios.map((s) => [s, resolve(s, side.categories, side.parties, refs, pool)] as const);
    for (const month of lastTwelveMonths(refs.today)) {
      for (const [s, r] of resolved) {
        if (!r) continue;
        if (s.eachParty) {
          for (const p of r.pool) document(ctx, s, r, month, out, p);
          continue;
        }
        const n = draw(rng, s.perMonth);
        for (let i = 0; i < n; i++) document(ctx, s, r, month, out);
      }
    }
  }
  return out;
}

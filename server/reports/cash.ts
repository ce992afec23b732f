import type { Queryable } from '../db/index.ts';
import type { Principal } from '../lib/principal.ts';
import type { Engine } from '../resources/index.ts';
import { firstDay, lastDay, scopeConditions, Sql, type Dimensions, type Filters } from './params.ts';
import type { ReportRow } from './statements.ts';
import { TRANSFER_DFC_LINE } from '../ledger/rules.ts';

/**
 * DFC (CPC 03, direct method) and the fluxo de caixa, from the ledger's cash lines (the lines on a bank
 * account's ledger account, each classified by the DFC class and line of the category that moved it). The
 * opening and closing cash are those of the bank accounts, since every movement and opening balance posts there.
 */

const CLASSES: { key: string; label: string; total: 'operacional' | 'investimento' | 'financiamento'; noun: string }[] = [
  { key: 'OPERACIONAL', label: 'Fluxo de caixa das atividades operacionais', total: 'operacional', noun: 'operacionais' },
  { key: 'INVESTIMENTO', label: 'Fluxo de caixa das atividades de investimento', total: 'investimento', noun: 'de investimento' },
  { key: 'FINANCIAMENTO', label: 'Fluxo de caixa das atividades de financiamento', total: 'financiamento', noun: 'de financiamento' },
];

/** pt-BR label of a DFC line, from the categories' schemas (`dfcLine` options). */
function lineLabel(engine: Engine, code: string | null): string {
  if (!code) return 'Outros movimentos operacionais';
  for (const r of ['expense-categories', 'revenue-categories']) {
    const label = engine.registry.get(r)?.fields.get('dfcLine')?.options?.get(code);
    if (label) return String(label);
  }
  return code;
}

export async function dfc(q: Queryable, engine: Engine, f: Filters, principal: Principal) {
  const sql = new Sql();
  const from = sql.add(firstDay(f.from), '::date');
  const to = sql.add(firstDay(f.to), '::date');
  const where = ['m.bank_account_id IS NOT NULL', ...scopeConditions('m', f, principal, sql)].join(' AND ');
  const { rows } = await q.query<{ cls: string; line: string | null; amount: number; before: number }>(
    `SELECT CASE WHEN m.dfc_class IN ('OPERACIONAL', 'INVESTIMENTO', 'FINANCIAMENTO', 'NAO_CAIXA') THEN m.dfc_class ELSE 'OPERACIONAL' END AS cls,
            m.dfc_line AS line,
            coalesce(sum(m.debit - m.credit) FILTER (WHERE m.month BETWEEN ${from} AND ${to}), 0)::bigint AS amount,
            coalesce(sum(m.debit - m.credit) FILTER (WHERE m.month < ${from}), 0)::bigint AS before
       FROM ledger_monthly m WHERE ${where} AND m.month <= ${to}
      GROUP BY 1, 2 ORDER BY 1, 2`,
    sql.values,
  );
  const out: ReportRow[] = [];
  const totals = { operacional: 0, investimento: 0, financiamento: 0, naoCaixa: 0, variacao: 0, saldoInicial: 0, saldoFinal: 0 };
  totals.saldoInicial = rows.reduce((s, r) => s + Number(r.before), 0);
  for (const c of CLASSES) {
    const lines = rows.filter((r) => r.cls === c.key && Number(r.amount) !== 0);
    const sum = lines.reduce((s, r) => s + Number(r.amount), 0);
    totals[c.total] = sum;
    out.push({ code: c.key, label: c.label, level: 1, kind: 'section', amount: sum, drill: { cash: 'true', dfcClass: c.key } });
    for (const l of lines) {
      out.push({ code: l.line ?? 'OUTROS', label: lineLabel(engine, l.line), level: 2, kind: 'account', amount: Number(l.amount), drill: { cash: 'true', dfcClass: c.key, dfcLine: l.line ?? '' } });
    }
    out.push({ code: `${c.key}_TOTAL`, label: `= Caixa líquido das atividades ${c.noun}`, level: 0, kind: 'total', amount: sum });
  }
  totals.naoCaixa = rows.filter((r) => r.cls === 'NAO_CAIXA').reduce((s, r) => s + Number(r.amount), 0);
  totals.variacao = totals.operacional + totals.investimento + totals.financiamento;
  out.push({ code: 'VARIACAO', label: 'Aumento (redução) líquido de caixa e equivalentes', level: 0, kind: 'total', amount: totals.variacao });
  if (totals.naoCaixa) {
    out.push({ code: 'SALDOS_ABERTURA', label: 'Saldos de abertura de contas financeiras no período (não são fluxo de caixa)', level: 1, kind: 'section', amount: totals.naoCaixa, drill: { cash: 'true', dfcClass: 'NAO_CAIXA' } });
  }
  totals.saldoFinal = totals.saldoInicial + totals.variacao + totals.naoCaixa;
  out.push({ code: 'SALDO_INICIAL', label: 'Caixa e equivalentes no início do período', level: 0, kind: 'total', amount: totals.saldoInicial });
  out.push({ code: 'SALDO_FINAL', label: 'Caixa e equivalentes no fim do período', level: 0, kind: 'total', amount: totals.saldoFinal });
  return { report: 'dfc', from: f.from, to: f.to, rows: out, totals };
}

export type Granularity = 'day' | 'week' | 'month';

export interface CashFlowInput extends Dimensions {
  from: string;
  to: string;
  granularity: Granularity;
  bankAccountIds: string[] | null;
  today: string;
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (date: string, n: number) => iso(new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000));

/** Start of the bucket of `date` (weeks start on Monday). */
export function bucketOf(date: string, g: Granularity): string {
  if (g === 'day') return date;
  if (g === 'month') return `${date.slice(0, 7)}-01`;
  const dow = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(date, -dow);
}

function nextBucket(d: string, g: Granularity): string {
  if (g === 'day') return addDays(d, 1);
  if (g === 'week') return addDays(d, 7);
  return iso(new Date(Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)), 1)));
}

function buckets(from: string, to: string, g: Granularity): string[] {
  const out: string[] = [];
  for (let d = bucketOf(from, g); d <= to; d = nextBucket(d, g)) out.push(d);
  return out;
}

function bucketLabel(start: string, g: Granularity): string {
  const br = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
  if (g === 'month') return `${start.slice(5, 7)}/${start.slice(0, 4)}`;
  if (g === 'week') return `Semana de ${br(start)}`;
  return br(start);
}

/**
 * Fluxo de caixa: realized (cash lines of the ledger, by day) and projected (open parcelas by due date: receivables
 * in, payables out; the overdue ones on today), per bucket, with the running balance from the cash before `from`.
 */
export async function cashFlow(q: Queryable, input: CashFlowInput, principal: Principal) {
  const start = firstDay(input.from);
  const end = lastDay(input.to);
  const sql = new Sql();
  const s = sql.add(start, '::date');
  const e = sql.add(end, '::date');
  const conds = ['l.bank_account_id IS NOT NULL', ...scopeConditions('l', input, principal, sql)];
  if (input.bankAccountIds) conds.push(`l.bank_account_id = ANY(${sql.add(input.bankAccountIds, '::uuid[]')})`);
  // Consolidated, a transfer between own accounts is no inflow nor outflow (its two lines cancel out): left out.
  else conds.push(`l.dfc_line IS DISTINCT FROM '${TRANSFER_DFC_LINE}'`);
  // By month, the monthly summary has the same sums (its rows are the lines grouped by month): no line read (D61).
  const realized = await q.query<{ date: string; inflow: number; outflow: number }>(
    input.granularity === 'month'
      ? `SELECT to_char(l.month, 'YYYY-MM-DD') AS date, sum(l.debit)::bigint AS inflow, sum(l.credit)::bigint AS outflow
           FROM ledger_monthly l WHERE ${conds.join(' AND ')} AND l.month BETWEEN ${s} AND ${e} GROUP BY 1`
      : `SELECT l.date, sum(l.debit)::bigint AS inflow, sum(l.credit)::bigint AS outflow
           FROM journal_lines l WHERE ${conds.join(' AND ')} AND l.date BETWEEN ${s} AND ${e} GROUP BY 1`,
    sql.values,
  );
  // The cash before the period from the monthly summary (whole months: the period starts on a 1st).
  const o = new Sql();
  const oConds = ['m.bank_account_id IS NOT NULL', ...scopeConditions('m', input, principal, o)];
  if (input.bankAccountIds) oConds.push(`m.bank_account_id = ANY(${o.add(input.bankAccountIds, '::uuid[]')})`);
  const opening = await q.query<{ s: number | null }>(
    `SELECT sum(m.debit - m.credit)::bigint AS s FROM ledger_monthly m WHERE ${oConds.join(' AND ')} AND m.month < ${o.add(start, '::date')}`,
    o.values,
  );
  // Projected: open parcelas due in the period from today on (the overdue ones counted today).
  const p = new Sql();
  const today = p.add(input.today, '::date');
  const pe = p.add(end, '::date');
  const ps = p.add(start, '::date');
  const scopeP = scopeConditions('i', { ...input, departmentIds: null, projectIds: null }, principal, p).map((c) => `AND ${c}`).join(' ');
  const bank = input.bankAccountIds ? `AND i.bank_account_id = ANY(${p.add(input.bankAccountIds, '::uuid[]')})` : '';
  const projected = await q.query<{ date: string; inflow: number; outflow: number }>(
    `SELECT greatest(x.due, ${today}) AS date, sum(x.inflow)::bigint AS inflow, sum(x.outflow)::bigint AS outflow FROM (
       SELECT i.due_date AS due, 0::bigint AS inflow, i.amount AS outflow FROM payable_installments i
        WHERE i.deleted_at IS NULL AND i.status IN ('ABERTO', 'APROVADO', 'AUTORIZADO') ${scopeP} ${bank}
       UNION ALL
       SELECT i.due_date, i.amount, 0::bigint FROM receivable_installments i
        WHERE i.deleted_at IS NULL AND i.status = 'ABERTO' ${scopeP} ${bank}) x
      WHERE greatest(x.due, ${today}) BETWEEN ${ps} AND ${pe}
      GROUP BY 1`,
    p.values,
  );
  const list = buckets(start, end, input.granularity);
  const byBucket = new Map(list.map((b) => [b, { realizedIn: 0, realizedOut: 0, projectedIn: 0, projectedOut: 0 }]));
  for (const r of realized.rows) {
    const b = byBucket.get(bucketOf(r.date, input.granularity));
    if (b) [b.realizedIn, b.realizedOut] = [b.realizedIn + Number(r.inflow), b.realizedOut + Number(r.outflow)];
  }
  for (const r of projected.rows) {
    const b = byBucket.get(bucketOf(r.date, input.granularity));
    if (b) [b.projectedIn, b.projectedOut] = [b.projectedIn + Number(r.inflow), b.projectedOut + Number(r.outflow)];
  }
  const saldoInicial = Number(opening.rows[0]?.s ?? 0);
  let balance = saldoInicial;
  const rows = list.map((period) => {
    const b = byBucket.get(period)!;
    const net = b.realizedIn - b.realizedOut + b.projectedIn - b.projectedOut;
    balance += net;
    return { period, label: bucketLabel(period, input.granularity), ...b, net, balance };
  });
  const negative = rows.filter((r) => r.balance < 0).map((r) => r.period);
  const sum = (k: 'realizedIn' | 'realizedOut' | 'projectedIn' | 'projectedOut') => rows.reduce((t, r) => t + r[k], 0);
  return {
    report: 'fluxo-de-caixa',
    from: input.from,
    to: input.to,
    granularity: input.granularity,
    rows,
    totals: {
      saldoInicial,
      entradasRealizadas: sum('realizedIn'),
      saidasRealizadas: sum('realizedOut'),
      entradasPrevistas: sum('projectedIn'),
      saidasPrevistas: sum('projectedOut'),
      saldoFinal: balance,
      periodosNegativos: negative.length,
    },
    negativePeriods: negative,
  };
}

const AGING = [
  { key: 'A_VENCER', label: 'A vencer', min: null, max: 0 },
  { key: 'ATE_30', label: '1 a 30 dias', min: 1, max: 30 },
  { key: 'DE_31_A_60', label: '31 a 60 dias', min: 31, max: 60 },
  { key: 'DE_61_A_90', label: '61 a 90 dias', min: 61, max: 90 },
  { key: 'ACIMA_DE_90', label: 'Mais de 90 dias', min: 91, max: null },
] as const;

/**
 * Aging of the open parcelas on `today` (a pagar ABERTO/APROVADO/AUTORIZADO, a receber ABERTO) by days overdue,
 * with the record scope and the organization / cost center filters.
 */
export async function aging(q: Queryable, d: Dimensions, today: string, principal: Principal) {
  const out: Record<'pagar' | 'receber', { key: string; label: string; amount: number; count: number }[]> = { pagar: [], receber: [] };
  for (const [side, table, statuses] of [['pagar', 'payable_installments', ['ABERTO', 'APROVADO', 'AUTORIZADO']], ['receber', 'receivable_installments', ['ABERTO']]] as const) {
    const sql = new Sql();
    const t = sql.add(today, '::date');
    const where = ['i.deleted_at IS NULL', `i.status = ANY(${sql.add(statuses, '::text[]')})`, ...scopeConditions('i', { ...d, departmentIds: null, projectIds: null }, principal, sql)];
    const { rows } = await q.query<{ days: number; amount: number; n: number }>(
      `SELECT greatest(${t} - i.due_date, 0) AS days, sum(i.amount)::bigint AS amount, count(*)::int AS n FROM ${table} i WHERE ${where.join(' AND ')} GROUP BY 1`,
      sql.values,
    );
    out[side] = AGING.map((b) => {
      const inBucket = rows.filter((r) => (b.min === null ? Number(r.days) === 0 : Number(r.days) >= b.min) && (b.max === null || b.min === null || Number(r.days) <= b.max));
      return { key: b.key, label: b.label, amount: inBucket.reduce((s, r) => s + Number(r.amount), 0), count: inBucket.reduce((s, r) => s + Number(r.n), 0) };
    });
  }
  return { date: today, ...out };
}

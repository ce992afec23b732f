import type { Queryable } from '../db/index.ts';
import type { Principal } from '../lib/principal.ts';
import { addMonths, firstDay, scopeConditions, Sql, type Dimensions, type Filters } from './params.ts';
import type { ReportRow } from '../../src/engine/reports/types.ts';

/**
 * DRE (Lei 6.404 art. 187, by competência) and balanço (art. 178, at a date) from the ledger's monthly summary
 * (`ledger_monthly`, kept in the posting's transaction): a figure is the sum of its journal lines to the centavo.
 */

export type { ReportRow };

const pct = (a: number, b: number) => (b ? Math.round((a / b) * 10000) / 100 : null);

interface AccountSum {
  section: string;
  groupId: string;
  groupCode: string;
  groupName: string;
  groupOrder: number;
  accountId: string;
  accountCode: string;
  accountName: string;
  amount: number;
  previous: number;
  lastYear: number;
}

const DRE_STEPS: ({ section: string[]; label: string } | { total: string; label: string })[] = [
  { section: ['RECEITA_BRUTA'], label: 'Receita operacional bruta' },
  { section: ['DEDUCOES'], label: '(−) Deduções da receita bruta' },
  { total: 'receitaLiquida', label: '= Receita operacional líquida' },
  { section: ['CUSTOS'], label: '(−) Custo das mercadorias e dos serviços vendidos' },
  { total: 'lucroBruto', label: '= Lucro bruto' },
  { section: ['DESPESAS_OPERACIONAIS', 'OUTRAS_OPERACIONAIS'], label: '(−) Despesas operacionais' },
  { total: 'resultadoOperacional', label: '= Resultado operacional antes do resultado financeiro' },
  { section: ['RESULTADO_FINANCEIRO'], label: '(±) Resultado financeiro' },
  { total: 'resultadoAntesTributos', label: '= Resultado antes do IR e da CSLL' },
  { section: ['TRIBUTOS_LUCRO'], label: '(−) IRPJ e CSLL' },
  { total: 'lucroLiquido', label: '= Lucro (prejuízo) líquido do exercício' },
];

const monthsBetween = (from: string, to: string) => (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7)) + 1;

/** Σ (credit − debit) per DRE account over the period, the previous period of the same length and the same period a year before. */
async function dreSums(q: Queryable, f: Filters, principal: Principal): Promise<AccountSum[]> {
  const sql = new Sql();
  const n = monthsBetween(f.from, f.to);
  const p = { from: addMonths(f.from, -n), to: addMonths(f.to, -n) };
  const y = { from: addMonths(f.from, -12), to: addMonths(f.to, -12) };
  const range = (r: { from: string; to: string }) => `m.month BETWEEN ${sql.add(firstDay(r.from), '::date')} AND ${sql.add(firstDay(r.to), '::date')}`;
  const [cur, prev, ly] = [range(f), range(p), range(y)];
  const where = [`(${cur} OR ${prev} OR ${ly})`, ...scopeConditions('m', f, principal, sql)];
  const { rows } = await q.query<AccountSum>(
    `SELECT g.section, g.id AS "groupId", g.code AS "groupCode", g.name AS "groupName", g."order" AS "groupOrder",
            a.id AS "accountId", a.code AS "accountCode", a.name AS "accountName",
            coalesce(sum(m.credit - m.debit) FILTER (WHERE ${cur}), 0)::bigint AS amount,
            coalesce(sum(m.credit - m.debit) FILTER (WHERE ${prev}), 0)::bigint AS previous,
            coalesce(sum(m.credit - m.debit) FILTER (WHERE ${ly}), 0)::bigint AS "lastYear"
       FROM ledger_monthly m
       JOIN ledger_accounts a ON a.id = m.ledger_account_id
       JOIN accounting_groups g ON g.id = a.accounting_group_id AND g.statement = 'DRE'
      WHERE ${where.join(' AND ')}
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
      ORDER BY g."order", g.code, a.code`,
    sql.values,
  );
  return rows.map((r) => ({ ...r, amount: Number(r.amount), previous: Number(r.previous), lastYear: Number(r.lastYear) }));
}

type Triple = { amount: number; previous: number; lastYear: number };
const sumOf = (list: readonly Triple[]): Triple => list.reduce((s, r) => ({ amount: s.amount + r.amount, previous: s.previous + r.previous, lastYear: s.lastYear + r.lastYear }), { amount: 0, previous: 0, lastYear: 0 });

export interface BudgetLine {
  costCenterId: string;
  code: string;
  name: string;
  orcamento: number;
  realizado: number;
  diferenca: number;
  consumoPct: number | null;
}

/**
 * Budget vs actual of each analytic cost center with a monthly budget (in scope and filter): its budget × the
 * months of the period against its costs + operating expenses (Σ debit − credit of those DRE sections).
 */
async function budgetOf(q: Queryable, f: Filters, principal: Principal): Promise<BudgetLine[]> {
  const sql = new Sql();
  const where = ['c.deleted_at IS NULL', "c.type = 'A'", 'c.monthly_budget IS NOT NULL'];
  const scopeOrgs = principal.recordScope.organizationIds;
  const orgs = f.organizationIds ?? (scopeOrgs === 'all' ? null : scopeOrgs);
  if (orgs) where.push(`c.organization_id = ANY(${sql.add(scopeOrgs === 'all' ? orgs : orgs.filter((o) => scopeOrgs.includes(o)), '::uuid[]')})`);
  const scopeCcs = principal.recordScope.costCenterIds;
  const ccs = f.costCenterIds ?? (scopeCcs === 'all' ? null : scopeCcs);
  if (ccs) where.push(`c.id = ANY(${sql.add(scopeCcs === 'all' ? ccs : ccs.filter((c) => scopeCcs.includes(c)), '::uuid[]')})`);
  const months = monthsBetween(f.from, f.to);
  const mWhere = [`m.month BETWEEN ${sql.add(firstDay(f.from), '::date')} AND ${sql.add(firstDay(f.to), '::date')}`, ...scopeConditions('m', f, principal, sql)];
  const { rows } = await q.query<{ costCenterId: string; code: string; name: string; monthly: number; actual: number }>(
    `SELECT c.id AS "costCenterId", c.code, c.name, c.monthly_budget::bigint AS monthly,
            coalesce((SELECT sum(m.debit - m.credit)
                        FROM ledger_monthly m
                        JOIN ledger_accounts a ON a.id = m.ledger_account_id
                        JOIN accounting_groups g ON g.id = a.accounting_group_id AND g.statement = 'DRE'
                                                 AND g.section IN ('CUSTOS', 'DESPESAS_OPERACIONAIS', 'OUTRAS_OPERACIONAIS')
                       WHERE m.cost_center_id = c.id AND ${mWhere.join(' AND ')}), 0)::bigint AS actual
       FROM cost_centers c WHERE ${where.join(' AND ')} ORDER BY c.code`,
    sql.values,
  );
  return rows.map((r) => {
    const orcamento = Number(r.monthly) * months;
    const realizado = Number(r.actual);
    return { costCenterId: r.costCenterId, code: r.code, name: r.name, orcamento, realizado, diferenca: orcamento - realizado, consumoPct: pct(realizado, orcamento) };
  });
}

export async function dre(q: Queryable, f: Filters, principal: Principal) {
  const sums = await dreSums(q, f, principal);
  const rows: ReportRow[] = [];
  const totals: Record<string, number> = {};
  let running: Triple = { amount: 0, previous: 0, lastYear: 0 };
  const sectionTotals: Record<string, Triple> = {};
  for (const step of DRE_STEPS) {
    if ('total' in step) {
      totals[step.total] = running.amount;
      rows.push({ code: step.total, label: step.label, level: 0, kind: 'total', ...running });
      continue;
    }
    const accounts = sums.filter((s) => step.section.includes(s.section));
    const t = sumOf(accounts);
    sectionTotals[step.section[0]] = t;
    running = sumOf([running, t]);
    rows.push({ code: step.section.join('+'), label: step.label, level: 1, kind: 'section', ...t, drill: { statementSection: step.section.join(',') } });
    const groups = [...new Map(accounts.map((a) => [a.groupId, a])).values()];
    for (const g of groups) {
      const inGroup = accounts.filter((a) => a.groupId === g.groupId);
      rows.push({ code: g.groupCode, label: g.groupName, level: 2, kind: 'group', ...sumOf(inGroup), drill: { accountingGroupId: g.groupId } });
      for (const a of inGroup) {
        rows.push({ code: a.accountCode, label: `${a.accountCode} ${a.accountName}`, level: 3, kind: 'account', amount: a.amount, previous: a.previous, lastYear: a.lastYear, drill: { ledgerAccountId: a.accountId } });
      }
    }
  }
  totals.receitaBruta = sectionTotals.RECEITA_BRUTA.amount;
  totals.deducoes = sectionTotals.DEDUCOES.amount;
  totals.custos = sectionTotals.CUSTOS.amount;
  totals.despesasOperacionais = sectionTotals.DESPESAS_OPERACIONAIS.amount;
  totals.resultadoFinanceiro = sectionTotals.RESULTADO_FINANCEIRO.amount;
  totals.tributosLucro = sectionTotals.TRIBUTOS_LUCRO.amount;
  // The budget is per cost center only: with a department or project filter there is nothing to compare against.
  const budgets = f.departmentIds || f.projectIds ? [] : await budgetOf(q, f, principal);
  const actual = -(totals.custos + totals.despesasOperacionais);
  const budget = budgets.length ? budgets.reduce((s, b) => s + b.orcamento, 0) : null;
  const base = totals.receitaLiquida;
  for (const r of rows) {
    r.verticalPct = pct(r.amount, base);
    r.horizontalPct = r.previous ? pct(r.amount - r.previous!, Math.abs(r.previous!)) : null;
  }
  return {
    report: 'dre', from: f.from, to: f.to, rows, totals,
    // Budget vs actual: the monthly budgets of the analytic cost centers (in scope and filter) × the months,
    // against costs + operating expenses of the period; and each cost center's own budget against its own actual.
    budget: budget === null ? null : { orcamento: budget, realizado: actual, consumoPct: pct(actual, budget), costCenters: budgets },
  };
}

const BP_SECTIONS: { key: string; label: string; sign: 1 | -1; side: 'ativo' | 'passivo' | 'patrimonioLiquido' }[] = [
  { key: 'ATIVO_CIRCULANTE', label: 'Ativo circulante', sign: 1, side: 'ativo' },
  { key: 'ATIVO_NAO_CIRCULANTE', label: 'Ativo não circulante', sign: 1, side: 'ativo' },
  { key: 'PASSIVO_CIRCULANTE', label: 'Passivo circulante', sign: -1, side: 'passivo' },
  { key: 'PASSIVO_NAO_CIRCULANTE', label: 'Passivo não circulante', sign: -1, side: 'passivo' },
  { key: 'PATRIMONIO_LIQUIDO', label: 'Patrimônio líquido', sign: -1, side: 'patrimonioLiquido' },
];

/**
 * Balanço at `date`: Σ (debit − credit) of every account up to the date (whole months from the summary, the
 * date's own month from the lines). Assets debit-positive; liabilities and equity credit-positive; the result
 * not yet closed into equity (Σ of the DRE accounts) shown inside the PL, so Ativo = Passivo + PL.
 */
export async function balanco(q: Queryable, date: string, d: Dimensions, principal: Principal) {
  const sql = new Sql();
  const month = sql.add(`${date.slice(0, 7)}-01`, '::date');
  const at = sql.add(date, '::date');
  const m = scopeConditions('m', d, principal, sql);
  const l = scopeConditions('l', d, principal, sql);
  const { rows } = await q.query<{ statement: string | null; section: string | null; groupId: string | null; groupCode: string | null; groupName: string | null; accountId: string; accountCode: string; accountName: string; balance: number }>(
    `WITH sums AS (
       SELECT m.ledger_account_id AS id, sum(m.debit - m.credit) AS s FROM ledger_monthly m WHERE m.month < ${month} ${m.map((c) => `AND ${c}`).join(' ')} GROUP BY 1
       UNION ALL
       SELECT l.ledger_account_id, sum(l.debit - l.credit) FROM journal_lines l WHERE l.date >= ${month} AND l.date <= ${at} ${l.map((c) => `AND ${c}`).join(' ')} GROUP BY 1)
     SELECT g.statement, g.section, g.id AS "groupId", g.code AS "groupCode", g.name AS "groupName", a.id AS "accountId", a.code AS "accountCode", a.name AS "accountName",
            sum(s.s)::bigint AS balance
       FROM sums s JOIN ledger_accounts a ON a.id = s.id LEFT JOIN accounting_groups g ON g.id = a.accounting_group_id
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 HAVING sum(s.s) <> 0
      ORDER BY g."order" NULLS LAST, g.code, a.code`,
    sql.values,
  );
  const out: ReportRow[] = [];
  const totals = { ativo: 0, passivo: 0, patrimonioLiquido: 0, resultadoDoPeriodo: 0, semGrupo: 0, passivoMaisPL: 0, diferenca: 0 };
  // Result not yet closed into equity: Σ of the DRE accounts (credit − debit).
  totals.resultadoDoPeriodo = -rows.filter((r) => r.statement === 'DRE').reduce((s, r) => s + Number(r.balance), 0);
  totals.semGrupo = rows.filter((r) => !r.statement).reduce((s, r) => s + Number(r.balance), 0);
  for (const sec of BP_SECTIONS) {
    const accounts = rows.filter((r) => r.statement === 'BALANCO' && r.section === sec.key);
    const sectionAmount = accounts.reduce((s, r) => s + sec.sign * Number(r.balance), 0) + (sec.key === 'PATRIMONIO_LIQUIDO' ? totals.resultadoDoPeriodo : 0);
    totals[sec.side] += sectionAmount;
    out.push({ code: sec.key, label: sec.label, level: 1, kind: 'section', amount: sectionAmount, drill: { statementSection: sec.key } });
    const groups = [...new Map(accounts.map((a) => [a.groupId, a])).values()];
    for (const g of groups) {
      const inGroup = accounts.filter((a) => a.groupId === g.groupId);
      out.push({ code: g.groupCode!, label: g.groupName!, level: 2, kind: 'group', amount: inGroup.reduce((s, r) => s + sec.sign * Number(r.balance), 0), drill: { accountingGroupId: g.groupId! } });
      for (const a of inGroup) out.push({ code: a.accountCode, label: `${a.accountCode} ${a.accountName}`, level: 3, kind: 'account', amount: sec.sign * Number(a.balance), drill: { ledgerAccountId: a.accountId } });
    }
    if (sec.key === 'PATRIMONIO_LIQUIDO') {
      out.push({ code: 'RESULTADO', label: 'Resultado do exercício (ainda não destinado)', level: 2, kind: 'group', amount: totals.resultadoDoPeriodo, drill: { statementSection: 'DRE' } });
    }
  }
  totals.passivoMaisPL = totals.passivo + totals.patrimonioLiquido;
  totals.diferenca = totals.ativo - totals.passivoMaisPL;
  out.push({ code: 'ATIVO', label: 'Total do ativo', level: 0, kind: 'total', amount: totals.ativo });
  out.push({ code: 'PASSIVO_PL', label: 'Total do passivo + patrimônio líquido', level: 0, kind: 'total', amount: totals.passivoMaisPL });
  for (const r of out) r.verticalPct = pct(r.amount, totals.ativo);
  return { report: 'balanco', date, rows: out, totals };
}

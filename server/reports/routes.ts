import type { FastifyInstance, FastifyRequest } from 'fastify';
import { todayInBrazil } from '../finance/workflow/common.ts';
import { badRequest } from '../lib/errors.ts';
import { linkHeader } from '../resources/link.ts';
import { guard, principalOf } from '../resources/http.ts';
import { analytical } from './analytical.ts';
import { aging, cashFlow, dfc, type Granularity } from './cash.ts';
import { BAD_QUERY, period, QueryReader } from './params.ts';
import { balanco, dre } from './statements.ts';
import { REPORT_PERMISSIONS } from '../../src/engine/reports/permissions.ts';

/**
 * The finance-reporting service (`/api/finance-reporting/v1`): AccountingReport (DRE, DFC, balanço),
 * CashFlow and AnalyticalReport over the general ledger. Each with its permission; record scope applied to
 * every figure; amounts in integer centavos; bad parameters → 400 with pt-BR field errors.
 */

export { REPORT_PERMISSIONS };

const reader = (req: FastifyRequest) => new QueryReader({ ...(req.query as Record<string, unknown>) });

export default async function reportRoutes(app: FastifyInstance): Promise<void> {
  const engine = app.resources;

  app.get('/accounting-reports/:report', guard(app, REPORT_PERMISSIONS.accounting, 'read'), async (req) => {
    const report = (req.params as { report: string }).report;
    const r = reader(req);
    const principal = principalOf(req);
    if (report === 'balanco') {
      const date = r.date('date', todayInBrazil());
      const d = r.dimensions();
      r.done();
      return balanco(app.db, date!, d, principal);
    }
    if (report !== 'dre' && report !== 'dfc') throw badRequest({ report: ['Use dre, dfc ou balanco.'] }, BAD_QUERY);
    const p = period(r);
    const d = r.dimensions();
    r.done();
    return report === 'dre' ? dre(app.db, { ...p, ...d }, principal) : dfc(app.db, engine, { ...p, ...d }, principal);
  });

  app.get('/cash-flows', guard(app, REPORT_PERMISSIONS.cashFlow, 'read'), async (req) => {
    const r = reader(req);
    const p = period(r);
    const granularity = r.oneOf<Granularity>('granularity', ['day', 'week', 'month'], 'month', 'day, week ou month');
    const bankAccountIds = r.ids('bankAccountId');
    const d = r.dimensions();
    if (granularity === 'day' && p.from && p.to && (Number(p.to.slice(0, 4)) * 12 + Number(p.to.slice(5, 7))) - (Number(p.from.slice(0, 4)) * 12 + Number(p.from.slice(5, 7))) >= 12) {
      r.errors.granularity = ['Por dia, no máximo 12 meses.'];
    }
    r.done();
    return cashFlow(app.db, { ...p, ...d, granularity, bankAccountIds, today: todayInBrazil() }, principalOf(req));
  });

  app.get('/agings', guard(app, REPORT_PERMISSIONS.cashFlow, 'read'), async (req) => {
    const r = reader(req);
    const date = r.date('date', todayInBrazil());
    const d = r.dimensions();
    r.done();
    return aging(app.db, d, date!, principalOf(req));
  });

  app.get('/analytical-reports', guard(app, REPORT_PERMISSIONS.analytical, 'read'), async (req, reply) => {
    const r = reader(req);
    const p = period(r);
    const d = r.dimensions();
    const sections = r.text('statementSection', 200);
    const cash = r.oneOf('cash', ['true', 'false'], 'false', 'true ou false');
    const input = {
      ...p,
      ...d,
      ledgerAccountIds: r.ids('ledgerAccountId'),
      accountingGroupIds: r.ids('accountingGroupId'),
      bankAccountIds: r.ids('bankAccountId'),
      documentIds: r.ids('documentId'),
      statementSections: sections ? sections.split(',').filter((s) => /^[A-Z_]{2,40}$/.test(s)) : null,
      dfcClass: r.oneOf('dfcClass', ['', 'OPERACIONAL', 'INVESTIMENTO', 'FINANCIAMENTO', 'NAO_CAIXA'], '', 'OPERACIONAL, INVESTIMENTO, FINANCIAMENTO ou NAO_CAIXA') || null,
      dfcLine: (req.query as Record<string, unknown>).dfcLine === '' ? '' : r.text('dfcLine', 60),
      cash: cash === 'true',
      page: r.int('page', 1, 1, 100_000),
      pageSize: r.int('pageSize', 50, 1, 500),
    };
    r.done();
    const result = await analytical(app.db, input, principalOf(req));
    reply.header('x-total-count', String(result.total));
    reply.header('link', linkHeader(req.url, input.page, input.pageSize, result.total));
    return { report: 'analitico', from: p.from, to: p.to, page: input.page, pageSize: input.pageSize, total: result.total, totals: { debit: result.debit, credit: result.credit }, items: result.items };
  });
}

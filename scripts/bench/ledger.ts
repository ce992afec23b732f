/**
 * Finance reports budget (issue 12, docs/reports.md §7): DRE, DFC and the 12-month cash flow ≤ 1 s p95 each and the
 * analytical report's first page ≤ 200 ms, over 1,000,000 parcelas (≈ 3 M journal lines), through the real API
 * (authentication, record scope, the report code) on PostgreSQL, in a throwaway database with the real schemas,
 * the demo chart of accounts, cost centers and bank accounts. Run alone: `npx tsx scripts/bench/ledger.ts`
 * (LEDGER_INSTALLMENTS=20000 for a quick try). Env DATABASE_URL: where the throwaway database may be created.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { migrate, type Db, type Queryable } from '../../server/db/index.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { loadAndSyncResources } from '../../server/resources/index.ts';
import { DEMO_USERS } from '../../server/seed/demo-users.ts';
import { runSeeds } from '../../server/seed/index.ts';
import type { DemoArea } from '../../server/seed/demo/types.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface LedgerBenchResult {
  installments: number;
  lines: number;
  entries: number;
  /** null when a kept database was measured again (LEDGER_BENCH_REUSE). */
  seedSeconds: number | null;
  requests: number;
  scenarios: { name: string; budget: number; p50: number; p95: number; p99: number }[];
  load: [number, number];
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const CHUNK = 50_000;

/**
 * The data: `count` parcelas (3 in 4 a pagar, 1 in 4 a receber) due from two years ago to two months ahead, spread
 * over the analytic cost centers, categories and bank accounts; each with its accrual entry (2 lines, dated 20 days
 * before the due date, by competência) and, when due before today and not every 7th, paid or received on the due
 * date with its settlement entry (2 cash lines classified by the category's DFC class and line). Written in bulk
 * by SQL (through the ledger's own triggers: balance check, monthly summary) — a million through the actions would
 * take hours; the rules are the ones of server/ledger/rules.ts (D37).
 */
export async function seedLedger(db: Db, orgId: string, count: number, today: string): Promise<void> {
  const ids = async (sql: string) => (await db.query<{ id: string }>(sql)).rows.map((r) => r.id);
  const costCenters = await ids(`SELECT id FROM cost_centers WHERE type = 'A' AND deleted_at IS NULL ORDER BY code`);
  const banks = await ids(`SELECT id FROM bank_accounts WHERE deleted_at IS NULL ORDER BY name`);
  const role = async (r: string) => (await db.query<{ id: string }>('SELECT ledger_account_id AS id FROM ledger_posting_accounts WHERE role = $1', [r])).rows[0].id;
  const [suppliers, customers, bankLedger] = [await role('FORNECEDORES'), await role('CLIENTES'), await role('BANCOS')];
  const cats = async (table: string) =>
    (await db.query<{ id: string; account: string; cls: string | null; line: string | null }>(
      `SELECT id, ledger_account_id AS account, dfc_class AS cls, dfc_line AS line FROM ${table}
        WHERE type = 'A' AND ledger_account_id IS NOT NULL AND deleted_at IS NULL AND coalesce(dfc_class, '') <> 'NAO_CAIXA' ORDER BY code`,
    )).rows;
  const expense = await cats('expense_categories');
  const revenue = await cats('revenue_categories');
  const arr = <T>(rows: T[], k: keyof T) => rows.map((r) => r[k]);
  const start = new Date(`${today}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - 730);
  for (let from = 1; from <= count; from += CHUNK) {
    const to = Math.min(count, from + CHUNK - 1);
    await db.tx((q) => chunk(q, from, to));
  }
  // After a bulk load, as autovacuum would do in time: each chunk updated every summary row (dead versions).
  for (const table of ['ledger_monthly', 'journal_lines', 'journal_entries', 'payable_installments', 'receivable_installments']) await db.exec(`VACUUM ANALYZE ${table}`);

  async function chunk(q: Queryable, from: number, to: number): Promise<void> {
    await q.query(
      `CREATE TEMP TABLE gen ON COMMIT DROP AS SELECT s.*, s.due <= $8::date AND s.i % 7 <> 0 AS paid FROM (
       SELECT i, i % 4 <> 0 AS pay, gen_random_uuid() AS inst, gen_random_uuid() AS accrual, gen_random_uuid() AS settle,
              $3::date + ((i * 7919) % 790)::int AS due, 1000 + (i * 104729) % 500000 AS amount,
              ($4::uuid[])[(1 + i % cardinality($4::uuid[]))::int] AS cc, ($5::uuid[])[(1 + (i / 7) % cardinality($5::uuid[]))::int] AS bank,
              (CASE WHEN i % 4 <> 0 THEN 1 + (i / 3) % cardinality($6::uuid[]) ELSE 1 + (i / 5) % cardinality($7::uuid[]) END)::int AS cat
         FROM generate_series($1::bigint, $2::bigint) i) s`,
      [from, to, iso(start), costCenters, banks, arr(expense, 'id'), arr(revenue, 'id'), today],
    );
    await q.query(
      `INSERT INTO payable_installments (id, organization_id, cost_center_id, label, number, count, due_date, original_due_date, amount, paid_amount, paid_at, bank_account_id, status)
       SELECT inst, $1::uuid, cc, 'BENCH-' || i || ' 1/1', 1, 1, due, due, amount, CASE WHEN paid THEN amount END, CASE WHEN paid THEN due END, bank,
              CASE WHEN paid THEN 'PAGO' WHEN i % 3 = 0 THEN 'AUTORIZADO' ELSE 'APROVADO' END FROM gen WHERE pay`,
      [orgId],
    );
    await q.query(
      `INSERT INTO receivable_installments (id, organization_id, cost_center_id, label, number, count, due_date, original_due_date, amount, received_amount, received_at, bank_account_id, status)
       SELECT inst, $1::uuid, cc, 'BENCH-' || i || ' 1/1', 1, 1, due, due, amount, CASE WHEN paid THEN amount END, CASE WHEN paid THEN due END, bank,
              CASE WHEN paid THEN 'RECEBIDO' ELSE 'ABERTO' END FROM gen WHERE NOT pay`,
      [orgId],
    );
    await q.query(
      `INSERT INTO journal_entries (id, organization_id, date, competence, kind, description, document_resource, document_id)
       SELECT accrual, $1::uuid, due - 20, date_trunc('month', due - 20)::date, 'APROPRIACAO', 'BENCH ' || i, CASE WHEN pay THEN 'payables' ELSE 'receivables' END, inst FROM gen
       UNION ALL
       SELECT settle, $1::uuid, due, date_trunc('month', due)::date, 'BAIXA', 'BENCH baixa ' || i, CASE WHEN pay THEN 'payables' ELSE 'receivables' END, inst FROM gen WHERE paid`,
      [orgId],
    );
    // Accrual: D expense / C suppliers, or D customers / C revenue. Settlement: D suppliers / C bank, or D bank / C customers.
    await q.query(
      `INSERT INTO journal_lines (entry_id, line_no, organization_id, date, ledger_account_id, debit, credit, cost_center_id, bank_account_id, category_id, dfc_class, dfc_line, document_resource, document_id)
       SELECT x.entry, x.no, $1::uuid, x.date, x.account, x.debit, x.credit, g.cc, x.bank, x.category, x.cls, x.line, CASE WHEN g.pay THEN 'payables' ELSE 'receivables' END, g.inst
         FROM gen g
         CROSS JOIN LATERAL (
           SELECT CASE WHEN g.pay THEN ($2::uuid[])[g.cat] ELSE ($3::uuid[])[g.cat] END AS cat_id,
                  CASE WHEN g.pay THEN ($4::uuid[])[g.cat] ELSE ($5::uuid[])[g.cat] END AS cat_account,
                  CASE WHEN g.pay THEN ($6::text[])[g.cat] ELSE ($7::text[])[g.cat] END AS cat_cls,
                  CASE WHEN g.pay THEN ($8::text[])[g.cat] ELSE ($9::text[])[g.cat] END AS cat_line) c
         CROSS JOIN LATERAL (VALUES
           (g.accrual, 1, g.due - 20, CASE WHEN g.pay THEN c.cat_account ELSE $11::uuid END, g.amount, 0, NULL::uuid, c.cat_id, NULL, NULL, true),
           (g.accrual, 2, g.due - 20, CASE WHEN g.pay THEN $10::uuid ELSE c.cat_account END, 0, g.amount, NULL::uuid, c.cat_id, NULL, NULL, true),
           (g.settle, 1, g.due, CASE WHEN g.pay THEN $10::uuid ELSE $12::uuid END, g.amount, 0, CASE WHEN g.pay THEN NULL ELSE g.bank END, c.cat_id,
              CASE WHEN g.pay THEN NULL ELSE c.cat_cls END, CASE WHEN g.pay THEN NULL ELSE c.cat_line END, g.paid),
           (g.settle, 2, g.due, CASE WHEN g.pay THEN $12::uuid ELSE $11::uuid END, 0, g.amount, CASE WHEN g.pay THEN g.bank END, c.cat_id,
              CASE WHEN g.pay THEN c.cat_cls END, CASE WHEN g.pay THEN c.cat_line END, g.paid)
         ) AS x(entry, no, date, account, debit, credit, bank, category, cls, line, keep)
        WHERE x.keep`,
      [orgId, arr(expense, 'id'), arr(revenue, 'id'), arr(expense, 'account'), arr(revenue, 'account'), arr(expense, 'cls'), arr(revenue, 'cls'), arr(expense, 'line'), arr(revenue, 'line'), suppliers, customers, bankLedger],
    );
  }
}

const addMonths = (month: string, n: number) => {
  const d = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + n, 1));
  return d.toISOString().slice(0, 7);
};

export async function benchLedger(opts: { databaseUrl?: string; installments?: number; requests?: number; log?: (l: string) => void } = {}): Promise<LedgerBenchResult> {
  const log = opts.log ?? console.log;
  const installments = opts.installments ?? Number(process.env.LEDGER_INSTALLMENTS ?? 1_000_000);
  const requests = opts.requests ?? 40;
  const adminUrl = opts.databaseUrl ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  // LEDGER_BENCH_DB names a database to (re)create and KEEP for inspection (EXPLAIN); else a throwaway one.
  // LEDGER_BENCH_REUSE=1 with it measures again an already generated database (after a change to the reports' code).
  const keep = process.env.LEDGER_BENCH_DB && /^[a-z_][a-z0-9_]*$/.test(process.env.LEDGER_BENCH_DB) ? process.env.LEDGER_BENCH_DB : null;
  const name = keep ?? `bench_ledger_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const reuse = !!keep && process.env.LEDGER_BENCH_REUSE === '1' && (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rows.length > 0;
  if (keep && !reuse) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  if (!reuse) await admin.query(`CREATE DATABASE ${name}`);
  try {
    const db = await openPostgres(Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString(), 4);
    const config = { ...loadConfig(), schemasDir: path.join(ROOT, 'schemas'), scryptN: 2 ** 14, serveClient: false, dataDir: path.join(ROOT, '.tmp', name) };
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    await migrate(db);
    await loadAndSyncResources(db, config.schemasDir);
    const t0 = performance.now();
    if (!reuse) await generate();
    const seedSeconds = (performance.now() - t0) / 1000;
    const counts = (await db.query<{ l: number; e: number }>('SELECT (SELECT count(*) FROM journal_lines)::int AS l, (SELECT count(*) FROM journal_entries)::int AS e')).rows[0];
    log(`${counts.l.toLocaleString('pt-BR')} linhas em ${counts.e.toLocaleString('pt-BR')} lançamentos${reuse ? ' (banco reaproveitado)' : ` (${seedSeconds.toFixed(0)} s)`}.`);
    /** The data, once: seeds, the demo chart and accounts, and the generated parcelas with their entries. */
    async function generate(): Promise<void> {
      await runSeeds(db, config, { demoAreas: false });
      // The chart of accounts, cost centers, bank accounts and posting roles of the demo (its areas, nothing else).
      const orgId = (await db.query<{ id: string }>('SELECT id FROM organizations ORDER BY created_at LIMIT 1')).rows[0].id;
      const adminId = (await db.query<{ id: string }>(`SELECT id FROM users WHERE access_level = 'SystemOwner' ORDER BY created_at LIMIT 1`)).rows[0].id;
      for (const file of ['05-banks.ts', '10-accounting.ts', '90-ledger.ts']) {
        const area = ((await import(pathToFileURL(path.join(ROOT, 'server/seed/demo', file)).href)) as { default: DemoArea }).default;
        await db.tx((q) => area.run({ q, orgId, adminId, today }));
      }
      log(`Gerando ${installments.toLocaleString('pt-BR')} parcelas e seus lançamentos…`);
      await seedLedger(db, orgId, installments, today);
    }
    const app = await buildApp({ config, db, logger: false });
    await app.ready();
    try {
      const auth = await app.inject({ method: 'POST', url: '/api/identity/v1/auth', payload: { login: DEMO_USERS[0].email, secret: DEMO_USERS[0].password, grantType: 'Password' } });
      const token = (auth.json() as { accessToken: string }).accessToken;
      const to = today.slice(0, 7);
      const from = addMonths(to, -11);
      const FR = '/api/finance-reporting/v1';
      const scenarios = [
        { name: 'DRE, 12 meses (com período anterior e ano anterior)', budget: 1000, url: `${FR}/accounting-reports/dre?from=${from}&to=${to}` },
        { name: 'DFC, 12 meses', budget: 1000, url: `${FR}/accounting-reports/dfc?from=${from}&to=${to}` },
        { name: 'Fluxo de caixa, 12 meses por mês (realizado + previsto)', budget: 1000, url: `${FR}/cash-flows?from=${from}&to=${to}&granularity=month` },
        { name: 'Analítico, 1ª página (12 meses, 50 linhas, com total)', budget: 200, url: `${FR}/analytical-reports?from=${from}&to=${to}&page=1&pageSize=50` },
      ];
      const loadBefore = os.loadavg()[0];
      const out: LedgerBenchResult['scenarios'] = [];
      for (const s of scenarios) {
        const run = async () => {
          const t = performance.now();
          const res = await app.inject({ method: 'GET', url: s.url, headers: { authorization: `Bearer ${token}` } });
          if (res.statusCode !== 200) throw new Error(`${s.url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
          return performance.now() - t;
        };
        for (let i = 0; i < 3; i++) await run();
        const times: number[] = [];
        for (let i = 0; i < requests; i++) times.push(await run());
        times.sort((a, b) => a - b);
        const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
        out.push({ name: s.name, budget: s.budget, p50: at(50), p95: at(95), p99: at(99) });
        log(`${s.name}: p95 ${at(95).toFixed(1)} ms`);
      }
      return { installments, lines: counts.l, entries: counts.e, seedSeconds: reuse ? null : seedSeconds, requests, scenarios: out, load: [loadBefore, os.loadavg()[0]] };
    } finally {
      await app.close();
      await db.close();
    }
  } finally {
    if (!keep) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

const ms = (v: number) => v.toFixed(1).replace('.', ',');

export function ledgerSection(r: LedgerBenchResult): string {
  return [
    '## Relatórios financeiros sobre o razão',
    '',
    `${r.installments.toLocaleString('pt-BR')} parcelas (¾ a pagar, ¼ a receber, dois anos de vencimentos) com ${r.lines.toLocaleString('pt-BR')} ` +
      `linhas em ${r.entries.toLocaleString('pt-BR')} lançamentos (${r.seedSeconds === null ? 'banco gerado antes' : `gerados em ${Math.round(r.seedSeconds)} s`} pelo \`seedLedger\`, pelos gatilhos do razão), ` +
      `${r.requests} requisições em sequência por cenário pela API (autenticação, escopo, o código dos relatórios), PostgreSQL. ` +
      `Carga média (1 min) antes/depois: ${r.load.map((l) => l.toFixed(1).replace('.', ',')).join(' / ')}.`,
    '',
    '| Cenário | p50 (ms) | p95 (ms) | p99 (ms) | orçamento p95 |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...r.scenarios.map((s) => `| ${s.name} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ≤ ${s.budget.toLocaleString('pt-BR')} ms — ${s.p95 <= s.budget ? 'cumprido' : '**não cumprido**'} |`),
    '',
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  benchLedger()
    .then((r) => console.log(ledgerSection(r)))
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}

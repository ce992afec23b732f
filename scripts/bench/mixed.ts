/**
 * Mixed load (issue 14): virtual users on the real schemas and demo data, over PostgreSQL, each one in a loop of
 * "think, then act" — lists of payables (filter + sort + page, exact total), record views, creates, a workflow
 * action (submit a draft it created) and reports (the 12-month DRE or cash flow, read from the ledger) — with p95 per request kind and the errors. Plus the two-instance check: a
 * logout on one API instance, how long until the other answers 401.
 * Env (also run alone: `npx tsx scripts/bench/mixed.ts`): DATABASE_URL, MIXED_USERS (200), MIXED_DURATION_MS
 * (300000), MIXED_WARMUP_MS (10000), MIXED_THINK_MS (1000: mean pause between a user's requests).
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../server/config.ts';
import { migrate } from '../../server/db/index.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { loadAndSyncResources } from '../../server/resources/index.ts';
import { runSeeds } from '../../server/seed/index.ts';
import { DEMO_USERS } from '../../server/seed/demo-users.ts';
import { startServer } from './api.ts';
import { DEFAULT_ADMIN_URL, ms, withScratchDatabase } from './scratch-db.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const AP = '/api/accounts-payable/v1';
const STATUSES = ['RASCUNHO', 'ABERTO', 'APROVADO', 'PAGO'];

export type Kind = 'Lista de lançamentos' | 'Registro (lançamento)' | 'Criação (lançamento)' | 'Ação: enviar para aprovação' | 'Relatório (DRE ou fluxo de caixa)';
const REPORTS = ['/api/finance-reporting/v1/accounting-reports/dre?from=2026-01&to=2026-12', '/api/finance-reporting/v1/cash-flows?from=2026-01&to=2026-12&granularity=month'];

export interface KindStats {
  kind: Kind;
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
}

export interface TwoInstanceResult {
  trials: number;
  /** Milliseconds from the logout's answer on instance A to the first 401 on instance B. */
  p50: number;
  max: number;
  /** Trials where B still answered 200 after 1 s. */
  late: number;
}

export interface MixedResult {
  users: number;
  durationMs: number;
  thinkMs: number;
  load: [number, number];
  kinds: KindStats[];
  errorSamples: string[];
  twoInstances: TwoInstanceResult;
}

export interface MixedOptions {
  databaseUrl?: string;
  users?: number;
  durationMs?: number;
  warmupMs?: number;
  thinkMs?: number;
  log?: (line: string) => void;
}

interface Reply {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

function send(agent: http.Agent, base: string, method: string, url: string, headers: Record<string, string>, body?: unknown): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      new URL(url, base),
      { agent, method, headers: { ...headers, ...(payload ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function login(base: string, email: string, password: string): Promise<{ accessToken: string; refreshToken: string }> {
  const res = await fetch(`${base}/api/identity/v1/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: email, secret: password, grantType: 'Password' }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { accessToken: string; refreshToken: string };
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const sleep = (delay: number) => new Promise((r) => setTimeout(r, delay));

/** Catalogue references of the demo organization for a new payable. */
async function payableBody(db: Awaited<ReturnType<typeof openPostgres>>) {
  const one = async (sql: string, params: unknown[] = []) => (await db.query<{ id: string }>(sql, params)).rows[0].id;
  const org = await one(`SELECT id FROM organizations ORDER BY created_at LIMIT 1`);
  return {
    organizationId: org,
    supplierId: await one(`SELECT id FROM companies WHERE organization_id = $1 AND deleted_at IS NULL ORDER BY document LIMIT 1`, [org]),
    documentType: 'BOLETO',
    documentNumber: 'NF 1',
    issueDate: '2026-01-05',
    competence: '2026-01',
    description: 'Carga mista',
    amount: 123456,
    installmentCount: 2,
    firstDueDate: '2026-02-10',
    costCenterId: await one(`SELECT id FROM cost_centers WHERE organization_id = $1 AND type = 'A' AND deleted_at IS NULL ORDER BY code LIMIT 1`, [org]),
    categoryId: await one(`SELECT id FROM expense_categories WHERE type = 'A' AND deleted_at IS NULL ORDER BY code LIMIT 1`),
    paymentMethod: 'BOLETO',
  };
}

/** Logout on A, then B until it answers 401: `trials` times. */
async function twoInstances(url: string, trials: number): Promise<TwoInstanceResult> {
  const jwtSecret = randomBytes(32).toString('hex');
  // One after the other: two starts at once on a busy machine may pass Fastify's plugin timeout.
  const a = await startServer(url, { schemasDir: path.join(ROOT, 'schemas'), jwtSecret });
  const b = await startServer(url, { schemasDir: path.join(ROOT, 'schemas'), jwtSecret });
  const agent = new http.Agent({ keepAlive: true });
  try {
    const times: number[] = [];
    let late = 0;
    for (let i = 0; i < trials; i++) {
      const s = await login(a.baseUrl, DEMO_USERS[0].email, DEMO_USERS[0].password);
      const auth = { authorization: `Bearer ${s.accessToken}` };
      if ((await send(agent, b.baseUrl, 'GET', '/api/identity/v1/users/me', auth)).status !== 200) throw new Error('a instância B recusou uma sessão viva');
      const out = await send(agent, a.baseUrl, 'POST', '/api/identity/v1/auth/logout', auth, { refreshToken: s.refreshToken });
      if (out.status !== 204) throw new Error(`logout: ${out.status}`);
      const t0 = performance.now();
      let status = 200;
      while (status !== 401 && performance.now() - t0 < 1000) status = (await send(agent, b.baseUrl, 'GET', '/api/identity/v1/users/me', auth)).status;
      if (status !== 401) late++;
      times.push(performance.now() - t0);
    }
    times.sort((x, y) => x - y);
    return { trials, p50: quantile(times, 0.5), max: times.at(-1) ?? NaN, late };
  } finally {
    agent.destroy();
    a.stop();
    b.stop();
  }
}

export async function benchMixed(opts: MixedOptions = {}): Promise<MixedResult> {
  const log = opts.log ?? console.log;
  const users = opts.users ?? Number(process.env.MIXED_USERS ?? 200);
  const durationMs = opts.durationMs ?? Number(process.env.MIXED_DURATION_MS ?? 300_000);
  const warmupMs = opts.warmupMs ?? Number(process.env.MIXED_WARMUP_MS ?? 10_000);
  const thinkMs = opts.thinkMs ?? Number(process.env.MIXED_THINK_MS ?? 1000);
  const adminUrl = opts.databaseUrl ?? process.env.DATABASE_URL ?? DEFAULT_ADMIN_URL;
  return withScratchDatabase('bench_mixed', adminUrl, async (url) => {
    log('Carga mista: banco com os schemas reais e os dados de demonstração…');
    const db = await openPostgres(url, 4);
    const schemasDir = path.join(ROOT, 'schemas');
    await migrate(db);
    await loadAndSyncResources(db, schemasDir);
    await runSeeds(db, { ...loadConfig(), schemasDir, scryptN: 2 ** 14 });
    const body = await payableBody(db);
    const ids = (await db.query<{ id: string }>('SELECT id FROM payables WHERE deleted_at IS NULL ORDER BY created_at LIMIT 500')).rows.map((r) => r.id);
    await db.close();
    if (!ids.length) throw new Error('a demonstração não tem lançamentos para abrir');

    const twoResult = await twoInstances(url, 20);
    log(`Duas instâncias: logout em A → 401 em B em ${twoResult.p50.toFixed(1)} ms (mediana), máximo ${twoResult.max.toFixed(1)} ms.`);

    const server = await startServer(url, { schemasDir });
    const agent = new http.Agent({ keepAlive: true, maxSockets: users });
    try {
      // A few sessions of the SystemOwner (creates, submits and reads everything), shared round-robin.
      // One after the other: concurrent logins of one account are throttled (D30).
      const tokens: { accessToken: string }[] = [];
      for (let k = 0; k < 10; k++) tokens.push(await login(server.baseUrl, DEMO_USERS[0].email, DEMO_USERS[0].password));
      const lat = new Map<Kind, number[]>();
      const errs = new Map<Kind, number>();
      const samples: string[] = [];
      const start = Date.now();
      const measureFrom = start + warmupMs;
      const end = measureFrom + durationMs;
      const record = (kind: Kind, took: number, ok: boolean, res: Reply | null) => {
        if (Date.now() < measureFrom) return;
        (lat.get(kind) ?? lat.set(kind, []).get(kind)!).push(took);
        if (!ok) {
          errs.set(kind, (errs.get(kind) ?? 0) + 1);
          if (samples.length < 5) samples.push(`${kind}: ${res?.status ?? 'falha de rede'} ${res?.body.slice(0, 200) ?? ''}`);
        }
      };
      log(`Carga mista: ${users} usuários, ${durationMs / 1000} s (+${warmupMs / 1000} s de aquecimento), pausa média ${thinkMs} ms…`);
      const loadBefore = os.loadavg()[0];
      const vu = async (n: number) => {
        const auth = { authorization: `Bearer ${tokens[n % tokens.length].accessToken}` };
        const drafts: { id: string; version: number }[] = [];
        let i = n;
        // Users start spread over one think time, not all at once.
        await sleep(Math.random() * thinkMs);
        while (Date.now() < end) {
          i++;
          const r = Math.random();
          const t0 = performance.now();
          let kind: Kind;
          let res: Reply | null = null;
          let ok = false;
          try {
            if (r < 0.05) {
              kind = 'Relatório (DRE ou fluxo de caixa)';
              res = await send(agent, server.baseUrl, 'GET', REPORTS[i % REPORTS.length], auth);
              ok = res.status === 200;
            } else if (r < 0.55) {
              kind = 'Lista de lançamentos';
              res = await send(agent, server.baseUrl, 'GET', `${AP}/payables?filter[status][eq]=${STATUSES[i % STATUSES.length]}&sort=-issueDate&page=${1 + (i % 5)}`, auth);
              ok = res.status === 200 && res.headers['x-total-count'] !== undefined;
            } else if (r < 0.8) {
              kind = 'Registro (lançamento)';
              res = await send(agent, server.baseUrl, 'GET', `${AP}/payables/${ids[i % ids.length]}`, auth);
              ok = res.status === 200;
            } else if (r < 0.9 || !drafts.length) {
              kind = 'Criação (lançamento)';
              res = await send(agent, server.baseUrl, 'POST', `${AP}/payables`, auth, { ...body, documentNumber: `NF ${n}-${i}` });
              ok = res.status === 201;
              if (ok) drafts.push(JSON.parse(res.body) as { id: string; version: number });
            } else {
              kind = 'Ação: enviar para aprovação';
              const d = drafts.shift()!;
              res = await send(agent, server.baseUrl, 'POST', `${AP}/payables/${d.id}/submit`, { ...auth, 'if-match': `W/"${d.version}"` }, {});
              ok = res.status === 200;
            }
          } catch {
            kind = 'Lista de lançamentos';
          }
          record(kind, performance.now() - t0, ok, res);
          await sleep(thinkMs * (0.5 + Math.random()));
        }
      };
      await Promise.all(Array.from({ length: users }, (_, n) => vu(n)));
      const kinds = [...lat].map(([kind, values]) => {
        values.sort((x, y) => x - y);
        return { kind, requests: values.length, errors: errs.get(kind) ?? 0, p50: quantile(values, 0.5), p95: quantile(values, 0.95), p99: quantile(values, 0.99) };
      });
      return { users, durationMs, thinkMs, load: [loadBefore, os.loadavg()[0]], kinds, errorSamples: samples, twoInstances: twoResult };
    } finally {
      agent.destroy();
      server.stop();
    }
  });
}


export function mixedSection(r: MixedResult): string {
  const total = r.kinds.reduce((n, k) => n + k.requests, 0);
  const errors = r.kinds.reduce((n, k) => n + k.errors, 0);
  return [
    '## API: carga mista',
    '',
    `${r.users} usuários virtuais por ${r.durationMs / 1000} s sobre os schemas reais e os dados de demonstração (PostgreSQL), ` +
      `cada um pensando em média ${r.thinkMs} ms entre as ações: 5% relatórios (DRE ou fluxo de caixa de 12 meses, do razão), 50% listas de lançamentos (filtro por situação + ordenação + ` +
      'página, ordem da tela: emissão decrescente, total exato), 25% registros abertos, 10% lançamentos criados, 10% enviados para aprovação (ação do fluxo com ' +
      `If-Match). Carga média da máquina (1 min) antes/depois: ${r.load.map((l) => l.toFixed(1).replace('.', ',')).join(' / ')}.`,
    '',
    '| Tipo de requisição | requisições | p50 (ms) | p95 (ms) | p99 (ms) | erros |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...r.kinds.map((k) => `| ${k.kind} | ${k.requests} | ${ms(k.p50)} | ${ms(k.p95)} | ${ms(k.p99)} | ${k.errors} |`),
    '',
    `- ${total.toLocaleString('pt-BR')} requisições, ${errors} erros — ${errors === 0 ? 'cumprido' : '**não cumprido**'} (orçamento: 0 erros).`,
    ...r.errorSamples.map((s) => `  - ${s}`),
    `- Duas instâncias da API no mesmo banco, ${r.twoInstances.trials} logouts na instância A: a instância B respondeu 401 ` +
      `em ${ms(r.twoInstances.p50)} ms (mediana), ${ms(r.twoInstances.max)} ms no pior caso; acima de 1 s: ${r.twoInstances.late} — ` +
      `${r.twoInstances.late === 0 ? 'cumprido' : '**não cumprido**'}.`,
    '',
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  benchMixed()
    .then((r) => console.log(mixedSection(r)))
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}

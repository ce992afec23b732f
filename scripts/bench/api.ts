/**
 * API budget (architecture §10): the generic list (filter + sort + page of 25 over 100,000 rows, with
 * X-Total-Count) against a hand-written SQL endpoint doing the same query, 50 concurrent connections,
 * on PostgreSQL, in a throwaway database. Exported for scripts/bench/index.ts.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadConfig } from '../../server/config.ts';
import { migrate } from '../../server/db/index.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { loadAndSyncResources } from '../../server/resources/index.ts';
import { runSeeds } from '../../server/seed/index.ts';
import { DEMO_USERS } from '../../server/seed/demo-users.ts';
import { runLoad, type LoadResult } from './load.ts';
import { DEFAULT_ADMIN_URL, withScratchDatabase } from './scratch-db.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** A realistic payable (money, dates, status, references, tags): the test fixture schema. */
const SCHEMAS_DIR = path.join(ROOT, 'tests/server/fixtures/schemas');
const STATUSES = ['ABERTO', 'APROVADO', 'PAGO'];

export interface ApiBenchOptions {
  databaseUrl?: string;
  rows?: number;
  connections?: number;
  durationMs?: number;
  warmupMs?: number;
  log?: (line: string) => void;
}

export interface ApiScenario extends LoadResult {
  name: string;
  path: string;
  /** Writes to the table during the scenario (the scenario with a writer). */
  writes?: number;
}

export interface ApiBenchResult {
  /** 1-minute load average before and after: other processes on the machine skew every number. */
  load: [number, number];
  rows: number;
  connections: number;
  durationMs: number;
  scenarios: ApiScenario[];
}


/** 100,000 payables over two years in 20 cost centers: 40% open, 20% approved, 40% paid. */
export async function seedRows(db: Awaited<ReturnType<typeof openPostgres>>, rows: number): Promise<void> {
  const org = (await db.query<{ id: string }>('SELECT id FROM organizations ORDER BY created_at LIMIT 1')).rows[0].id;
  await db.query(
    `INSERT INTO test_cost_centers (code, name, organization_id) SELECT 'CC' || lpad(i::text, 3, '0'), 'Centro ' || i, $1 FROM generate_series(1, 20) i`,
    [org],
  );
  await db.query(
    `INSERT INTO test_payables (description, document_number, amount, due_date, competence, status, discount_rate, paid,
       organization_id, cost_center_id, tags, notes)
     SELECT (ARRAY['Aluguel','Energia elétrica','Internet','Serviço de limpeza','Manutenção','Material de escritório','Frete','Consultoria'])[1 + i % 8] || ' ' || i,
       'NF-' || lpad(i::text, 7, '0'), 1000 + (i * 7919) % 5000000, d, to_char(d, 'YYYY-MM'),
       CASE WHEN i % 10 < 4 THEN 'ABERTO' WHEN i % 10 < 6 THEN 'APROVADO' ELSE 'PAGO' END,
       CASE WHEN i % 4 = 0 THEN 2.5 END, i % 10 >= 6, $1,
       (SELECT id FROM test_cost_centers ORDER BY code OFFSET i % 20 LIMIT 1),
       CASE WHEN i % 7 = 0 THEN '["urgente"]'::jsonb END, NULL
     FROM generate_series(1, $2::int) i, LATERAL (SELECT date '2025-01-01' + (i * 37) % 730 AS d) x`,
    [org, rows],
  );
  // Compras gets read on the bench resource: a realistic user, restricted to its organization.
  await db.query(
    `UPDATE application_policies SET resources = resources || '[{"name":"test-payables","scopes":["read"]}]'::jsonb WHERE name = 'Compras'`,
  );
  await db.exec('ANALYZE');
}

export async function login(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/identity/v1/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: email, secret: password, grantType: 'Password' }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** The API in a child process. Instances that must share sessions (two on one database) share `jwtSecret`. */
export function startServer(
  databaseUrl: string,
  opts: { schemasDir?: string; jwtSecret?: string } = {},
): Promise<{ baseUrl: string; stop(): void }> {
  const child = fork(path.join(ROOT, 'scripts/bench/api-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      SCHEMAS_DIR: opts.schemasDir ?? SCHEMAS_DIR,
      SCRYPT_N: String(2 ** 14),
      JWT_SECRET: opts.jwtSecret ?? randomBytes(32).toString('hex'),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`servidor do benchmark saiu com código ${code}`)));
    child.once('message', (m) => resolve({ baseUrl: `http://127.0.0.1:${(m as { port: number }).port}`, stop: () => child.disconnect() }));
  });
}

const WRITE_EVERY_MS = 100;

/** Writes one payable every WRITE_EVERY_MS (a busy team saving records) until stopped. */
async function startWriter(url: string): Promise<{ count(): number; stop(): Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let n = 0;
  let busy: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    busy = client.query(`UPDATE test_payables SET notes = $1 WHERE id = (SELECT id FROM test_payables ORDER BY id LIMIT 1)`, [`escrita ${++n}`]);
  }, WRITE_EVERY_MS);
  return {
    count: () => n,
    async stop() {
      clearInterval(timer);
      await busy;
      await client.end();
    },
  };
}

export async function benchApi(opts: ApiBenchOptions = {}): Promise<ApiBenchResult> {
  const log = opts.log ?? console.log;
  const rows = opts.rows ?? 100_000;
  const connections = opts.connections ?? 50;
  const durationMs = opts.durationMs ?? 10_000;
  const warmupMs = opts.warmupMs ?? 3_000;
  const adminUrl = opts.databaseUrl ?? process.env.DATABASE_URL ?? DEFAULT_ADMIN_URL;
  return withScratchDatabase('bench_api', adminUrl, async (url) => {
    const db = await openPostgres(url, 4);
    await migrate(db);
    await loadAndSyncResources(db, SCHEMAS_DIR);
    await runSeeds(db, { ...loadConfig(), scryptN: 2 ** 14 }, { demoAreas: false });
    log(`Semeando ${rows.toLocaleString('pt-BR')} contas…`);
    await seedRows(db, rows);
    await db.close();
    const server = await startServer(url);
    try {
      const [ownerToken, comprasToken] = await Promise.all([
        login(server.baseUrl, DEMO_USERS[0].email, DEMO_USERS[0].password),
        login(server.baseUrl, DEMO_USERS[1].email, DEMO_USERS[1].password),
      ]);
      // Pages 1–10 (people page a little, rarely deep) and the three statuses: 30 distinct queries.
      const at = (i: number) => `status=${STATUSES[i % 3]}&page=${1 + (Math.floor(i / 3) % 10)}`;
      const generic = (i: number) => `/api/accounts-payable/v1/test-payables?filter[${at(i).replace('=', '][eq]=')}&sort=-dueDate`;
      const plan: [string, (i: number) => string, string][] = [
        ['Lista genérica (SystemOwner)', generic, ownerToken],
        ['Lista genérica (Compras, escopo por organização)', generic, comprasToken],
        ['SQL à mão com count(*) exato', (i) => `/bench/hand?${at(i)}`, ownerToken],
        ['SQL à mão sem count (piso)', (i) => `/bench/hand?${at(i)}&count=0`, ownerToken],
        ['Só a autenticação (sem consulta)', () => '/bench/auth', ownerToken],
        ['Só a consulta da página (sem autenticação)', (i) => `/bench/raw?${at(i)}`, ownerToken],
      ];
      // The same list while the table is being written: one UPDATE every 100 ms from another connection, each
      // dropping every cached page and total of the resource on the API's instance (D86).
      plan.push([`Lista genérica (SystemOwner), a tabela escrita a cada ${WRITE_EVERY_MS} ms`, generic, ownerToken]);
      const scenarios: ApiScenario[] = [];
      const loadBefore = os.loadavg()[0];
      for (const [label, pathOf, token] of plan) {
        log(`Medindo: ${label}…`);
        const writer = label.includes('escrita') ? await startWriter(url) : undefined;
        try {
          const r = await runLoad({ baseUrl: server.baseUrl, path: pathOf, headers: { authorization: `Bearer ${token}` }, connections, durationMs, warmupMs });
          scenarios.push({ name: label, path: pathOf(0), ...r, ...(writer ? { writes: writer.count() } : {}) });
        } finally {
          await writer?.stop();
        }
      }
      return { load: [loadBefore, os.loadavg()[0]], rows, connections, durationMs, scenarios };
    } finally {
      server.stop();
    }
  });
}

/**
 * Client budgets (architecture §10), measured in Chromium against the real app on PostgreSQL:
 * - initial JS (gzip) of `/login` and of a list route: the budget from the build's Vite manifest (static import
 *   closure of the route's entry, layout and page, scripts/bench/bundle.ts), and for comparison every script the
 *   page loads in Chromium before the network is idle (lazy chunks the page asks for after its first paint included);
 * - time to first rows of the list screen with 100,000 records, at 25 and at 1,000 per page: from the
 *   client-side navigation (a click in the menu does the same) to the frame that paints the first row;
 * - long tasks while scrolling the 1,000-row page (the list is virtualized).
 * Run alone: `tsx scripts/bench/client.ts`; only the scroll, with CPU time and profiles: `tsx scripts/bench/scroll.ts`.
 * Env: DATABASE_URL (a server where a throwaway database may be created).
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { chromium, type Browser, type Page } from '@playwright/test';
import { clientDir, ensureClientBuild } from '../build.ts';
import { CHROMIUM, startApp } from './app-process.ts';
import { benchBundles, type BundleSize } from './bundle.ts';
import { DEFAULT_ADMIN_URL, ms, verdict, withScratchDatabase } from './scratch-db.ts';

const PORT = Number(process.env.BENCH_CLIENT_PORT ?? 3261);
const ROWS = 100_000;
export const LIST = '/contas-a-pagar/lancamentos';
/** Measures per table (BENCH_CLIENT_RUNS; 10 by default): more of them for an A/B of two builds on a noisy machine. */
const RUNS = Number(process.env.BENCH_CLIENT_RUNS ?? 10);
const ADMIN = { email: 'admin@demo.com.br', password: 'Admin@2026!' };

export interface TimingRun {
  name: string;
  samples: number;
  p50: number;
  p95: number;
  max: number;
}
export interface ClientBenchResult {
  bundles: { name: string; path: string; files: number; gzipKiB: number; budgetKiB: number }[];
  /** The same routes from the build's Vite manifest: the static import closure (scripts/bench/bundle.ts). */
  manifest: BundleSize[];
  firstRows: TimingRun[];
  /** Full page loads of the list (address bar, signed in, cold HTTP cache): navigation start → first row. */
  fullLoad: TimingRun;
  scroll: { rows: number; longTasks: number; longestMs: number };
  rows: number;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const round = (v: number) => Math.round(v * 10) / 10;

/** Copies the demo company's payables (new ids, same data) until the table holds `rows` live records. */
export async function fillPayables(url: string, rows: number): Promise<void> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const { rows: cols } = await db.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'payables' AND column_name <> 'id'`,
    );
    const list = cols.map((c) => `"${c.column_name}"`).join(', ');
    const have = Number((await db.query('SELECT count(*) FROM payables WHERE deleted_at IS NULL')).rows[0].count);
    if (!have) throw new Error('os dados de demonstração não trouxeram contas a pagar');
    await db.query(
      `INSERT INTO payables (${list})
       SELECT ${list} FROM (SELECT p.* FROM generate_series(1, $1::int) g, LATERAL (SELECT * FROM payables WHERE deleted_at IS NULL OFFSET (g % $2) LIMIT 1) p) x`,
      [rows - have, have],
    );
    await db.query('ANALYZE payables');
  } finally {
    await db.end();
  }
}

/** gzip size of every script the page loaded (the build's own `.gz` when there is one, as served). */
async function scriptBytes(urls: string[]): Promise<number> {
  let total = 0;
  for (const u of urls) {
    const file = path.join(clientDir(), new URL(u).pathname);
    const gz = await stat(`${file}.gz`).then((s) => s.size, () => undefined);
    total += gz ?? gzipSync(await readFile(file), { level: 9 }).length;
  }
  return total;
}

async function scriptsOf(page: Page, go: () => Promise<unknown>): Promise<string[]> {
  const urls = new Set<string>();
  const onResponse = (r: { url(): string; request(): { resourceType(): string } }) => {
    if (r.request().resourceType() === 'script') urls.add(r.url());
  };
  page.on('response', onResponse);
  await go();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  return [...urls];
}

export async function signIn(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByLabel('E-mail').fill(ADMIN.email);
  await page.getByLabel('Senha', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(`${base}/`);
}

/**
 * From `/`, navigates in the client to `to` and resolves with the time until the frame that painted the
 * first row of the list (a row link to a record of the list).
 */
export async function timeToFirstRows(page: Page, to: string): Promise<number> {
  if (new URL(page.url()).pathname !== '/') {
    await page.evaluate(() => {
      window.history.pushState(null, '', '/');
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    });
    await page.getByRole('heading').first().waitFor();
    await page.waitForLoadState('networkidle');
  }
  return page.evaluate(
    ({ target, prefix }) =>
      new Promise<number>((resolve, reject) => {
        const t0 = performance.now();
        const found = () => document.querySelector(`tbody a.bo-row-link[href^="${prefix}/"]`);
        const done = () => requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
        const observer = new MutationObserver(() => {
          if (!found()) return;
          observer.disconnect();
          done();
        });
        observer.observe(document.body, { childList: true, subtree: true });
        setTimeout(() => {
          observer.disconnect();
          reject(new Error(`sem linhas em 20 s: ${target}`));
        }, 20_000);
        window.history.pushState(null, '', target);
        window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
      }),
    { target: to, prefix: LIST },
  );
}

/**
 * A full page load of `to` (typed in the address bar, already signed in, browser cache off): from the
 * navigation's start (performance.timeOrigin) to the frame that paints the first row of the list.
 */
async function fullLoadToFirstRow(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  return page.evaluate(
    (prefix) =>
      new Promise<number>((resolve, reject) => {
        const found = () => document.querySelector(`tbody a.bo-row-link[href^="${prefix}/"]`);
        const done = () => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
        if (found()) return done();
        const observer = new MutationObserver(() => {
          if (!found()) return;
          observer.disconnect();
          done();
        });
        observer.observe(document, { childList: true, subtree: true });
        setTimeout(() => {
          observer.disconnect();
          reject(new Error(`sem linhas em 20 s: ${location.pathname}`));
        }, 20_000);
      }),
    LIST,
  );
}

/** `pageOf(i)`: the list page of run i (a different one each run on the bench's 100,000 rows). */
export async function fullLoads(page: Page, base: string, pageOf = (i: number) => RUNS + 2 + i): Promise<TimingRun> {
  // Cold: no HTTP cache (every script, the app config and the metadata come from the server again).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const times: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    const t = await fullLoadToFirstRow(page, `${base}${LIST}?page=${pageOf(i)}`);
    if (i) times.push(t); // the first is a warm-up of the server's caches
  }
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  await cdp.detach();
  times.sort((a, b) => a - b);
  return { name: 'carga completa, 25 por página', samples: times.length, p50: round(quantile(times, 0.5)), p95: round(quantile(times, 0.95)), max: round(times.at(-1)!) };
}

async function firstRows(page: Page, pageSize: number): Promise<TimingRun> {
  // A different page each run: what is measured is a query the client has not cached.
  await timeToFirstRows(page, `${LIST}?page=${RUNS + 1}&pageSize=${pageSize}`); // warm-up: chunks, JIT
  const times: number[] = [];
  for (let i = 1; i <= RUNS; i++) times.push(await timeToFirstRows(page, `${LIST}?page=${i}&pageSize=${pageSize}`));
  times.sort((a, b) => a - b);
  return { name: `${pageSize.toLocaleString('pt-BR')} por página`, samples: times.length, p50: round(quantile(times, 0.5)), p95: round(quantile(times, 0.95)), max: round(times.at(-1)!) };
}

/** Scrolls the virtual list of the current page to its end in steps, counting long tasks (> 50 ms). */
export async function scrollLongTasks(page: Page): Promise<ClientBenchResult['scroll']> {
  return page.evaluate(async () => {
    const box = document.querySelector<HTMLElement>('.bo-list-scroll');
    if (!box) throw new Error('lista sem área de rolagem (.bo-list-scroll)');
    const tasks: number[] = [];
    const observer = new PerformanceObserver((list) => list.getEntries().forEach((e) => tasks.push(e.duration)));
    observer.observe({ type: 'longtask', buffered: false });
    const frame = () => new Promise((r) => requestAnimationFrame(() => r(undefined)));
    for (let y = 0; y <= box.scrollHeight; y += box.clientHeight / 2) {
      box.scrollTop = y;
      await frame();
      await frame();
    }
    await new Promise((r) => setTimeout(r, 200));
    observer.disconnect();
    return { rows: Number(new URL(location.href).searchParams.get('pageSize')), longTasks: tasks.length, longestMs: Math.round(Math.max(0, ...tasks)) };
  });
}

export async function measure(browser: Browser, base: string): Promise<Omit<ClientBenchResult, 'rows' | 'manifest'>> {
  const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1366, height: 900 } });
  // tsx keeps function names with a `__name` helper that the page does not have.
  await context.addInitScript({ content: 'window.__name = (f) => f;' });
  const page = await context.newPage();
  const login = await scriptsOf(page, () => page.goto(`${base}/login`));
  await signIn(page, base);
  const list = await scriptsOf(page, () => page.goto(`${base}${LIST}`));
  const bundles = [
    { name: 'Login', path: '/login', files: login.length, gzipKiB: round((await scriptBytes(login)) / 1024), budgetKiB: BUDGET_KIB['/login'] },
    { name: 'Lista (contas a pagar)', path: LIST, files: list.length, gzipKiB: round((await scriptBytes(list)) / 1024), budgetKiB: BUDGET_KIB[LIST] },
  ];
  const fullLoad = await fullLoads(page, base);
  const runs = [await firstRows(page, 25), await firstRows(page, 1000)];
  // The last page measured is a 1,000-row page: scroll it.
  await page.waitForLoadState('networkidle');
  const scroll = await scrollLongTasks(page);
  await context.close();
  return { bundles, firstRows: runs, fullLoad, scroll };
}

const BUDGET_KIB: Record<string, number> = { '/login': 200, [LIST]: 400 };

export async function benchClient(log: (line: string) => void = console.log): Promise<ClientBenchResult> {
  log('JavaScript inicial pelo manifesto do Vite (fechamento dos imports estáticos)…');
  const manifest = await benchBundles();
  await ensureClientBuild();
  const adminUrl = process.env.DATABASE_URL || DEFAULT_ADMIN_URL;
  return withScratchDatabase('bench_client', adminUrl, async (url) => {
    log('Iniciando o app no PostgreSQL (migração e dados de demonstração)…');
    const app = await startApp(PORT, url);
    try {
      log(`Completando ${ROWS.toLocaleString('pt-BR')} contas a pagar…`);
      await fillPayables(url, ROWS);
      const browser = await chromium.launch(CHROMIUM);
      try {
        log('Medindo no Chromium…');
        return { ...(await measure(browser, app.base)), manifest, rows: ROWS };
      } finally {
        await browser.close();
      }
    } finally {
      app.stop();
    }
  });
}


export function clientSection(r: ClientBenchResult): string {
  const [page25, page1000] = r.firstRows;
  return [
    '## Cliente: JavaScript inicial e primeiras linhas da lista',
    '',
    'JavaScript inicial (o orçamento): pelo build, no manifesto do Vite, o fechamento dos imports estáticos da entrada, ' +
      'do layout e da página da rota, cada arquivo em gzip -9 (como o servidor entrega os `.gz` do build); os chunks ' +
      'preguiçosos (`import()`) ficam de fora — a barra de filtros, os controles do paginador, os diálogos e os estados ' +
      'de erro carregam sob demanda, depois da primeira pintura das linhas.',
    '',
    '| Página | arquivos | JS gzip (KiB) | orçamento (KiB) | | maiores arquivos (KiB) |',
    '| --- | ---: | ---: | ---: | --- | --- |',
    ...r.manifest.map((b) => {
      const budget = BUDGET_KIB[b.path];
      const largest = b.largest.map((l) => `${path.basename(l.file)} ${ms(l.gzipKiB)}`).join(', ');
      return `| ${b.name} (\`${b.path}\`) | ${b.files} | ${ms(b.gzipKiB)} | ${budget ?? '—'} | ${budget ? verdict(b.gzipKiB <= budget) : ''} | ${largest} |`;
    }),
    '',
    'No Chromium, para comparar: todos os scripts que a página carrega até a rede ficar ociosa, abrindo o endereço ' +
      'direto — inclui o que a lista pede logo depois da primeira pintura.',
    '',
    '| Página | arquivos | JS gzip (KiB) |',
    '| --- | ---: | ---: |',
    ...r.bundles.map((b) => `| ${b.name} (\`${b.path}\`) | ${b.files} | ${ms(b.gzipKiB)} |`),
    '',
    `Primeiras linhas: \`${LIST}\` com ${r.rows.toLocaleString('pt-BR')} lançamentos no PostgreSQL; de \`/\`, navegação no ` +
      'cliente (como um clique no menu) até o quadro que pinta a primeira linha; uma página diferente a cada medida (nada ' +
      `vem do cache do cliente), ${RUNS} medidas após um aquecimento.`,
    '',
    '| Tamanho da página | medidas | p50 (ms) | p95 (ms) | máx. (ms) |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...r.firstRows.map((x) => `| ${x.name} | ${x.samples} | ${ms(x.p50)} | ${ms(x.p95)} | ${ms(x.max)} |`),
    '',
    `Carga completa: \`${LIST}\` digitado na barra de endereço, já com sessão, sem cache HTTP do navegador (scripts, ` +
      'configuração e metadados vêm de novo do servidor); do início da navegação ao quadro que pinta a primeira linha; ' +
      `uma página diferente a cada medida, ${RUNS} medidas após um aquecimento.`,
    '',
    '| Medida | medidas | p50 (ms) | p95 (ms) | máx. (ms) |',
    '| --- | ---: | ---: | ---: | ---: |',
    `| ${r.fullLoad.name} | ${r.fullLoad.samples} | ${ms(r.fullLoad.p50)} | ${ms(r.fullLoad.p95)} | ${ms(r.fullLoad.max)} |`,
    '',
    `- Orçamento 25 por página ≤ 300 ms (p95): ${ms(page25.p95)} ms — ${verdict(page25.p95 <= 300)}.`,
    `- Orçamento 1.000 por página ≤ 1 s (p95): ${ms(page1000.p95)} ms — ${verdict(page1000.p95 <= 1000)}.`,
    `- Orçamento carga completa ≤ 1 s (p95): ${ms(r.fullLoad.p95)} ms — ${verdict(r.fullLoad.p95 <= 1000)}.`,
    `- Rolagem da página de ${r.scroll.rows.toLocaleString('pt-BR')} linhas até o fim: ${r.scroll.longTasks} tarefas longas ` +
      `(> 50 ms), a maior com ${r.scroll.longestMs} ms — ${verdict(r.scroll.longTasks === 0)}. A API limita a página a 1.000 ` +
      'linhas, então a rolagem de 10.000 linhas do orçamento é medida na maior página que a lista tem.',
    '',
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  benchClient()
    .then((r) => console.log(clientSection(r)))
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}

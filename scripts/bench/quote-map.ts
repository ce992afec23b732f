/**
 * Comparison map budget (issue 11: "the comparison map of 50 lines × 5 suppliers renders without a long task over
 * 100 ms"), against the real app (`server/main.ts`, built client) on PostgreSQL in a throwaway database:
 * - Data, all through the API as a buyer would make it: an order of 50 lines (compras), submitted and approved
 *   (gestor), a quote from its lines inviting 5 suppliers (`quotes/from-order-lines`), and each supplier's proposal
 *   recorded (`quotes/{id}/proposals`, If-Match) with prices varying per line so the best price moves from supplier
 *   to supplier.
 * - Screen: `/cotacoes/analises?cotacao={id}` in Chromium; long tasks (PerformanceObserver 'longtask', > 50 ms,
 *   observing from the document's start) from navigation start until the map's 50 rows are in the page, then while
 *   scrolling the page to the end and back, then while changing one line's award (a radio of line 1, until it is
 *   checked). A warm-up and RUNS measured runs, each a new navigation. Budget: no long task over 100 ms.
 * - Then one extra run under a Chromium trace (not counted): each long task of the main thread with where its time
 *   went (self time by trace event: script of which chunk, style, layout, paint, GC, compile).
 * Run alone: `npx tsx scripts/bench/quote-map.ts`. Env: DATABASE_URL (a server where a throwaway database may be created).
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { ensureClientBuild } from '../build.ts';
import { login } from './api.ts';
import { CHROMIUM, longTaskDurationsDuring, longTaskSummary, startApp, type LongTasks } from './app-process.ts';
import { signIn } from './client.ts';
import type { TraceEvent } from './profile-summary.ts';
import { DEFAULT_ADMIN_URL, ms, verdict, withScratchDatabase } from './scratch-db.ts';

const PORT = Number(process.env.BENCH_QUOTE_MAP_PORT ?? 3264);
const RUNS = Number(process.env.BENCH_QUOTE_MAP_RUNS ?? 5);
const LINES = 50;
const SUPPLIERS = 5;
const SM = '/api/supply-management/v1';
const PR = '/api/pricing/v1';
const COMPRAS = { email: 'compras@demo.com.br', password: 'Compras@2026!' };
const GESTOR = { email: 'gestor@demo.com.br', password: 'Gestor@2026!' };
const MAP = '[data-testid="comparison-map"]';

type Json = Record<string, unknown>;
type Phase = LongTasks & { perRun: number[] };
export interface QuoteMapBenchResult {
  lines: number;
  suppliers: number;
  bestSuppliers: number;
  runs: number;
  rowsVisibleMs: { p50: number; max: number };
  dataMs: number;
  load: Phase;
  loadAfterData: Phase;
  scroll: Phase;
  award: Phase & { p50Ms: number };
  /** The traced extra run: each long task and its largest self times. */
  trace: { durationMs: number; top: { label: string; ms: number }[] }[];
  loadavg: [number, number];
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const median = (xs: number[]) => quantile([...xs].sort((a, b) => a - b), 0.5);
const todayInBrazil = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });

/** JSON calls with a bearer token; anything but 2xx throws with the body. */
function apiOf(base: string, token: string) {
  const call = async (method: string, url: string, body?: unknown, version?: unknown): Promise<unknown> => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (version !== undefined) headers['if-match'] = `W/"${String(version)}"`;
    const res = await fetch(`${base}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  return { get: (url: string) => call('GET', url), post: (url: string, body: unknown, version?: unknown) => call('POST', url, body, version) };
}

/** Reference price of line i (cents) and supplier s's price for it: 90–112 % of it, the cheapest supplier changing from line to line. */
const basePrice = (i: number) => 1000 + ((i * 37) % 1500);
export const priceOf = (i: number, s: number) => Math.round((basePrice(i) * (90 + ((i * 7 + s * 13) % 23))) / 100);

/** The order, its approval, the quote of its 50 lines with 5 suppliers invited, and the 5 proposals. */
async function seedQuote(base: string): Promise<{ id: string; names: string[]; bestSuppliers: number }> {
  const compras = apiOf(base, await login(base, COMPRAS.email, COMPRAS.password));
  const gestor = apiOf(base, await login(base, GESTOR.email, GESTOR.password));
  const tag = randomBytes(3).toString('hex');
  const [org] = (await compras.get('/api/identity/v1/organizations?pageSize=1&sort=name')) as Json[];
  const [cc] = (await compras.get(`/api/accounts-payable/v1/cost-centers?filter[type][eq]=A&filter[organizationId][eq]=${String(org.id)}&pageSize=1&sort=code`)) as Json[];
  const suppliers = ((await compras.get(`${PR}/suppliers`)) as Json[]).slice(0, SUPPLIERS);
  if (suppliers.length < SUPPLIERS) throw new Error(`só ${suppliers.length} fornecedores nos dados de demonstração`);
  // Under R$ 5.000,00 in all (at most 3 × R$ 25,00 × 50), so the order does not need the approval queue.
  const items = Array.from({ length: LINES }, (_, i) => ({ description: `Item ${i + 1} do mapa ${tag}`, quantity: 1 + (i % 3), unit: 'UN', unitPrice: basePrice(i) }));
  let order = (await compras.post(`${SM}/orders`, {
    organizationId: org.id, title: `Mapa de cotação (benchmark) ${tag}`, requestDate: todayInBrazil(), costCenterId: cc.id,
    justification: 'Pedido de 50 itens para medir o mapa de cotação (benchmark).', items,
  })) as Json;
  order = ((await compras.post(`${SM}/orders/${String(order.id)}/submit`, {}, order.version)) as { record: Json }).record;
  order = ((await gestor.post(`${SM}/orders/${String(order.id)}/approve`, {}, order.version)) as { record: Json }).record;
  let quote = (await compras.post(`${PR}/quotes/from-order-lines`, {
    lines: items.map((_, i) => ({ orderId: order.id, line: i + 1 })), invitedSupplierIds: suppliers.map((s) => s.id), minimumQuotes: 3, title: `Mapa de cotação (benchmark) ${tag}`,
  })) as Json;
  for (const [s, supplier] of suppliers.entries()) {
    quote = ((await compras.post(`${PR}/quotes/${String(quote.id)}/proposals`, {
      supplierId: supplier.id, channel: 'TELEFONE', paymentTerms: '28 DDL', deliveryDays: 5 + s,
      items: items.map((_, i) => ({ quoteLine: i + 1, unitPrice: priceOf(i, s) })),
    }, quote.version)) as { record: Json }).record;
  }
  const map = (await compras.get(`${PR}/quotes/${String(quote.id)}/comparison`)) as { proposals: { supplierId: string; supplierName: string }[]; map: { lines: { bestSupplierIds: string[] }[] } };
  if (map.proposals.length !== SUPPLIERS) throw new Error(`o mapa tem ${map.proposals.length} propostas`);
  const bestSuppliers = new Set(map.map.lines.flatMap((l) => l.bestSupplierIds)).size;
  const names = suppliers.map((s) => map.proposals.find((p) => p.supplierId === s.id)!.supplierName);
  return { id: String(quote.id), names, bestSuppliers };
}

/** Records every long task from the document's start (an init script: it runs before the app's scripts). */
const OBSERVE_FROM_START = `
  window.__name = (f) => f;
  window.__navTasks = [];
  try {
    new PerformanceObserver((list) => list.getEntries().forEach((e) => window.__navTasks.push({ start: e.startTime, duration: e.duration })))
      .observe({ type: 'longtask', buffered: true });
  } catch {}
`;

interface RunResult {
  rowsVisibleMs: number;
  /** When the map's data (`GET …/comparison`) had arrived, ms from navigation start. */
  dataMs: number;
  load: number[];
  /** The load's long tasks that started after the data arrived (rendering the map). */
  loadAfterData: number[];
  scroll: number[];
  award: number[];
  awardMs: number;
}

/** One run: a new navigation to the map, the rows, scrolling, one line's award changed. */
async function run(page: Page, url: string, names: string[]): Promise<RunResult> {
  await page.goto(url);
  const visible = await page.waitForFunction(
    ({ map, n }) => {
      const rows = document.querySelectorAll(`${map} tbody tr`);
      return rows.length === n && (rows[n - 1] as HTMLElement).offsetHeight > 0 && performance.now();
    },
    { map: MAP, n: LINES },
    { polling: 'raf', timeout: 60_000 },
  );
  const rowsVisibleMs = (await visible.jsonValue()) as number;
  const navTasks = await page.evaluate(async () => {
    await new Promise((r) => setTimeout(r, 300));
    return (window as unknown as { __navTasks: { start: number; duration: number }[] }).__navTasks;
  });
  const dataMs = await page.evaluate(() => (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) => e.name.includes('/comparison'))?.responseEnd ?? 0);
  const load = navTasks.filter((t) => t.start <= rowsVisibleMs).map((t) => t.duration);
  const loadAfterData = navTasks.filter((t) => t.start <= rowsVisibleMs && t.start >= dataMs).map((t) => t.duration);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  const scroll = await longTaskDurationsDuring(page, () =>
    page.evaluate(async (map) => {
      const frame = () => new Promise((r) => requestAnimationFrame(() => r(undefined)));
      const root = document.scrollingElement ?? document.documentElement;
      const step = window.innerHeight;
      for (let y = 0; y <= root.scrollHeight; y += step) {
        window.scrollTo(0, y);
        await frame();
        await frame();
      }
      // The map's own horizontal scroll (its wrapper), when the columns do not fit.
      const wrap = document.querySelector(map)?.parentElement;
      if (wrap && wrap.scrollWidth > wrap.clientWidth) {
        for (let x = 0; x <= wrap.scrollWidth; x += wrap.clientWidth / 2) {
          wrap.scrollLeft = x;
          await frame();
        }
        wrap.scrollLeft = 0;
      }
      for (let y = root.scrollHeight; y >= 0; y -= step * 4) {
        window.scrollTo(0, y);
        await frame();
      }
      window.scrollTo(0, 0);
      await frame();
    }, MAP),
  );
  // Line 1 to its dearest supplier (the proposed award gives it to the cheapest).
  const dearest = names.map((n, s) => ({ n, p: priceOf(0, s) })).sort((a, b) => b.p - a.p)[0].n;
  const radio = page.getByRole('radio', { name: `Item 1 para ${dearest}`, exact: true });
  let awardMs = 0;
  const award = await longTaskDurationsDuring(page, async () => {
    const t = performance.now();
    await radio.check();
    await page.getByText(/acima do menor custo/).first().waitFor();
    awardMs = performance.now() - t;
  });
  return { rowsVisibleMs, dataMs, load, loadAfterData, scroll, award, awardMs };
}

const TRACE_CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute', 'blink.user_timing'];
/** Each long task (> 50 ms) of the renderers' main threads in a trace, with the self time of what ran inside it. */
export function longTasksOfTrace(trace: { traceEvents: TraceEvent[] }): QuoteMapBenchResult['trace'] {
  const events = trace.traceEvents;
  const main = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const timed = events.filter((e) => e.ph === 'X' && typeof e.dur === 'number' && main.has(`${e.pid}:${e.tid}`)).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  // Outermost tasks only ('ThreadControllerImpl::RunTask' and 'RunTask' nest); `timed` is by start, longest first.
  const tasks: TraceEvent[] = [];
  for (const e of timed) {
    if (e.name !== 'RunTask' && e.name !== 'ThreadControllerImpl::RunTask') continue;
    if (tasks.some((o) => o.pid === e.pid && o.tid === e.tid && o.ts <= e.ts && o.ts + o.dur! >= e.ts + e.dur!)) continue;
    if (e.dur! > 50_000) tasks.push(e);
  }
  const out: QuoteMapBenchResult['trace'] = [];
  for (const task of tasks) {
    const inside = timed.filter((e) => e !== task && e.pid === task.pid && e.tid === task.tid && e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur!);
    const self = new Map<string, number>();
    const stack: { e: TraceEvent; children: number }[] = [];
    const label = (e: TraceEvent) => {
      const url = e.args?.data?.url;
      const file = url ? (url.split('/').pop() || url).replace(/-[\w-]{8}\.js$/, '.js') : '';
      return file ? `${e.name} (${file})` : e.name;
    };
    const close = (until: number) => {
      while (stack.length && stack.at(-1)!.e.ts + stack.at(-1)!.e.dur! <= until) {
        const { e, children } = stack.pop()!;
        self.set(label(e), (self.get(label(e)) ?? 0) + (e.dur! - children));
        if (stack.length) stack.at(-1)!.children += e.dur!;
      }
    };
    for (const e of inside) {
      close(e.ts);
      stack.push({ e, children: 0 });
    }
    close(Infinity);
    const covered = [...self.values()].reduce((a, b) => a + b, 0);
    if (task.dur! - covered > 1000) self.set('(sem evento)', task.dur! - covered);
    const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([l, us]) => ({ label: l, ms: Math.round(us / 1000) }));
    out.push({ durationMs: Math.round(task.dur! / 1000), top });
  }
  return out;
}

async function screen(browser: Browser, base: string, quote: { id: string; names: string[] }, log: (line: string) => void) {
  const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1366, height: 900 } });
  await context.addInitScript({ content: OBSERVE_FROM_START });
  const page = await context.newPage();
  await signIn(page, base);
  const url = `${base}/cotacoes/analises?cotacao=${quote.id}`;
  const runs: RunResult[] = [];
  try {
    for (let i = 0; i <= RUNS; i++) {
      const r = await run(page, url, quote.names);
      log(`  ${i ? `medida ${i}` : 'aquecimento'}: dados do mapa em ${Math.round(r.dataMs)} ms, linhas em ${Math.round(r.rowsVisibleMs)} ms; tarefas longas (ms) carga [${r.load.map(Math.round).join(', ')}] (depois dos dados [${r.loadAfterData.map(Math.round).join(', ')}]), rolagem [${r.scroll.map(Math.round).join(', ')}], adjudicação [${r.award.map(Math.round).join(', ')}] (${Math.round(r.awardMs)} ms)`);
      if (i) runs.push(r);
    }
    log('  medida extra com rastreamento do Chromium (não contada)…');
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await run(page, url, quote.names);
    const trace = longTasksOfTrace(JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] });
    for (const t of trace) log(`    ${t.durationMs} ms: ${t.top.map((x) => `${x.label} ${x.ms}`).join(', ')}`);
    return { runs, trace };
  } catch (err) {
    await page.screenshot({ path: path.join(os.tmpdir(), 'bench-quote-map.png') }).catch(() => undefined);
    throw err;
  } finally {
    await context.close();
  }
}

const phase = (runs: RunResult[], pick: (r: RunResult) => number[]): Phase => ({
  ...longTaskSummary(runs.flatMap(pick)),
  perRun: runs.map((r) => Math.round(Math.max(0, ...pick(r)))),
});

export async function benchQuoteMap(log: (line: string) => void = console.log): Promise<QuoteMapBenchResult> {
  await ensureClientBuild();
  const adminUrl = process.env.DATABASE_URL || DEFAULT_ADMIN_URL;
  return withScratchDatabase('bench_qmap', adminUrl, async (url) => {
    log('Iniciando o app no PostgreSQL (migração e dados de demonstração)…');
    const app = await startApp(PORT, url);
    try {
      log(`Pedido de ${LINES} itens aprovado, cotação com ${SUPPLIERS} fornecedores e as ${SUPPLIERS} propostas, pela API…`);
      const quote = await seedQuote(app.base);
      log(`Mapa no Chromium: ${RUNS + 1} navegações (a primeira aquece)…`);
      const loadBefore = os.loadavg()[0];
      const browser = await chromium.launch(CHROMIUM);
      try {
        const { runs, trace } = await screen(browser, app.base, quote, log);
        return {
          lines: LINES,
          suppliers: SUPPLIERS,
          bestSuppliers: quote.bestSuppliers,
          runs: runs.length,
          rowsVisibleMs: { p50: median(runs.map((r) => r.rowsVisibleMs)), max: Math.max(...runs.map((r) => r.rowsVisibleMs)) },
          dataMs: median(runs.map((r) => r.dataMs)),
          load: phase(runs, (r) => r.load),
          loadAfterData: phase(runs, (r) => r.loadAfterData),
          scroll: phase(runs, (r) => r.scroll),
          award: { ...phase(runs, (r) => r.award), p50Ms: median(runs.map((r) => r.awardMs)) },
          trace,
          loadavg: [loadBefore, os.loadavg()[0]],
        };
      } finally {
        await browser.close();
      }
    } finally {
      app.stop();
    }
  });
}


export function quoteMapSection(r: QuoteMapBenchResult): string {
  const row = (label: string, p: Phase) => `| ${label} | ${p.count} | ${p.over100} | ${p.longestMs} | ${p.perRun.join(' · ')} |`;
  const over = r.load.over100 + r.scroll.over100 + r.award.over100;
  return [
    `## Mapa de cotação: ${r.lines} itens × ${r.suppliers} fornecedores`,
    '',
    `Pela API, como um comprador faria: um pedido de ${r.lines} itens (compras) enviado e aprovado (gestor), a cotação dos seus itens com ` +
      `${r.suppliers} fornecedores convidados (\`quotes/from-order-lines\`) e a proposta de cada um registrada (\`quotes/{id}/proposals\`), ` +
      `preços de 90 % a 112 % da referência variando por item — o melhor preço passa por ${r.bestSuppliers} dos ${r.suppliers} fornecedores. ` +
      `Tela \`/cotacoes/analises?cotacao={id}\` no Chromium (janela 1366 × 900, app inteiro num processo, PostgreSQL), ${r.runs} medidas após um aquecimento, ` +
      'cada uma uma navegação nova: tarefas longas (PerformanceObserver `longtask`, > 50 ms, observando desde o início do documento) ' +
      `do início da navegação até as ${r.lines} linhas do mapa estarem na página (inclui avaliar o JavaScript do app e a sessão), ` +
      'rolando a página até o fim uma tela por vez (dois quadros cada) e de volta de quatro em quatro, e trocando a adjudicação de um item ' +
      '(o rádio do item 1 para o fornecedor mais caro, até a tela avisar que a escolha está acima do menor custo). ' +
      `Carga média da máquina (1 min) antes/depois: ${r.loadavg.map((l) => l.toFixed(1).replace('.', ',')).join(' / ')} — máquina compartilhada ` +
      'com outros processos (testes, navegadores); os números sobem com ela.',
    '',
    `| Ação | tarefas longas (> 50 ms, soma das ${r.runs}) | acima de 100 ms | a maior (ms) | a maior de cada medida (ms) |`,
    '| --- | ---: | ---: | ---: | --- |',
    row(`Abrir o mapa (linhas na página em ${ms(r.rowsVisibleMs.p50)} ms p50, ${ms(r.rowsVisibleMs.max)} máx.)`, r.load),
    row(`… delas, as que começaram depois de chegarem os dados do mapa (${ms(r.dataMs)} ms p50): desenhar o mapa`, r.loadAfterData),
    row('Rolar a página', r.scroll),
    row(`Trocar a adjudicação de um item (${ms(r.award.p50Ms)} ms p50 até o aviso)`, r.award),
    '',
    `- Orçamento nenhuma tarefa longa acima de 100 ms: abrindo ${r.load.over100}, rolando ${r.scroll.over100}, trocando ${r.award.over100} — ${verdict(over === 0)}.`,
    r.trace.length
      ? '- Uma medida extra sob rastreamento do Chromium (não contada; o rastreamento a deixa mais lenta) — cada tarefa longa e o tempo próprio dos eventos que mais pesaram nela: ' +
        r.trace.map((t) => `${t.durationMs} ms (${t.top.map((x) => `${x.label} ${x.ms}`).join(', ')})`).join('; ') + '.'
      : '- Uma medida extra sob rastreamento do Chromium (não contada) não teve tarefa longa.',
    '',
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  benchQuoteMap()
    .then((r) => console.log(quoteMapSection(r)))
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}

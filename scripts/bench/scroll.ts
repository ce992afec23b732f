/**
 * Only the scroll measurement of the client bench (client.ts `scrollLongTasks`), to iterate on it without the
 * whole `npm run bench`: the app on PostgreSQL with 100,000 payables, signed in as the admin, a 1,000-row page of
 * `/contas-a-pagar/lancamentos` opened by a client navigation (as the bench does), scrolled to its end counting
 * long tasks (> 50 ms). SCROLL_PASSES passes, each on another page. After them, what the bench does not try: jumps
 * far down and back (the scroll bar dragged, End/Home), where the whole window of rows is new at once.
 * Run: `tsx scripts/bench/scroll.ts`. Env:
 * - DATABASE_URL: a server where a database may be created (default postgres://postgres@127.0.0.1:5432/test);
 * - SCROLL_KEEP_DB=1: keeps the database `bench_scroll` between runs (seeded once) instead of a throwaway one;
 * - SCROLL_BASE=http://localhost:3263: an app already running on that database (no build, no start);
 * - SCROLL_PROFILE=file: every pass under the CPU profiler and a trace, on a client built without minification
 *   (`.tmp/dist-profile`, readable function names); writes `file-<pass>.cpuprofile` and `.trace.json` and prints
 *   the functions with the most self and total time, what the long tasks spent on (script, style, layout…), the
 *   functions inside them and the tasks' CPU time (a busy machine makes tasks long that cost little CPU);
 * - SCROLL_CPU_THROTTLE=4: the page's CPU 4× slower (CDP), to see the margin a slower machine would have.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { chromium, type Page } from '@playwright/test';
import { metadataRoot } from '../../server/config.ts';
import { computeBuildId } from '../build-info.ts';
import { ensureClientBuild } from '../build.ts';
import { CHROMIUM, longTaskSummary, startApp } from './app-process.ts';
import { fillPayables, LIST, scrollLongTasks, signIn, timeToFirstRows } from './client.ts';
import { cpuOfTasks, longTasksOf, profileSummary, traceSummary, type CpuProfile, type TraceEvent } from './profile-summary.ts';
import { withDatabase } from './scratch-db.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PORT = Number(process.env.BENCH_SCROLL_PORT ?? 3262);
const ROWS = 100_000;
const PASSES = Number(process.env.SCROLL_PASSES ?? 5);
const PROFILE = process.env.SCROLL_PROFILE;
/** CPU slowdown factor of the page (CDP `Emulation.setCPUThrottlingRate`), to see the margin on a slower machine. */
const THROTTLE = Number(process.env.SCROLL_CPU_THROTTLE ?? 1);

/** The client without minification (same Vite config otherwise) in its own folder, for readable profiles. */
async function profileBuild(): Promise<void> {
  const outDir = path.join(ROOT, '.tmp', 'dist-profile');
  process.env.CLIENT_DIR = outDir; // the app process serves this build (and finds it current)
  const id = await computeBuildId(ROOT, metadataRoot());
  const stamp = path.join(outDir, 'builds', 'latest.json');
  if ((await readFile(stamp, 'utf8').catch(() => '')).includes(id)) return;
  console.log('Compilando o cliente sem minificação (perfil)…');
  const { build } = await import('vite');
  process.env.VITE_BUILD_ID = id;
  await build({ root: ROOT, logLevel: 'warn', configFile: path.join(ROOT, 'vite.config.ts'), build: { outDir, emptyOutDir: true, minify: false } });
  await mkdir(path.dirname(stamp), { recursive: true });
  await writeFile(stamp, JSON.stringify({ id }) + '\n');
}

/** A database for the run: `bench_scroll` kept between runs (SCROLL_KEEP_DB=1), else a throwaway one. */
async function database(admin: pg.Client): Promise<{ name: string; fresh: boolean; drop: boolean }> {
  if (process.env.SCROLL_KEEP_DB || process.env.SCROLL_BASE) {
    const exists = (await admin.query(`SELECT 1 FROM pg_database WHERE datname = 'bench_scroll'`)).rowCount;
    if (!exists) await admin.query('CREATE DATABASE bench_scroll');
    return { name: 'bench_scroll', fresh: !exists, drop: false };
  }
  const name = `bench_scroll_${process.pid}`;
  await admin.query(`CREATE DATABASE ${name}`);
  return { name, fresh: true, drop: true };
}

async function payableCount(url: string): Promise<number> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    return Number((await db.query('SELECT count(*) FROM payables WHERE deleted_at IS NULL')).rows[0].count);
  } finally {
    await db.end();
  }
}

/** Jumps of the scroll area far down and back (as dragging the scroll bar, End and Home do), two frames each. */
async function jumpLongTasks(page: Page) {
  const durations = await page.evaluate(async () => {
    const box = document.querySelector<HTMLElement>('.bo-list-scroll')!;
    const tasks: number[] = [];
    const observer = new PerformanceObserver((list) => list.getEntries().forEach((e) => tasks.push(e.duration)));
    observer.observe({ type: 'longtask', buffered: false });
    const frame = () => new Promise((r) => requestAnimationFrame(() => r(undefined)));
    for (let i = 0; i < 20; i++) {
      box.scrollTop = ((i * 7919) % 20) / 20 * box.scrollHeight; // 20 spots over the page, in a scattered order
      await frame();
      await frame();
    }
    await new Promise((r) => setTimeout(r, 200));
    observer.disconnect();
    return tasks;
  });
  const { count, longestMs } = longTaskSummary(durations);
  return { longTasks: count, longestMs };
}

interface Measured {
  longTasks: number;
  longestMs: number;
  /** From the trace: tasks over 50 ms of CPU (thread) time, the most CPU one task took, the pass's total. */
  cpu: ReturnType<typeof cpuOfTasks>;
}

/**
 * Runs `measure` (which counts the page's long tasks) under a light trace, for the tasks' CPU time; with
 * SCROLL_PROFILE also under the CPU profiler and a detailed trace, and prints where the time went.
 */
async function traced(page: Page, name: string, measure: () => Promise<{ longTasks: number; longestMs: number }>): Promise<Measured> {
  const browser = page.context().browser()!;
  const cdp = PROFILE ? await page.context().newCDPSession(page) : undefined;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', ...(PROFILE ? ['disabled-by-default-devtools.timeline'] : [])] });
  const { longTasks, longestMs } = await measure();
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
  const result = { longTasks, longestMs, cpu: cpuOfTasks(trace.traceEvents) };
  if (!cdp) return result;
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
  await cdp.detach();
  await writeFile(`${PROFILE}-${name}.cpuprofile`, JSON.stringify(profile));
  await writeFile(`${PROFILE}-${name}.trace.json`, JSON.stringify(trace));
  const long = longTasksOf(trace.traceEvents);
  console.log(`\nPerfil ${name}: ${JSON.stringify(result)}`);
  console.log(profileSummary(profile, 25));
  console.log(traceSummary(trace.traceEvents));
  if (long.length) console.log(`\nDentro das tarefas longas:\n${profileSummary(profile, 15, long)}`);
  return result;
}

/** Opens the 1,000-row page `n` by a client navigation, waits for the network to go idle, then scrolls it. */
async function pass(page: Page, n: number) {
  await timeToFirstRows(page, `${LIST}?page=${n}&pageSize=1000`);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  return traced(page, String(n), () => scrollLongTasks(page));
}

async function measureScroll(base: string): Promise<void> {
  const browser = await chromium.launch(CHROMIUM);
  try {
    const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1366, height: 900 } });
    await context.addInitScript({ content: 'window.__name = (f) => f;' });
    const page = await context.newPage();
    if (THROTTLE > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    await signIn(page, base);
    await page.goto(`${base}${LIST}`);
    await page.locator('tbody a.bo-row-link').first().waitFor();
    await page.waitForLoadState('networkidle');
    const line = (r: Measured) =>
      `${r.longTasks} tarefas longas (> 50 ms), a maior ${r.longestMs} ms; CPU: a maior tarefa ${r.cpu.maxMs} ms, ${r.cpu.over50} acima de 50 ms, ${r.cpu.totalMs} ms ao todo`;
    const runs: Measured[] = [];
    for (let i = 1; i <= PASSES; i++) {
      runs.push(await pass(page, i));
      console.log(`passada ${i}: ${line(runs[i - 1])}`);
    }
    const sum = (f: (r: Measured) => number) => runs.reduce((s, r) => s + f(r), 0);
    const max = (f: (r: Measured) => number) => Math.max(...runs.map(f));
    console.log(
      `Rolagem (como o bench), ${PASSES} passadas: ${sum((r) => r.longTasks)} tarefas longas, a maior ${max((r) => r.longestMs)} ms; ` +
        `por CPU: ${sum((r) => r.cpu.over50)} acima de 50 ms, a maior ${max((r) => r.cpu.maxMs)} ms, ${Math.round(sum((r) => r.cpu.totalMs) / PASSES)} ms por passada`,
    );
    console.log(`Saltos (20, para longe e de volta): ${line(await traced(page, 'saltos', () => jumpLongTasks(page)))}`);
    await context.close();
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  if (process.env.SCROLL_BASE) return measureScroll(process.env.SCROLL_BASE);
  if (PROFILE) await profileBuild();
  else await ensureClientBuild();
  const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const db = await database(admin);
  const url = withDatabase(adminUrl, db.name);
  try {
    console.log(`Iniciando o app (${db.name}${db.fresh ? ', migração e dados de demonstração' : ''})…`);
    const app = await startApp(PORT, url);
    try {
      if ((await payableCount(url)) < ROWS) {
        console.log(`Completando ${ROWS.toLocaleString('pt-BR')} contas a pagar…`);
        await fillPayables(url, ROWS);
      }
      await measureScroll(app.base);
    } finally {
      app.stop();
    }
  } finally {
    if (db.drop) await admin.query(`DROP DATABASE IF EXISTS ${db.name} WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

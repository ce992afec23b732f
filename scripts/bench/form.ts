/**
 * Form keystroke-to-paint (architecture §10: a 100-field form, p95 ≤ 50 ms with validation on). Builds the
 * client if needed, starts the app on PGlite, signs in as admin in Chromium and types into
 * `/dev/form-100`: our sectioned form, then the same schema as one plain @rjsf/antd form with live
 * validation (the baseline). A keystroke's time runs from `keydown` to the frame after it was painted.
 * Run alone: `tsx scripts/bench/form.ts`.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { ensureClientBuild } from '../build.ts';
import { CHROMIUM, startApp } from './app-process.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PORT = Number(process.env.BENCH_FORM_PORT ?? 3260);
/** Fields typed into, spread over the form (text, money, CPF, e-mail, code), 12 characters each. */
const TARGETS = ['Descrição 1', 'Valor 12', 'CPF 25', 'E-mail 38', 'Código 50', 'Descrição 61', 'Valor 72', 'CPF 95'];
const TEXT = { Descrição: 'Fornecedor X', Valor: '123456789012', CPF: '52998224725', 'E-mail': 'a@empresa.com', Código: '01.02.03.04' } as const;

/** The pages that are form routes: the screens' add/edit page, the 100-field dev form, /tests's widget samples. */
const FORM_PAGES = /^(FormPage|Form100Page|WidgetSamples)-/;

export interface FormBenchRun {
  name: string;
  samples: number;
  p50: number;
  p95: number;
  max: number;
}
export interface FormBenchResult {
  runs: FormBenchRun[];
  /** Chunks that carry RJSF, and the chunks that import them statically (only the form pages should). */
  rjsf: { chunks: string[]; importers: string[] };
}

/** Architecture §10: RJSF and its validator load only on form routes. Reads the built chunks. */
export async function rjsfChunks(dir = path.join(ROOT, 'dist', 'assets')): Promise<FormBenchResult['rjsf']> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.js'));
  const texts = new Map(await Promise.all(files.map(async (f) => [f, await readFile(path.join(dir, f), 'utf8')] as const)));
  // A string RJSF's core keeps in any build, minified or not.
  const chunks = files.filter((f) => texts.get(f)!.includes('ui:submitButtonOptions'));
  const importers = files.filter((f) => !chunks.includes(f) && chunks.some((c) => new RegExp(`(from|import)\\s*["']\\./${c.replace(/[.$]/g, '\\$&')}["']`).test(texts.get(f)!)));
  return { chunks, importers };
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** Records keydown → next painted frame for every key typed into the page. */
async function instrument(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __keyTimes: number[] };
    w.__keyTimes = [];
    window.addEventListener('keydown', (e) => {
      if (e.key.length !== 1) return;
      const t0 = performance.now();
      requestAnimationFrame(() => setTimeout(() => w.__keyTimes.push(performance.now() - t0), 0));
    }, { capture: true });
  });
}

async function typeAll(page: Page): Promise<number[]> {
  await instrument(page);
  for (const label of TARGETS) {
    const kind = label.split(' ')[0] as keyof typeof TEXT;
    const field = page.getByLabel(label, { exact: true });
    await field.scrollIntoViewIfNeeded();
    await field.click();
    // One key at a time, each after the previous frame: a person's pace, no queued keystrokes.
    await field.pressSequentially(TEXT[kind], { delay: 80 });
    await page.keyboard.press('Tab');
  }
  await page.waitForTimeout(300);
  return page.evaluate(() => (window as unknown as { __keyTimes: number[] }).__keyTimes);
}

async function measure(page: Page, name: string, url: string): Promise<FormBenchRun> {
  await page.goto(url);
  await page.getByLabel('Descrição 1', { exact: true }).waitFor();
  await typeAll(page); // warm-up: code paths, ajv compilation, fonts
  await page.goto(url);
  await page.getByLabel('Descrição 1', { exact: true }).waitFor();
  const times = (await typeAll(page)).sort((a, b) => a - b);
  const round = (v: number) => Math.round(v * 10) / 10;
  return { name, samples: times.length, p50: round(quantile(times, 0.5)), p95: round(quantile(times, 0.95)), max: round(times.at(-1) ?? 0) };
}

export async function benchForm(): Promise<FormBenchResult> {
  await ensureClientBuild();
  const server = await startApp(PORT);
  const BASE = server.base;
  const browser = await chromium.launch(CHROMIUM);
  try {
    const page = await browser.newPage({ locale: 'pt-BR', viewport: { width: 1366, height: 900 } });
    await page.goto(`${BASE}/login`);
    await page.getByLabel('E-mail').fill('admin@demo.com.br');
    await page.getByLabel('Senha', { exact: true }).fill('Admin@2026!');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(`${BASE}/`);
    const runs = [
      await measure(page, 'Motor (seções, validação no blur + envio)', `${BASE}/dev/form-100`),
      await measure(page, '@rjsf/antd puro (liveValidate)', `${BASE}/dev/form-100?modo=rjsf`),
    ];
    return { runs, rjsf: await rjsfChunks() };
  } finally {
    await browser.close();
    server.stop();
  }
}

const ms = (v: number) => v.toFixed(1).replace('.', ',');

export function formSection(r: FormBenchResult): string {
  const ours = r.runs[0];
  return [
    '## Formulário de 100 campos: tecla → pintura',
    '',
    `\`/dev/form-100\` no Chromium: ${TARGETS.length} campos (texto, dinheiro, CPF, e-mail, código) em blocos diferentes, ` +
      'uma tecla a cada 80 ms; cada tecla medida do `keydown` ao quadro seguinte pintado. Validação ligada: no motor, por ' +
      'campo ao sair dele e completa ao salvar; no RJSF puro, o schema inteiro a cada tecla.',
    '',
    '| Formulário | teclas | p50 (ms) | p95 (ms) | máx. (ms) |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...r.runs.map((x) => `| ${x.name} | ${x.samples} | ${ms(x.p50)} | ${ms(x.p95)} | ${ms(x.max)} |`),
    '',
    `- Orçamento p95 ≤ 50 ms: ${ms(ours.p95)} ms — ${ours.p95 <= 50 ? 'cumprido' : '**não cumprido**'}.`,
    `- RJSF e o validador ficam em ${r.rjsf.chunks.map((c) => `\`${c.replace(/-[\w-]{8}\.js$/, '')}\``).join(', ')}, importados só por ` +
      `${r.rjsf.importers.map((c) => `\`${c.replace(/-[\w-]{8}\.js$/, '')}\``).join(', ')} — ` +
      `${r.rjsf.importers.every((c) => FORM_PAGES.test(c)) ? 'só nas rotas de formulário (adicionar/editar, `/dev/form-100` e as amostras de `/tests`)' : '**vazam para outras rotas**'}.`,
    '',
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  benchForm()
    .then((r) => console.log(formSection(r)))
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}

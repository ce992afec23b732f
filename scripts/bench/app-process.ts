/**
 * The whole app (`server/main.ts`, built client included) in a child process, for the benchmarks that
 * drive it in Chromium. PGlite in a throwaway data folder unless `databaseUrl` is given.
 */
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface AppProcess {
  base: string;
  stop(): void;
}

export async function startApp(port: number, databaseUrl = ''): Promise<AppProcess> {
  const dataDir = path.join(ROOT, '.tmp', `bench-app-${port}`);
  await rm(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, CEP_API_URL: 'off', IBGE_API_URL: 'off' },
  });
  const base = `http://localhost:${port}`;
  for (let i = 0; i < 1200; i++) {
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) return { base, stop: () => child.kill() };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill();
  throw new Error('o servidor não respondeu em 300 s');
}

export const CHROMIUM = {
  executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};

/** Long tasks (PerformanceObserver 'longtask', > 50 ms) of a page: how many, how many over 100 ms, the longest. */
export interface LongTasks {
  count: number;
  over100: number;
  longestMs: number;
}

export const longTaskSummary = (durations: readonly number[]): LongTasks => ({
  count: durations.length,
  over100: durations.filter((t) => t > 100).length,
  longestMs: Math.round(Math.max(0, ...durations)),
});

/** Durations (ms) of the long tasks observed in the page while `action` runs (and 300 ms after). */
export async function longTaskDurationsDuring(page: Page, action: () => Promise<void>): Promise<number[]> {
  await page.evaluate(() => {
    const w = window as unknown as { __tasks: number[]; __obs?: PerformanceObserver };
    w.__tasks = [];
    w.__obs = new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__tasks.push(e.duration)));
    w.__obs.observe({ type: 'longtask', buffered: false });
  });
  await action();
  const tasks = await page.evaluate(async () => {
    await new Promise((r) => setTimeout(r, 300));
    const w = window as unknown as { __tasks: number[]; __obs?: PerformanceObserver };
    w.__obs?.disconnect();
    return w.__tasks;
  });
  return tasks;
}

/** Long tasks observed in the page while `action` runs (and 300 ms after). */
export const longTasksDuring = async (page: Page, action: () => Promise<void>): Promise<LongTasks> => longTaskSummary(await longTaskDurationsDuring(page, action));

/**
 * The whole app (`server/main.ts`, built client included) in a child process, for the benchmarks that
 * drive it in Chromium. PGlite in a throwaway data folder unless `databaseUrl` is given.
 */
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

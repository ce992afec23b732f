import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3210);
// PLAYWRIGHT_CHROMIUM_PATH, else Debian's chromium, else Playwright's own browser (architecture §3).
const chromium = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

/**
 * Files that change what every user sees (the tenant's app config, the Compras policy, the demo users' menus)
 * run one at a time; the rest, each on records of its own, run beside them. The route walk, the longest file,
 * is listed first so it starts first.
 */
const SHARED_STATE = ['auth.spec.ts', 'menu.spec.ts', 'access-admin.spec.ts', 'tenant-config.spec.ts', 'hubs.spec.ts'];

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  projects: [
    { name: 'route-walk', testMatch: 'route-walk.spec.ts' },
    { name: 'shared-state', testMatch: SHARED_STATE, workers: 1 },
    { name: 'independent', testIgnore: ['route-walk.spec.ts', ...SHARED_STATE] },
  ],
  retries: 0,
  reporter: [['list']],
  outputDir: `.tmp/test-results-${PORT}`,
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    command: `rm -rf .tmp/e2e-data-${PORT} && tsx server/main.ts`,
    url: `http://localhost:${PORT}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: `.tmp/e2e-data-${PORT}`,
      // One client build per port: parallel runs (several developers' ports) never rebuild each other's files.
      CLIENT_DIR: `.tmp/e2e-dist-${PORT}`,
      LOG_LEVEL: 'warn',
      E2E: '1',
    },
  },
});

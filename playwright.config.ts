import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3210);
// PLAYWRIGHT_CHROMIUM_PATH, else Debian's chromium, else Playwright's own browser (architecture §3).
const chromium = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

/**
 * Files that change what every user sees (the tenant's app config, the Compras policy, the demo users' menus)
 * run one at a time, and so do the two that fill compras@'s cart (kept on the server); the rest, each on records
 * of its own, run beside them. The route walk with its axe pass, the longest file (four parts), is listed first so
 * it starts first.
 */
const SHARED_STATE = ['auth.spec.ts', 'menu.spec.ts', 'access-admin.spec.ts', 'tenant-config.spec.ts', 'hubs.spec.ts', 'demo-roles.spec.ts', 'procurement-catalog.spec.ts', 'procure-to-pay.spec.ts'];

export default defineConfig({
  testDir: 'tests/e2e',
  // Ceilings, not waits: every step waits for its data or URL and moves on as soon as it is there. A full run on a
  // 2-core machine (the route walk with its axe pass beside the rest) made 10 s navigations and 60 s tests too tight.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  projects: [
    { name: 'route-walk', testMatch: 'route-walk.spec.ts' },
    { name: 'shared-state', testMatch: SHARED_STATE, workers: 1 },
    { name: 'independent', testIgnore: ['route-walk.spec.ts', ...SHARED_STATE] },
    // Browser-side security checks (the CSP the built client runs under), named after ASVS requirements.
    { name: 'security', testDir: 'tests/security', testMatch: '*.spec.ts' },
  ],
  retries: 0,
  reporter: [['list']],
  outputDir: `.tmp/test-results-${PORT}`,
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // The app honours reduced motion (AntdProvider): dialogs open at once, so no click lands on a button still
    // zooming in (a click during antd's paused "appear" frame hit where the button was not yet).
    reducedMotion: 'reduce',
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

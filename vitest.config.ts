import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { precompiledValidators } from './scripts/vite-validators.ts';
import { metadataRoot } from './server/config.ts';

const serverProject = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['tests/server/**/*.test.ts', 'server/**/*.test.ts', 'tests/conformance/**/*.server.test.ts', 'tests/security/**/*.test.ts'],
    environment: 'node' as const,
    globalSetup: ['tests/server/global-setup.ts'],
    env: { TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files share their worker's modules (each still opens its own database): importing the server once
    // per worker instead of once per file halves the suite's time (D4).
    isolate: false,
  },
});

export default defineConfig({
  // Unit tests compile forms at run time (no CSP there); the build precompiles them.
  plugins: [react(), precompiledValidators({ runtime: true })],
  resolve: { alias: { '@metadata': metadataRoot() } },
  define: { __BUILD_ID__: JSON.stringify('test') },
  test: {
    // Both cores (vitest's default leaves one idle on a 2-core machine).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'tests/conformance/**/*.unit.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['tests/fixtures/unit-setup.ts'],
          testTimeout: 20_000,
        },
      },
      serverProject('server', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-pg', 'postgres')] : []),
    ],
  },
});

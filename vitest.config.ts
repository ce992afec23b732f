import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const serverProject = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['tests/server/**/*.test.ts', 'server/**/*.test.ts', 'tests/conformance/**/*.server.test.ts'],
    environment: 'node' as const,
    globalSetup: ['tests/server/global-setup.ts'],
    env: { TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  plugins: [react()],
  define: { __BUILD_ID__: JSON.stringify('test') },
  test: {
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

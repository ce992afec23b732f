import { loadConfig, type ServerConfig } from '../../server/config.ts';

/** Server config for tests: no client, quiet, fast password hashing (the production cost is 2^17). */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    ...loadConfig({ ...process.env, SERVE_CLIENT: '0', DATA_DIR: '.tmp/test-data' }),
    jwtSecret: 'test-secret-test-secret-test-secret-0123456789',
    scryptN: 2 ** 14,
    logLevel: 'silent',
    ...overrides,
  };
}

/**
 * `npm run bench` section (also alone: `tsx scripts/bench/fuzz.ts`): the schema-driven fuzz of the security
 * suite (tests/security/fuzz.ts), longer than in CI — FUZZ_RUNS bodies per resource and verb (default 60) on an
 * embedded database with the demo data — reporting how many requests ended in each status, 5xx and partial
 * writes (both must be 0).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { migrate } from '../../server/db/index.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { loadAndSyncResources } from '../../server/resources/index.ts';
import { runSeeds } from '../../server/seed/index.ts';
import { DEMO_USERS } from '../../server/seed/demo-users.ts';
import { fuzzResources, type FuzzReport } from '../../tests/security/fuzz.ts';

export interface FuzzBench extends FuzzReport {
  runs: number;
  resources: number;
  seconds: number;
}

export async function benchFuzz(runs = Number(process.env.FUZZ_RUNS ?? 60), seed = Number(process.env.FUZZ_SEED ?? 20260415)): Promise<FuzzBench> {
  const config = { ...loadConfig({ ...process.env, SERVE_CLIENT: '0', DATA_DIR: '.tmp/bench-fuzz' }), scryptN: 2 ** 14, logLevel: 'silent', jwtSecret: 'bench-fuzz-secret-bench-fuzz-secret-0123456789' };
  const db = await openPglite();
  try {
    await migrate(db);
    await loadAndSyncResources(db, config.schemasDir);
    await runSeeds(db, config);
    const app = await buildApp({ config, db, logger: false });
    await app.ready();
    const [admin] = DEMO_USERS;
    const login = await app.inject({ method: 'POST', url: '/api/identity/v1/auth', payload: { login: admin.email, secret: admin.password, grantType: 'Password' } });
    const t0 = Date.now();
    const report = await fuzzResources(app, db, login.json().accessToken, { numRuns: runs, seed });
    const seconds = (Date.now() - t0) / 1000;
    await app.close();
    return { ...report, runs, resources: app.resources.registry.size, seconds };
  } finally {
    await db.close();
  }
}

export function fuzzSection(r: FuzzBench): string {
  const statuses = Object.entries(r.byStatus).sort(([a], [b]) => Number(a) - Number(b)).map(([s, n]) => `${s}: ${n.toLocaleString('pt-BR')}`).join(', ');
  return [
    '## Segurança: fuzz dos recursos',
    '',
    `${r.requests.toLocaleString('pt-BR')} requisições (POST, PUT e PATCH, ${r.runs} corpos por recurso e verbo, ${r.resources} recursos, ` +
      `semente fixa) em ${r.seconds.toFixed(0)} s, PGlite com os dados de demonstração. Por situação: ${statuses}.`,
    '',
    `- Respostas 5xx: ${r.serverErrors.length} (meta 0). Escritas parciais: ${r.partialWrites.length} (meta 0).`,
    ...r.serverErrors.slice(0, 10).map((e) => `  - ${e.method} ${e.resource} → ${e.status}: \`${e.payload.slice(0, 120)}\``),
    '',
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  benchFuzz()
    .then((r) => console.log(fuzzSection(r)))
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}

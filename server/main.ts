import path from 'node:path';
import { loadConfig } from './config.ts';
import { openDb, migrate } from './db/index.ts';
import { buildApp } from './app.ts';
import { runSeeds } from './seed/index.ts';
import { loadAndSyncResources } from './resources/index.ts';
import { DEMO_USERS } from './seed/demo-users.ts';

/**
 * `npm run check:metadata` before anything else: a schema, screen, hub or app config with a mistake stops the start
 * with the same `file:line:column` messages, before the client is built and before the database is opened (no
 * resource, table or record is created for a typo). The tenant override is checked too, but a bad one only warns:
 * the server then runs without it (server/lib/app-config.ts) and the SystemOwner sees a banner.
 */
async function checkConfiguration(schemasDir: string, overrideFile: string): Promise<boolean> {
  const { checkMetadata } = await import('../scripts/check-metadata.ts');
  const { formatProblem, MetadataError } = await import('../src/engine/schema/metadata-error.ts');
  try {
    await checkMetadata(path.dirname(schemasDir), { overrideFile });
    return true;
  } catch (e) {
    if (!(e instanceof MetadataError)) throw e;
    const shown = (f: string) => path.resolve(path.dirname(schemasDir), f) === path.resolve(overrideFile) || path.resolve(f) === path.resolve(overrideFile);
    const own = e.problems.filter((p) => !shown(p.file));
    for (const p of e.problems.filter((x) => shown(x.file))) console.warn(`Aviso no override do cliente (o servidor sobe assim mesmo; formato inválido = override não aplicado): ${formatProblem(p)}`);
    if (!own.length) return true;
    for (const p of own) console.error(formatProblem(p));
    console.error(`\nNão iniciado: ${own.length} problema(s) nos metadados. Nada foi construído nem gravado; corrija e rode npm run check:metadata.`);
    return false;
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (!(await checkConfiguration(config.schemasDir, process.env.APP_CONFIG_OVERRIDE ?? path.join(config.dataDir, 'app.config.json')))) process.exit(1);
  if (config.serveClient) {
    const { ensureClientBuild } = await import('../scripts/build.ts');
    await ensureClientBuild();
  }
  const db = await openDb(config);
  const applied = await migrate(db);
  if (applied.length) console.log(`Migrações aplicadas: ${applied.join(', ')}`);
  // Resource tables come from schemas/ (server/resources/sync.ts); seeds may fill them.
  const synced = await loadAndSyncResources(db, config.schemasDir);
  if (synced.applied.length) console.log(`Tabelas de recursos sincronizadas: ${synced.applied.length} comandos`);
  await runSeeds(db, config);
  const app = await buildApp({ config, db });
  const close = async () => {
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  console.log(`\nBack office pronto em ${url}  (banco: ${db.kind === 'pglite' ? `PGlite em ${config.dataDir}` : 'PostgreSQL'})`);
  console.log('Logins de demonstração:');
  for (const u of DEMO_USERS) console.log(`  ${u.email.padEnd(24)} ${u.password.padEnd(18)} ${u.note}`);
}

main().catch((err) => {
  console.error('Falha ao iniciar:', err);
  process.exit(1);
});

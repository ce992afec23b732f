import { loadConfig } from './config.ts';
import { openDb, migrate } from './db/index.ts';
import { buildApp } from './app.ts';
import { runSeeds } from './seed/index.ts';
import { loadAndSyncResources } from './resources/index.ts';
import { DEMO_USERS } from './seed/demo-users.ts';

async function main(): Promise<void> {
  const config = loadConfig();
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

import type { Db } from '../db/index.ts';
import type { ServerConfig } from '../config.ts';
import { loadAppConfig } from '../lib/app-config.ts';
import { metadataResources, seedAccessModel } from './access.ts';
import { seedDemoAreas } from './demo/index.ts';
import { seedWorkflowAreas } from './workflow.ts';
import { readPolicyGrants, seedPolicyGrants } from './grants.ts';
import { hashMissingDemoPasswords, seedDemoUsers, seedOrganization } from './identity.ts';

/**
 * Seeds the demo data; idempotent, runs on every start. `demoAreas: false` seeds only the organization, the
 * access model and the demo users (the list benchmark's database has only its fixture schemas).
 */
export async function runSeeds(db: Db, config: ServerConfig, options: { demoAreas?: boolean } = {}): Promise<void> {
  const appConfig = await loadAppConfig(config.dataDir, undefined, undefined, config.schemasDir);
  const hashes = await hashMissingDemoPasswords(db, config.scryptN);
  const extraResources = await metadataResources(config.schemasDir);
  const grants = await readPolicyGrants();
  let orgId = '';
  await db.tx(async (q) => {
    orgId = await seedOrganization(q);
    const policyIds = await seedAccessModel(q, appConfig, { extraResources, organizationId: orgId });
    // Profiles the scaffold named for new resources (server/seed/data/policy-grants.json), once each.
    await seedPolicyGrants(q, grants);
    await seedDemoUsers(q, orgId, hashes, policyIds);
    if (options.demoAreas === false) return;
    const admin = await q.query<{ id: string }>(`SELECT id FROM users WHERE access_level = 'SystemOwner' ORDER BY created_at LIMIT 1`);
    await seedDemoAreas(q, { orgId, adminId: admin.rows[0].id, today: demoToday() });
  });
  // Areas seeded through the workflow actions need the app's hooks: after the areas above, each in its own transaction.
  if (options.demoAreas !== false) await seedWorkflowAreas(db, config, orgId, demoToday());
}

/** The demo data's "today": `DEMO_TODAY` (ISO date) when set, else the server's date. */
export function demoToday(): string {
  const fixed = process.env.DEMO_TODAY;
  if (fixed && /^\d{4}-\d{2}-\d{2}$/.test(fixed)) return fixed;
  return new Date().toISOString().slice(0, 10);
}

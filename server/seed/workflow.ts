import type { ServerConfig } from '../config.ts';
import type { Db, Queryable } from '../db/index.ts';
import { loadEffectiveAccess } from '../lib/permissions.ts';
import type { Principal } from '../lib/principal.ts';
import type { Engine } from '../resources/index.ts';
import { joined } from '../procurement/workflow/common.ts';
import bankTransfers from './workflow/bank-transfers.ts';
import procurementCycle from './workflow/procurement-cycle.ts';
import projectDocuments from './workflow/project-documents.ts';

/**
 * Demo data that goes through the same actions people take (the guide's rule: never statuses written
 * directly): the app is built once, without serving anything, so every hook, approval target and workflow
 * function is registered; each area then runs in ONE transaction with the engine bound to it (all or
 * nothing), once per key (`seed_marks`). Areas: `./workflow/*.ts`.
 */

export interface WorkflowContext {
  q: Queryable;
  /** The app's engine bound to the area's transaction. */
  engine: Engine;
  orgId: string;
  today: string;
  /** A demo user (by e-mail) as the principal the actions check. */
  as(email: string): Promise<Principal>;
}

export interface WorkflowArea {
  key: string;
  run(ctx: WorkflowContext): Promise<void>;
}

const AREAS: WorkflowArea[] = [procurementCycle, bankTransfers, projectDocuments];

async function principalOf(q: Queryable, email: string): Promise<Principal> {
  const { rows } = await q.query<{ id: string; email: string; name: string; access_level: 'SystemOwner' | 'User'; organization_id: string | null }>(
    'SELECT id, email, name, access_level, organization_id FROM users WHERE lower(email) = lower($1) AND deleted_at IS NULL',
    [email],
  );
  const u = rows[0];
  if (!u) throw new Error(`usuário de demonstração ausente: ${email}`);
  const access = await loadEffectiveAccess(q, { id: u.id, accessLevel: u.access_level, organizationId: u.organization_id });
  return { userId: u.id, email: u.email, name: u.name, accessLevel: u.access_level, organizationId: u.organization_id, tokenType: 'Authorization', ...access };
}

export async function seedWorkflowAreas(db: Db, config: ServerConfig, orgId: string, today: string): Promise<string[]> {
  const marked = await db.query<{ key: string }>('SELECT key FROM seed_marks WHERE key = ANY($1::text[])', [AREAS.map((a) => a.key)]);
  const pending = AREAS.filter((a) => !marked.rows.some((m) => m.key === a.key));
  if (!pending.length) return [];
  // Imported here: the app imports the seed's siblings, never the other way round at load time.
  const { buildApp } = await import('../app.ts');
  const app = await buildApp({ config: { ...config, serveClient: false }, db, logger: false });
  await app.ready();
  const ran: string[] = [];
  try {
    for (const area of pending) {
      try {
        await db.tx(async (q) => {
          const principals = new Map<string, Principal>();
          const as = async (email: string) => principals.get(email) ?? principals.set(email, await principalOf(q, email)).get(email)!;
          await area.run({ q, engine: joined(app.resources, q), orgId, today, as });
          await q.query('INSERT INTO seed_marks (key) VALUES ($1)', [area.key]);
        });
        ran.push(area.key);
      } catch (err) {
        // A database whose demo people or policies were changed by hand may refuse an action: the area is rolled
        // back whole and the server still starts (the next start tries again).
        console.warn(`Dados de demonstração "${area.key}" não aplicados: ${(err as Error).message}`);
        if (process.env.SEED_STRICT === '1') throw err;
      }
    }
  } finally {
    await app.close();
  }
  return ran;
}

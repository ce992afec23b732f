import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Queryable } from '../db/index.ts';
import { ROOT_DIR } from '../config.ts';
import { BACK_OFFICE } from './access.ts';

/** One seeded policy entry: `resource` with `scopes` in the seeded policy named `policy` (a profile: Compras, Financeiro…). */
export interface PolicyGrant {
  policy: string;
  resource: string;
  scopes: string[];
}

export const POLICY_GRANTS_FILE = 'server/seed/data/policy-grants.json';

/** The grants the scaffold wrote (`npm run new:resource`), from the data file under `root`. */
export async function readPolicyGrants(root = ROOT_DIR): Promise<PolicyGrant[]> {
  const text = await readFile(path.join(root, POLICY_GRANTS_FILE), 'utf8').catch(() => undefined);
  if (text === undefined) return [];
  const data = JSON.parse(text) as { grants?: PolicyGrant[] };
  return data.grants ?? [];
}

/**
 * Adds each grant to its seeded policy once (`seed_marks` key `policy-grant:<policy>:<resource>`), so a new resource
 * is not visible to the SystemOwner only: a profile named in the data file gets its scopes at the next start. A policy
 * that already lists the resource is left as it is (an administrator set it); a grant whose policy does not exist
 * (renamed or deleted) waits, unmarked. Later changes by an administrator are never undone.
 */
export async function seedPolicyGrants(q: Queryable, grants: readonly PolicyGrant[]): Promise<string[]> {
  const applied: string[] = [];
  for (const g of grants) {
    const key = `policy-grant:${g.policy}:${g.resource}`;
    if ((await q.query('SELECT 1 FROM seed_marks WHERE key = $1', [key])).rows.length) continue;
    const { rows } = await q.query<{ id: string; resources: { name: string; scopes: string[] }[] }>(
      `SELECT p.id, p.resources FROM application_policies p JOIN applications a ON a.id = p.application_id
        WHERE a.name = $1 AND a.deleted_at IS NULL AND p.name = $2 AND p.deleted_at IS NULL`,
      [BACK_OFFICE.name, g.policy],
    );
    if (!rows[0]) continue;
    const resources = rows[0].resources ?? [];
    if (!resources.some((r) => r.name === g.resource)) {
      await q.query('UPDATE application_policies SET resources = $2::jsonb, updated_at = now(), version = version + 1 WHERE id = $1', [
        rows[0].id,
        JSON.stringify([...resources, { name: g.resource, scopes: g.scopes }]),
      ]);
      applied.push(key);
    }
    await q.query('INSERT INTO seed_marks (key) VALUES ($1) ON CONFLICT DO NOTHING', [key]);
  }
  return applied;
}

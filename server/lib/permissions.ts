import type { Queryable } from '../db/index.ts';
import type { EffectivePermissions, PermissionEntry } from '../../src/engine/access.ts';
import { SYSTEM_OWNER } from '../../src/engine/access.ts';
import type { Principal } from './principal.ts';

export interface AccessSubjectRow {
  id: string;
  accessLevel: Principal['accessLevel'];
  organizationId: string | null;
}

export interface EffectiveAccess {
  permissions: EffectivePermissions;
  recordScope: Principal['recordScope'];
}

/**
 * The groups that count for a user: the active profiles, or every group they belong to when they
 * chose none. `$1` is the user id. Shared by the permission query and the profile/policy listings.
 * Deleted groups and memberships count for nothing; an active profile of a group the user left is ignored.
 */
export const EFFECTIVE_GROUPS_SQL = `
  SELECT m.group_id FROM user_group_members m JOIN user_groups g ON g.id = m.group_id AND g.deleted_at IS NULL
  WHERE m.user_id = $1 AND m.deleted_at IS NULL
    AND (NOT EXISTS (SELECT 1 FROM user_active_profiles ap JOIN user_group_members am
                       ON am.user_id = ap.user_id AND am.group_id = ap.group_id AND am.deleted_at IS NULL
                     WHERE ap.user_id = $1)
         OR EXISTS (SELECT 1 FROM user_active_profiles ap WHERE ap.user_id = $1 AND ap.group_id = m.group_id))`;

/** Live policy ids linked to the user's effective groups, of active applications. `$1` is the user id. */
export const EFFECTIVE_POLICIES_SQL = `
  SELECT p.id FROM application_policies p JOIN applications a ON a.id = p.application_id AND a.active AND a.deleted_at IS NULL
  WHERE p.deleted_at IS NULL
    AND p.id IN (SELECT gp.policy_id FROM user_group_policies gp
                 WHERE gp.deleted_at IS NULL AND gp.group_id IN (${EFFECTIVE_GROUPS_SQL}))`;

const ACCESS_SQL = `
  WITH pol AS (
    SELECT p.application_id, p.resources, p.acls FROM application_policies p WHERE p.id IN (${EFFECTIVE_POLICIES_SQL})
  )
  SELECT 'resource' AS kind, e AS entry, NULL::text AS item_kind, NULL::uuid AS ref_id
    FROM pol CROSS JOIN LATERAL jsonb_array_elements(pol.resources) e
  UNION ALL
  SELECT 'acl', e, NULL, NULL FROM pol CROSS JOIN LATERAL jsonb_array_elements(pol.acls) e
  UNION ALL
  SELECT 'item', NULL, i.kind, coalesce(i.organization_id, i.cost_center_id)
    FROM pol CROSS JOIN LATERAL jsonb_array_elements(pol.acls) e
    JOIN application_acls acl ON acl.application_id = pol.application_id AND acl.name = e->>'name' AND acl.deleted_at IS NULL
    JOIN application_acl_items i ON i.acl_id = acl.id AND i.deleted_at IS NULL`;

interface Row {
  kind: 'resource' | 'acl' | 'item';
  entry: unknown;
  item_kind: 'organization' | 'cost-center' | null;
  ref_id: string | null;
}

/** Union of scopes per name; malformed entries (hand-edited policies) are skipped, not trusted. */
function addEntry(into: Map<string, Set<string>>, entry: unknown): void {
  const e = entry as Partial<PermissionEntry> | null;
  if (!e || typeof e.name !== 'string' || !Array.isArray(e.scopes)) return;
  const set = into.get(e.name) ?? new Set<string>();
  for (const s of e.scopes) if (typeof s === 'string') set.add(s);
  into.set(e.name, set);
}

const toEntries = (m: Map<string, Set<string>>): PermissionEntry[] =>
  [...m].map(([name, scopes]) => ({ name, scopes: [...scopes] }));

/**
 * Effective permissions (union of the policies of the user's effective groups) and record scope, in one
 * query. Record scope: organization ACL items → those organizations (none → the user's own organization,
 * 'all' for SystemOwner); cost-center items → those cost centers (none → 'all').
 * @example const { permissions, recordScope } = await loadEffectiveAccess(db, { id, accessLevel: 'User', organizationId })
 */
export async function loadEffectiveAccess(q: Queryable, user: AccessSubjectRow): Promise<EffectiveAccess> {
  const { rows } = await q.query<Row>(ACCESS_SQL, [user.id]);
  const resources = new Map<string, Set<string>>();
  const acls = new Map<string, Set<string>>();
  const orgs = new Set<string>();
  const costCenters = new Set<string>();
  for (const r of rows) {
    if (r.kind === 'resource') addEntry(resources, r.entry);
    else if (r.kind === 'acl') addEntry(acls, r.entry);
    else if (r.ref_id) (r.item_kind === 'organization' ? orgs : costCenters).add(r.ref_id);
  }
  const owner = user.accessLevel === SYSTEM_OWNER;
  const ownOrg = user.organizationId ? [user.organizationId] : [];
  return {
    permissions: { resources: toEntries(resources), acls: toEntries(acls) },
    recordScope: {
      organizationIds: owner ? 'all' : orgs.size ? [...orgs] : ownOrg,
      costCenterIds: owner || !costCenters.size ? 'all' : [...costCenters],
    },
  };
}

import type { Queryable } from '../../db/index.ts';
import { badRequest } from '../errors.ts';
import { EFFECTIVE_GROUPS_SQL, EFFECTIVE_POLICIES_SQL } from '../permissions.ts';

export interface ProfileRow {
  id: string;
  name: string;
  description: string | null;
  isActive: boolean;
}

/** A user's groups (live memberships); with no active-profile row every group counts as active (lib/permissions.ts). */
export async function listProfiles(q: Queryable, userId: string): Promise<ProfileRow[]> {
  const { rows } = await q.query<ProfileRow>(
    `SELECT g.id, g.name, g.description, g.id IN (${EFFECTIVE_GROUPS_SQL}) AS "isActive"
     FROM user_groups g JOIN user_group_members m ON m.group_id = g.id AND m.user_id = $1 AND m.deleted_at IS NULL
     WHERE g.deleted_at IS NULL
     ORDER BY g.name, g.id`,
    [userId],
  );
  return rows;
}

/**
 * Replaces the user's active profiles; an empty list means "all my groups" again. A group the user is not
 * a member of → 400 on `groupIds`. Returns the new list.
 */
export async function setActiveProfiles(q: Queryable, userId: string, groupIds: string[], message: string): Promise<ProfileRow[]> {
  const { rows } = await q.query<{ group_id: string }>(
    `SELECT m.group_id FROM user_group_members m JOIN user_groups g ON g.id = m.group_id AND g.deleted_at IS NULL
     WHERE m.user_id = $1 AND m.deleted_at IS NULL AND m.group_id = ANY($2::uuid[])`,
    [userId, groupIds],
  );
  if (rows.length !== groupIds.length) throw badRequest({ groupIds: [message] });
  await q.query('DELETE FROM user_active_profiles WHERE user_id = $1', [userId]);
  if (groupIds.length) await q.query('INSERT INTO user_active_profiles (user_id, group_id) SELECT $1, unnest($2::uuid[])', [userId, groupIds]);
  return listProfiles(q, userId);
}

export interface PolicyRow {
  id: string;
  name: string;
  description: string | null;
  resources: { name: string; scopes: string[] }[];
  acls: { name: string; scopes: string[] }[];
}

/** The policies that make up a user's effective permissions (through the effective groups). */
export async function listEffectivePolicies(q: Queryable, userId: string): Promise<PolicyRow[]> {
  const { rows } = await q.query<PolicyRow>(
    `SELECT p.id, p.name, p.description, p.resources, p.acls FROM application_policies p
     WHERE p.id IN (${EFFECTIVE_POLICIES_SQL}) ORDER BY p.name, p.id`,
    [userId],
  );
  return rows;
}

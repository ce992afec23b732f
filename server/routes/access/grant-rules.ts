import { camelCase, can, SYSTEM_OWNER, type PermissionEntry } from '../../../src/engine/access.ts';
import { GRANT_MESSAGES } from '../../../src/i18n/security.ts';
import type { Queryable } from '../../db/index.ts';
import { HttpError, type FieldErrors } from '../../lib/errors.ts';
import type { Principal } from '../../lib/principal.ts';
import type { ResourceHooks, WriteContext } from '../../resources/index.ts';

/**
 * No one grants rights he does not hold (ASVS V8.2.1, docs/security.md "Administração de acesso"). A write that
 * gives someone a right — a membership, a policy linked to a group, a scope added to a policy, a group given
 * to a user, an application switched back on — must only give rights the caller holds himself (his effective
 * permissions). SystemOwner holds everything. Removing rights is always allowed, except the one removal that
 * widens a record scope: the last item of a kind in an ACL ("no item" means every cost center).
 */
export interface Grant {
  kind: 'resources' | 'acls';
  name: string;
  scope: string;
}

const SCOPE_LABELS: Record<string, string> = {
  create: 'criar',
  read: 'ver',
  update: 'editar',
  delete: 'excluir',
  approve: 'aprovar',
  authorize: 'autorizar',
  export: 'exportar',
};

const grantsOf = (kind: Grant['kind'], entries: unknown): Grant[] =>
  (Array.isArray(entries) ? (entries as Partial<PermissionEntry>[]) : []).flatMap((e) =>
    typeof e?.name === 'string' && Array.isArray(e.scopes) ? e.scopes.filter((s): s is string => typeof s === 'string').map((scope) => ({ kind, name: e.name!, scope })) : [],
  );

const keyOf = (g: Grant) => `${g.kind} ${g.name} ${g.scope}`;

/** Does the caller hold this grant? Resources by `can` (the check every route makes); ACLs by name and scope. */
function holds(principal: Principal, g: Grant): boolean {
  if (principal.accessLevel === SYSTEM_OWNER) return true;
  if (g.kind === 'resources') return can(principal, principal.permissions, g.name, g.scope);
  const names = new Set([g.name, camelCase(g.name)]);
  return principal.permissions.acls.some((e) => (names.has(e.name) || names.has(camelCase(e.name))) && e.scopes.includes(g.scope));
}

/** "payables (ver, exportar); matriz (ver)" */
function describe(grants: Grant[]): string {
  const byName = new Map<string, string[]>();
  for (const g of grants) byName.set(g.name, [...(byName.get(g.name) ?? []), SCOPE_LABELS[g.scope] ?? g.scope]);
  return [...byName].map(([name, scopes]) => `${name} (${[...new Set(scopes)].join(', ')})`).join('; ');
}

/** 403 naming the field when `grants` hold anything the caller does not. */
export function assertHeld(principal: Principal, grants: Grant[], field: string): void {
  const missing = [...new Map(grants.filter((g) => !holds(principal, g)).map((g) => [keyOf(g), g])).values()];
  if (!missing.length) return;
  const errors: FieldErrors = Object.create(null);
  errors[field] = [GRANT_MESSAGES.beyondOwn(describe(missing))];
  throw new HttpError(403, 'FORBIDDEN', 'Você não pode conceder acessos que não tem.', errors);
}

/** Everything live policies grant; `where` selects them (`p` is application_policies). */
async function policyGrants(q: Queryable, where: string, params: unknown[]): Promise<Grant[]> {
  const { rows } = await q.query<{ resources: unknown; acls: unknown }>(
    `SELECT p.resources, p.acls FROM application_policies p WHERE p.deleted_at IS NULL AND ${where}`,
    params,
  );
  return rows.flatMap((r) => [...grantsOf('resources', r.resources), ...grantsOf('acls', r.acls)]);
}

/** What membership in these groups gives: every live policy linked to them (of any application: strict). */
export const groupGrants = (q: Queryable, groupIds: string[]) =>
  groupIds.length
    ? policyGrants(q, 'p.id IN (SELECT gp.policy_id FROM user_group_policies gp WHERE gp.deleted_at IS NULL AND gp.group_id = ANY($1::uuid[]))', [groupIds])
    : Promise.resolve([]);

const isOwner = (ctx: WriteContext) => ctx.principal.accessLevel === SYSTEM_OWNER;

/** `user-group-members`: a new membership gives the group's rights. */
export const memberGrantHooks: ResourceHooks = {
  async beforeWrite(ctx) {
    if (ctx.action !== 'create' || isOwner(ctx)) return;
    assertHeld(ctx.principal, await groupGrants(ctx.q, [String(ctx.record.groupId)]), 'groupId');
  },
};

/** `user-group-policies`: linking a policy gives its rights to every member. */
export const groupPolicyGrantHooks: ResourceHooks = {
  async beforeWrite(ctx) {
    if (ctx.action !== 'create' || isOwner(ctx)) return;
    assertHeld(ctx.principal, await policyGrants(ctx.q, 'p.id = $1', [ctx.record.policyId]), 'policyId');
  },
};

/** `application-policies`: scopes added to a policy (new ones only: editing a description is not granting). */
export const policyGrantHooks: ResourceHooks = {
  async beforeWrite(ctx) {
    if (ctx.action === 'delete' || isOwner(ctx)) return;
    for (const field of ['resources', 'acls'] as const) {
      const before = new Set(grantsOf(field, ctx.stored?.[field]).map(keyOf));
      assertHeld(ctx.principal, grantsOf(field, ctx.record[field]).filter((g) => !before.has(keyOf(g))), field);
    }
  },
};

/** `users`: groups added to a user (on create, all of them). */
export const userGrantHooks: ResourceHooks = {
  async beforeWrite(ctx) {
    if (ctx.action === 'delete' || isOwner(ctx)) return;
    const before = new Set((ctx.stored?.groupIds as string[] | undefined) ?? []);
    const added = ((ctx.record.groupIds as string[] | undefined) ?? []).filter((g) => !before.has(g));
    assertHeld(ctx.principal, await groupGrants(ctx.q, added), 'groupIds');
  },
};

/** `applications`: switching one back on revives what its policies grant. */
export const applicationGrantHooks: ResourceHooks = {
  async beforeWrite(ctx) {
    if (ctx.action !== 'update' || isOwner(ctx) || ctx.stored?.active !== false || ctx.record.active !== true) return;
    assertHeld(ctx.principal, await policyGrants(ctx.q, 'p.application_id = $1', [ctx.stored.id]), 'active');
  },
};

/**
 * `application-acl-items`: adding or changing an item already needs the organization / cost center to be
 * within the caller's scope (a reference he cannot see is "not found"). Removing the last item of a kind
 * widens the scope of everyone holding the ACL (no cost-center item = every cost center): only a caller
 * with no restriction of that kind may.
 */
export const aclItemGrantHooks: ResourceHooks = {
  async beforeWrite(ctx) {
    if (ctx.action !== 'delete' || isOwner(ctx)) return;
    const { rows } = await ctx.q.query('SELECT 1 FROM application_acl_items WHERE acl_id = $1 AND kind = $2 AND id <> $3 AND deleted_at IS NULL LIMIT 1', [
      ctx.stored!.aclId,
      ctx.stored!.kind,
      ctx.stored!.id,
    ]);
    const unrestricted = ctx.stored!.kind === 'organization' ? ctx.principal.recordScope.organizationIds === 'all' : ctx.principal.recordScope.costCenterIds === 'all';
    if (!rows.length && !unrestricted) throw new HttpError(403, 'FORBIDDEN', GRANT_MESSAGES.widenScope);
  },
};

/** Two hooks of one resource, in order (the first may normalize the record the second checks). */
export function composeHooks(first: ResourceHooks, second: ResourceHooks): ResourceHooks {
  return {
    beforeLock: first.beforeLock ?? second.beforeLock,
    async beforeWrite(ctx) {
      await first.beforeWrite?.(ctx);
      await second.beforeWrite?.(ctx);
    },
    async afterWrite(ctx) {
      await first.afterWrite?.(ctx);
      await second.afterWrite?.(ctx);
    },
  };
}

import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Queryable } from '../../../server/db/index.ts';
import { BACK_OFFICE } from '../../../server/seed/access.ts';
import { startSession } from '../../../server/lib/identity/sessions.ts';
import { DEMO_ORGANIZATION } from '../../../server/seed/identity.ts';
import { createTestApp, type TestContext } from '../helper.ts';

/** Fixture schemas (organizations on the identity table, test-cost-centers, test-payables). */
export const FIXTURE_SCHEMAS = path.resolve('tests/server/fixtures/schemas');
export const PAYABLES = '/api/accounts-payable/v1/test-payables';
export const COST_CENTERS = '/api/commons/v1/test-cost-centers';
export const ORGANIZATIONS = '/api/identity/v1/organizations';

export const createFixtureApp = () => createTestApp({ schemasDir: FIXTURE_SCHEMAS });

export interface UserSpec {
  accessLevel?: 'SystemOwner' | 'User';
  organizationId?: string | null;
  /** Resource permissions of the user's one policy. */
  resources?: { name: string; scopes: string[] }[];
  /** ACL items restricting records: organizations / cost centers. */
  organizations?: string[];
  costCenters?: string[];
}

/**
 * A user with one group, one policy and (optionally) an ACL with record-scope items, straight in the
 * database; returns a real access token signed by the app (the auth hook loads everything from the DB).
 */
export async function createUser(ctx: TestContext, spec: UserSpec): Promise<{ id: string; token: string }> {
  const { db, app } = ctx;
  const tag = randomUUID().slice(0, 8);
  const org = spec.organizationId === undefined ? await demoOrganizationId(db) : spec.organizationId;
  return db.tx(async (q) => {
    const appId = (await q.query<{ id: string }>('SELECT id FROM applications WHERE name = $1', [BACK_OFFICE.name])).rows[0].id;
    const user = (
      await q.query<{ id: string }>(
        `INSERT INTO users (email, name, password_hash, access_level, organization_id) VALUES ($1, $2, 'x', $3, $4) RETURNING id`,
        [`u-${tag}@teste.com.br`, `Usuário ${tag}`, spec.accessLevel ?? 'User', org],
      )
    ).rows[0].id;
    const acls: { name: string; scopes: string[] }[] = [];
    const items = [...(spec.organizations ?? []).map((id) => ['organization', id]), ...(spec.costCenters ?? []).map((id) => ['cost-center', id])];
    if (items.length) {
      const acl = (
        await q.query<{ id: string }>(`INSERT INTO application_acls (application_id, name, title) VALUES ($1, $2, $2) RETURNING id`, [appId, `acl-${tag}`])
      ).rows[0].id;
      for (const [kind, ref] of items) {
        // ACL items reference real cost centers (foreign key): the fixture's test-cost-centers get a stand-in row.
        if (kind === 'cost-center') await q.query(`INSERT INTO cost_centers (id, name) VALUES ($1, 'Centro de teste') ON CONFLICT (id) DO NOTHING`, [ref]);
        const column = kind === 'organization' ? 'organization_id' : 'cost_center_id';
        await q.query(`INSERT INTO application_acl_items (acl_id, kind, ${column}) VALUES ($1, $2, $3)`, [acl, kind, ref]);
      }
      acls.push({ name: `acl-${tag}`, scopes: ['read'] });
    }
    const policy = (
      await q.query<{ id: string }>(
        `INSERT INTO application_policies (application_id, name, resources, acls) VALUES ($1, $2, $3::jsonb, $4::jsonb) RETURNING id`,
        [appId, `pol-${tag}`, JSON.stringify(spec.resources ?? []), JSON.stringify(acls)],
      )
    ).rows[0].id;
    const group = (
      await q.query<{ id: string }>(`INSERT INTO user_groups (name, organization_id) VALUES ($1, $2) RETURNING id`, [`grp-${tag}`, org ?? (await demoOrganizationId(q))])
    ).rows[0].id;
    await q.query('INSERT INTO user_group_members (group_id, user_id) VALUES ($1, $2)', [group, user]);
    await q.query('INSERT INTO user_group_policies (group_id, policy_id) VALUES ($1, $2)', [group, policy]);
    // A session of its own, as a login would start (app.authenticate checks the token's `sid`).
    const { token } = await app.auth.tokens.sign(user, 'Authorization', new Date(), await startSession(q, user, new Date()));
    return { id: user, token };
  });
}

export async function demoOrganizationId(q: Queryable): Promise<string> {
  return (await q.query<{ id: string }>('SELECT id FROM organizations WHERE cnpj = $1', [DEMO_ORGANIZATION.cnpj])).rows[0].id;
}

export async function createOrganization(q: Queryable, name: string): Promise<string> {
  return (await q.query<{ id: string }>('INSERT INTO organizations (name) VALUES ($1) RETURNING id', [name])).rows[0].id;
}

/** `app.inject` with a bearer token. */
export function call(app: FastifyInstance, token: string, opts: InjectOptions): Promise<LightMyRequestResponse> {
  return app.inject({ ...opts, headers: { authorization: `Bearer ${token}`, ...opts.headers } });
}

export const CRUD = ['create', 'read', 'update', 'delete'];

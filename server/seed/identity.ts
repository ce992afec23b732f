import type { Db, Queryable } from '../db/index.ts';
import { hashPassword } from '../lib/password.ts';
import { DEMO_USERS } from './demo-users.ts';

export const DEMO_ORGANIZATION = { name: 'Demo Comércio e Serviços Ltda', cnpj: '11222333000181' };

type DemoEmail = (typeof DEMO_USERS)[number]['email'];

/** Per demo user: access level, two-factor settings and the seeded group (named like its policy). */
const PROFILES: Record<DemoEmail, { accessLevel: 'SystemOwner' | 'User'; mandatory2fa: boolean; group?: string }> = {
  'admin@demo.com.br': { accessLevel: 'SystemOwner', mandatory2fa: false },
  'compras@demo.com.br': { accessLevel: 'User', mandatory2fa: false, group: 'Compras' },
  'financeiro@demo.com.br': { accessLevel: 'User', mandatory2fa: true, group: 'Financeiro' },
  'gestor@demo.com.br': { accessLevel: 'User', mandatory2fa: false, group: 'Aprovação de compras' },
  'tesouraria@demo.com.br': { accessLevel: 'User', mandatory2fa: false, group: 'Tesouraria' },
  'diretoria@demo.com.br': { accessLevel: 'User', mandatory2fa: false, group: 'Diretoria' },
};
const GROUP_DESCRIPTIONS: Record<string, string> = {
  Compras: 'Equipe de compras.',
  Financeiro: 'Equipe financeira.',
  'Aprovação de compras': 'Gestores que aprovam pedidos, ordens de compra e notas com divergência.',
  Tesouraria: 'Tesouraria: autoriza e paga as contas aprovadas.',
  Diretoria: 'Diretoria: aprova as despesas acima da alçada do financeiro.',
};

export async function seedOrganization(q: Queryable): Promise<string> {
  await q.query('INSERT INTO organizations (name, cnpj) VALUES ($1, $2) ON CONFLICT (cnpj) WHERE cnpj IS NOT NULL DO NOTHING', [
    DEMO_ORGANIZATION.name,
    DEMO_ORGANIZATION.cnpj,
  ]);
  const { rows } = await q.query<{ id: string }>('SELECT id FROM organizations WHERE cnpj = $1', [DEMO_ORGANIZATION.cnpj]);
  return rows[0].id;
}

/** Hashes (slow at production cost) only for the demo users that do not exist yet, before any transaction. */
export async function hashMissingDemoPasswords(db: Db, scryptN: number): Promise<Map<string, string>> {
  const { rows } = await db.query<{ email: string }>('SELECT lower(email) AS email FROM users WHERE lower(email) = ANY($1::text[])', [
    DEMO_USERS.map((u) => u.email),
  ]);
  const existing = new Set(rows.map((r) => r.email));
  const hashes = new Map<string, string>();
  for (const u of DEMO_USERS) if (!existing.has(u.email)) hashes.set(u.email, await hashPassword(u.password, scryptN));
  return hashes;
}

/** Demo users and their groups; an existing user is never touched (its password may have changed). */
export async function seedDemoUsers(q: Queryable, orgId: string, hashes: Map<string, string>, policyIds: Map<string, string>) {
  for (const u of DEMO_USERS) {
    const profile = PROFILES[u.email];
    const hash = hashes.get(u.email);
    if (hash) {
      await q.query(
        `INSERT INTO users (email, name, password_hash, access_level, organization_id, two_factor_mandatory, two_factor_methods)
         VALUES ($1, $2, $3, $4, $5, $6, '["TOTP", "Email"]') ON CONFLICT ((lower(email))) DO NOTHING`,
        [u.email, u.name, hash, profile.accessLevel, orgId, profile.mandatory2fa],
      );
    }
    if (!profile.group) continue;
    await q.query(
      `INSERT INTO user_groups (name, description, organization_id) SELECT $1, $2, $3
       WHERE NOT EXISTS (SELECT 1 FROM user_groups WHERE organization_id = $3 AND name = $1 AND deleted_at IS NULL) ON CONFLICT DO NOTHING`,
      [profile.group, GROUP_DESCRIPTIONS[profile.group], orgId],
    );
    const group = (
      await q.query<{ id: string }>('SELECT id FROM user_groups WHERE organization_id = $1 AND name = $2 AND deleted_at IS NULL', [orgId, profile.group])
    ).rows[0].id;
    // Memberships and policy links only when the group is new to the user, so an admin's removals stick.
    if (hash) {
      await q.query(
        `INSERT INTO user_group_members (group_id, user_id) SELECT $1, id FROM users WHERE lower(email) = $2 ON CONFLICT DO NOTHING`,
        [group, u.email],
      );
      const policy = policyIds.get(profile.group);
      if (policy) await q.query('INSERT INTO user_group_policies (group_id, policy_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [group, policy]);
    }
  }
}

import type { Queryable } from '../../db/index.ts';
import { BACK_OFFICE, EXTRA_SCOPES, SEED_POLICIES } from '../access.ts';
import type { DemoArea } from './types.ts';

/**
 * The roles of a real company on databases seeded before them (issue 17): every demo flow can be run to the end
 * with the README's logins. New databases get the policies and users from `access.ts` / `identity.ts`; this area
 * brings an existing one to the same place, once:
 * - the workflow scopes the policies grant are declared by their resources (export of parcelas, movements…);
 * - the Financeiro policy reads and edits the parcelas of the lançamentos it keeps (no 403 on them);
 * - the approval queue over R$ 5.000,00 always has someone who may act at each stage: the finance manager or the
 *   administrator decide the first (whoever of them registered it, the other one decides), the Diretoria profile
 *   the second — never a stage whose only approver is the person who registered the payable.
 */
const QUEUE = 'Contas a pagar acima de R$ 5.000,00';

async function declareScopes(q: Queryable): Promise<void> {
  for (const [name, extra] of Object.entries(EXTRA_SCOPES)) {
    await q.query(
      `UPDATE application_resources r SET scopes = (SELECT jsonb_agg(DISTINCT s) FROM jsonb_array_elements_text(r.scopes || $2::jsonb) s)
        WHERE r.name = $1 AND r.application_id = (SELECT id FROM applications WHERE name = $3 AND deleted_at IS NULL)
          AND NOT r.scopes @> $2::jsonb`,
      [name, JSON.stringify(extra), BACK_OFFICE.name],
    );
  }
}

/** Adds to a seeded policy the resources its current definition grants and the stored one lacks. */
async function completePolicy(q: Queryable, name: string): Promise<void> {
  const seed = SEED_POLICIES.find((p) => p.name === name);
  if (!seed) return;
  const { rows } = await q.query<{ id: string; resources: { name: string; scopes: string[] }[] }>(
    `SELECT p.id, p.resources FROM application_policies p JOIN applications a ON a.id = p.application_id AND a.name = $2
      WHERE p.name = $1 AND p.deleted_at IS NULL`,
    [name, BACK_OFFICE.name],
  );
  for (const policy of rows) {
    const have = new Set(policy.resources.map((r) => r.name));
    const missing = seed.resources.filter((r) => !have.has(r.name));
    if (missing.length) await q.query('UPDATE application_policies SET resources = $2::jsonb WHERE id = $1', [policy.id, JSON.stringify([...policy.resources, ...missing])]);
  }
}

async function stageApprovers(q: Queryable, orgId: string, adminId: string): Promise<void> {
  const user = async (email: string) => (await q.query<{ id: string }>('SELECT id FROM users WHERE lower(email) = $1', [email])).rows[0]?.id;
  const manager = await user('financeiro@demo.com.br');
  const board = (await q.query<{ id: string }>(`SELECT id FROM user_groups WHERE organization_id = $1 AND name = 'Diretoria' AND deleted_at IS NULL`, [orgId])).rows[0]?.id;
  const { rows } = await q.query<{ id: string; order: number }>(
    `SELECT s.id, s."order" FROM approval_stages s JOIN approvals a ON a.id = s.approval_id WHERE a.name = $1 AND a.deleted_at IS NULL AND s.deleted_at IS NULL ORDER BY s."order"`,
    [QUEUE],
  );
  const [first, second] = rows;
  if (first) {
    await q.query(`UPDATE approval_stages SET approver_user_ids = $2::jsonb, approver_group_ids = '[]'::jsonb, rule = 'ANY', updated_by = $3, version = version + 1 WHERE id = $1`, [
      first.id, JSON.stringify([manager, adminId].filter(Boolean)), adminId,
    ]);
  }
  if (second && board) {
    await q.query(`UPDATE approval_stages SET approver_user_ids = '[]'::jsonb, approver_group_ids = $2::jsonb, rule = 'ANY', updated_by = $3, version = version + 1 WHERE id = $1`, [
      second.id, JSON.stringify([board]), adminId,
    ]);
  }
}

const area: DemoArea = {
  key: 'demo-roles@1',
  async run({ q, orgId, adminId }) {
    await declareScopes(q);
    await completePolicy(q, 'Financeiro');
    await stageApprovers(q, orgId, adminId);
  },
};
export default area;

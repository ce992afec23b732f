import type { FastifyInstance } from 'fastify';
import { SYSTEM_OWNER } from '../../../src/engine/access.ts';
import { STATUS_MESSAGES } from '../../../src/i18n/status.ts';
import type { Queryable } from '../../db/index.ts';
import { badRequest, HttpError, type FieldErrors } from '../../lib/errors.ts';
import { createInvitation } from '../../lib/identity/invitation.ts';
import { endSessions } from '../../lib/identity/sessions.ts';
import type { ResourceHooks, WriteContext } from '../../resources/index.ts';
import { writeAudit, type Diff } from '../../resources/audit.ts';

const MEMBERS = 'user-group-members';

/** Only a SystemOwner grants SystemOwner or touches a SystemOwner's account; nobody locks themselves out. */
function checkAccessRules(ctx: WriteContext): void {
  const { record, stored, principal } = ctx;
  const owner = principal.accessLevel === SYSTEM_OWNER;
  if (!owner && stored?.accessLevel === SYSTEM_OWNER) {
    throw new HttpError(403, 'FORBIDDEN', 'Somente um proprietário do sistema pode alterar outro proprietário do sistema.');
  }
  if (!owner && record.accessLevel === SYSTEM_OWNER) {
    throw new HttpError(403, 'FORBIDDEN', STATUS_MESSAGES[403], {
      accessLevel: ['Somente um proprietário do sistema pode conceder este nível de acesso.'],
    });
  }
  if (stored && stored.id === principal.userId) {
    const errors: FieldErrors = {};
    if (record.active === false) errors.active = ['Você não pode desativar o seu próprio usuário.'];
    if (stored.accessLevel === SYSTEM_OWNER && record.accessLevel !== SYSTEM_OWNER) {
      errors.accessLevel = ['Você não pode retirar o seu próprio nível de proprietário do sistema.'];
    }
    if (Object.keys(errors).length) throw badRequest(errors);
  }
}

/** E-mails are unique regardless of case (the login compares `lower(email)`). */
async function checkEmail(q: Queryable, email: unknown, id: string | undefined): Promise<void> {
  const { rows } = await q.query('SELECT 1 FROM users WHERE lower(email) = lower($1) AND id IS DISTINCT FROM $2::uuid', [email, id ?? null]);
  if (rows.length) throw new HttpError(409, 'UNIQUE', STATUS_MESSAGES[409], { email: ['Já existe um usuário com este e-mail.'] });
}

/**
 * Makes the user's live memberships equal to `groupIds` in ONE statement (so the members trigger of
 * migration 0012 sees the final state and leaves the user's version alone), auditing each change as a
 * record of `user-group-members`.
 */
async function syncMemberships(ctx: WriteContext, userId: string, groupIds: string[]): Promise<void> {
  const actor = ctx.principal.userId;
  const { rows } = await ctx.q.query<{ action: 'create' | 'delete'; id: string; group_id: string }>(
    `WITH gone AS (
       UPDATE user_group_members SET deleted_at = now(), version = version + 1, updated_at = now(), updated_by = $3
       WHERE user_id = $1 AND deleted_at IS NULL AND NOT (group_id = ANY($2::uuid[])) RETURNING id, group_id),
     added AS (
       INSERT INTO user_group_members (group_id, user_id, created_by, updated_by)
       SELECT g, $1, $3, $3 FROM unnest($2::uuid[]) g
       WHERE NOT EXISTS (SELECT 1 FROM user_group_members m WHERE m.user_id = $1 AND m.group_id = g AND m.deleted_at IS NULL)
       RETURNING id, group_id)
     SELECT 'delete' AS action, id, group_id FROM gone UNION ALL SELECT 'create', id, group_id FROM added`,
    [userId, groupIds, actor],
  );
  for (const r of rows) {
    const diff: Diff =
      r.action === 'create'
        ? { groupId: { before: null, after: r.group_id }, userId: { before: null, after: userId } }
        : { deleted: { before: false, after: true } };
    await writeAudit(ctx.q, MEMBERS, r.id, r.action, actor, diff);
  }
  if (rows.length) ctx.invalidate(MEMBERS);
}

const sameSet = (a: unknown, b: unknown) => JSON.stringify(a ?? []) === JSON.stringify(b ?? []);

/**
 * `users`: the schema holds no secret (hash, TOTP key); these rules do what it cannot — owner rules,
 * unique e-mail, memberships from `groupIds`, the invitation e-mail on create, sessions ended on
 * deactivation, and no deletion (a user is deactivated instead).
 */
export function userHooks(app: FastifyInstance): ResourceHooks {
  return {
    async beforeWrite(ctx) {
      if (ctx.action === 'delete') {
        throw new HttpError(409, 'NOT_DELETABLE', 'Usuários não são excluídos: desative o usuário para impedir o acesso.');
      }
      checkAccessRules(ctx);
      await checkEmail(ctx.q, ctx.record.email, ctx.stored?.id);
      // Same order as the members trigger keeps the copy, so an unchanged list never counts as a change.
      ctx.record.groupIds = [...((ctx.record.groupIds as string[] | undefined) ?? [])].sort();
    },
    async afterWrite(ctx) {
      const { row, stored } = ctx;
      if (!stored || !sameSet(stored.groupIds, row.groupIds)) await syncMemberships(ctx, row.id, row.groupIds as string[]);
      if (stored?.active && row.active === false) await endSessions(ctx.q, { userId: row.id }, 'user-inactive', new Date());
      if (ctx.action === 'create') {
        const invitation = await createInvitation(ctx.q, { id: row.id, name: String(row.name), email: String(row.email) }, {
          publicUrl: app.auth.publicUrl,
          invitedBy: ctx.principal.name,
        });
        ctx.onCommit(async () => {
          // The user exists either way; a failed e-mail is logged and the link can be sent again from the user's page.
          await app.auth.mailer.send(invitation.mail).catch((err: Error) => app.log.warn({ err: err.message, userId: row.id }, 'convite não enviado'));
        });
      }
    },
  };
}

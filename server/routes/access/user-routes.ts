import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, notFound } from '../../lib/errors.ts';
import { createInvitation } from '../../lib/identity/invitation.ts';
import { listProfiles, setActiveProfiles } from '../../lib/identity/profiles.ts';
import { EFFECTIVE_GROUPS_SQL, EFFECTIVE_POLICIES_SQL } from '../../lib/permissions.ts';
import { guard, idParam, principalOf } from '../../resources/http.ts';
import { getRecord } from '../../resources/repository.ts';
import { BACK_OFFICE } from '../../seed/access.ts';

const activeProfilesBody = {
  type: 'object',
  additionalProperties: false,
  required: ['groupIds'],
  properties: { groupIds: { type: 'array', items: { type: 'string', format: 'uuid' }, uniqueItems: true, maxItems: 200 } },
} as const;

/**
 * Administration of one user beyond the generic CRUD (`schemas/users.schema.json`): the password link,
 * active profiles and effective policies; and the application this server belongs to.
 * Every route checks the caller's scope on the resource and its record scope (an out-of-scope user is 404).
 */
export default async function userAdminRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const users = app.resources.registry.get('users')!;

  /** The user of `:id` if the caller may see it. */
  async function visibleUser(req: FastifyRequest) {
    const user = await getRecord(db, users, idParam(req), principalOf(req));
    if (!user) throw notFound();
    return user;
  }

  /**
   * "The current application": the one this server's resources and policies live in (server/seed/access.ts).
   * Any signed-in user may ask which it is (menus link to it); its record is read with `applications` read.
   */
  app.get('/applications/current', { onRequest: [app.authenticate] }, async () => {
    const { rows } = await db.query<{ id: string; name: string; title: string }>(
      'SELECT id, name, title FROM applications WHERE name = $1 AND deleted_at IS NULL',
      [BACK_OFFICE.name],
    );
    if (!rows[0]) throw notFound();
    return rows[0];
  });

  /** A new single-use link to set the password (the invitation again, or a reset the administrator starts). */
  app.post('/users/:id/invitation', guard(app, 'users', 'update'), async (req, reply) => {
    const user = await visibleUser(req);
    if (!user.active) throw new HttpError(409, 'USER_INACTIVE', 'Este usuário está inativo: ative-o antes de enviar o link de senha.');
    const invitation = await db.tx((q) =>
      createInvitation(q, { id: user.id, name: String(user.name), email: String(user.email) }, {
        publicUrl: app.auth.publicUrl,
        invitedBy: principalOf(req).name,
      }),
    );
    await app.auth.mailer.send(invitation.mail);
    return reply.code(202).send({ expireAt: invitation.expireAt.toISOString() });
  });

  app.get('/users/:id/active-profiles', guard(app, 'users', 'read'), async (req) => listProfiles(db, (await visibleUser(req)).id));

  /** Same rule as `PUT users/me/active-profiles`: `[]` makes every group of the user active again. */
  app.put('/users/:id/active-profiles', { ...guard(app, 'users', 'update'), schema: { body: activeProfilesBody } }, async (req) => {
    const user = await visibleUser(req);
    const { groupIds } = req.body as { groupIds: string[] };
    return db.tx((q) => setActiveProfiles(q, user.id, groupIds, 'Escolha apenas perfis dos quais o usuário faz parte.'));
  });

  /** The policies behind the user's effective permissions, each with the active groups that grant it. */
  app.get('/users/:id/policies', guard(app, 'users', 'read'), async (req) => {
    const user = await visibleUser(req);
    const { rows } = await db.query(
      `SELECT p.id, p.name, p.description, p.resources, p.acls,
         (SELECT coalesce(jsonb_agg(jsonb_build_object('id', g.id, 'name', g.name) ORDER BY g.name), '[]'::jsonb)
          FROM user_group_policies gp JOIN user_groups g ON g.id = gp.group_id
          WHERE gp.policy_id = p.id AND gp.deleted_at IS NULL AND gp.group_id IN (${EFFECTIVE_GROUPS_SQL})) AS groups
       FROM application_policies p WHERE p.id IN (${EFFECTIVE_POLICIES_SQL}) ORDER BY p.name, p.id`,
      [user.id],
    );
    return rows;
  });
}

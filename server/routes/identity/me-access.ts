import type { FastifyInstance } from 'fastify';
import { listEffectivePolicies, listProfiles, setActiveProfiles } from '../../lib/identity/profiles.ts';
import { activeProfilesBody } from './schemas.ts';

/** users/me: effective permissions, active profiles and policies. */
export default async function meAccessRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  app.addHook('onRequest', app.authenticate);

  app.get('/users/me/policies/effective-permissions', async (req) => req.principal!.permissions);

  app.get('/users/me/active-profiles', async (req) => listProfiles(db, req.principal!.userId));

  /** Replaces the active profiles; an empty list means "all my groups" again. */
  app.put('/users/me/active-profiles', { schema: { body: activeProfilesBody } }, async (req) => {
    const { groupIds } = req.body as { groupIds: string[] };
    return db.tx((q) => setActiveProfiles(q, req.principal!.userId, groupIds, 'Escolha apenas perfis dos quais você faz parte.'));
  });

  app.get('/users/me/policies', async (req) => listEffectivePolicies(db, req.principal!.userId));
}

import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../resources/http.ts';
import { InboxRegistry } from './registry.ts';

export type { InboxCard, InboxItem } from './registry.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The home page's work inbox: modules register their cards (server/inbox/registry.ts). */
    inbox: InboxRegistry;
  }
}

/**
 * `GET /api/identity/v1/users/me/inbox` → `[{ key, title, description, to, icon?, count }]`: what waits for the
 * signed-in person, only the cards they may see, all counts in one query. Registered before the modules that add
 * cards (the registry is read per request).
 */
async function inboxPlugin(app: FastifyInstance): Promise<void> {
  app.decorate('inbox', new InboxRegistry());
  app.get('/api/identity/v1/users/me/inbox', { onRequest: [app.authenticate] }, async (req) => app.inbox.counts(app.db, principalOf(req)));
}

export default fp(inboxPlugin, { name: 'inbox', dependencies: ['auth'], fastify: '5.x' });

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken } from '../plugins/auth.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * A developer on the server's own machine: the TCP peer is loopback (the socket, not `req.ip`, which trusts
 * proxy headers under TRUST_PROXY) and no proxy header says the request came from elsewhere.
 */
export function isDirectLoopback(req: FastifyRequest): boolean {
  const h = req.headers;
  return LOOPBACK.has(req.socket.remoteAddress ?? '') && !h['x-forwarded-for'] && !h.forwarded && !h['x-real-ip'];
}

/**
 * Development helpers. `GET /api/dev/outbox` lists the e-mails kept in `mail_outbox` when SMTP_URL is
 * unset (codes, recovery links); it does not exist once SMTP is configured, which every real deployment must do.
 * Without SMTP it answers only a signed-in SystemOwner or a direct loopback request; anyone else gets the
 * same 404 as an unknown route (docs/decisions.md D21): the codes and links in it take over accounts.
 */
export default async function devRoutes(app: FastifyInstance): Promise<void> {
  if (app.config.smtpUrl) return;
  app.log.warn('SMTP_URL não definido: e-mails ficam em /api/dev/outbox (só para o SystemOwner ou acessos locais; use só em desenvolvimento)');

  async function isSystemOwner(req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    if (!bearerToken(req)) return false;
    try {
      await app.authenticate(req, reply);
    } catch {
      return false;
    }
    return req.principal?.tokenType === 'Authorization' && req.principal.accessLevel === 'SystemOwner';
  }

  app.get('/api/dev/outbox', async (req, reply) => {
    if (!isDirectLoopback(req) && !(await isSystemOwner(req, reply))) return reply.callNotFound();
    const { to } = req.query as { to?: unknown };
    const { rows } = await app.db.query(
      `SELECT id, to_address AS "to", subject, text_body AS "text", html_body AS "html", attachments, created_at AS "createdAt"
       FROM mail_outbox WHERE ($1::text IS NULL OR lower(to_address) = lower($1)) ORDER BY created_at DESC, id LIMIT 50`,
      [typeof to === 'string' && to ? to : null],
    );
    return rows;
  });
}

import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { can, type Scope } from '../../src/engine/access.ts';
import { statusDescriptor } from '../../src/i18n/status.ts';
import { loadAppConfig } from '../lib/app-config.ts';
import { HttpError, unauthorized } from '../lib/errors.ts';
import { createTokenService, loadServerSecret } from '../lib/jwt.ts';
import { createMailer } from '../lib/mailer.ts';
import { hashPassword } from '../lib/password.ts';
import { loadEffectiveAccess } from '../lib/permissions.ts';
import type { Principal, TokenType } from '../lib/principal.ts';
import { createCodeHasher, createSecretBox } from '../lib/secret-box.ts';
import type { AuthServices } from '../lib/identity/services.ts';

/** A route hook usable as `onRequest` (before the body is read: 401 comes before 400) or `preHandler`. */
export type AuthHook = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthServices;
    /** Bearer → `request.principal`, 401 otherwise. Accepts the token types of the route's `config.tokenTypes`. */
    authenticate: AuthHook;
    /** Hook factory: 403 (catalogue message) unless `can(principal, …, resource, scope)`. Put it after `authenticate`. */
    requireScope(resource: string, scope: Scope): AuthHook;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** Token types a route accepts; default `['Authorization']`. Two-factor routes opt in to PreAuthorization. */
    tokenTypes?: TokenType[];
  }
}

interface PrincipalUserRow {
  id: string;
  email: string;
  name: string;
  access_level: Principal['accessLevel'];
  organization_id: string | null;
  active: boolean;
}

/** The token from `Authorization: Bearer …`, or null. */
export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match ? match[1] : null;
}

async function authPlugin(app: FastifyInstance): Promise<void> {
  const { config, db } = app;
  const secret = await loadServerSecret(config);
  const projectId = String((await loadAppConfig(config.dataDir, undefined, app.log)).projectId ?? 'default');
  let dummy: Promise<string> | undefined;
  const services: AuthServices = {
    tokens: createTokenService(secret, projectId),
    secretBox: createSecretBox(secret),
    hashCode: createCodeHasher(secret),
    mailer: createMailer(db, config, app.log),
    scryptN: config.scryptN,
    dummyHash: () => (dummy ??= hashPassword('senha-ficticia-para-tempo-constante', config.scryptN)),
    issuer: 'Back Office',
    publicUrl: config.publicUrl.replace(/\/+$/, ''),
  };
  // Start the dummy hash now so the first unknown login is not slower than a real one.
  void services.dummyHash();
  app.decorate('auth', services);
  app.decorateRequest('principal', null);

  app.decorate('authenticate', async function authenticate(req: FastifyRequest) {
    const token = bearerToken(req);
    const claims = token ? await services.tokens.verify(token) : null;
    if (!claims || claims.typ === 'Verification') throw unauthorized(statusDescriptor(401).message);
    const accepted = req.routeOptions.config.tokenTypes ?? ['Authorization'];
    if (!accepted.includes(claims.typ)) {
      throw claims.typ === 'PreAuthorization'
        ? new HttpError(401, 'TWO_FACTOR_REQUIRED', 'Conclua a verificação em duas etapas para continuar.')
        : unauthorized(statusDescriptor(401).message);
    }
    const { rows } = await db.query<PrincipalUserRow>(
      'SELECT id, email, name, access_level, organization_id, active FROM users WHERE id = $1',
      [claims.sub],
    );
    const user = rows[0];
    if (!user?.active) throw unauthorized(statusDescriptor(401).message);
    const subject = { id: user.id, accessLevel: user.access_level, organizationId: user.organization_id };
    // A PreAuthorization caller has proven only the password: no permissions, no records.
    const access =
      claims.typ === 'Authorization'
        ? await loadEffectiveAccess(db, subject)
        : { permissions: { resources: [], acls: [] }, recordScope: { organizationIds: [], costCenterIds: [] } };
    req.principal = {
      userId: user.id,
      email: user.email,
      name: user.name,
      accessLevel: user.access_level,
      organizationId: user.organization_id,
      tokenType: claims.typ,
      ...access,
    };
  });

  app.decorate('requireScope', (resource: string, scope: Scope) => {
    return async function requireScope(req: FastifyRequest, _reply: FastifyReply) {
      const p = req.principal;
      if (!p) throw unauthorized(statusDescriptor(401).message);
      if (p.tokenType !== 'Authorization' || !can(p, p.permissions, resource, scope))
        throw new HttpError(403, 'FORBIDDEN', statusDescriptor(403).message);
    };
  });
}

export default fp(authPlugin, { name: 'auth', fastify: '5.x' });

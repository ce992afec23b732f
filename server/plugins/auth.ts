import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { can, type Scope } from '../../src/engine/access.ts';
import { statusDescriptor } from '../../src/i18n/status.ts';
import { loadAppConfig } from '../lib/app-config.ts';
import { HttpError, unauthorized } from '../lib/errors.ts';
import { createTokenService, loadServerSecret } from '../lib/jwt.ts';
import { createMailer } from '../lib/mailer.ts';
import { hashPassword } from '../lib/password.ts';
import { AuthState } from '../lib/identity/auth-state.ts';
import type { Principal, TokenType } from '../lib/principal.ts';
import { createCodeHasher, createSecretBox } from '../lib/secret-box.ts';
import type { AuthServices } from '../lib/identity/services.ts';

/** A route hook usable as `onRequest` (before the body is read: 401 comes before 400) or `preHandler`. */
export type AuthHook = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthServices;
    /** Sessions and principals in memory, invalidated by the database's news (lib/identity/auth-state.ts). */
    authState: AuthState;
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

const NO_ACCESS = {
  permissions: { resources: [], acls: [] },
  recordScope: { organizationIds: [], costCenterIds: [] },
} satisfies Pick<Principal, 'permissions' | 'recordScope'>;

/** The token from `Authorization: Bearer …`, or null. */
export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match ? match[1] : null;
}

async function authPlugin(app: FastifyInstance): Promise<void> {
  const { config, db } = app;
  const secret = await loadServerSecret(config);
  const projectId = String((await loadAppConfig(config.dataDir, undefined, app.log, config.schemasDir)).projectId ?? 'default');
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

  const state = new AuthState(db, {
    pollMs: config.authPollMs,
    onError: (err) => app.log.warn({ err: err.message }, 'verificação de mudanças de sessão falhou'),
  });
  await state.start();
  app.decorate('authState', state);
  app.addHook('onClose', () => state.stop());

  /**
   * A valid token of an accepted type, of a live session of an active user: the principal, from memory when
   * this instance holds it (no query), else from the database (then kept until a change is announced).
   */
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
    // Logout, a password or second-factor change, a deactivation or a replayed refresh token end the session:
    // its tokens stop here at once, whatever their expiry (D25).
    const session = claims.sid ? await state.session(claims.sid) : undefined;
    if (!session?.live || session.userId !== claims.sub) throw unauthorized(statusDescriptor(401).message);
    const cached = await state.principal(claims.sub);
    if (!cached?.user.active) throw unauthorized(statusDescriptor(401).message);
    const { user } = cached;
    req.principal = {
      userId: user.id,
      email: user.email,
      name: user.name,
      accessLevel: user.accessLevel,
      organizationId: user.organizationId,
      tokenType: claims.typ,
      sessionId: claims.sid,
      // A PreAuthorization caller has proven only the password: no permissions, no records.
      ...(claims.typ === 'Authorization' ? cached.access : NO_ACCESS),
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

import type { FastifyInstance } from 'fastify';
import { validatorCompiler } from '../../lib/validation.ts';
import authRoutes from './auth.ts';
import twoFactorRoutes from './two-factors.ts';
import recoveryRoutes from './recovery.ts';
import meRoutes from './me.ts';
import meAccessRoutes from './me-access.ts';
import meTwoFactorRoutes from './me-two-factors.ts';

/** Identity service, registered under `/api/identity/v1` (docs/api-identity.md). Needs the auth plugin. */
export default async function identityRoutes(app: FastifyInstance): Promise<void> {
  // Strict bodies with pt-BR field errors for every route of this scope.
  app.setValidatorCompiler(validatorCompiler);
  await app.register(authRoutes);
  await app.register(twoFactorRoutes);
  await app.register(recoveryRoutes);
  await app.register(meRoutes);
  await app.register(meAccessRoutes);
  await app.register(meTwoFactorRoutes);
}

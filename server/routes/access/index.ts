import type { FastifyInstance } from 'fastify';
import { validatorCompiler } from '../../lib/validation.ts';
import {
  aclItemGrantHooks, applicationGrantHooks, composeHooks, groupPolicyGrantHooks, memberGrantHooks, policyGrantHooks, userGrantHooks,
} from './grant-rules.ts';
import { aclHooks, aclItemHooks, policyHooks, resourceHooks } from './policy-rules.ts';
import userAdminRoutes from './user-routes.ts';
import { userHooks } from './user-rules.ts';

/**
 * Access administration (docs/decisions.md D15): the identity tables are generic resources
 * (`schemas/applications…`, `users`, `user-groups`…); this adds the rules their schemas cannot say, as
 * write hooks of the engine, and the few routes that are not CRUD. Registered under `/api/identity/v1`,
 * after the resources plugin.
 */
export default async function accessRoutes(app: FastifyInstance): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  const hooks = app.resources.hooks!;
  const { registry } = app.resources;
  const set = (name: string, h: Parameters<typeof hooks.set>[1]) => {
    // Another schema set (tests' fixtures) may not have the access resources: their rules then have nothing to guard.
    if (registry.has(name)) hooks.set(name, h);
  };
  // Rules of each resource first, then "no one grants rights he does not hold" (grant-rules.ts).
  set('application-policies', composeHooks(policyHooks, policyGrantHooks));
  set('application-resources', resourceHooks);
  set('application-acls', aclHooks);
  set('application-acl-items', composeHooks(aclItemHooks, aclItemGrantHooks));
  set('users', composeHooks(userHooks(app), userGrantHooks));
  set('user-group-members', memberGrantHooks);
  set('user-group-policies', groupPolicyGrantHooks);
  set('applications', applicationGrantHooks);
  if (registry.has('users') && registry.has('applications')) await app.register(userAdminRoutes);
}

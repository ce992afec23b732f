import type { EffectivePermissions } from '../../src/engine/access.ts';

export type TokenType = 'Authorization' | 'PreAuthorization';

/**
 * Who is calling, set on `request.principal` by the auth plugin's `app.authenticate` hook.
 * Record scope: which organizations / cost centers the caller's ACL items let them reach
 * ('all' for SystemOwner or when no item of that kind restricts them).
 */
export interface Principal {
  userId: string;
  email: string;
  name: string;
  accessLevel: 'SystemOwner' | 'User';
  organizationId: string | null;
  tokenType: TokenType;
  /** The session the access token names (`sid`): sessions.id, also its refresh tokens' family. None for the system's own principals (seeds, jobs). */
  sessionId?: string;
  permissions: EffectivePermissions;
  recordScope: {
    organizationIds: string[] | 'all';
    costCenterIds: string[] | 'all';
  };
}

/**
 * Access control, one function for client and server (spec §5, §6; style.md #7).
 * @example can(user, perms, 'orders', 'create') // true if a resource or ACL named orders/orders has 'create'
 */
export type Scope = 'create' | 'read' | 'update' | 'delete' | (string & {});

export interface PermissionEntry {
  name: string;
  scopes: string[];
}

export interface EffectivePermissions {
  resources: PermissionEntry[];
  acls: PermissionEntry[];
}

export interface AccessSubject {
  accessLevel?: string | null;
}

export const SYSTEM_OWNER = 'SystemOwner';

/** `purchase-orders` → `purchaseOrders`. */
export function camelCase(name: string): string {
  return name.replace(/[-_\s]+([a-zA-Z0-9])/g, (_, c: string) => c.toUpperCase());
}

/**
 * True for SystemOwner; false without a user or permissions; otherwise true when a resource or ACL
 * whose name matches (as written or camelCase) has the scope.
 */
export function can(
  user: AccessSubject | null | undefined,
  permissions: EffectivePermissions | null | undefined,
  resource: string,
  scope: Scope,
): boolean {
  if (!user) return false;
  if (user.accessLevel === SYSTEM_OWNER) return true;
  if (!permissions) return false;
  const names = new Set([resource, camelCase(resource)]);
  const match = (e: PermissionEntry) => (names.has(e.name) || names.has(camelCase(e.name))) && e.scopes.includes(scope);
  return permissions.resources.some(match) || permissions.acls.some(match);
}

/** Checks many resources in one pass (never one call per row). */
export function canMany(
  user: AccessSubject | null | undefined,
  permissions: EffectivePermissions | null | undefined,
  resources: readonly string[],
  scope: Scope,
): Record<string, boolean> {
  return Object.fromEntries(resources.map((r) => [r, can(user, permissions, r, scope)]));
}

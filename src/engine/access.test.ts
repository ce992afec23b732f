import { describe, expect, it } from 'vitest';
import { can, canMany, camelCase } from './access.ts';

const perms = {
  resources: [{ name: 'orders', scopes: ['create', 'read'] }, { name: 'purchaseOrders', scopes: ['read'] }],
  acls: [{ name: 'cost-centers', scopes: ['create'] }],
};

describe('can', () => {
  it('grants everything to SystemOwner', () => {
    expect(can({ accessLevel: 'SystemOwner' }, null, 'anything', 'delete')).toBe(true);
  });
  it('denies without user or permissions', () => {
    expect(can(null, perms, 'orders', 'read')).toBe(false);
    expect(can({ accessLevel: 'User' }, null, 'orders', 'read')).toBe(false);
  });
  it('matches resource and ACL names, also camelCase, with the scope', () => {
    const u = { accessLevel: 'User' };
    expect(can(u, perms, 'orders', 'create')).toBe(true);
    expect(can(u, perms, 'orders', 'delete')).toBe(false);
    expect(can(u, perms, 'purchase-orders', 'read')).toBe(true);
    expect(can(u, perms, 'purchase-orders', 'create')).toBe(false);
    expect(can(u, perms, 'costCenters', 'create')).toBe(true);
    expect(canMany(u, perms, ['orders', 'quotes'], 'create')).toEqual({ orders: true, quotes: false });
  });
  it('camelCases kebab names', () => {
    expect(camelCase('payable-installment-authorizes')).toBe('payableInstallmentAuthorizes');
  });
});

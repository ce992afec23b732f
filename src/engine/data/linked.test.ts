import { describe, expect, it } from 'vitest';
import type { ResourceSchema } from '../schema/types.ts';
import { linkedResources } from './linked.ts';

const schema = (properties: Record<string, object>) => ({ properties }) as unknown as ResourceSchema;

describe('linkedResources', () => {
  it('names the resources that refer to it and those it refers to by a server-set reference', () => {
    const schemas = {
      payables: schema({ supplierId: { 'x-ref': 'companies' }, requesterId: { 'x-ref': 'users', readOnly: true }, parentId: { 'x-ref': 'payables', readOnly: true } }),
      'payable-installments': schema({ payableId: { 'x-ref': 'payables', readOnly: true }, bankAccountId: { 'x-ref': 'bank-accounts' } }),
      companies: schema({ name: { type: 'string' } }),
      tags: schema({ payableIds: { type: 'array', items: { 'x-ref': 'payables' } } }),
    };
    expect(linkedResources(schemas, 'payables')).toEqual(['payable-installments', 'tags', 'users']);
    expect(linkedResources(schemas, 'payable-installments')).toEqual(['payables']);
    expect(linkedResources(schemas, 'companies')).toEqual(['payables']);
    expect(linkedResources(schemas, 'unknown')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import type { ResourceSchema } from '../../../engine/schema/types.ts';
import { isLineItems, nestedRefs } from './nested-refs.ts';

const schema = {
  properties: {
    supplierIds: { type: 'array', title: 'Fornecedores', items: { type: 'string', format: 'uuid', 'x-ref': 'companies' } },
    items: {
      type: 'array',
      title: 'Itens',
      items: {
        type: 'object',
        properties: { productId: { type: ['string', 'null'], title: 'Produto', format: 'uuid', 'x-ref': 'products' }, quantity: { type: 'number', title: 'Qtd.' } },
      },
    },
    name: { type: 'string', title: 'Nome' },
  },
} as unknown as ResourceSchema;

describe('nestedRefs', () => {
  it('turns lists of ids and line-item references into pseudo-fields for one labels call per resource', () => {
    const record = { id: 'r', supplierIds: ['c1', 'c2'], items: [{ productId: 'p1', quantity: 1 }, { productId: null, quantity: 2 }], name: 'x' };
    expect(nestedRefs(schema, ['supplierIds', 'items', 'name'], record)).toEqual({
      refs: [{ field: 'supplierIds', ref: 'companies' }, { field: 'items.productId', ref: 'products' }],
      rows: [{ supplierIds: 'c1' }, { supplierIds: 'c2' }, { 'items.productId': 'p1' }, { 'items.productId': null }],
    });
    expect(nestedRefs(schema, ['items'], undefined)).toEqual({ refs: [], rows: [] });
  });
  it('recognises line items', () => {
    expect(isLineItems(schema.properties.items)).toBe(true);
    expect(isLineItems(schema.properties.supplierIds)).toBe(false);
    expect(isLineItems(undefined)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { applyComputed, computeValue, exactProduct, hasComputed } from './computed.ts';
import { loadMetadata } from './load-metadata.ts';
import type { ResourceSchema } from './types.ts';

const schema: ResourceSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'test-orders',
  title: 'Pedido',
  type: 'object',
  'x-resource': { name: 'test-orders', service: 'pricing', path: 'test-orders', titlePlural: 'Pedidos', labelField: 'title' },
  properties: {
    title: { type: 'string', title: 'Título' },
    items: {
      type: 'array',
      title: 'Itens',
      items: {
        type: 'object',
        properties: {
          quantity: { type: 'number', title: 'Quantidade' },
          unitPrice: { type: 'integer', title: 'Preço unitário', format: 'money' },
          total: { type: 'integer', title: 'Total', format: 'money', readOnly: true, 'x-computed': { product: ['quantity', 'unitPrice'] } },
        },
        additionalProperties: false,
      },
    },
    freight: { type: ['integer', 'null'], title: 'Frete', format: 'money' },
    discount: { type: ['integer', 'null'], title: 'Desconto', format: 'money' },
    itemsTotal: { type: 'integer', title: 'Total dos itens', format: 'money', readOnly: true, 'x-computed': { sum: ['items[].total'] } },
    totalAmount: { type: 'integer', title: 'Total', format: 'money', readOnly: true, 'x-computed': { sum: ['itemsTotal', 'freight', '-discount'] } },
  },
  additionalProperties: false,
};

describe('exactProduct', () => {
  it('multiplies decimals and centavos without float error, rounding half away from zero', () => {
    expect(exactProduct([3, 1999])).toBe(5997);
    expect(exactProduct([2.5, 1999])).toBe(4998); // 4997.5
    expect(exactProduct([0.1, 0.2, 10000])).toBe(200); // 0.1 × 0.2 is 0.020000000000000004 in floats
    expect(exactProduct([1.005, 1000])).toBe(1005);
    expect(exactProduct([-2.5, 1999])).toBe(-4998);
    expect(exactProduct([0.333, 100])).toBe(33); // 33.3
    expect(exactProduct([12345.678, 98765])).toBe(1219320888); // 1 219 320 887,67
  });
  it('is null while a factor is missing', () => {
    expect(exactProduct([3, undefined])).toBeNull();
    expect(exactProduct([null, 10])).toBeNull();
    expect(exactProduct(['3', 10])).toBeNull();
  });
});

describe('applyComputed', () => {
  it('computes line totals, then the sums that use them, replacing what the client sent', () => {
    const out = applyComputed(schema, {
      title: 'Papel',
      items: [{ quantity: 10, unitPrice: 2590, total: 1 }, { quantity: 1.5, unitPrice: 999 }],
      freight: 1500,
      discount: 300,
      itemsTotal: 999999,
    });
    expect(out.items).toEqual([{ quantity: 10, unitPrice: 2590, total: 25900 }, { quantity: 1.5, unitPrice: 999, total: 1499 }]);
    expect(out.itemsTotal).toBe(27399);
    expect(out.totalAmount).toBe(27399 + 1500 - 300);
  });
  it('treats absent terms and an absent list as zero and does not change its input', () => {
    const input = { title: 'x', freight: null };
    expect(applyComputed(schema, input)).toEqual({ title: 'x', freight: null, itemsTotal: 0, totalAmount: 0 });
    expect(input).toEqual({ title: 'x', freight: null });
  });
  it('sums a column over items and subtracts terms', () => {
    expect(computeValue({ sum: ['a[].v', '-b'] }, { a: [{ v: 1 }, { v: 2 }, null, { v: 'x' }], b: 10 })).toBe(-7);
    expect(hasComputed(schema)).toBe(true);
    expect(hasComputed({ properties: { a: { type: 'string' } } })).toBe(false);
  });
});

describe('x-computed in schema files', () => {
  const files = (s: unknown) => ({ 'schemas/test-orders.schema.json': s });
  const problems = (s: unknown) => {
    try {
      loadMetadata(files(s) as never);
      return [];
    } catch (e) {
      return (e as { problems: { pointer: string; message: string }[] }).problems.map((p) => `${p.pointer}: ${p.message}`);
    }
  };

  it('accepts the example schema', () => {
    expect(problems(schema)).toEqual([]);
  });
  it('names unknown, non-numeric and misplaced fields', () => {
    const bad = structuredClone(schema) as ResourceSchema & { properties: Record<string, Record<string, unknown>> };
    bad.properties.totalAmount['x-computed'] = { sum: ['itemsTotal', 'frete', 'title[].x', '-title'] };
    (bad.properties.items.items as { properties: Record<string, Record<string, unknown>> }).properties.total['x-computed'] = { product: ['quantity', 'price'] };
    expect(problems(bad)).toEqual([
      '/properties/items/items/properties/total/x-computed/product/1: campo "price" não existe neste objeto',
      '/properties/totalAmount/x-computed/sum/1: campo "frete" não existe neste objeto',
      '/properties/totalAmount/x-computed/sum/2: "title" não é uma lista de itens (array de objetos) deste objeto',
      '/properties/totalAmount/x-computed/sum/3: campo "title" não é numérico',
    ]);
  });
  it('requires readOnly on a computed field', () => {
    const bad = structuredClone(schema) as ResourceSchema & { properties: Record<string, Record<string, unknown>> };
    delete bad.properties.itemsTotal.readOnly;
    expect(problems(bad).join('\n')).toMatch(/itemsTotal.*readOnly/);
  });
});

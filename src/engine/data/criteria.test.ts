import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toQueryString } from '../http/query.ts';
import { filtersFromQuery, filtersToQuery, parseSortParam, sortToParam } from './criteria.ts';
import { createLabelLoader } from './labels.ts';
import { resourceKeys } from './query-keys.ts';
import type { Filter } from './types.ts';

describe('sort parameter', () => {
  it('round-trips terms through -field,field', () => {
    const terms = [{ field: 'dueDate', order: 'desc' as const }, { field: 'name', order: 'asc' as const }];
    expect(sortToParam(terms)).toBe('-dueDate,name');
    expect(parseSortParam('-dueDate,name')).toEqual(terms);
    expect(sortToParam([])).toBeUndefined();
    expect(parseSortParam(' ,name,')).toEqual([{ field: 'name', order: 'asc' }]);
  });
});

describe('filters on the wire', () => {
  it('reads back what it writes (values as strings)', () => {
    const field = fc.stringMatching(/^[a-z][a-zA-Z]{0,8}$/);
    const text = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim() !== '');
    const filter = fc.oneof(
      fc.record({ field, operator: fc.constantFrom('eq', 'ne', 'gte', 'lte', 'contains') as fc.Arbitrary<Filter['operator']>, value: text }),
      fc.record({ field, operator: fc.constant('in' as const), value: fc.array(text, { minLength: 1, maxLength: 4 }) }),
      fc.record({ field, operator: fc.constant('between' as const), value: fc.tuple(text, text) }),
    );
    fc.assert(
      fc.property(fc.uniqueArray(filter, { selector: (f) => f.field, maxLength: 5 }), (filters) => {
        const qs = toQueryString({ filter: filtersToQuery(filters) });
        const back = filtersFromQuery(qs);
        expect(back).toEqual(filters.map((f) => ({ ...f, value: Array.isArray(f.value) ? [...f.value] : f.value })));
      }),
    );
  });

  it('reads filter[f]=v as eq and repeated filter[f] as in, dropping unknown operators', () => {
    expect(filtersFromQuery('filter[status]=A&filter[type]=x&filter[type]=y&filter[name][like]=z&page=2')).toEqual([
      { field: 'status', operator: 'eq', value: 'A' },
      { field: 'type', operator: 'in', value: ['x', 'y'] },
    ]);
  });

  it('serialises booleans and numbers as the API parses them', () => {
    expect(toQueryString({ filter: filtersToQuery([{ field: 'active', operator: 'eq', value: false }, { field: 'amount', operator: 'gte', value: 0 }]) })).toBe(
      'filter[active][eq]=false&filter[amount][gte]=0',
    );
  });
});

describe('query keys', () => {
  it('start with the resource, so one prefix invalidates everything about it', () => {
    expect(resourceKeys.list({ resource: 'banks', page: 2 })).toEqual(['banks', 'list', { page: 2 }]);
    expect(resourceKeys.one('banks', 7)).toEqual(['banks', 'one', { id: '7' }]);
    expect(resourceKeys.labels('banks', ['b', 'a', 'b'])).toEqual(['banks', 'labels', { ids: ['a', 'b'] }]);
    for (const key of [resourceKeys.lists('banks'), resourceKeys.history('banks', 'x'), resourceKeys.permissions('banks', [])]) expect(key[0]).toBe('banks');
  });
});

describe('label loader', () => {
  it('chunks large batches and answers null for ids the server did not return', async () => {
    const asked: string[][] = [];
    const loader = createLabelLoader(async (_r, ids) => {
      asked.push(ids);
      return ids.filter((id) => id !== 'id-3').map((id) => ({ id, label: id.toUpperCase() }));
    }, (fn) => queueMicrotask(fn));
    const ids = Array.from({ length: 320 }, (_, i) => `id-${i}`);
    const out = await loader.load('banks', ids);
    expect(asked.map((c) => c.length)).toEqual([150, 150, 20]);
    expect(out['id-1']).toBe('ID-1');
    expect(out['id-3']).toBeNull();
    expect(loader.peek('banks', 'id-3')).toBeNull();
    expect(loader.peek('banks', 'id-999')).toBeUndefined();
  });

  it('rejects every waiter of a failed batch and retries next time', async () => {
    let fail = true;
    const loader = createLabelLoader(async (_r, ids) => {
      if (fail) throw new Error('boom');
      return ids.map((id) => ({ id, label: 'ok' }));
    }, (fn) => queueMicrotask(fn));
    await expect(Promise.all([loader.load('x', ['a']), loader.load('x', ['b'])])).rejects.toThrow('boom');
    fail = false;
    await expect(loader.load('x', ['a'])).resolves.toEqual({ a: 'ok' });
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ScreenFile } from '../schema/screen-types.ts';
import type { ResourceSchema } from '../schema/types.ts';
import { filterKind, optionLabel } from './fields.ts';
import { hasUserFilters, listDefaults, readListState, toListParams, withFilter, withLocked, writeListState } from './list-state.ts';

const read = <T,>(p: string) => JSON.parse(readFileSync(p, 'utf8')) as T;
const costCenters = listDefaults(read<ScreenFile>('screens/cost-centers/screen.json'), read<ResourceSchema>('schemas/cost-centers.schema.json'));
const banks = listDefaults(read<ScreenFile>('screens/banks/screen.json'), read<ResourceSchema>('schemas/banks.schema.json'));

describe('list URL state', () => {
  it('starts from the screen defaults: page 1, 25 rows, default sort, default filters', () => {
    const s = readListState('', costCenters);
    expect(s).toEqual({ page: 1, pageSize: 25, sort: [{ field: 'code', order: 'asc' }], q: '', filters: [{ field: 'active', operator: 'eq', value: true }] });
    expect(writeListState(s, costCenters)).toBe('');
    expect(toListParams(s, 'cost-centers')).toEqual({ resource: 'cost-centers', page: 1, pageSize: 25, sort: s.sort, q: undefined, filters: s.filters });
  });

  it('round-trips search, typed filters, multi-sort, page size and page', () => {
    let s = readListState('', costCenters);
    s = withFilter(s, 'type', 'in', ['S', 'A']);
    s = withFilter(s, 'monthlyBudget', 'between', [10000, '']);
    s = { ...s, q: 'adm', sort: [{ field: 'name', order: 'desc' }, { field: 'code', order: 'asc' }], pageSize: 100, page: 3 };
    const qs = writeListState(s, costCenters);
    expect(qs).toBe('q=adm&filter[type][in]=S&filter[type][in]=A&filter[monthlyBudget][between]=10000&filter[monthlyBudget][between]=&sort=-name%2Ccode&pageSize=100&page=3');
    const back = readListState(qs, costCenters);
    expect(back).toEqual({ ...s, filters: [{ field: 'type', operator: 'in', value: ['S', 'A'] }, { field: 'monthlyBudget', operator: 'between', value: [10000, ''] }, { field: 'active', operator: 'eq', value: true }] });
    expect(writeListState(back, costCenters)).toBe(qs);
  });

  it('keeps a cleared default filter cleared across reloads', () => {
    const cleared = withFilter(readListState('', banks), 'active', 'eq', null);
    const qs = writeListState(cleared, banks);
    expect(qs).toBe('filter[active][eq]=');
    expect(readListState(qs, banks).filters).toEqual([]);
    expect(hasUserFilters(readListState(qs, banks), banks)).toBe(true);
    expect(hasUserFilters(readListState('', banks), banks)).toBe(false);
  });

  it('reads booleans as booleans and a false filter differs from the default', () => {
    const s = readListState('filter[active][eq]=false&filter[participatesCompe][eq]=true', banks);
    expect(s.filters).toEqual([
      { field: 'active', operator: 'eq', value: false },
      { field: 'participatesCompe', operator: 'eq', value: true },
    ]);
    expect(writeListState(s, banks)).toBe('filter[active][eq]=false&filter[participatesCompe][eq]=true');
  });

  it('changing a filter goes back to page 1', () => {
    const s = readListState('page=4', banks);
    expect(withFilter(s, 'participatesCompe', 'eq', true).page).toBe(1);
  });

  it('ignores invalid values, unknown fields and page sizes outside the chooser', () => {
    const s = readListState('page=-2&pageSize=33&sort=-nope&filter[active][eq]=talvez&filter[nope][eq]=1&filter[name][like]=x', banks);
    expect(s).toEqual(readListState('', banks));
  });

  it('keeps extra valid filters from a link (related list "ver todos")', () => {
    const s = readListState('filter[ispb][eq]=60701190', banks);
    expect(s.filters).toContainEqual({ field: 'ispb', operator: 'eq', value: '60701190' });
    expect(writeListState(s, banks)).toBe('filter[ispb][eq]=60701190');
  });
});

describe('filter kinds and labels', () => {
  it('pick the editor from operator and schema', () => {
    const schema = read<ResourceSchema>('schemas/bank-accounts.schema.json');
    const kind = (field: string, operator: 'eq' | 'in' | 'between' | 'contains' = 'eq') => filterKind({ field, operator }, schema.properties[field]);
    expect([kind('organizationId'), kind('type', 'in'), kind('active'), kind('openingBalance', 'between'), kind('openingBalanceDate', 'between'), kind('name', 'contains')]).toEqual([
      'reference',
      'options',
      'boolean',
      'money',
      'date',
      'text',
    ]);
    expect(optionLabel(schema.properties.type, 'CAIXA')).toBe('Caixa');
  });

  describe('nested screen: the parent filter is locked', () => {
    // Cost centres as the children of one organization (/organizacoes/{organizationId}/centros-de-custos).
    const screen = read<ScreenFile>('screens/cost-centers/screen.json');
    const nested: ScreenFile = {
      ...screen,
      route: { base: '/organizacoes/{organizationId}/centros-de-custos', idParam: 'costCenterId', parent: { param: 'organizationId', field: 'organizationId' } },
    };
    const d = listDefaults(nested, read<ResourceSchema>('schemas/cost-centers.schema.json'), { organizationId: 'org-1' });
    const locked = { field: 'organizationId', operator: 'eq', value: 'org-1' };

    it('always sends filter[parent][eq]=<id>, never writes it to the URL, and it is no user filter', () => {
      const s = readListState('', d);
      expect(s.filters).toEqual([{ field: 'active', operator: 'eq', value: true }]);
      expect(toListParams(s, 'cost-centers', d.locked).filters).toEqual([locked, { field: 'active', operator: 'eq', value: true }]);
      expect(writeListState(s, d)).toBe('');
      expect(hasUserFilters(s, d)).toBe(false);
      // The screen's own organization filter is not offered under a parent.
      expect(d.filters.map((f) => f.field)).toEqual(['type', 'monthlyBudget', 'active']);
    });

    it('ignores a URL or saved view that names another parent', () => {
      const s = readListState('filter[organizationId][eq]=org-2&filter[organizationId][in]=org-3&filter[type][in]=S', d);
      expect(s.filters).toEqual([{ field: 'type', operator: 'in', value: ['S'] }, { field: 'active', operator: 'eq', value: true }]);
      expect(withLocked([{ field: 'organizationId', operator: 'in', value: ['org-2'] }], d.locked)).toEqual([locked]);
    });

    it('locks nothing without the parent id, and on a screen without parent', () => {
      expect(listDefaults(nested, read<ResourceSchema>('schemas/cost-centers.schema.json')).locked).toEqual([]);
      expect(costCenters.locked).toEqual([]);
    });
  });
});

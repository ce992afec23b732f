import { describe, expect, it } from 'vitest';
import { evaluateCondition, fieldStates } from './conditions.ts';
import type { Condition, FormRule } from './screen-types.ts';

describe('evaluateCondition', () => {
  const data = { type: 'CAIXA', amount: 1500, due: '2026-03-10', tags: [], note: '' };

  it('compares with every operator', () => {
    expect(evaluateCondition({ field: 'type', op: 'eq', value: 'CAIXA' }, data)).toBe(true);
    expect(evaluateCondition({ field: 'type', op: 'ne', value: 'CAIXA' }, data)).toBe(false);
    expect(evaluateCondition({ field: 'type', op: 'in', value: ['CAIXA', 'APLICACAO'] }, data)).toBe(true);
    expect(evaluateCondition({ field: 'type', op: 'notIn', value: ['CAIXA'] }, data)).toBe(false);
    expect(evaluateCondition({ field: 'amount', op: 'gt', value: 1000 }, data)).toBe(true);
    expect(evaluateCondition({ field: 'amount', op: 'lte', value: 1000 }, data)).toBe(false);
    expect(evaluateCondition({ field: 'due', op: 'gte', value: '2026-03-10' }, data)).toBe(true);
    expect(evaluateCondition({ field: 'due', op: 'lt', value: '2026-01-01' }, data)).toBe(false);
    expect(evaluateCondition({ field: 'amount', op: 'gt', value: '1000' }, data)).toBe(false); // no coercion
    expect(evaluateCondition({ field: 'tags', op: 'empty' }, data)).toBe(true);
    expect(evaluateCondition({ field: 'note', op: 'empty' }, data)).toBe(true);
    expect(evaluateCondition({ field: 'missing', op: 'notEmpty' }, data)).toBe(false);
  });

  it('combines with all, any and not', () => {
    const c: Condition = { all: [{ field: 'type', op: 'eq', value: 'CAIXA' }, { any: [{ field: 'amount', op: 'lt', value: 0 }, { not: { field: 'note', op: 'notEmpty' } }] }] };
    expect(evaluateCondition(c, data)).toBe(true);
    expect(evaluateCondition(c, { ...data, note: 'x' })).toBe(false);
  });
});

describe('fieldStates', () => {
  it('hides on hide/unmet show and disables on disable/unmet enable', () => {
    const rules: FormRule[] = [
      { when: { field: 'type', op: 'eq', value: 'CAIXA' }, effect: 'hide', fields: ['bankId'] },
      { when: { field: 'type', op: 'eq', value: 'APLICACAO' }, effect: 'show', fields: ['rate'] },
      { when: { field: 'active', op: 'eq', value: true }, effect: 'enable', fields: ['name'] },
    ];
    const s = fieldStates(rules, { type: 'CAIXA', active: false });
    expect([...s.hidden].sort()).toEqual(['bankId', 'rate']);
    expect([...s.disabled]).toEqual(['name']);
    const t = fieldStates(rules, { type: 'APLICACAO', active: true });
    expect([...t.hidden, ...t.disabled]).toEqual([]);
  });
});

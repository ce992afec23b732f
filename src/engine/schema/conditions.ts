import type { Condition, FormRule } from './screen-types.ts';

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** Ordering only between two numbers or two strings (ISO dates order as strings); anything else is false. */
function compare(a: unknown, b: unknown, test: (c: number) => boolean): boolean {
  if (typeof a === 'number' && typeof b === 'number') return test(a - b);
  if (typeof a === 'string' && typeof b === 'string') return test(a < b ? -1 : a > b ? 1 : 0);
  return false;
}

/**
 * Evaluates a screen condition against the form data (top-level fields).
 * @example evaluateCondition({ all: [{ field: 'type', op: 'ne', value: 'CAIXA' }] }, { type: 'CONTA_CORRENTE' }) // true
 */
export function evaluateCondition(condition: Condition, data: Record<string, unknown>): boolean {
  if ('all' in condition) return condition.all.every((c) => evaluateCondition(c, data));
  if ('any' in condition) return condition.any.some((c) => evaluateCondition(c, data));
  if ('not' in condition) return !evaluateCondition(condition.not, data);
  const v = data[condition.field];
  const target = condition.value;
  switch (condition.op) {
    case 'eq':
      return same(v, target);
    case 'ne':
      return !same(v, target);
    case 'in':
      return Array.isArray(target) && target.some((t) => same(v, t));
    case 'notIn':
      return Array.isArray(target) && !target.some((t) => same(v, t));
    case 'gt':
      return compare(v, target, (c) => c > 0);
    case 'gte':
      return compare(v, target, (c) => c >= 0);
    case 'lt':
      return compare(v, target, (c) => c < 0);
    case 'lte':
      return compare(v, target, (c) => c <= 0);
    case 'empty':
      return isEmpty(v);
    case 'notEmpty':
      return !isEmpty(v);
  }
}

export interface FieldStates {
  hidden: Set<string>;
  disabled: Set<string>;
}

/**
 * Which fields the form rules hide or disable for the current data. A field is hidden when any `hide`
 * rule holds or any `show` rule does not (same for disable/enable). Hidden fields are not submitted.
 */
export function fieldStates(rules: readonly FormRule[] | undefined, data: Record<string, unknown>): FieldStates {
  const states: FieldStates = { hidden: new Set(), disabled: new Set() };
  for (const rule of rules ?? []) {
    const holds = evaluateCondition(rule.when, data);
    const on = rule.effect === 'hide' || rule.effect === 'disable' ? holds : !holds;
    if (!on) continue;
    const target = rule.effect === 'hide' || rule.effect === 'show' ? states.hidden : states.disabled;
    for (const f of rule.fields) target.add(f);
  }
  return states;
}

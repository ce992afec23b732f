import { RULE_MESSAGES } from '../../i18n/validation.ts';
import type { FieldErrors, PropertySchema, ResourceSchema } from './types.ts';

/** Status values in the order the schema lists them (`oneOf` consts or `enum`) = the workflow order. */
export function statusOrder(schema: ResourceSchema): string[] {
  const field = schema['x-resource'].statusField ?? 'status';
  const p = schema.properties[field];
  if (!p) return [];
  const values = p.oneOf ? p.oneOf.map((o) => o.const) : (p.enum ?? []);
  return values.filter((v): v is string => typeof v === 'string');
}

/**
 * Fields that may no longer change on an existing record: `x-immutable` ones, and `x-readonly-after`
 * ones whose status (or any of its listed statuses) the record has reached, by the order of
 * {@link statusOrder}. A status not in that list locks only when it is the current status itself.
 * @example lockedFields(payables, { status: 'APROVADO' }) // ['amount', 'dueDate', …]
 */
export function lockedFields(schema: ResourceSchema, stored: Record<string, unknown>): string[] {
  const order = statusOrder(schema);
  const current = stored[schema['x-resource'].statusField ?? 'status'];
  const reached = (status: string) => {
    const [at, now] = [order.indexOf(status), order.indexOf(String(current))];
    return current === status || (at >= 0 && now >= at);
  };
  return Object.entries(schema.properties)
    .filter(([, p]) => {
      if (p['x-immutable']) return true;
      const after = p['x-readonly-after'];
      if (after === undefined) return false;
      return (Array.isArray(after) ? after : [after]).some(reached);
    })
    .map(([name]) => name);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Why a locked field may not change: the `x-immutable` message, or for `x-readonly-after` the property's
 * `x-messages["x-readonly-after"]` when it says more (e.g. what to do instead), else the generic one.
 */
export function lockMessage(p: PropertySchema): string {
  if (p['x-immutable']) return RULE_MESSAGES.immutable;
  return p['x-messages']?.['x-readonly-after'] ?? RULE_MESSAGES.locked;
}

/** Errors for a write that changes locked fields of `stored` (the server calls this on PUT/PATCH). */
export function lockViolations(schema: ResourceSchema, stored: Record<string, unknown>, body: Record<string, unknown>): FieldErrors | null {
  const out: FieldErrors = {};
  for (const field of lockedFields(schema, stored)) {
    if (!(field in body) || same(body[field], stored[field])) continue;
    out[field] = [lockMessage(schema.properties[field])];
  }
  return Object.keys(out).length ? out : null;
}

import { NOT_APPLICABLE, type FieldContext, type Tester } from '../../../engine/registry.ts';
import type { PropertySchema } from '../../../engine/schema/types.ts';

/** The highest rank among several testers (a widget that fits in more than one way). */
export const best =
  (...testers: Tester<FieldContext>[]): Tester<FieldContext> =>
  (ctx) =>
    testers.reduce((rank, t) => Math.max(rank, t(ctx)), NOT_APPLICABLE);

/** The schema of an array's items, when the field is an array. */
export const itemsOf = (schema: PropertySchema): PropertySchema | undefined => {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('array') ? schema.items : undefined;
};

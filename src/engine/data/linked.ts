import type { PropertySchema, ResourceSchema } from '../schema/types.ts';

/**
 * Resources a write to `resource` may change besides itself, through the server's write hooks: those that
 * refer to it (a lançamento's parcelas are re-planned when it is edited) and those it refers to through a
 * reference the server sets (`readOnly` `x-ref`: a parcela's lançamento, whose next due date follows it).
 * The client refreshes their lists and records after the write, so no screen shows a stale plan.
 * @example linkedResources(schemas, 'payables') // ['payable-installments', 'users']
 */
export function linkedResources(schemas: Readonly<Record<string, ResourceSchema>>, resource: string): string[] {
  const refOf = (p: PropertySchema | undefined) => p?.['x-ref'] ?? p?.items?.['x-ref'];
  const out = new Set<string>();
  for (const [name, schema] of Object.entries(schemas)) {
    if (name === resource) continue;
    if (Object.values(schema.properties ?? {}).some((p) => refOf(p) === resource)) out.add(name);
  }
  for (const p of Object.values(schemas[resource]?.properties ?? {})) {
    const target = refOf(p);
    if (p.readOnly && target && target !== resource) out.add(target);
  }
  return [...out].sort();
}

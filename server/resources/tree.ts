import type { Queryable } from '../db/index.ts';
import { ident } from './fields.ts';
import type { ResourceDef } from './types.ts';

/**
 * The chain of ancestors of `parentId` through a self-reference (`parentId` → same resource), nearest first,
 * deleted records included (a hidden ancestor still closes a loop). One recursive query; stops at `limit`.
 * Use it in a write hook to refuse cycles: the record's own id must not be among its new parent's ancestors.
 * @example const chain = await ancestors(ctx.q, ctx.def, 'parentId', newParentId); if (chain.includes(id)) throw …
 */
export async function ancestors(q: Queryable, def: ResourceDef, field: string, parentId: string, limit = 64): Promise<string[]> {
  const column = ident(def.fields.get(field)!.column);
  const table = ident(def.table);
  const { rows } = await q.query<{ id: string }>(
    `WITH RECURSIVE up(id, parent, depth) AS (
       SELECT id, ${column}, 1 FROM ${table} WHERE id = $1::uuid
       UNION ALL
       SELECT t.id, t.${column}, up.depth + 1 FROM ${table} t JOIN up ON t.id = up.parent WHERE up.depth < $2
     ) SELECT id FROM up ORDER BY depth`,
    [parentId, limit],
  );
  return rows.map((r) => r.id);
}

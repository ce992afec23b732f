import { can } from '../../src/engine/access.ts';
import type { PropertySchema } from '../../src/engine/schema/index.ts';
import type { Queryable } from '../db/index.ts';
import type { Principal } from '../lib/principal.ts';
import { ident } from '../resources/fields.ts';
import type { Registry } from '../resources/registry.ts';
import { Params, scopeConditions } from '../resources/sql.ts';
import type { ResourceDef } from '../resources/types.ts';

/**
 * Where a resource keeps file ids (`x-file`): a uuid column, or a JSON path inside a jsonb column (arrays of
 * ids, fields of line items, nested objects: `$[*]."fileId"`).
 */
export interface FileSite {
  column: string;
  /** jsonpath inside the column; absent for a plain uuid column. */
  path?: string;
}

function pathsOf(schema: PropertySchema, at: string, out: string[]): string[] {
  if (schema['x-file'] !== undefined) out.push(at);
  else if (schema.items) pathsOf(schema.items, `${at}[*]`, out);
  else if (schema.properties) for (const [k, p] of Object.entries(schema.properties)) pathsOf(p, `${at}.${JSON.stringify(k)}`, out);
  return out;
}

const cache = new WeakMap<Registry, Map<ResourceDef, FileSite[]>>();

/** Every `x-file` site of every resource, from the schemas (computed once per registry). */
export function fileSitesOf(registry: Registry): Map<ResourceDef, FileSite[]> {
  const known = cache.get(registry);
  if (known) return known;
  const out = new Map<ResourceDef, FileSite[]>();
  cache.set(registry, out);
  for (const def of registry.values()) {
    const sites: FileSite[] = [];
    for (const f of def.business) {
      for (const path of pathsOf(f.schema, '$', [])) sites.push(path === '$' ? { column: f.column } : { column: f.column, path });
    }
    if (sites.length) out.set(def, sites);
  }
  return out;
}

export interface FileAccess {
  /** Ids referenced by at least one live record (of anyone). */
  attached: Set<string>;
  /** Ids referenced by a live record the caller may read (read scope and record scope). */
  visible: Set<string>;
}

/**
 * Which of `ids` are attached to live records, and which the caller reaches through such a record: one
 * query per resource that has `x-file` fields, whatever the number of ids (a page of thumbnails is a handful
 * of queries, never one per file). Top-level columns are indexed (server/resources/sync.ts).
 */
export async function fileAccess(q: Queryable, sites: Map<ResourceDef, FileSite[]>, principal: Principal, ids: readonly string[]): Promise<FileAccess> {
  const attached = new Set<string>();
  const visible = new Set<string>();
  if (!ids.length) return { attached, visible };
  for (const [def, list] of sites) {
    const p = new Params();
    const uuids = p.add(ids, 'uuid[]');
    const texts = p.add(ids, 'text[]');
    const readable = can(principal, principal.permissions, def.name, 'read') && principal.tokenType === 'Authorization';
    const scope = readable ? scopeConditions(def, principal, p).join(' AND ') || 'true' : 'false';
    const match: string[] = [];
    const extract: string[] = [];
    for (const s of list) {
      const col = `t.${ident(s.column)}`;
      if (!s.path) {
        match.push(`${col} = ANY(${uuids})`);
        extract.push(`SELECT ${col}::text`);
      } else {
        const path = p.add(s.path, 'jsonpath');
        match.push(`EXISTS (SELECT 1 FROM jsonb_path_query(${col}, ${path}) v WHERE lower(v #>> '{}') = ANY(${texts}))`);
        extract.push(`SELECT lower(v #>> '{}') FROM jsonb_path_query(${col}, ${path}) v`);
      }
    }
    const { rows } = await q.query<{ id: string; visible: boolean }>(
      `SELECT x.f AS id, bool_or(${scope}) AS visible
       FROM ${ident(def.table)} t CROSS JOIN LATERAL (${extract.join(' UNION ALL ')}) x(f)
       WHERE t.deleted_at IS NULL AND (${match.join(' OR ')}) AND x.f = ANY(${texts})
       GROUP BY x.f`,
      p.values,
    );
    for (const r of rows) {
      attached.add(r.id);
      if (r.visible) visible.add(r.id);
    }
  }
  return { attached, visible };
}

/**
 * The read rule of a complete file (ASVS V8.2.2): through a live record that references it and that the
 * caller may read, or — while no live record references it — by the person who uploaded it.
 */
export const mayRead = (access: FileAccess, file: { id: string; created_by: string }, principal: Principal): boolean =>
  access.visible.has(file.id) || (!access.attached.has(file.id) && file.created_by === principal.userId);

import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { can } from '../../src/engine/access.ts';
import { statusDescriptor } from '../../src/i18n/status.ts';
import { HttpError, unauthorized } from '../lib/errors.ts';
import type { Registry } from './registry.ts';
import type { ResourceDef } from './types.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller may not read the resource but may fill a form that refers to it: id and label only. */
    lookupOnly?: boolean;
  }
}

/** Per registry: target resource → referrers, for searching (`fill`) and for showing labels (`show`). */
const cache = new WeakMap<Registry, Record<LookupUse, Map<string, string[]>>>();

/**
 * `fill`: references a form can set (a `readOnly` field — the order's requester, stamped by the server — is
 * never searched for); `show`: every reference, whose label a record page displays.
 */
export type LookupUse = 'fill' | 'show';

function collectRefs(node: unknown, out: Set<string>, use: LookupUse): void {
  if (Array.isArray(node)) for (const n of node) collectRefs(n, out, use);
  else if (node && typeof node === 'object') {
    if (use === 'fill' && (node as { readOnly?: unknown }).readOnly === true) return;
    for (const [k, v] of Object.entries(node)) {
      if (k === 'x-ref' && typeof v === 'string') out.add(v);
      else collectRefs(v, out, use);
    }
  }
}

/** Resources whose schema refers to `target` by `x-ref` anywhere (line items included). */
export function referrersOf(registry: Registry, target: string, use: LookupUse = 'fill'): string[] {
  let maps = cache.get(registry);
  if (!maps) {
    maps = { fill: new Map(), show: new Map() };
    for (const u of ['fill', 'show'] as const) {
      for (const def of registry.values()) {
        const refs = new Set<string>();
        for (const p of Object.values(def.schema.properties)) collectRefs(p, refs, u);
        for (const t of refs) maps[u].set(t, [...(maps[u].get(t) ?? []), def.name]);
      }
    }
    cache.set(registry, maps);
  }
  return maps[use].get(target) ?? [];
}

/**
 * `read` on the resource, or — for reference widgets — create/update on a resource that refers to it:
 * a user who may fill an order's supplier may search suppliers by name, without reading their records.
 * Labels (`use: 'show'`) also follow `readOnly` references (the order's requester), searches do not.
 * Such a caller gets `lookupOnly`: ids and labels, no filters (docs/decisions.md D17).
 */
export function readOrLookup(app: FastifyInstance, registry: Registry, def: ResourceDef, use: LookupUse = 'fill'): { onRequest: onRequestHookHandler[] } {
  async function check(req: FastifyRequest, _reply: FastifyReply) {
    const p = req.principal;
    if (!p) throw unauthorized(statusDescriptor(401).message);
    const forbidden = () => new HttpError(403, 'FORBIDDEN', statusDescriptor(403).message);
    if (p.tokenType !== 'Authorization') throw forbidden();
    if (can(p, p.permissions, def.name, 'read')) return;
    const fills = referrersOf(registry, def.name, use).some((r) => can(p, p.permissions, r, 'create') || can(p, p.permissions, r, 'update'));
    if (!fills) throw forbidden();
    req.lookupOnly = true;
  }
  return { onRequest: [app.authenticate, check] as onRequestHookHandler[] };
}

/** The query a lookup may use: free-text search and paging; filters and sorts on other fields would reveal data. */
export function lookupQuery(query: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of ['q', 'page', 'pageSize']) if (query[k] !== undefined) out[k] = query[k];
  return out;
}

/** A row as a lookup sees it. */
export const lookupRow = (def: ResourceDef, row: Record<string, unknown>) => ({ id: row.id, [def.labelField.name]: row[def.labelField.name] });

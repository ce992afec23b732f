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

const fills = new WeakMap<Registry, Map<string, string[]>>();

function collectFills(node: unknown, out: Map<string, Set<string>>): void {
  if (Array.isArray(node)) for (const n of node) collectFills(n, out);
  else if (node && typeof node === 'object') {
    const p = node as { 'x-ref'?: unknown; 'x-fill'?: Record<string, string> };
    if (typeof p['x-ref'] === 'string' && p['x-fill']) {
      const set = out.get(p['x-ref']) ?? new Set<string>();
      for (const from of Object.values(p['x-fill'])) set.add(from);
      out.set(p['x-ref'], set);
    }
    for (const v of Object.values(node)) collectFills(v, out);
  }
}

/**
 * Fields of `target` that a referrer's form copies when a record is picked (`x-fill`, docs/schemas.md §5): the
 * order line takes the product's name, unit and reference price. A lookup returns them too — the referrer's schema
 * declares them as what its forms read — and nothing else.
 */
export function fillSourcesOf(registry: Registry, target: string): string[] {
  let map = fills.get(registry);
  if (!map) {
    const found = new Map<string, Set<string>>();
    for (const def of registry.values()) collectFills(def.schema.properties, found);
    map = new Map([...found].map(([t, set]) => [t, [...set]]));
    fills.set(registry, map);
  }
  return map.get(target) ?? [];
}

/** A row as a lookup sees it: id, label and the fields referrers' forms copy (`x-fill`). */
export const lookupRow = (def: ResourceDef, row: Record<string, unknown>, registry?: Registry) => {
  const out: Record<string, unknown> = { id: row.id, [def.labelField.name]: row[def.labelField.name] };
  for (const f of registry ? fillSourcesOf(registry, def.name) : []) if (def.fields.has(f) && !def.fields.get(f)!.writeOnly) out[f] = row[f];
  return out;
};

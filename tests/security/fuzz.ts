import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../server/db/index.ts';
import type { PropertySchema } from '../../src/engine/schema/types.ts';
import { ident } from '../../server/resources/fields.ts';
import type { ResourceDef } from '../../server/resources/types.ts';

/**
 * Schema-driven fuzzing of every resource's create (POST), replace (PUT) and merge (PATCH): bodies built
 * from each schema (mostly plausible values, a share of hostile ones: wrong types, huge and odd strings,
 * prototype names as keys, unknown and system fields), sent by the SystemOwner so they reach validation,
 * hooks and the database. Each answer must be below 500, and a refused write must leave the resource's
 * table, its audit trail and the record's version as they were (ASVS V16.5.3, V2.3.3). Shared by the test
 * (tests/security/v16-errors.test.ts, bounded) and the bench (scripts/bench/fuzz.ts, longer).
 */
export interface FuzzReport {
  requests: number;
  byStatus: Record<string, number>;
  serverErrors: { resource: string; method: string; status: number; body: string; payload: string }[];
  partialWrites: { resource: string; method: string; status: number; payload: string }[];
}

const HOSTILE_KEYS = ['constructor', 'toString', 'valueOf', '__proto__', 'id', 'version', 'createdBy', 'deletedAt', 'naoExiste'];

const hostile = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 20 }),
  fc.constant(''),
  fc.constant('x'.repeat(5000)),
  fc.constant('🦜\u202e<script>alert(1)</script>'),
  fc.constant("'; DROP TABLE users; --"),
  fc.constant('2026-02-30'),
  fc.constant('9999999999999999999999'),
  fc.constant(-0),
  fc.constant(Number.MAX_SAFE_INTEGER),
  fc.constant(1e300),
  fc.constant({}),
  fc.constant([]),
  fc.constant({ constructor: { prototype: { x: 1 } } }),
  fc.uuid(),
);

const isType = (p: PropertySchema, t: string) => p.type === t || (Array.isArray(p.type) && p.type.includes(t as never));

/** Plausible values of one property (ids of real records for references), with hostile ones mixed in. */
function valueOf(p: PropertySchema, refs: Map<string, string[]>, depth = 0): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [];
  const consts = p.oneOf?.map((o) => o.const).filter((c) => c !== undefined) ?? p.enum ?? [];
  if (consts.length) options.push(fc.constantFrom(...consts));
  else if (p['x-ref']) options.push(fc.constantFrom(...(refs.get(String(p['x-ref'])) ?? []), '00000000-0000-4000-8000-000000000000'));
  else if (isType(p, 'string')) {
    if (p.format === 'date') options.push(fc.date({ min: new Date('2000-01-01'), max: new Date('2040-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)));
    else if (p.format === 'date-time') options.push(fc.date({ min: new Date('2000-01-01'), max: new Date('2040-12-31'), noInvalidDate: true }).map((d) => d.toISOString()));
    else if (p.format === 'uuid') options.push(fc.uuid());
    else if (p.format === 'competence') options.push(fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 2000, max: 2040 })).map(([m, y]) => `${y}-${String(m).padStart(2, '0')}`));
    else options.push(fc.string({ minLength: p.minLength ?? 0, maxLength: Math.min(p.maxLength ?? 40, 40) }));
  } else if (isType(p, 'integer')) options.push(fc.integer({ min: -1_000_000, max: 1_000_000_000 }));
  else if (isType(p, 'number')) options.push(fc.double({ min: -1e6, max: 1e9, noNaN: true }));
  else if (isType(p, 'boolean')) options.push(fc.boolean());
  else if (isType(p, 'array') && p.items && depth < 2) options.push(fc.array(valueOf(p.items, refs, depth + 1), { maxLength: 3 }));
  else if (isType(p, 'object') && p.properties && depth < 2) options.push(bodyOf(p.properties, refs, depth + 1).map((pairs) => Object.fromEntries(pairs)));
  if (isType(p, 'null')) options.push(fc.constant(null));
  return options.length ? fc.oneof({ weight: 4, arbitrary: fc.oneof(...options) }, { weight: 1, arbitrary: hostile }) : hostile;
}

/** A body as key/value pairs (so `__proto__` stays a key on the wire): some of the fields, maybe an odd one. */
function bodyOf(props: Record<string, PropertySchema>, refs: Map<string, string[]>, depth = 0): fc.Arbitrary<[string, unknown][]> {
  const fields = Object.entries(props).map(([name, p]) => fc.option(valueOf(p, refs, depth).map((v) => [name, v] as [string, unknown]), { freq: 4 }));
  const extra = fc.option(fc.tuple(fc.constantFrom(...HOSTILE_KEYS), hostile), { freq: 3 });
  return fc.tuple(fc.tuple(...fields), extra).map(([pairs, odd]) => [...pairs.filter((x): x is [string, unknown] => x !== null), ...(odd ? [odd] : [])]);
}

const json = (pairs: [string, unknown][]) => `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`;

async function snapshot(db: Queryable, def: ResourceDef, id?: string) {
  const { rows } = await db.query<{ n: number; a: number; v: number | null }>(
    `SELECT (SELECT count(*)::int FROM ${ident(def.table)}) AS n,
            (SELECT count(*)::int FROM audit_log WHERE resource = $1) AS a,
            (SELECT version::int FROM ${ident(def.table)} WHERE id = $2::uuid) AS v`,
    [def.name, id ?? null],
  );
  return rows[0];
}

export async function fuzzResources(
  app: FastifyInstance,
  db: Queryable,
  token: string,
  opts: { numRuns: number; seed: number; only?: string[] },
): Promise<FuzzReport> {
  const report: FuzzReport = { requests: 0, byStatus: {}, serverErrors: [], partialWrites: [] };
  const registry = app.resources.registry;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const refs = new Map<string, string[]>();
  for (const def of registry.values()) {
    const { rows } = await db.query<{ id: string }>(`SELECT id FROM ${ident(def.table)} WHERE deleted_at IS NULL ORDER BY id LIMIT 5`);
    refs.set(def.name, rows.map((r) => r.id));
  }
  for (const def of [...registry.values()].filter((d) => !opts.only || opts.only.includes(d.name))) {
    const writable = Object.fromEntries(Object.entries(def.schema.properties).filter(([, p]) => !p.readOnly));
    for (const method of ['POST', 'PUT', 'PATCH'] as const) {
      await fc.assert(
        fc.asyncProperty(bodyOf(writable, refs), async (pairs) => {
          const id = method === 'POST' ? undefined : refs.get(def.name)?.[0];
          if (method !== 'POST' && !id) return;
          const before = await snapshot(db, def, id);
          const payload = json(pairs);
          const res = await app.inject({
            method,
            url: id ? `${def.basePath}/${id}` : def.basePath,
            payload,
            headers: id ? { ...headers, 'if-match': `W/"${before.v}"` } : headers,
          });
          report.requests++;
          report.byStatus[res.statusCode] = (report.byStatus[res.statusCode] ?? 0) + 1;
          if (res.statusCode >= 500) report.serverErrors.push({ resource: def.name, method, status: res.statusCode, body: res.body.slice(0, 300), payload: payload.slice(0, 500) });
          else if (res.statusCode >= 400) {
            const after = await snapshot(db, def, id);
            if (after.n !== before.n || after.a !== before.a || after.v !== before.v) report.partialWrites.push({ resource: def.name, method, status: res.statusCode, payload: payload.slice(0, 500) });
          }
        }),
        { numRuns: opts.numRuns, seed: opts.seed, endOnFailure: true },
      );
    }
  }
  return report;
}

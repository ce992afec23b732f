import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataProvider } from '../../src/engine/data/provider.ts';
import type { DataProvider } from '../../src/engine/data/types.ts';
import { createHttpClient } from '../../src/engine/http/client.ts';
import { listDefaults, readListState, toListParams } from '../../src/engine/list/list-state.ts';
import { createAjv } from '../../src/engine/schema/ajv.ts';
import type { ScreenFile } from '../../src/engine/schema/screen-types.ts';
import { withSystemFields } from '../../src/engine/schema/system-fields.ts';
import type { ResourceSchema } from '../../src/engine/schema/types.ts';
import { fixtureValue } from '../fixtures/records.ts';
import { createTestApp, type TestContext } from '../server/helper.ts';
import { createUser } from '../server/resources/helpers.ts';

/**
 * Every list screen against the real, migrated and seeded server: the first request a person makes when
 * opening the list (default sort, default filters, page 1), built by the client's own data provider.
 * It must answer 200 with X-Total-Count, and every row must match the schema (plus system fields).
 */
const read = <T>(p: string) => JSON.parse(readFileSync(p, 'utf8')) as T;
const schemas: Record<string, ResourceSchema> = Object.fromEntries(readdirSync('schemas').map((f) => [f.replace('.schema.json', ''), read<ResourceSchema>(`schemas/${f}`)]));
const screens = readdirSync('screens').map((k) => [k, read<ScreenFile>(`screens/${k}/screen.json`)] as const).filter(([, s]) => s.list);
const SERVICES = JSON.parse(readFileSync('public/app.config.json', 'utf8')).services as Record<string, string>;
const ajv = createAjv();

describe('list screens against the server', () => {
  let ctx: TestContext;
  let data: DataProvider;

  beforeAll(async () => {
    ctx = await createTestApp();
    const { token } = await createUser(ctx, { accessLevel: 'SystemOwner' });
    // The browser's fetch, answered by the app in-process.
    const inject: typeof fetch = async (input, init) => {
      const res = await ctx.app.inject({
        method: (init?.method ?? 'GET') as 'GET',
        url: String(input),
        headers: Object.fromEntries(new Headers(init?.headers).entries()),
        payload: init?.body as string | undefined,
      });
      return new Response(res.statusCode === 204 ? null : res.body, { status: res.statusCode, headers: res.headers as Record<string, string> });
    };
    const http = createHttpClient({ getAccessToken: () => token, fetch: inject, readCookie: () => undefined, sleep: async () => undefined });
    data = createDataProvider({ http, services: SERVICES, resolve: (r) => schemas[r]?.['x-resource'] });
  });
  afterAll(() => ctx.close());

  /** A valid record (references point at a live record of the target, created on demand). */
  async function ensureRecord(resource: string, depth = 0): Promise<string> {
    const found = await data.getList({ resource, pageSize: 1 });
    if (found.rows.length) return found.rows[0].id;
    const schema = schemas[resource];
    const body: Record<string, unknown> = {};
    for (const [field, p] of Object.entries(schema.properties)) {
      if (p.readOnly) continue;
      const nullable = Array.isArray(p.type) && p.type.includes('null');
      // A nullable reference with an x-ref-filter (analytic and active only, say) is left empty: the first record of the
      // target need not pass its filter.
      if (p['x-ref']) body[field] = p['x-ref'] === resource || depth > 3 || (nullable && p['x-ref-filter']) ? (nullable ? null : undefined) : await ensureRecord(p['x-ref'], depth + 1);
      else body[field] = fixtureValue(p, 0);
    }
    try {
      return (await data.create({ resource, data: body })).id;
    } catch (err) {
      // Name the resource and the server's field errors: "invalid data" alone says nothing about which rule refused.
      throw new Error(`${resource}: ${(err as Error).message} ${JSON.stringify((err as { body?: unknown }).body ?? {})}`, { cause: err });
    }
  }

  it.each(screens)('screens/%s: the default list request answers 200 with rows shaped by the schema', async (key, screen) => {
    const schema = schemas[screen.resource];
    await ensureRecord(screen.resource);
    const params = toListParams(readListState('', listDefaults(screen, schema)), screen.resource);
    const page = await data.getList(params);
    expect(page.total).toBeGreaterThanOrEqual(page.rows.length);
    expect(page.links.first?.page).toBe(1);
    // The demo data (or the record created above) matches the default filters.
    expect({ key, rows: page.rows.length > 0 }).toEqual({ key, rows: true });
    // Two screens may show one resource (compile its schema once: ajv keys schemas by $id).
    const validate = ajv.getSchema(schema.$id) ?? ajv.compile(withSystemFields(schema));
    const invalid = page.rows.filter((r) => !validate(r)).map(() => validate.errors);
    expect(invalid).toEqual([]);
    // Labels of every reference column resolve in one call per referenced resource.
    const unresolved: string[] = [];
    for (const c of screen.list!.columns) {
      const ref = schema.properties[c.field]?.['x-ref'];
      const ids = page.rows.map((r) => r[c.field]).filter((v): v is string => typeof v === 'string');
      if (!ref || !ids.length) continue;
      const labels = await data.getLabels({ resource: ref, ids });
      unresolved.push(...ids.filter((id) => typeof labels[id] !== 'string').map((id) => `${c.field}=${id}`));
    }
    expect(unresolved).toEqual([]);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { createHttpClient } from '../http/client.ts';
import { HttpError } from '../http/errors.ts';
import { ConflictError } from './errors.ts';
import { createDataProvider, resourceUrl } from './provider.ts';

const BANKS = '/api/accounts-payable/v1/banks';
const ID = '6f1c1f0e-3c1a-4a7e-9a53-0c3f1b6f2a10';
const ID2 = '0a0b2c3d-4e5f-4a7e-9a53-0c3f1b6f2a11';

type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };

function setup(replies: Reply[]) {
  const calls: { url: string; method: string; headers: Headers; body: unknown }[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (url, init) => {
    calls.push({ url: String(url), method: init?.method ?? 'GET', headers: new Headers(init?.headers), body: init?.body });
    const r = replies.shift();
    if (!r) throw new Error(`unexpected call ${String(url)}`);
    const isBlob = r.body instanceof Blob;
    return new Response(r.body === undefined ? null : isBlob ? (r.body as Blob) : JSON.stringify(r.body), {
      status: r.status ?? 200,
      headers: { ...(isBlob ? {} : { 'content-type': 'application/json' }), ...r.headers },
    });
  });
  const http = createHttpClient({ getAccessToken: () => 'tok', fetch: fetchMock as unknown as typeof fetch, readCookie: () => undefined, sleep: async () => undefined });
  const resources: Record<string, { service: 'accounts-payable' | 'identity'; path: string }> = {
    banks: { service: 'accounts-payable', path: 'banks' },
    organizations: { service: 'identity', path: 'organizations' },
  };
  const data = createDataProvider({
    http,
    services: { accountsPayable: '/api/accounts-payable/v1/' },
    resolve: (r) => resources[r],
    schedule: (fn) => queueMicrotask(fn),
  });
  return { data, calls };
}

describe('resourceUrl', () => {
  it('uses the camelCase service key of the app config, else /api/<service>/v1', () => {
    expect(resourceUrl({ accountsPayable: '/x/ap/' }, 'banks', { service: 'accounts-payable', path: 'banks' })).toBe('/x/ap/banks');
    expect(resourceUrl({}, 'organizations', { service: 'identity', path: 'organizations' })).toBe('/api/identity/v1/organizations');
  });

  it('rejects an unknown resource with 400', () => {
    expect(() => resourceUrl({}, 'nope', undefined)).toThrow(expect.objectContaining({ status: 400, message: 'Recurso desconhecido: nope.' }));
  });
});

describe('data provider', () => {
  it('builds the list URL of the API protocol and reads rows, X-Total-Count and Link', async () => {
    const link = `<${BANKS}?page=1&pageSize=25>; rel="first", <${BANKS}?page=3&pageSize=25>; rel="next", <${BANKS}?page=9&pageSize=25>; rel="last"`;
    const { data, calls } = setup([{ body: [{ id: ID, name: 'Itaú' }], headers: { 'x-total-count': '215', link } }]);
    const result = await data.getList({
      resource: 'banks',
      page: 2,
      pageSize: 25,
      sort: [{ field: 'compe', order: 'asc' }, { field: 'name', order: 'desc' }],
      q: '  itaú ',
      filters: [
        { field: 'active', operator: 'eq', value: true },
        { field: 'type', operator: 'in', value: ['A', 'S'] },
        { field: 'monthlyBudget', operator: 'between', value: [1000, 5000] },
        { field: 'name', operator: 'contains', value: '' },
      ],
    });
    expect(calls[0].url).toBe(
      `${BANKS}?page=2&pageSize=25&sort=compe%2C-name&q=ita%C3%BA&filter[active][eq]=true&filter[type][in]=A&filter[type][in]=S` +
        '&filter[monthlyBudget][between]=1000&filter[monthlyBudget][between]=5000',
    );
    expect(calls[0].headers.get('authorization')).toBe('Bearer tok');
    expect(result.rows).toEqual([{ id: ID, name: 'Itaú' }]);
    expect(result.total).toBe(215);
    expect(result.links.next?.page).toBe(3);
    expect(result.links.last?.page).toBe(9);
    expect(result.links.prev).toBeUndefined();
  });

  it('sends a half-open range as gte or lte, and leaves out empty criteria', async () => {
    const { data, calls } = setup([{ body: [] }, { body: [] }]);
    await data.getList({ resource: 'banks', filters: [{ field: 'amount', operator: 'between', value: ['', 500] }] });
    await data.getList({ resource: 'banks', q: ' ', sort: [], filters: [{ field: 'amount', operator: 'between', value: [100, null as unknown as string] }] });
    expect(calls.map((c) => c.url)).toEqual([`${BANKS}?filter[amount][lte]=500`, `${BANKS}?filter[amount][gte]=100`]);
  });

  it('sends If-Match with the version on update and patch', async () => {
    const { data, calls } = setup([{ body: { id: ID, version: 4 } }, { body: { id: ID, version: 5 } }]);
    await expect(data.update({ resource: 'banks', id: ID, version: 3, data: { name: 'A' } })).resolves.toEqual({ id: ID, version: 4 });
    await data.patch({ resource: 'banks', id: ID, version: 4, data: { name: 'B' } });
    expect(calls.map((c) => [c.method, c.url, c.headers.get('if-match'), c.body])).toEqual([
      ['PUT', `${BANKS}/${ID}`, 'W/"3"', '{"name":"A"}'],
      ['PATCH', `${BANKS}/${ID}`, 'W/"4"', '{"name":"B"}'],
    ]);
  });

  it('turns a stale-version 409 into a ConflictError with the current version', async () => {
    const body = { statusCode: 409, code: 'VERSION_CONFLICT', message: 'Este registro foi alterado por outra pessoa…', currentVersion: 7 };
    const { data } = setup([{ status: 409, body, headers: { etag: 'W/"7"' } }]);
    const err = await data.update({ resource: 'banks', id: ID, version: 3, data: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConflictError);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: 409, currentVersion: 7, message: body.message });
  });

  it('keeps other 409s (unique values) as plain HttpErrors with their field errors', async () => {
    const body = { statusCode: 409, code: 'UNIQUE', message: 'Informação já cadastrada.', errors: { ispb: ['Já existe um registro com este valor.'] } };
    const { data } = setup([{ status: 409, body }]);
    const err = await data.create({ resource: 'banks', data: {} }).catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(ConflictError);
    expect(err).toMatchObject({ status: 409, body: { errors: body.errors } });
  });

  it('deletes with an optional If-Match', async () => {
    const { data, calls } = setup([{ status: 204 }, { status: 204 }]);
    await data.remove({ resource: 'banks', id: ID });
    await data.remove({ resource: 'banks', id: ID, version: 2 });
    expect(calls.map((c) => [c.method, c.headers.get('if-match')])).toEqual([
      ['DELETE', null],
      ['DELETE', 'W/"2"'],
    ]);
  });

  it('resolves labels of many ids in one call, caches them, and forgets them after a write', async () => {
    const { data, calls } = setup([
      { body: [{ id: ID, label: 'Itaú' }] },
      { body: { id: ID, version: 2 } },
      { body: [{ id: ID, label: 'Itaú Unibanco' }] },
    ]);
    const [a, b] = await Promise.all([data.getLabels({ resource: 'banks', ids: [ID] }), data.getLabels({ resource: 'banks', ids: [ID2, ID] })]);
    expect(calls.map((c) => c.url)).toEqual([`${BANKS}/labels?id=${ID}&id=${ID2}`]);
    expect(a).toEqual({ [ID]: 'Itaú' });
    expect(b).toEqual({ [ID]: 'Itaú', [ID2]: null });
    await data.getLabels({ resource: 'banks', ids: [ID, ID2] });
    expect(calls).toHaveLength(1);
    await data.patch({ resource: 'banks', id: ID, version: 1, data: { name: 'Itaú Unibanco' } });
    await expect(data.getLabels({ resource: 'banks', ids: [ID] })).resolves.toEqual({ [ID]: 'Itaú Unibanco' });
    expect(calls).toHaveLength(3);
  });

  it('checks permissions of many records in one call', async () => {
    const scopes = { create: true, read: true, update: true, delete: false, export: true };
    const { data, calls } = setup([{ body: { resource: 'banks', scopes, records: [{ id: ID, read: true, update: true, delete: false }] } }]);
    const check = await data.checkPermissions({ resource: 'banks', ids: [ID, ID] });
    expect(calls.map((c) => c.url)).toEqual([`${BANKS}/permissions?id=${ID}`]);
    expect(check).toEqual({ scopes, records: { [ID]: { read: true, update: true, delete: false } } });
  });

  it('builds the export URL with the list criteria and downloads it with the token', async () => {
    const file = new Blob(['a;b'], { type: 'text/csv' });
    const { data, calls } = setup([{ body: file, headers: { 'content-disposition': 'attachment; filename="bancos-2026-03-01.csv"' } }]);
    const params = { resource: 'banks', format: 'csv' as const, q: 'itaú', sort: [{ field: 'name', order: 'desc' as const }], filters: [{ field: 'active', operator: 'eq' as const, value: false }], fields: ['compe', 'name'] };
    const url = `${BANKS}/export?format=csv&sort=-name&q=ita%C3%BA&filter[active][eq]=false&fields=compe%2Cname`;
    expect(data.exportUrl(params)).toBe(url);
    const out = await data.exportFile(params);
    expect(calls[0].url).toBe(url);
    expect(calls[0].headers.get('authorization')).toBe('Bearer tok');
    expect(out.filename).toBe('bancos-2026-03-01.csv');
    expect(await out.blob.text()).toBe('a;b');
  });

  it('reads one record and its history', async () => {
    const history = [{ id: 1, action: 'create', at: '2026-03-01T12:00:00.000Z', actor: null, diff: { name: { before: null, after: 'A' } } }];
    const { data, calls } = setup([{ body: { id: ID, version: 1 } }, { body: history }]);
    await expect(data.getOne({ resource: 'organizations', id: ID })).resolves.toEqual({ id: ID, version: 1 });
    await expect(data.getHistory({ resource: 'banks', id: ID })).resolves.toEqual(history);
    expect(calls.map((c) => c.url)).toEqual([`/api/identity/v1/organizations/${ID}`, `${BANKS}/${ID}/history`]);
  });
});

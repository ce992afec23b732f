import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLinkHeader } from '../../../src/engine/http/link-header.ts';
import type { TestContext } from '../helper.ts';
import { call, createFixtureApp, createUser, demoOrganizationId, PAYABLES } from './helpers.ts';

interface Payable {
  id: string;
  description: string;
  documentNumber: string;
  amount: number;
  dueDate: string;
  status: string;
  discountRate?: number | null;
  paid: boolean;
  tags?: string[];
}

/** 30 records: amounts 1000..30000, due dates 2026-01-01..30, statuses cycling, tags on every 3rd. */
function row(i: number, org: string) {
  return {
    description: i % 5 === 0 ? `Energia elétrica ${i}` : `Serviço de limpeza ${i}`,
    documentNumber: `DOC-${String(i).padStart(3, '0')}`,
    amount: i * 1000,
    dueDate: `2026-01-${String(i).padStart(2, '0')}`,
    status: ['ABERTO', 'APROVADO', 'PAGO'][i % 3],
    discountRate: i % 2 ? 2.5 : null,
    paid: i % 3 === 2,
    organizationId: org,
    ...(i % 3 === 0 ? { tags: ['urgente', `lote-${i}`] } : {}),
  };
}

describe('list protocol', () => {
  let ctx: TestContext;
  let token: string;
  const list = async (qs: string) => {
    const res = await call(ctx.app, token, { method: 'GET', url: `${PAYABLES}?${qs}` });
    return { res, body: res.json() as Payable[], total: Number(res.headers['x-total-count']) };
  };
  const docs = (body: Payable[]) => body.map((r) => r.documentNumber);

  beforeAll(async () => {
    ctx = await createFixtureApp();
    const org = await demoOrganizationId(ctx.db);
    token = (await createUser(ctx, { accessLevel: 'SystemOwner' })).token;
    for (let i = 1; i <= 30; i++) {
      const res = await call(ctx.app, token, { method: 'POST', url: PAYABLES, payload: row(i, org) });
      if (res.statusCode !== 201) throw new Error(res.body);
    }
  });
  afterAll(() => ctx.close());

  it('pages with the default size and sort, X-Total-Count and Link', async () => {
    const { res, body, total } = await list('');
    expect(res.statusCode).toBe(200);
    expect(total).toBe(30);
    expect(body).toHaveLength(25);
    expect(body[0].dueDate).toBe('2026-01-30'); // defaultSort -dueDate
    const links = parseLinkHeader(res.headers.link as string);
    expect(links.first?.page).toBe(1);
    expect(links.prev).toBeUndefined();
    expect(links.next?.page).toBe(2);
    expect(links.last?.page).toBe(2);
  });

  it('keeps every other parameter in the Link URLs', async () => {
    const { res, body, total } = await list('pageSize=4&page=2&sort=amount&filter[status][in]=ABERTO&filter[status][in]=PAGO&q=servi%C3%A7o');
    // status ABERTO/PAGO = i % 3 in {0, 2} (20), minus the "Energia" ones (i % 5 = 0): 16.
    expect(total).toBe(16);
    expect(body.map((r) => r.amount)).toEqual([9000, 11000, 12000, 14000]);
    const links = parseLinkHeader(res.headers.link as string);
    for (const rel of ['first', 'prev', 'next', 'last'] as const) {
      const url = links[rel]!.url;
      expect(url.startsWith(`${PAYABLES}?page=`)).toBe(true);
      expect(url).toContain('pageSize=4&sort=amount&filter[status][in]=ABERTO&filter[status][in]=PAGO&q=servi%C3%A7o');
    }
    expect([links.prev?.page, links.next?.page, links.last?.page]).toEqual([1, 3, 4]);
    const next = await call(ctx.app, token, { method: 'GET', url: links.next!.url });
    expect(next.json()).not.toEqual(body);
  });

  it('filters with eq, ne, in, gte, lte, between, contains', async () => {
    expect((await list('filter[status][eq]=PAGO')).total).toBe(10);
    expect((await list('filter[status]=PAGO')).total).toBe(10);
    expect((await list('filter[status][ne]=PAGO')).total).toBe(20);
    expect((await list('filter[status][in]=PAGO&filter[status][in]=ABERTO')).total).toBe(20);
    expect((await list('filter[amount][gte]=25000')).total).toBe(6);
    expect((await list('filter[amount][lte]=3000')).total).toBe(3);
    expect(docs((await list('filter[dueDate][between]=2026-01-03&filter[dueDate][between]=2026-01-05&sort=dueDate')).body)).toEqual([
      'DOC-003',
      'DOC-004',
      'DOC-005',
    ]);
    expect((await list('filter[description][contains]=ENERGIA')).total).toBe(6);
    expect((await list('filter[tags][contains]=urgente')).total).toBe(10);
    expect((await list('filter[paid][eq]=true')).total).toBe(10);
    expect((await list('filter[discountRate][eq]=2.5')).total).toBe(15);
    // ne includes empty values.
    expect((await list('filter[discountRate][ne]=2.5')).total).toBe(15);
  });

  it('treats LIKE wildcards in contains and q literally', async () => {
    expect((await list('filter[description][contains]=%25')).total).toBe(0);
    expect((await list('q=_')).total).toBe(0);
  });

  it('accepts more than 20 values for in (the parser turns them into an indexed object)', async () => {
    const all = (await list('pageSize=30')).body;
    const qs = all.map((r) => `filter[id][in]=${r.id}`).join('&');
    const { total, body } = await list(`${qs}&pageSize=100`);
    expect(total).toBe(30);
    expect(body).toHaveLength(30);
  });

  it('sorts by several fields, descending with -', async () => {
    const { body } = await list('sort=status,-amount&pageSize=30');
    expect(body.map((r) => `${r.status}:${r.amount}`).slice(0, 3)).toEqual(['ABERTO:30000', 'ABERTO:27000', 'ABERTO:24000']);
    expect(body.at(-1)?.status).toBe('PAGO');
  });

  it('searches q over the search fields, case-insensitive', async () => {
    expect((await list('q=LIMPEZA')).total).toBe(24);
    expect((await list('q=doc-01')).total).toBe(10);
    expect((await list('q=nada-disso')).total).toBe(0);
    // Accents do not matter either way.
    expect((await list('q=servico')).total).toBe(24);
    expect((await list('q=SERVIÇO')).total).toBe(24);
    expect((await list('filter[description][contains]=eletrica')).total).toBe(6);
  });

  it('answers a page past the end with [] and the real total', async () => {
    const { body, total, res } = await list('page=9');
    expect(body).toEqual([]);
    expect(total).toBe(30);
    expect(parseLinkHeader(res.headers.link as string).last?.page).toBe(2);
  });

  it('rejects unknown fields, operators and bad values with 400 naming them', async () => {
    const cases: [string, string][] = [
      ['filter[nope][eq]=1', 'filter[nope]'],
      ['filter[status][like]=x', 'filter[status][like]'],
      ['filter[paid][gte]=true', 'filter[paid][gte]'],
      ['filter[amount][eq]=abc', 'filter[amount][eq]'],
      ['filter[dueDate][gte]=2026-02-30', 'filter[dueDate][gte]'],
      ['filter[amount][between]=1', 'filter[amount][between]'],
      ['filter[organizationId][eq]=x', 'filter[organizationId][eq]'],
      ['sort=-nope', 'sort'],
      ['sort=tags', 'sort'],
      ['page=0', 'page'],
      ['pageSize=1001', 'pageSize'],
    ];
    for (const [qs, key] of cases) {
      const res = await call(ctx.app, token, { method: 'GET', url: `${PAYABLES}?${qs}` });
      expect({ qs, status: res.statusCode }).toEqual({ qs, status: 400 });
      expect(res.json().code).toBe('VALIDATION');
      expect({ qs, keys: Object.keys(res.json().errors) }).toEqual({ qs, keys: expect.arrayContaining([key]) });
    }
    const res = await call(ctx.app, token, { method: 'GET', url: `${PAYABLES}?sort=-nope` });
    expect(res.json().errors.sort).toEqual(['Campo de ordenação desconhecido: nope.']);
  });

  it('allows pageSize up to 1000', async () => {
    const { body, res } = await list('pageSize=1000');
    expect(res.statusCode).toBe(200);
    expect(body).toHaveLength(30);
  });
});

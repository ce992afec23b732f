import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, loginOk } from '../identity/helpers.ts';
import { createTestApp, type TestContext } from '../helper.ts';
import { createOrganization, demoOrganizationId } from '../resources/helpers.ts';
import { AP, client, errorsOf } from './helpers.ts';

const CENTERS = `${AP}/cost-centers`;

/** The cost-center tree (docs/resources-cadastros.md §2): parent of the same organization, synthetic, no loops. */
describe('cost-center hierarchy', () => {
  let ctx: TestContext;
  let api: ReturnType<typeof client>;
  let org: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    api = client(ctx.app, (await loginOk(ctx.app, ADMIN)).accessToken);
    org = await demoOrganizationId(ctx.db);
  });
  afterAll(() => ctx.close());

  async function center(code: string, type: 'S' | 'A', parentId: string | null = null, organizationId = org) {
    const res = await api.post(CENTERS, { organizationId, code, name: `Centro ${code}`, type, parentId, active: true });
    expect({ status: res.statusCode, body: res.body }).toMatchObject({ status: 201 });
    return res.json() as { id: string; version: number };
  }

  it('accepts a synthetic parent of the same organization', async () => {
    const top = await center('90', 'S');
    const child = await center('90.01', 'A', top.id);
    expect((await api.get(`${CENTERS}/${child.id}`)).json()).toMatchObject({ parentId: top.id });
  });

  it('refuses the center itself and loops (A → B → A, and deeper) as parent', async () => {
    const a = await center('91', 'S');
    const b = await center('91.01', 'S', a.id);
    const c = await center('91.01.01', 'S', b.id);
    expect(errorsOf(await api.patch(`${CENTERS}/${a.id}`, { parentId: a.id }, a.version))).toEqual({
      parentId: ['Um centro de custos não pode ser superior a si mesmo.'],
    });
    expect(errorsOf(await api.patch(`${CENTERS}/${a.id}`, { parentId: b.id }, a.version))).toEqual({
      parentId: ['O centro de custos 91.01 é subordinado a este: a hierarquia ficaria circular.'],
    });
    expect(errorsOf(await api.patch(`${CENTERS}/${a.id}`, { parentId: c.id }, a.version))).toEqual({
      parentId: ['O centro de custos 91.01.01 é subordinado a este: a hierarquia ficaria circular.'],
    });
    // Moving a subtree elsewhere is fine; nothing was written by the refusals.
    const other = await center('92', 'S');
    const moved = await api.patch(`${CENTERS}/${b.id}`, { parentId: other.id }, b.version);
    expect(moved.statusCode).toBe(200);
    expect((await api.get(`${CENTERS}/${a.id}`)).json()).toMatchObject({ parentId: null, version: a.version });
  });

  it('refuses a parent of another organization or an analytic one', async () => {
    const other = await createOrganization(ctx.db, 'Outra Organização Ltda');
    const foreign = await center('93', 'S', null, other);
    const body = { organizationId: org, code: '93.01', name: 'Filho', type: 'A', active: true };
    expect(errorsOf(await api.post(CENTERS, { ...body, parentId: foreign.id }))).toEqual({
      parentId: ['O centro de custos superior é de outra organização.'],
    });
    const leaf = await center('94', 'A');
    expect(errorsOf(await api.post(CENTERS, { ...body, parentId: leaf.id }))).toEqual({
      parentId: ['O centro de custos 94 é analítico: só centros sintéticos agrupam outros.'],
    });
    const top = await center('95', 'S');
    const child = await center('95.01', 'A', top.id);
    expect(errorsOf(await api.patch(`${CENTERS}/${child.id}`, { parentId: leaf.id }, child.version))).toEqual({
      parentId: ['O centro de custos 94 é analítico: só centros sintéticos agrupam outros.'],
    });
  });

  it('keeps a center with subordinates synthetic, and leaves an unchanged parent alone', async () => {
    const top = await center('96', 'S');
    const child = await center('96.01', 'A', top.id);
    expect(errorsOf(await api.patch(`${CENTERS}/${top.id}`, { type: 'A' }, top.version))).toEqual({
      type: ['Este centro de custos tem subordinados: ele continua sintético.'],
    });
    const renamed = await api.patch(`${CENTERS}/${child.id}`, { name: 'Renomeado' }, child.version);
    expect(renamed.statusCode).toBe(200);
  });

  it('seeds consistent trees: every parent synthetic and of the same organization', async () => {
    const { rows } = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM cost_centers c JOIN cost_centers p ON p.id = c.parent_id
        WHERE p.type <> 'S' OR p.organization_id <> c.organization_id`,
    );
    expect(rows[0].n).toBe(0);
  });
});

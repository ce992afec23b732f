import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helper.ts';
import { ADMIN, bearer, loginOk } from '../identity/helpers.ts';
import { createUser } from './helpers.ts';

const TYPES = '/api/companies/v1/test-party-types';
const PARTIES = '/api/companies/v1/test-parties';
const CONTRACTS = '/api/supply-management/v1/test-contracts';

type Rec = Record<string, unknown>;

/** Cross-field rules and reference filters written only in JSON (tests/server/fixtures/rules, docs/schemas.md §3.3, §3.5). */
describe('rules in the schema: comparisons between fields and reference filters', () => {
  let ctx: TestContext;
  let admin: Record<string, string>;
  let supplier: Rec;
  let inactiveSupplier: Rec;
  let customer: Rec;
  const post = async (url: string, body: Rec, headers = admin) => ctx.app.inject({ method: 'POST', url, payload: body, headers });
  const create = async (url: string, body: Rec) => {
    const res = await post(url, body);
    expect({ status: res.statusCode, body: res.statusCode === 201 ? null : res.body }).toEqual({ status: 201, body: null });
    return res.json() as Rec;
  };

  beforeAll(async () => {
    ctx = await createTestApp({ schemasDir: path.resolve('tests/server/fixtures/rules') });
    admin = bearer((await loginOk(ctx.app, ADMIN)).accessToken);
    const supplierType = await create(TYPES, { name: 'Fornecedores', kind: 'FORNECEDOR' });
    const customerType = await create(TYPES, { name: 'Clientes', kind: 'CLIENTE' });
    supplier = await create(PARTIES, { name: 'Papelaria Alfa', typeId: supplierType.id });
    inactiveSupplier = await create(PARTIES, { name: 'Papelaria Beta', typeId: supplierType.id, active: false });
    customer = await create(PARTIES, { name: 'Cliente Gama', typeId: customerType.id });
  });
  afterAll(() => ctx.close());

  const contract = (over: Rec = {}) => ({ number: 'C-1', supplierId: supplier.id, startDate: '2026-03-01', total: 100000, renewal: 'NENHUMA', ...over });

  it('refuses an end before the start and an advance above the total, naming the other field', async () => {
    const res = await post(CONTRACTS, contract({ endDate: '2026-02-28', advance: 100001, renewal: 'AUTOMATICA' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      endDate: ['Deve ser igual ou posterior ao campo "Início da vigência".'],
      advance: ['Deve ser menor ou igual ao campo "Valor total".'],
      noticeDays: ['Campo obrigatório.'],
    });
    expect((await post(CONTRACTS, contract({ endDate: '2026-03-01', advance: 100000, renewal: 'AUTOMATICA', noticeDays: 30 }))).statusCode).toBe(201);
  });

  it('checks comparisons on the merged record of a PATCH', async () => {
    const c = await create(CONTRACTS, contract({ number: 'C-2', endDate: '2026-12-31' }));
    const res = await ctx.app.inject({ method: 'PATCH', url: `${CONTRACTS}/${String(c.id)}`, payload: { startDate: '2027-01-01' }, headers: { ...admin, 'if-match': `"${String(c.version)}"` } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ endDate: ['Deve ser igual ou posterior ao campo "Início da vigência".'] });
  });

  it('refuses a reference outside the field\'s x-ref-filter, one reference further and on the target\'s own fields', async () => {
    const res = await post(CONTRACTS, contract({ supplierId: customer.id, witnessIds: [customer.id, supplier.id] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ supplierId: ['Escolha um fornecedor ativo.'], 'witnessIds.1': ['Este registro não pode ser escolhido neste campo.'] });
    const inactive = await post(CONTRACTS, contract({ supplierId: inactiveSupplier.id }));
    expect(inactive.json().errors).toEqual({ supplierId: ['Escolha um fornecedor ativo.'] });
  });

  it('the picker asks with refOf and gets only what the field may hold, for full readers and lookups alike', async () => {
    const names = async (refOf: string, headers = admin) => {
      const res = await ctx.app.inject({ url: `${PARTIES}?pageSize=50&refOf=${refOf}`, headers });
      expect(res.statusCode).toBe(200);
      return (res.json() as Rec[]).map((r) => r.name).sort();
    };
    expect(await names('test-contracts.supplierId')).toEqual(['Papelaria Alfa']);
    expect(await names('test-contracts.witnessIds')).toEqual(['Cliente Gama']);
    // A user who may only write contracts looks parties up (no read on them): the filter still applies.
    const writer = bearer((await createUser(ctx, { resources: [{ name: 'test-contracts', scopes: ['create', 'read'] }] })).token);
    expect(await names('test-contracts.supplierId', writer)).toEqual(['Papelaria Alfa']);
    for (const bad of ['test-contracts.number', 'test-contracts.nope', 'nope.supplierId', 'test-parties']) {
      const res = await ctx.app.inject({ url: `${PARTIES}?refOf=${bad}`, headers: admin });
      expect({ bad, status: res.statusCode }).toEqual({ bad, status: 400 });
      expect(res.json().errors.refOf).toHaveLength(1);
    }
  });
});

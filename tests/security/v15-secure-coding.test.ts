import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../server/helper.ts';
import { signIn, unique, type Caller } from './helpers.ts';

const BANKS = '/api/accounts-payable/v1/banks';
const NOT_ALLOWED = ['Campo não permitido.'];

/** ASVS 5.0 V15 Secure Coding and Architecture: defensive coding against JavaScript-specific pitfalls. */
describe('V15 Secure Coding and Architecture', () => {
  let ctx: TestContext;
  let admin: Caller;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn(ctx.app);
  });
  afterAll(() => ctx.close());

  const bank = (extra: Record<string, unknown> = {}) => ({ ispb: '11223344', name: unique('Banco'), fullName: 'Banco Teste S.A.', participatesCompe: false, active: true, ...extra });

  it('V15.3.6 body fields named constructor, toString, valueOf, hasOwnProperty are 400 field errors, never 500', async () => {
    for (const key of ['constructor', 'toString', 'valueOf', 'hasOwnProperty', 'prototype']) {
      const res = await admin.call('POST', BANKS, bank({ [key]: 'x' }));
      expect({ key, status: res.statusCode }).toEqual({ key, status: 400 });
      expect(res.json().errors).toEqual({ [key]: NOT_ALLOWED });
      // Nested too: inside a PATCH body and as an object value.
      const nested = await admin.call('POST', BANKS, bank({ [key]: { [key]: 1 } }));
      expect(nested.statusCode).toBe(400);
    }
  });

  it('V15.3.6 a __proto__ key at any depth is a 400 field error and pollutes nothing', async () => {
    const payload = `{"ispb":"11223344","name":"x","fullName":"y","participatesCompe":false,"active":true,"__proto__":{"isAdmin":true}}`;
    const res = await admin.call('POST', BANKS, payload, { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ ['__proto__']: NOT_ALLOWED });
    const deep = await admin.call('POST', BANKS, '{"a":[{"b":{"__proto__":{"x":1}}}]}', { 'content-type': 'application/json' });
    expect(deep.json().errors).toEqual({ 'a.0.b.__proto__': NOT_ALLOWED });
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    const merge = await admin.call('PATCH', `${BANKS}/00000000-0000-4000-8000-000000000000`, '{"__proto__":{"active":false}}', {
      'content-type': 'application/merge-patch+json',
      'if-match': 'W/"1"',
    });
    expect(merge.statusCode).toBe(400);
  });

  it('V15.3.3 mass assignment: unknown fields are refused, system and read-only fields are ignored', async () => {
    const created = await admin.call('POST', BANKS, bank({ id: '00000000-0000-4000-8000-000000000001', version: 99, createdBy: '00000000-0000-4000-8000-000000000002' }));
    expect(created.statusCode).toBe(201);
    expect(created.json().id).not.toBe('00000000-0000-4000-8000-000000000001');
    expect(created.json().version).toBe(1);
    const unknown = await admin.call('POST', BANKS, bank({ passwordHash: 'x', accessLevel: 'SystemOwner' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ passwordHash: NOT_ALLOWED, accessLevel: NOT_ALLOWED });
  });

  it('V15.3.5 values of the wrong JSON type are field errors (no type juggling)', async () => {
    const res = await admin.call('POST', BANKS, bank({ active: 'true', participatesCompe: 1, name: ['a'] }));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['active', 'name', 'participatesCompe']);
  });

  it('V15.3.7 repeated query parameters do not change meaning by position (no parameter pollution)', async () => {
    const res = await admin.call('GET', `${BANKS}?page=1&page=2`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.page).toBeDefined();
    const q = await admin.call('GET', `${BANKS}?q=a&q=b`);
    expect(q.statusCode).toBe(400);
    expect(q.json().errors).toEqual({ q: ['Informe um único texto de busca.'] });
  });
});

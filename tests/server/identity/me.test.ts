import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helper.ts';
import { SEED_POLICIES } from '../../../server/seed/access.ts';
import { ADMIN, API, bearer, COMPRAS, FINANCEIRO, lastEmailCode, login, loginOk } from './helpers.ts';

const COMPRAS_POLICY = SEED_POLICIES.find((p) => p.name === 'Compras')!.resources;

describe('users/me', () => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    token = (await loginOk(ctx.app, COMPRAS)).accessToken;
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'PUT', url: string, payload?: object, t = token) =>
    ctx.app.inject({ method, url: `${API}/${url}`, headers: bearer(t), ...(payload ? { payload } : {}) });

  it('returns the User shape', async () => {
    const res = await call('GET', 'users/me');
    expect(res.statusCode).toBe(200);
    const me = res.json();
    expect(me).toEqual({
      id: expect.any(String),
      email: COMPRAS.email,
      name: COMPRAS.name,
      phone: null,
      accessLevel: 'User',
      organizationId: expect.any(String),
      twoFactorsSettings: { isMandatory: false, isEnabledByUser: false, allowedMethods: ['TOTP', 'Email'], isTotpConfigured: false },
    });
  });

  it('updates name and phone; an omitted phone is kept, null clears it', async () => {
    const res = await call('PUT', 'users/me', { name: '  Carla C. Compras ', phone: '+55 (11) 98765-4321' });
    expect(res.statusCode).toBe(200);
    // Phones are stored canonical: DDD + number, digits only.
    expect(res.json()).toMatchObject({ name: 'Carla C. Compras', phone: '11987654321' });
    expect((await call('PUT', 'users/me', { name: 'Carla' })).json()).toMatchObject({ name: 'Carla', phone: '11987654321' });
    expect((await call('PUT', 'users/me', { name: 'Carla', phone: null })).json()).toMatchObject({ phone: null });
  });

  it('rejects bad profile input without writing anything', async () => {
    const res = await call('PUT', 'users/me', { name: 'Novo Nome', phone: '(00) 1234-5678', email: 'x@y.z' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ phone: ['Telefone inválido (informe DDD e número).'], email: ['Campo não permitido.'] });
    expect((await call('PUT', 'users/me', { name: '   ' })).json().errors).toEqual({ name: ['Campo obrigatório.'] });
    expect((await call('PUT', 'users/me', { name: 'x'.repeat(121) })).json().errors).toEqual({ name: ['Deve ter no máximo 120 caracteres.'] });
    expect((await call('GET', 'users/me')).json().name).toBe('Carla');
  });

  it('changes the password: current one checked, policy applied', async () => {
    const { rows: saved } = await ctx.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', [COMPRAS.email]);
    const common = await call('PUT', 'users/me/password', { currentPassword: COMPRAS.password, newPassword: 'palmeiras2024' });
    expect(common.json().errors).toEqual({ newPassword: ['Esta senha é muito comum ou já apareceu em vazamentos. Escolha outra.'] });
    const missing = await call('PUT', 'users/me/password', { newPassword: 'abc' });
    expect(missing.json().errors).toEqual({ currentPassword: ['Campo obrigatório.'] });
    expect((await call('PUT', 'users/me/password', { currentPassword: COMPRAS.password, newPassword: 'cadeira de balanço verde' })).statusCode).toBe(204);
    expect((await login(ctx.app, COMPRAS.email, 'cadeira de balanço verde')).statusCode).toBe(200);
    // Nobody may set a published demo password again (it still logs the seeded user in): the hash is put back by hand.
    const demo = await call('PUT', 'users/me/password', { currentPassword: 'cadeira de balanço verde', newPassword: COMPRAS.password });
    expect(demo.statusCode).toBe(400);
    await ctx.db.query('UPDATE users SET password_hash = $2 WHERE email = $1', [COMPRAS.email, saved[0].password_hash]);
    expect((await login(ctx.app, COMPRAS.email, COMPRAS.password)).statusCode).toBe(200);
  });

  it('requires a verification token to change the password when two-factor is mandatory', async () => {
    await ctx.db.query(`UPDATE users SET two_factor_methods = '["Email"]' WHERE email = $1`, [FINANCEIRO.email]);
    const pre = await loginOk(ctx.app, FINANCEIRO);
    await ctx.app.inject({ method: 'POST', url: `${API}/auth/two-factors/email-code`, headers: bearer(pre.accessToken) });
    const full = (
      await ctx.app.inject({
        method: 'POST',
        url: `${API}/auth/two-factors/verify`,
        headers: bearer(pre.accessToken),
        payload: { method: 'Email', verificationCode: await lastEmailCode(ctx.app, FINANCEIRO.email) },
      })
    ).json();
    const body = { currentPassword: FINANCEIRO.password, newPassword: 'lua cheia sobre o rio' };
    const without = await call('PUT', 'users/me/password', body, full.accessToken);
    expect(without.statusCode).toBe(403);
    expect(without.json().code).toBe('VERIFICATION_REQUIRED');
    const withToken = await call('PUT', 'users/me/password', { ...body, verificationToken: full.twoFactor.verificationToken }, full.accessToken);
    expect(withToken.statusCode).toBe(204);
  });
});

describe('permissions and profiles', () => {
  let ctx: TestContext;
  let compras: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    compras = (await loginOk(ctx.app, COMPRAS)).accessToken;
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'PUT', url: string, payload?: object, t = compras) =>
    ctx.app.inject({ method, url: `${API}/${url}`, headers: bearer(t), ...(payload ? { payload } : {}) });

  it('gives compras exactly the seeded Compras policy: create/read/update on the purchasing documents, read on their references', async () => {
    const res = await call('GET', 'users/me/policies/effective-permissions');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ resources: COMPRAS_POLICY, acls: [] });
  });

  it('lists the policies and profiles of compras', async () => {
    const policies = (await call('GET', 'users/me/policies')).json();
    expect(policies).toHaveLength(1);
    expect(policies[0]).toMatchObject({ id: expect.any(String), name: 'Compras', acls: [] });
    expect(policies[0].resources).toEqual(COMPRAS_POLICY);
    expect((await call('GET', 'users/me/active-profiles')).json()).toEqual([
      { id: expect.any(String), name: 'Compras', description: 'Equipe de compras.', isActive: true },
    ]);
  });

  it('unions groups and narrows them to the active profiles', async () => {
    // Put compras in the Financeiro group too.
    await ctx.db.query(
      `INSERT INTO user_group_members (group_id, user_id)
       SELECT g.id, u.id FROM user_groups g, users u WHERE g.name = 'Financeiro' AND u.email = $1`,
      [COMPRAS.email],
    );
    const perms = async () => (await call('GET', 'users/me/policies/effective-permissions')).json().resources.map((r: { name: string }) => r.name);
    expect(await perms()).toEqual(expect.arrayContaining(['orders', 'payables', 'bank-accounts']));

    const profiles = (await call('GET', 'users/me/active-profiles')).json();
    expect(profiles.map((p: { isActive: boolean }) => p.isActive)).toEqual([true, true]);
    const comprasGroup = profiles.find((p: { name: string }) => p.name === 'Compras').id;
    const put = await call('PUT', 'users/me/active-profiles', { groupIds: [comprasGroup] });
    expect(put.statusCode).toBe(200);
    expect(put.json().map((p: { name: string; isActive: boolean }) => [p.name, p.isActive])).toEqual([
      ['Compras', true],
      ['Financeiro', false],
    ]);
    expect(await perms()).toEqual(COMPRAS_POLICY.map((r) => r.name));
    expect((await call('GET', 'users/me/policies')).json().map((p: { name: string }) => p.name)).toEqual(['Compras']);

    // A group the user is not in: 400, and the previous choice stays.
    const foreign = await call('PUT', 'users/me/active-profiles', { groupIds: [comprasGroup, '00000000-0000-4000-8000-000000000000'] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual({ groupIds: ['Escolha apenas perfis dos quais você faz parte.'] });
    expect(await perms()).toEqual(COMPRAS_POLICY.map((r) => r.name));

    const bad = await call('PUT', 'users/me/active-profiles', { groupIds: ['x'] });
    expect(bad.json().errors).toEqual({ 'groupIds.0': ['Identificador inválido.'] });

    // Empty list: back to every group.
    expect((await call('PUT', 'users/me/active-profiles', { groupIds: [] })).json().every((p: { isActive: boolean }) => p.isActive)).toBe(true);
    expect(await perms()).toContain('payables');
  });

  it('gives the SystemOwner no policies but every permission (checked by can())', async () => {
    const admin = (await loginOk(ctx.app, ADMIN)).accessToken;
    expect((await call('GET', 'users/me/policies/effective-permissions', undefined, admin)).json()).toEqual({ resources: [], acls: [] });
  });
});

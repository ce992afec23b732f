import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helper.ts';
import { call, createUser, demoOrganizationId } from '../resources/helpers.ts';
import { ADMIN, API, COMPRAS, FINANCEIRO, login, loginOk, outbox } from './helpers.ts';
import { SEED_POLICIES } from '../../../server/seed/access.ts';

const COMPRAS_POLICY = SEED_POLICIES.find((p) => p.name === 'Compras')!.resources;

const POLICIES = `${API}/application-policies`;
const RESOURCES = `${API}/application-resources`;
const USERS = `${API}/users`;
const MEMBERS = `${API}/user-group-members`;
const GROUP_POLICIES = `${API}/user-group-policies`;
const BANKS = '/api/accounts-payable/v1/banks';

interface Row {
  id: string;
  version: number;
  [k: string]: unknown;
}

/** Access administration over the identity tables (schemas/applications…, users, user-groups…; server/routes/access). */
describe('access administration', () => {
  let ctx: TestContext;
  let admin: string;
  let appId: string;
  let orgId: string;

  const get = async (url: string, token = admin) => {
    const res = await call(ctx.app, token, { method: 'GET', url });
    expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
    return res.json();
  };
  const byName = async (url: string, name: string): Promise<Row> => {
    const rows = (await get(`${url}?filter[name][eq]=${encodeURIComponent(name)}`)) as Row[];
    expect(rows).toHaveLength(1);
    return rows[0];
  };
  const put = (url: string, row: Row, body: Record<string, unknown>, token = admin) =>
    call(ctx.app, token, { method: 'PATCH', url: `${url}/${row.id}`, headers: { 'if-match': `W/"${row.version}"` }, payload: body });
  const effective = async (token: string) => (await get(`${API}/users/me/policies/effective-permissions`, token)) as { resources: { name: string; scopes: string[] }[] };
  const auditCount = async () => Number((await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log')).rows[0].n);

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = (await loginOk(ctx.app, ADMIN)).accessToken;
    appId = ((await get(`${API}/applications/current`)) as Row).id;
    orgId = await demoOrganizationId(ctx.db);
  });
  afterAll(() => ctx.close());

  it('serves the seeded access model through the generic API: the current application, its resources and policies', async () => {
    const app = (await get(`${API}/applications/current`)) as Row;
    expect(app).toEqual({ id: appId, name: 'back-office', title: 'Back Office' });
    // Any signed-in user may know which application this is (the menu links to it).
    expect((await get(`${API}/applications/current`, (await loginOk(ctx.app, COMPRAS)).accessToken)).id).toBe(appId);
    expect(((await get(`${API}/applications/${appId}`)) as Row).active).toBe(true);
    const resources = (await get(`${RESOURCES}?filter[applicationId][eq]=${appId}&pageSize=1000`)) as Row[];
    const names = resources.map((r) => r.name);
    // Every resource a screen uses can be granted (schemas and the access screens' own parts).
    for (const n of ['orders', 'receivables', 'banks', 'users', 'user-groups', 'user-group-members', 'user-group-policies', 'applications', 'application-policies', 'application-acl-items']) {
      expect(names).toContain(n);
    }
    expect(resources.find((r) => r.name === 'payables')?.scopes).toEqual(['create', 'read', 'update', 'delete', 'approve', 'authorize', 'export']);
    const compras = await byName(POLICIES, 'Compras');
    expect(compras).toMatchObject({ applicationId: appId, acls: [] });
    expect(compras.resources).toEqual(COMPRAS_POLICY);
  });

  it('refuses a policy entry the application does not declare, with pt-BR field errors, writing nothing', async () => {
    const compras = await byName(POLICIES, 'Compras');
    const before = await auditCount();
    const res = await put(POLICIES, compras, {
      resources: [
        { name: 'orders', scopes: ['create', 'authorize'] },
        { name: 'nao-existe', scopes: ['read'] },
        { name: 'orders', scopes: ['read'] },
      ],
      acls: [{ name: 'filial-x', scopes: ['read'] }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      'resources.0.scopes': ['O recurso Pedidos não declara o escopo Autorizar.'],
      'resources.1.name': ['Recurso desconhecido nesta aplicação: nao-existe.'],
      'resources.2.name': ['Recurso repetido nesta política.'],
      'acls.0.name': ['Grupo de agências desconhecido nesta aplicação: filial-x.'],
    });
    const bad = await put(POLICIES, compras, { resources: [{ name: 'orders', scopes: ['voar'] }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ 'resources.0.scopes.0': ['Escolha uma das opções.'] });
    expect(await auditCount()).toBe(before);
    expect((await byName(POLICIES, 'Compras')).version).toBe(compras.version);
  });

  it('changes what a user can do at its next call when its policy changes (no new login)', async () => {
    const compras = (await loginOk(ctx.app, COMPRAS)).accessToken;
    expect((await call(ctx.app, compras, { method: 'GET', url: BANKS })).statusCode).toBe(403);
    const policy = await byName(POLICIES, 'Compras');
    const granted = [...(policy.resources as object[]), { name: 'banks', scopes: ['read'] }, { name: 'receivables', scopes: ['create', 'read'] }];
    const res = await put(POLICIES, policy, { resources: granted });
    expect(res.statusCode).toBe(200);
    expect((await call(ctx.app, compras, { method: 'GET', url: BANKS })).statusCode).toBe(200);
    expect((await effective(compras)).resources).toContainEqual({ name: 'receivables', scopes: ['create', 'read'] });

    const back = await put(POLICIES, res.json(), { resources: policy.resources });
    expect(back.statusCode).toBe(200);
    expect((await call(ctx.app, compras, { method: 'GET', url: BANKS })).statusCode).toBe(403);
    expect((await effective(compras)).resources.map((r) => r.name)).toEqual(COMPRAS_POLICY.map((r) => r.name));
  });

  it('keeps the scopes that policies grant: removing one from the resource or deleting it is refused', async () => {
    const [orders] = (await get(`${RESOURCES}?filter[applicationId][eq]=${appId}&filter[name][eq]=orders`)) as Row[];
    const res = await put(RESOURCES, orders, { scopes: ['read', 'update'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ scopes: ['Escopos concedidos por políticas: Aprovação de compras (Aprovar); Compras (Criar). Retire-os das políticas antes.'] });
    const del = await call(ctx.app, admin, { method: 'DELETE', url: `${RESOURCES}/${orders.id}` });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('Este recurso não pode ser excluído: ele é usado nas políticas Aprovação de compras, Compras.');
    // Adding a scope is always fine.
    expect((await put(RESOURCES, orders, { scopes: [...(orders.scopes as string[]), 'authorize'] })).statusCode).toBe(200);
  });

  it('never returns a secret: no hash, TOTP key or step in reads, lists, exports or history', async () => {
    const { rows } = await ctx.db.query<{ id: string; password_hash: string }>('SELECT id, password_hash FROM users WHERE email = $1', [FINANCEIRO.email]);
    await ctx.db.query(`UPDATE users SET totp_secret = 'SEGREDO-CIFRADO-TOTP', last_totp_step = 123456789 WHERE id = $1`, [rows[0].id]);
    // Something in the history too.
    expect((await put(USERS, (await get(`${USERS}/${rows[0].id}`)) as Row, { phone: '11987654321' })).statusCode).toBe(200);
    const bodies = [
      (await call(ctx.app, admin, { method: 'GET', url: `${USERS}/${rows[0].id}` })).body,
      (await call(ctx.app, admin, { method: 'GET', url: `${USERS}?pageSize=100` })).body,
      (await call(ctx.app, admin, { method: 'GET', url: `${USERS}/export?format=csv` })).body,
      (await call(ctx.app, admin, { method: 'GET', url: `${USERS}/${rows[0].id}/history` })).body,
      (await call(ctx.app, admin, { method: 'GET', url: '/api/docs/openapi.json' })).body,
    ];
    for (const body of bodies) {
      expect(body.length).toBeGreaterThan(10);
      for (const secret of [rows[0].password_hash, 'SEGREDO-CIFRADO-TOTP', '123456789', 'passwordHash', 'password_hash', 'totpSecret', 'lastTotpStep']) {
        expect(body).not.toContain(secret);
      }
    }
    const user = JSON.parse(bodies[0]);
    expect(Object.keys(user).sort()).toEqual(
      ['accessLevel', 'active', 'createdAt', 'createdBy', 'email', 'groupIds', 'id', 'name', 'organizationId', 'phone', 'totpConfirmedAt',
        'twoFactorEnabledByUser', 'twoFactorMandatory', 'twoFactorMethods', 'updatedAt', 'updatedBy', 'version'].sort(),
    );
    // A secret sent in the body is an unknown field, never stored.
    const res = await put(USERS, user, { passwordHash: 'x', totpSecret: 'y' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ passwordHash: ['Campo não permitido.'], totpSecret: ['Campo não permitido.'] });
  });

  it('creates a user with groups and e-mails a single-use link to set the password', async () => {
    const group = await byName(`${API}/user-groups`, 'Compras');
    const res = await call(ctx.app, admin, {
      method: 'POST',
      url: USERS,
      payload: { name: 'Paula Souza', email: 'Paula.Souza@Demo.com.br', organizationId: orgId, groupIds: [group.id], twoFactorMethods: ['Email'] },
    });
    expect(res.statusCode).toBe(201);
    const user = res.json() as Row;
    expect(user).toMatchObject({ email: 'paula.souza@demo.com.br', accessLevel: 'User', active: true, groupIds: [group.id], twoFactorMandatory: false, version: 1 });
    // The memberships are records of their own (the group's members screen lists them).
    const members = (await get(`${MEMBERS}?filter[userId][eq]=${user.id}`)) as Row[];
    expect(members.map((m) => m.groupId)).toEqual([group.id]);
    // Still version 1: the members trigger found the copy already equal.
    expect(((await get(`${USERS}/${user.id}`)) as Row).version).toBe(1);

    const [mail] = await outbox(ctx.app, 'paula.souza@demo.com.br');
    expect(mail.subject).toBe('Crie sua senha de acesso ao Back Office');
    expect(mail.text).toContain(`${ADMIN.name} liberou seu acesso`);
    const token = decodeURIComponent(/token=([^\s&"]+)/.exec(mail.text)![1]);
    expect((await login(ctx.app, 'paula.souza@demo.com.br', 'Sabia-Laranjeira-42')).statusCode).toBe(401);
    const reset = (newPassword: string) => ctx.app.inject({ method: 'POST', url: `${API}/auth/password-reset`, payload: { token, newPassword } });
    expect((await reset('Sabia-Laranjeira-42')).statusCode).toBe(204);
    expect((await reset('Outra-Senha-Boa-77')).statusCode).toBe(400);
    const session = await loginOk(ctx.app, { email: 'paula.souza@demo.com.br', password: 'Sabia-Laranjeira-42' });
    expect((await effective(session.accessToken)).resources.map((r) => r.name)).toEqual(COMPRAS_POLICY.map((r) => r.name));

    // The administrator can send a new link; the old one no longer works.
    const again = await call(ctx.app, admin, { method: 'POST', url: `${USERS}/${user.id}/invitation` });
    expect(again.statusCode).toBe(202);
    expect((await outbox(ctx.app, 'paula.souza@demo.com.br')).length).toBe(2);
  });

  it('deactivating a user ends its sessions; users are never deleted', async () => {
    const { id } = await createUser(ctx, { resources: [{ name: 'orders', scopes: ['read'] }] });
    await ctx.db.query(`UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE email = $1) WHERE id = $2`, [COMPRAS.email, id]);
    const email = ((await get(`${USERS}/${id}`)) as Row).email as string;
    const session = await loginOk(ctx.app, { email, password: COMPRAS.password });
    const user = (await get(`${USERS}/${id}`)) as Row;
    expect((await put(USERS, user, { active: false })).statusCode).toBe(200);
    const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM refresh_tokens WHERE user_id = $1 AND revoked_at IS NULL', [id]);
    expect(rows[0].n).toBe(0);
    expect((await call(ctx.app, session.accessToken, { method: 'GET', url: `${API}/users/me` })).statusCode).toBe(401);
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: `${API}/auth`,
      headers: { authorization: `Bearer ${session.accessToken}` },
      payload: { login: email, secret: session.refreshToken, grantType: 'RefreshToken' },
    });
    expect(refresh.statusCode).toBe(401);
    const del = await call(ctx.app, admin, { method: 'DELETE', url: `${USERS}/${id}` });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('Usuários não são excluídos: desative o usuário para impedir o acesso.');
  });

  it('lets only a SystemOwner grant SystemOwner or touch an owner; nobody deactivates themselves', async () => {
    const manager = await createUser(ctx, { resources: [{ name: 'users', scopes: ['create', 'read', 'update'] }] });
    const body = { name: 'Novo Dono', email: 'novo.dono@demo.com.br', organizationId: orgId, accessLevel: 'SystemOwner' };
    const res = await call(ctx.app, manager.token, { method: 'POST', url: USERS, payload: body });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors).toEqual({ accessLevel: ['Somente um proprietário do sistema pode conceder este nível de acesso.'] });
    expect((await ctx.db.query('SELECT 1 FROM users WHERE email = $1', [body.email])).rows).toHaveLength(0);
    const owner = ((await get(`${USERS}?filter[email][eq]=${ADMIN.email}`)) as Row[])[0];
    const touch = await put(USERS, owner, { name: 'Outro nome' }, manager.token);
    expect(touch.statusCode).toBe(403);
    expect(touch.json().message).toBe('Somente um proprietário do sistema pode alterar outro proprietário do sistema.');
    // A plain user is fine for the manager.
    expect((await call(ctx.app, manager.token, { method: 'POST', url: USERS, payload: { ...body, accessLevel: 'User' } })).statusCode).toBe(201);
    const self = await put(USERS, owner, { active: false, accessLevel: 'User' });
    expect(self.statusCode).toBe(400);
    expect(self.json().errors).toEqual({
      active: ['Você não pode desativar o seu próprio usuário.'],
      accessLevel: ['Você não pode retirar o seu próprio nível de proprietário do sistema.'],
    });
    // Compras administers nothing.
    const compras = (await loginOk(ctx.app, COMPRAS)).accessToken;
    for (const url of [USERS, POLICIES, `${API}/user-groups`, MEMBERS]) {
      expect((await call(ctx.app, compras, { method: 'GET', url })).statusCode).toBe(403);
    }
  });

  it('refuses bad users with pt-BR field errors and writes nothing (no user, no membership, no e-mail)', async () => {
    const payload = { name: 'Duplicado', email: COMPRAS.email.toUpperCase(), organizationId: orgId };
    const dup = await call(ctx.app, admin, { method: 'POST', url: USERS, payload });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toEqual({ email: ['Já existe um usuário com este e-mail.'] });
    const ghost = '00000000-0000-4000-8000-000000000001';
    const bad = await call(ctx.app, admin, {
      method: 'POST',
      url: USERS,
      payload: { name: '', email: 'sem-arroba', organizationId: orgId, groupIds: [ghost], twoFactorMandatory: true, twoFactorMethods: [] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      name: ['Campo obrigatório.'],
      email: ['E-mail inválido.'],
      twoFactorMethods: ['Informe pelo menos 1 item.'],
    });
    const refs = await call(ctx.app, admin, { method: 'POST', url: USERS, payload: { name: 'Fantasma', email: 'fantasma@demo.com.br', organizationId: orgId, groupIds: [ghost] } });
    expect(refs.statusCode).toBe(400);
    expect(refs.json().errors).toEqual({ 'groupIds.0': ['Registro referenciado não encontrado.'] });
    expect((await ctx.db.query(`SELECT 1 FROM users WHERE email = 'fantasma@demo.com.br'`)).rows).toHaveLength(0);
    expect(await outbox(ctx.app, 'fantasma@demo.com.br')).toEqual([]);
  });

  it('keeps users.groupIds equal to the memberships whoever writes them, and lists active profiles and effective policies', async () => {
    const financeiro = await byName(`${API}/user-groups`, 'Financeiro');
    const comprasGroup = await byName(`${API}/user-groups`, 'Compras');
    const user = ((await get(`${USERS}?filter[email][eq]=${COMPRAS.email}`)) as Row[])[0];
    expect(user.groupIds).toEqual([comprasGroup.id]);
    const added = await call(ctx.app, admin, { method: 'POST', url: MEMBERS, payload: { groupId: financeiro.id, userId: user.id } });
    expect(added.statusCode).toBe(201);
    const after = (await get(`${USERS}/${user.id}`)) as Row;
    expect(after.groupIds).toEqual([comprasGroup.id, financeiro.id].sort());
    // A form opened before the change must not undo it.
    expect((await put(USERS, user, { name: 'Compras' })).statusCode).toBe(409);
    const twice = await call(ctx.app, admin, { method: 'POST', url: MEMBERS, payload: { groupId: financeiro.id, userId: user.id } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors).toEqual({ userId: ['Já existe um registro com este valor.'] });

    // Active profiles: only Compras → the Financeiro policy does not count.
    const profiles = `${USERS}/${user.id}/active-profiles`;
    const set = await call(ctx.app, admin, { method: 'PUT', url: profiles, payload: { groupIds: [comprasGroup.id] } });
    expect(set.statusCode).toBe(200);
    expect(set.json().map((p: { name: string; isActive: boolean }) => [p.name, p.isActive])).toEqual([['Compras', true], ['Financeiro', false]]);
    const policies = (await get(`${USERS}/${user.id}/policies`)) as { name: string; groups: { name: string }[] }[];
    expect(policies.map((p) => [p.name, p.groups.map((g) => g.name)])).toEqual([['Compras', ['Compras']]]);
    const bad = await call(ctx.app, admin, { method: 'PUT', url: profiles, payload: { groupIds: ['00000000-0000-4000-8000-000000000002'] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ groupIds: ['Escolha apenas perfis dos quais o usuário faz parte.'] });

    // Leaving Compras through the members screen: the user's copy and its active profiles follow.
    const member = ((await get(`${MEMBERS}?filter[userId][eq]=${user.id}&filter[groupId][eq]=${comprasGroup.id}`)) as Row[])[0];
    expect((await call(ctx.app, admin, { method: 'DELETE', url: `${MEMBERS}/${member.id}` })).statusCode).toBe(204);
    expect(((await get(`${USERS}/${user.id}`)) as Row).groupIds).toEqual([financeiro.id]);
    expect(((await get(profiles)) as { name: string; isActive: boolean }[]).map((p) => [p.name, p.isActive])).toEqual([['Financeiro', true]]);

    // Back through the user form: one membership again, the other removed.
    const current = (await get(`${USERS}/${user.id}`)) as Row;
    const back = await put(USERS, current, { name: 'Compras Demo', groupIds: [comprasGroup.id] });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ groupIds: [comprasGroup.id], version: current.version + 1 });
    expect(((await get(`${USERS}/${user.id}`)) as Row).version).toBe(current.version + 1);
    expect(((await get(`${MEMBERS}?filter[userId][eq]=${user.id}`)) as Row[]).map((m) => m.groupId)).toEqual([comprasGroup.id]);
  });

  it('links and unlinks policies of a group; a deleted link grants nothing', async () => {
    const { id, token } = await createUser(ctx, { resources: [] });
    const group = (await ctx.db.query<{ group_id: string }>('SELECT group_id FROM user_group_members WHERE user_id = $1', [id])).rows[0].group_id;
    const financeiro = await byName(POLICIES, 'Financeiro');
    const link = await call(ctx.app, admin, { method: 'POST', url: GROUP_POLICIES, payload: { groupId: group, policyId: financeiro.id } });
    expect(link.statusCode).toBe(201);
    expect((await effective(token)).resources.map((r) => r.name)).toContain('payables');
    expect((await call(ctx.app, admin, { method: 'DELETE', url: `${GROUP_POLICIES}/${link.json().id}` })).statusCode).toBe(204);
    expect((await effective(token)).resources).toEqual([]);
  });

  it('ACL items reference an organization or a cost center of their kind and feed the record scope', async () => {
    const acl = await call(ctx.app, admin, { method: 'POST', url: `${API}/application-acls`, payload: { applicationId: appId, name: 'filial-norte', title: 'Filial Norte', scopes: ['read'] } });
    expect(acl.statusCode).toBe(201);
    const items = `${API}/application-acl-items`;
    const missing = await call(ctx.app, admin, { method: 'POST', url: items, payload: { aclId: acl.json().id, kind: 'organization' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ organizationId: ['Campo obrigatório.'] });
    const item = await call(ctx.app, admin, { method: 'POST', url: items, payload: { aclId: acl.json().id, kind: 'organization', organizationId: orgId } });
    expect(item.statusCode).toBe(201);
    expect(item.json()).toMatchObject({ kind: 'organization', organizationId: orgId, costCenterId: null });
    const { id, token } = await createUser(ctx, { resources: [{ name: 'orders', scopes: ['read'] }] });
    const policy = (await ctx.db.query<{ id: string }>(
      `SELECT p.id FROM application_policies p JOIN user_group_policies gp ON gp.policy_id = p.id JOIN user_group_members m ON m.group_id = gp.group_id WHERE m.user_id = $1`,
      [id],
    )).rows[0].id;
    const row = (await get(`${POLICIES}/${policy}`)) as Row;
    expect((await put(POLICIES, row, { acls: [{ name: 'filial-norte', scopes: ['read'] }] })).statusCode).toBe(200);
    const principal = (await get(`${API}/users/me/policies/effective-permissions`, token)) as { acls: unknown[] };
    expect(principal.acls).toEqual([{ name: 'filial-norte', scopes: ['read'] }]);
  });
});

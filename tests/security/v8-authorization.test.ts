import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECOND_ORGANIZATION } from '../../server/seed/demo/70-second-organization.ts';
import { createTestApp, type TestContext } from '../server/helper.ts';
import { createUser, demoOrganizationId } from '../server/resources/helpers.ts';
import { API, callerOf, COMPRAS, SAMPLES, signIn, unique, uploadId, type Caller } from './helpers.ts';
import { solidPng } from '../../server/seed/demo/procurement/png.ts';

const FILES = '/api/commons/v1/files';
const PAYABLES = '/api/accounts-payable/v1/payables';
const BANKS = '/api/accounts-payable/v1/banks';
const FORBIDDEN = 'Você não pode conceder acessos que não tem';

/** ASVS 5.0 V8 Authorization: function, data and field level, enforced by the server. */
describe('V8 Authorization', () => {
  let ctx: TestContext;
  let admin: Caller;
  let matriz: string;
  let industria: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn(ctx.app);
    matriz = await demoOrganizationId(ctx.db);
    industria = (await ctx.db.query<{ id: string }>('SELECT id FROM organizations WHERE cnpj = $1', [SECOND_ORGANIZATION.cnpj])).rows[0].id;
  });
  afterAll(() => ctx.close());

  const user = async (resources: { name: string; scopes: string[] }[], organizations?: string[]) => callerOf(ctx.app, (await createUser(ctx, { resources, organizations })).token);
  /** A payable of an organization, with its version (for If-Match). */
  const payableOf = async (org: string) => (await admin.call('GET', `${PAYABLES}?pageSize=1&filter[organizationId]=${org}`)).json()[0] as { id: string; version: number };
  const attach = async (payable: { id: string; version: number }, fileId: string) => {
    const res = await admin.call('PATCH', `${PAYABLES}/${payable.id}`, { documentFileId: fileId }, { 'if-match': `W/"${payable.version}"` });
    expect(res.statusCode).toBe(200);
    return res.json() as { id: string; version: number };
  };

  describe('V8.2.2 files are read through the records that hold them', () => {
    it('V8.2.2 a file attached to a payable: content, metadata and batch look-ups only for who reads that payable', async () => {
      const fileId = await uploadId(admin, 'nota-fornecedor.pdf', SAMPLES.pdf());
      await attach(await payableOf(matriz), fileId);
      const reader = await user([{ name: 'payables', scopes: ['read'] }]);
      const stranger = await user([{ name: 'orders', scopes: ['read'] }]);
      const otherOrg = await user([{ name: 'payables', scopes: ['read'] }], [industria]);
      for (const caller of [reader, admin]) {
        expect((await caller.call('GET', `${FILES}/${fileId}/content`)).statusCode).toBe(200);
        expect((await caller.call('GET', `${FILES}/${fileId}`)).json()).toMatchObject({ id: fileId, name: 'nota-fornecedor.pdf' });
        expect((await caller.call('GET', `${FILES}?id=${fileId}`)).json()).toHaveLength(1);
      }
      for (const caller of [stranger, otherOrg]) {
        expect((await caller.call('GET', `${FILES}/${fileId}/content`)).statusCode).toBe(404);
        expect((await caller.call('GET', `${FILES}/${fileId}`)).statusCode).toBe(404);
        expect((await caller.call('GET', `${FILES}?id=${fileId}`)).json()).toEqual([]);
      }
    });

    it('V8.2.2 a file no record holds is its uploader’s alone, and nobody attaches a file he cannot read', async () => {
      const compras = await signIn(ctx.app, COMPRAS);
      const own = await uploadId(compras, 'rascunho.pdf', SAMPLES.pdf());
      expect((await compras.call('GET', `${FILES}/${own}/content`)).statusCode).toBe(200);
      expect((await admin.call('GET', `${FILES}/${own}/content`)).statusCode).toBe(404);
      // Knowing the id is not enough to get it by attaching it to a record of one's own.
      const payable = await payableOf(matriz);
      const res = await admin.call('PATCH', `${PAYABLES}/${payable.id}`, { documentFileId: own }, { 'if-match': `W/"${payable.version}"` });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ documentFileId: ['Arquivo não encontrado.'] });
    });

    it('V8.2.2 a file a record holds is not deleted from under it', async () => {
      const fileId = await uploadId(admin, 'comprovante.pdf', SAMPLES.pdf());
      await attach(await payableOf(matriz), fileId);
      const res = await admin.call('DELETE', `${FILES}/${fileId}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Este arquivo está anexado a um registro: retire-o do registro antes de excluí-lo.');
    });

    it('V8.2.2 files in line items and in arrays of ids are reached through their record too (any x-file in the schema)', async () => {
      const fixture = await createTestApp({ schemasDir: path.resolve('tests/security/fixtures/schemas') });
      try {
        const owner = await signIn(fixture.app);
        const org = await demoOrganizationId(fixture.db);
        const [receipt, item, photo] = [
          await uploadId(owner, 'recibo.pdf', SAMPLES.pdf()),
          await uploadId(owner, 'item.pdf', SAMPLES.pdf()),
          await uploadId(owner, 'foto.png', solidPng(2, 2, [9, 9, 9])),
        ];
        const created = await owner.call('POST', '/api/accounts-payable/v1/test-claims', {
          title: unique('Reembolso'),
          organizationId: org,
          receiptFileId: receipt,
          photoIds: [photo],
          items: [{ description: 'Táxi' }, { description: 'Almoço', fileId: item.toUpperCase() }],
        });
        expect(created.statusCode).toBe(201);
        const as = async (resources: { name: string; scopes: string[] }[], organizations?: string[]) =>
          callerOf(fixture.app, (await createUser(fixture, { resources, organizations })).token);
        const reader = await as([{ name: 'test-claims', scopes: ['read'] }]);
        const outsider = await as([]);
        const ids = [receipt, item, photo];
        expect((await reader.call('GET', `${FILES}?${ids.map((i) => `id=${i}`).join('&')}`)).json()).toHaveLength(3);
        for (const id of ids) {
          expect((await reader.call('GET', `${FILES}/${id}/content`)).statusCode).toBe(200);
          expect((await outsider.call('GET', `${FILES}/${id}/content`)).statusCode).toBe(404);
        }
        expect((await outsider.call('GET', `${FILES}?${ids.map((i) => `id=${i}`).join('&')}`)).json()).toEqual([]);
      } finally {
        await fixture.close();
      }
    });
  });

  it('V8.2.2 cross-organization read by id is 404, and lists leave the record out', async () => {
    const other = await payableOf(industria);
    const reader = await user([{ name: 'payables', scopes: ['read'] }]);
    expect((await reader.call('GET', `${PAYABLES}/${other.id}`)).statusCode).toBe(404);
    expect((await reader.call('GET', `${PAYABLES}?pageSize=1000&filter[organizationId]=${industria}`)).json()).toEqual([]);
    expect((await admin.call('GET', `${PAYABLES}/${other.id}`)).statusCode).toBe(200);
  });

  it('V8.4.1 a write cannot move a record into an organization outside the caller’s access', async () => {
    const writer = await user([{ name: 'banks', scopes: ['read'] }, { name: 'departments', scopes: ['create', 'read'] }]);
    const res = await writer.call('POST', '/api/accounts-payable/v1/departments', { organizationId: industria, code: 'X1', name: unique('Depto'), active: true });
    expect([400, 403]).toContain(res.statusCode);
    expect(Object.keys(res.json().errors)).toEqual(['organizationId']);
  });

  it('V8.2.1 function-level access: without the scope every verb is 403 (the client hiding a menu is not the control)', async () => {
    const compras = await signIn(ctx.app, COMPRAS);
    for (const [method, url] of [['GET', BANKS], ['POST', BANKS], ['GET', `${BANKS}/export`], ['DELETE', `${BANKS}/00000000-0000-4000-8000-000000000000`]] as const) {
      const res = await compras.call(method, url, method === 'POST' ? {} : undefined);
      expect({ url, method, status: res.statusCode }).toEqual({ url, method, status: 403 });
    }
  });

  it('V8.2.3 field-level access: secrets are write-only and read-only fields are never written', async () => {
    const list = (await admin.call('GET', '/api/finance-reporting/v1/account-tokens?pageSize=5')).json() as Record<string, unknown>[];
    for (const row of list) expect(row).not.toHaveProperty('secret');
    // An open payable: the demo also holds paid ones (the procurement chain), and "not PAGO after" must be able to fail.
    const payable = (await admin.call('GET', `${PAYABLES}?pageSize=1&filter[organizationId]=${matriz}&filter[status][eq]=ABERTO`)).json()[0] as { id: string; version: number };
    const res = await admin.call('PATCH', `${PAYABLES}/${payable.id}`, { status: 'PAGO', paidAmount: 1 }, { 'if-match': `W/"${payable.version}"` });
    const after = (await admin.call('GET', `${PAYABLES}/${payable.id}`)).json();
    expect(after.status).not.toBe('PAGO');
    expect([200, 400]).toContain(res.statusCode);
  });

  describe('V8.2.1 no one grants rights he does not hold (delegated administration)', () => {
    let delegate: Caller;
    let delegateId: string;
    let financeiro: string;
    let financeiroPolicy: string;
    beforeAll(async () => {
      const made = await createUser(ctx, {
        resources: [
          { name: 'users', scopes: ['create', 'read', 'update'] },
          { name: 'user-groups', scopes: ['read'] },
          { name: 'user-group-members', scopes: ['create', 'read', 'delete'] },
          { name: 'user-group-policies', scopes: ['create', 'read', 'delete'] },
          { name: 'application-policies', scopes: ['create', 'read', 'update'] },
          { name: 'application-acl-items', scopes: ['create', 'read', 'delete'] },
          { name: 'orders', scopes: ['read'] },
        ],
      });
      delegate = callerOf(ctx.app, made.token);
      delegateId = made.id;
      financeiro = (await ctx.db.query<{ id: string }>(`SELECT id FROM user_groups WHERE name = 'Financeiro' AND deleted_at IS NULL`)).rows[0].id;
      financeiroPolicy = (await ctx.db.query<{ policy_id: string }>('SELECT policy_id FROM user_group_policies WHERE group_id = $1 AND deleted_at IS NULL', [financeiro])).rows[0].policy_id;
    });

    it('V8.2.1 a delegated user administrator cannot add himself (or anyone) to a group with more rights', async () => {
      const join = await delegate.call('POST', `${API}/user-group-members`, { groupId: financeiro, userId: delegateId });
      expect(join.statusCode).toBe(403);
      expect(join.json().errors.groupId[0]).toMatch(new RegExp(`^${FORBIDDEN}: .*payables \\(criar, ver, editar, excluir, aprovar, exportar\\)`));
      const me = (await delegate.call('GET', `${API}/users/${delegateId}`)).json();
      const viaForm = await delegate.call('PATCH', `${API}/users/${delegateId}`, { groupIds: [...me.groupIds, financeiro] }, { 'if-match': `W/"${me.version}"` });
      expect(viaForm.statusCode).toBe(403);
      expect(Object.keys(viaForm.json().errors)).toEqual(['groupIds']);
      // A new user given the group: same answer.
      const invite = await delegate.call('POST', `${API}/users`, {
        name: 'Novo Colega', email: `${unique('novo').replace(/\W+/g, '.')}@exemplo.com.br`, organizationId: matriz, accessLevel: 'User',
        groupIds: [financeiro], twoFactorMandatory: false, twoFactorMethods: ['Email'], active: true,
      });
      expect(invite.statusCode).toBe(403);
      // And he still cannot read payables.
      expect((await delegate.call('GET', PAYABLES)).statusCode).toBe(403);
    });

    it('V8.2.1 a group whose rights he holds himself is fine to hand out', async () => {
      const { rows } = await ctx.db.query<{ group_id: string }>('SELECT group_id FROM user_group_members WHERE user_id = $1', [delegateId]);
      const colleague = await createUser(ctx, { resources: [] });
      const res = await delegate.call('POST', `${API}/user-group-members`, { groupId: rows[0].group_id, userId: colleague.id });
      expect(res.statusCode).toBe(201);
    });

    it('V8.2.1 he cannot link a stronger policy to a group, nor add scopes he lacks to a policy', async () => {
      const { rows } = await ctx.db.query<{ group_id: string }>('SELECT group_id FROM user_group_members WHERE user_id = $1', [delegateId]);
      const link = await delegate.call('POST', `${API}/user-group-policies`, { groupId: rows[0].group_id, policyId: financeiroPolicy });
      expect(link.statusCode).toBe(403);
      const app = (await ctx.db.query<{ id: string }>(`SELECT id FROM applications WHERE name = 'back-office'`)).rows[0].id;
      const stronger = await delegate.call('POST', `${API}/application-policies`, { applicationId: app, name: unique('Política'), resources: [{ name: 'payables', scopes: ['read'] }], acls: [] });
      expect(stronger.statusCode).toBe(403);
      expect(stronger.json().errors.resources[0]).toBe(`${FORBIDDEN}: payables (ver).`);
      const own = await delegate.call('POST', `${API}/application-policies`, { applicationId: app, name: unique('Política'), resources: [{ name: 'orders', scopes: ['read'] }], acls: [] });
      expect(own.statusCode).toBe(201);
      const widened = await delegate.call('PATCH', `${API}/application-policies/${own.json().id}`, { resources: [{ name: 'orders', scopes: ['read', 'delete'] }] }, { 'if-match': `W/"${own.json().version}"` });
      expect(widened.statusCode).toBe(403);
      expect(widened.json().errors.resources[0]).toBe(`${FORBIDDEN}: orders (excluir).`);
      // Editing a policy that already grants more, without adding anything, is not granting.
      const compras = (await ctx.db.query<{ policy_id: string }>(
        `SELECT gp.policy_id FROM user_group_policies gp JOIN user_groups g ON g.id = gp.group_id WHERE g.name = 'Compras' AND gp.deleted_at IS NULL`,
      )).rows[0].policy_id;
      const policy = (await delegate.call('GET', `${API}/application-policies/${compras}`)).json();
      const renamed = await delegate.call('PATCH', `${API}/application-policies/${compras}`, { description: 'Equipe de compras' }, { 'if-match': `W/"${policy.version}"` });
      expect(renamed.json()).toMatchObject({ description: 'Equipe de compras' });
    });

    it('V8.2.1 he cannot widen a record scope by removing the last cost-center item of an ACL', async () => {
      const cc = (await ctx.db.query<{ id: string }>('SELECT id FROM cost_centers WHERE organization_id = $1 LIMIT 1', [matriz])).rows[0].id;
      const restricted = await createUser(ctx, {
        resources: [{ name: 'application-acl-items', scopes: ['read', 'delete'] }],
        costCenters: [cc],
      });
      const { rows } = await ctx.db.query<{ id: string; version: number }>(
        `SELECT i.id, i.version FROM application_acl_items i JOIN application_acls a ON a.id = i.acl_id
         JOIN application_policies p ON p.acls @> jsonb_build_array(jsonb_build_object('name', a.name))
         JOIN user_group_policies gp ON gp.policy_id = p.id JOIN user_group_members m ON m.group_id = gp.group_id
         WHERE m.user_id = $1 AND i.kind = 'cost-center'`,
        [restricted.id],
      );
      const res = await callerOf(ctx.app, restricted.token).call('DELETE', `${API}/application-acl-items/${rows[0].id}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Retirar o último item deste tipo liberaria todos os registros: só quem tem acesso a todos pode fazer isso.');
    });

    it('V8.2.1 a user picks active profiles only among groups he already belongs to', async () => {
      const res = await delegate.call('PUT', `${API}/users/me/active-profiles`, { groupIds: [financeiro] });
      expect(res.statusCode).toBe(400);
    });
  });
});

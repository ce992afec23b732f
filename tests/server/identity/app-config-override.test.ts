import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helper.ts';
import { ADMIN, bearer, COMPRAS, loginOk } from './helpers.ts';

type Json = Record<string, unknown>;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const groupsOf = (c: Json) => (((c.appParams as Json).composables as Json).useModuleNavigation as { groups: { key: string; title: string }[] }).groups;

/** The tenant override (DATA_DIR/app.config.json): merged by key, validated, never a reason for the app to fail. */
describe('tenant override of the app config', () => {
  let ctx: TestContext;
  let dir: string;
  let admin: Record<string, string>;
  const file = () => path.join(dir, 'app.config.json');
  const served = async () => {
    const res = await ctx.app.inject({ url: '/app.config.json' });
    expect(res.statusCode).toBe(200);
    return res.json() as Json;
  };
  const status = async (headers = admin) => ctx.app.inject({ url: '/api/identity/v1/app-config/status', headers });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'override-'));
    ctx = await createTestApp({ dataDir: dir });
    admin = bearer((await loginOk(ctx.app, ADMIN)).accessToken);
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('renaming one group keeps every other group (merge by key)', async () => {
    const before = groupsOf(await served());
    await writeFile(file(), JSON.stringify({ appParams: { composables: { useModuleNavigation: { groups: [{ key: 'compras', title: 'Suprimentos' }] } } } }));
    const after = groupsOf(await served());
    expect(after.map((g) => g.key)).toEqual(before.map((g) => g.key));
    expect(after.find((g) => g.key === 'compras')?.title).toBe('Suprimentos');
    expect((await status()).json()).toEqual({ override: null });
  });

  it('broken JSON or a wrong shape keeps the last good override, names file and line, and tells the SystemOwner', async () => {
    await writeFile(file(), '{\n  "appParams": {\n    "composables": \n  }\n}\n');
    expect(groupsOf(await served()).find((g) => g.key === 'compras')?.title).toBe('Suprimentos');
    const broken = (await status()).json() as { override: { file: string; problems: string[]; usingLastGood: boolean } };
    expect(broken.override.usingLastGood).toBe(true);
    expect(broken.override.problems).toEqual([`${file()}:4:3: /: JSON inválido: esperava um valor (texto entre aspas, número, true, false, null, { } ou [ ]), encontrou "}"`]);

    await writeFile(file(), JSON.stringify({ appParams: { composables: { useModuleNavigation: { modules: { key: 'x' } } } } }));
    expect(groupsOf(await served()).find((g) => g.key === 'compras')?.title).toBe('Suprimentos');
    expect(((await status()).json() as { override: { problems: string[] } }).override.problems).toEqual([
      `${file()}:1:53: /appParams/composables/useModuleNavigation/modules: deve ser do tipo array`,
    ]);

    await writeFile(file(), JSON.stringify({ appParams: { composables: { useModuleNavigation: { groups: [{ key: 'compras', title: 'Compras e contratos' }] } } } }));
    expect(groupsOf(await served()).find((g) => g.key === 'compras')?.title).toBe('Compras e contratos');
    expect((await status()).json()).toEqual({ override: null });
  });

  it('a broken link (missing resource, path, group or icon) keeps the last good override, with the same messages as check:metadata', async () => {
    const modulesOf = (c: Json) => (((c.appParams as Json).composables as Json).useModuleNavigation as { modules: { key: string; title?: string }[] }).modules;
    const good = { key: 'contracts-shortcut', title: 'Atalho de bancos', path: '/configuracoes/bancos', resourceName: 'banks', group: 'cadastros', icon: 'BankOutlined' };
    const write = (module: Json) => writeFile(file(), `{\n  "appParams": { "composables": { "useModuleNavigation": {\n    "modules": [\n      ${JSON.stringify(module)}\n    ]\n  } } }\n}\n`);
    await write(good);
    expect(modulesOf(await served()).find((m) => m.key === good.key)?.title).toBe('Atalho de bancos');
    expect((await status()).json()).toEqual({ override: null });

    await write({ ...good, title: 'Contratos', path: '/contrato', resourceName: 'contracts', group: 'compra', icon: 'FileTextOutlinde' });
    // The menu stays as it was: the last good override, not the broken entry.
    const modules = modulesOf(await served());
    expect(modules.find((m) => m.key === good.key)?.title).toBe('Atalho de bancos');
    const broken = (await status()).json() as { override: { problems: string[]; usingLastGood: boolean } };
    expect(broken.override.usingLastGood).toBe(true);
    const at = (field: string) => `${file()}:4:${JSON.stringify({ ...good, title: 'Contratos', path: '/contrato', resourceName: 'contracts', group: 'compra', icon: 'FileTextOutlinde' }).indexOf(`"${field}"`) + 7}: /appParams/composables/useModuleNavigation/modules/0/${field}: `;
    expect(broken.override.problems).toEqual([
      expect.stringMatching(new RegExp(`^${escape(at('icon'))}ícone "FileTextOutlinde" não registrado — você quis dizer "FileTextOutlined"\\?`)),
      `${at('group')}grupo "compra" não existe em /appParams/composables/useModuleNavigation/groups — você quis dizer "compras"?`,
      `${at('resourceName')}recurso "contracts" não existe (nem schemas/contracts.schema.json nem a permission de uma tela)`,
      expect.stringMatching(new RegExp(`^${escape(at('path'))}"/contrato" não é a lista de nenhuma tela`)),
    ]);

    // A group the override removes while a module of the base file still names it: named in the base file.
    await writeFile(file(), JSON.stringify({ appParams: { composables: { useModuleNavigation: { groups: [{ key: 'cadastros', remove: true }] } } } }));
    const removed = (await status()).json() as { override: { problems: string[] } };
    expect(removed.override.problems.length).toBeGreaterThan(0);
    expect(removed.override.problems.every((p) => /^public\/app\.config\.json:\d+:\d+: \/appParams\/composables\/useModuleNavigation\/modules\/\d+\/group: grupo "cadastros" não existe/.test(p))).toBe(true);
    expect(modulesOf(await served()).find((m) => m.key === good.key)?.title).toBe('Atalho de bancos');

    await rm(file());
    expect((await status()).json()).toEqual({ override: null });
  });

  it('only the SystemOwner reads the status', async () => {
    expect((await status(bearer((await loginOk(ctx.app, COMPRAS)).accessToken))).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/api/identity/v1/app-config/status' })).statusCode).toBe(401);
  });
});

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkMetadata } from './check-metadata.ts';
import { performFirstScreen } from './first-screen.ts';

/** docs/first-screen.md performed on a copy of the configuration: scaffold, edit the JSON, check, validate. */
describe('docs/first-screen.md', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'first-screen-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  // Two full metadata checks (the scaffold's and this one's): slow on a loaded machine.
  it('scaffold → schema with cross-field rules and a filtered reference → screen → menu: every step checks', { timeout: 60_000 }, async () => {
    await performFirstScreen(root);

    const m = await checkMetadata(root);
    const contracts = m.compiled.contracts;
    const body = { name: 'Limpeza', supplierId: '123e4567-e89b-42d3-a456-426614174000', startDate: '2026-03-01', totalAmount: 120000, renewal: 'NENHUMA', active: true };
    expect(contracts.validate(body)).toBeNull();
    expect(contracts.validate({ ...body, endDate: '2026-02-01', renewal: 'AUTOMATICA' })).toEqual({
      endDate: ['Deve ser igual ou posterior ao campo "Início da vigência".'],
      noticeDays: ['Campo obrigatório.'],
    });
    expect(m.screens.contracts.route.base).toBe('/contratos');
  });

  it('a slip in the menu entry is named with file, line and column and a suggestion', async () => {
    const configFile = path.join(root, 'public/app.config.json');
    const config = JSON.parse(await readFile(configFile, 'utf8')) as { appParams: { composables: { useModuleNavigation: { modules: { key: string; group?: string }[] } } } };
    config.appParams.composables.useModuleNavigation.modules.find((mod) => mod.key === 'contracts')!.group = 'compra';
    await writeFile(configFile, JSON.stringify(config, null, 2));
    await expect(checkMetadata(root)).rejects.toThrow(/public\/app.config.json:\d+:\d+: \/appParams\/composables\/useModuleNavigation\/modules\/\d+\/group: grupo "compra" não existe .* você quis dizer "compras"\?/);
  });
});

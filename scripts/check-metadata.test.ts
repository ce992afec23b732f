import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatProblem, type MetadataError } from '../src/engine/schema/metadata-error.ts';
import { checkMetadata } from './check-metadata.ts';

describe('the real schemas/ and screens/ folders', () => {
  it('load without problems (a broken file fails here with file and JSON path)', async () => {
    const m = await checkMetadata();
    expect(Object.keys(m.resources)).toEqual(expect.arrayContaining(['banks', 'bank-accounts', 'cost-centers', 'organizations']));
    expect(m.screens.banks.route).toEqual({ base: '/configuracoes/bancos', idParam: 'bankId' });
    expect(m.screens['bank-accounts'].route).toEqual({ base: '/contas-financeiras', idParam: 'bankAccountId', list: '/lista' });
  });

  it('the banks seed snapshot satisfies the banks schema', async () => {
    const { compiled } = await checkMetadata();
    const seed = JSON.parse(await readFile(path.resolve(import.meta.dirname, '../server/seed/data/banks.json'), 'utf8')) as { records: Record<string, unknown>[] };
    expect(seed.records.length).toBeGreaterThan(400);
    const invalid = seed.records.map((r) => [r.ispb, compiled.banks.validate(r)]).filter(([, e]) => e);
    expect(invalid).toEqual([]);
    expect(new Set(seed.records.map((r) => r.ispb)).size).toBe(seed.records.length);
    expect(seed.records.find((r) => r.compe === '001')).toMatchObject({ ispb: '00000000', participatesCompe: true });
  });

  it('bank accounts need bank, agency and account unless they are a caixa', async () => {
    const { compiled } = await checkMetadata();
    const base = { organizationId: '123e4567-e89b-12d3-a456-426614174000', name: 'Conta', openingBalance: -1500, openingBalanceDate: '2026-01-01', active: true };
    expect(compiled['bank-accounts'].validate({ ...base, type: 'CAIXA' })).toBeNull();
    expect(compiled['bank-accounts'].validate({ ...base, type: 'CONTA_CORRENTE', agencyDigit: 'x' })).toEqual({
      bankId: ['Campo obrigatório.'],
      agency: ['Campo obrigatório.'],
      account: ['Campo obrigatório.'],
      accountDigit: ['Campo obrigatório.'],
      agencyDigit: ['Um dígito ou X.'],
    });
  });
});

describe('checkMetadata on a folder', () => {
  it('names a file whose JSON does not parse', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'metadata-'));
    try {
      await mkdir(path.join(root, 'schemas'));
      await writeFile(path.join(root, 'schemas', 'banks.schema.json'), '{\n  "title": "Banco",\n}\n');
      await expect(checkMetadata(root)).rejects.toThrow(/schemas\/banks.schema.json:3:1: \/: JSON inválido: esperava outro membro depois da vírgula/);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('the app config and the tenant override', () => {
  const problems = async (override: string) => {
    const dir = await mkdtemp(path.join(tmpdir(), 'override-'));
    const file = path.join(dir, 'app.config.json');
    await writeFile(file, override);
    try {
      await checkMetadata(undefined, { overrideFile: file });
      return [];
    } catch (e) {
      return (e as MetadataError).problems.map((p) => formatProblem({ ...p, file: p.file.replace(file, 'override.json') }));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };

  it('a valid override passes: renaming one group keeps the others', async () => {
    expect(await problems(JSON.stringify({ appParams: { composables: { useModuleNavigation: { groups: [{ key: 'compras', title: 'Suprimentos' }] } } } }))).toEqual([]);
  });

  it('names file, line and column of every mistake in a module, with what was expected and near names', async () => {
    const override = `{
  "appParams": {
    "composables": {
      "useModuleNavigation": {
        "modules": [
          { "key": "contratos", "title": "Contratos", "path": "/contrato", "resourceName": "contracts", "group": "compra", "icon": "FileTextOutlinde" },
          { "key": "banks", "titel": "Bancos" }
        ]
      }
    }
  }
}`;
    expect(await problems(override)).toEqual([
      'override.json:7:29: /appParams/composables/useModuleNavigation/modules/1/titel: chave não permitida aqui — você quis dizer "title"?',
    ]);
    const fixedShape = override.replace('"titel"', '"title"');
    expect(await problems(fixedShape)).toEqual([
      expect.stringMatching(/^override.json:6:124: \/appParams\/composables\/useModuleNavigation\/modules\/0\/icon: ícone "FileTextOutlinde" não registrado — você quis dizer "FileTextOutlined"\?/),
      'override.json:6:105: /appParams/composables/useModuleNavigation/modules/0/group: grupo "compra" não existe em /appParams/composables/useModuleNavigation/groups — você quis dizer "compras"?',
      'override.json:6:76: /appParams/composables/useModuleNavigation/modules/0/resourceName: recurso "contracts" não existe (nem schemas/contracts.schema.json nem a permission de uma tela)',
      expect.stringMatching(/^override.json:6:55: \/appParams\/composables\/useModuleNavigation\/modules\/0\/path: "\/contrato" não é a lista de nenhuma tela/),
    ]);
  });

  it('a wrong shape (modules as an object) and broken JSON are named, not thrown', async () => {
    expect(await problems('{ "appParams": { "composables": { "useModuleNavigation": { "modules": { "key": "x" } } } } }')).toEqual([
      'override.json:1:60: /appParams/composables/useModuleNavigation/modules: deve ser do tipo array',
    ]);
    expect(await problems('{ "appParams": }')).toEqual(['override.json:1:16: /: JSON inválido: esperava um valor (texto entre aspas, número, true, false, null, { } ou [ ]), encontrou "}"']);
  });
});

import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
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
      await writeFile(path.join(root, 'schemas', 'banks.schema.json'), '{ "title": ');
      await expect(checkMetadata(root)).rejects.toThrow(/schemas\/banks.schema.json: \/: JSON inválido/);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

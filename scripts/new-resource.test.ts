import { cp, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkMetadata } from './check-metadata.ts';
import { createResource, defaultIdParam, parseGrant } from './new-resource.ts';

const REPO = path.resolve(import.meta.dirname, '..');
let root: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'new-resource-'));
  await cp(path.join(REPO, 'schemas'), path.join(root, 'schemas'), { recursive: true });
  await cp(path.join(REPO, 'screens'), path.join(root, 'screens'), { recursive: true });
  await cp(path.join(REPO, 'hubs'), path.join(root, 'hubs'), { recursive: true });
  await mkdir(path.join(root, 'public'));
  await cp(path.join(REPO, 'public', 'app.config.json'), path.join(root, 'public', 'app.config.json'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

const options = { title: 'Fornecedor', plural: 'Fornecedores', route: '/fornecedores', service: 'pricing' };

describe('npm run new:resource', () => {
  it('derives the id parameter from the plural name', () => {
    expect(defaultIdParam('suppliers')).toBe('supplierId');
    expect(defaultIdParam('cost-centers')).toBe('costCenterId');
    expect(defaultIdParam('expense-categories')).toBe('expenseCategoryId');
  });

  it('writes a schema, a screen and a test that load with the existing metadata', async () => {
    const written = await createResource(root, 'suppliers', options);
    expect(written).toEqual(['schemas/suppliers.schema.json', 'screens/suppliers/screen.json', 'tests/conformance/resources/suppliers.unit.test.ts']);
    const m = await checkMetadata(root);
    expect(m.screens.suppliers.route).toEqual({ base: '/fornecedores', idParam: 'supplierId' });
    expect(m.resources.suppliers['x-resource'].service).toBe('pricing');
    expect(await readFile(path.join(root, written[2]), 'utf8')).toContain("m.compiled['suppliers'].validate({ active: true })");
  });

  it('refuses to overwrite and writes nothing', async () => {
    await expect(createResource(root, 'banks', { ...options, route: '/bancos-2' })).rejects.toThrow(
      'Já existe: schemas/banks.schema.json, screens/banks/screen.json. Nada foi escrito.',
    );
  });

  it('refuses options that make invalid metadata, naming the file', async () => {
    await expect(createResource(root, 'suppliers', { ...options, route: '/configuracoes/bancos' })).rejects.toThrow(
      'screens/suppliers/screen.json: /route/base: rota "/configuracoes/bancos" já usada por screens/banks/screen.json',
    );
    await expect(createResource(root, 'Suppliers', options)).rejects.toThrow(/Nome de recurso inválido/);
    await expect(checkMetadata(root)).resolves.toBeDefined();
  });

  it('writes the profiles\' scopes as seeded policy entries, checking profile and scope names', async () => {
    const written = await createResource(root, 'suppliers', { ...options, grants: [parseGrant('Compras=create,read,update'), parseGrant('Financeiro=read')] });
    expect(written.at(-1)).toBe('server/seed/data/policy-grants.json');
    const data = JSON.parse(await readFile(path.join(root, 'server/seed/data/policy-grants.json'), 'utf8'));
    expect(data.grants).toEqual([
      { policy: 'Compras', resource: 'suppliers', scopes: ['create', 'read', 'update'] },
      { policy: 'Financeiro', resource: 'suppliers', scopes: ['read'] },
    ]);
    expect(() => parseGrant('Compra=read')).toThrow('Perfil desconhecido: "Compra" — você quis dizer "Compras"?');
    expect(() => parseGrant('Compras=read,aprove')).toThrow(/Escopos de "Compras": use create, read, update, delete/);
  });
});

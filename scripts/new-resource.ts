/**
 * Scaffolds a resource: schemas/<name>.schema.json, screens/<name>/screen.json and a test, all valid
 * from the start (checked with loadMetadata before writing). Never overwrites a file.
 * Usage: npm run new:resource -- suppliers --title Fornecedor --plural Fornecedores --route /fornecedores
 *        [--service pricing] [--id-param supplierId] [--gender m|f]
 */
import { access, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadMetadata } from '../src/engine/schema/load-metadata.ts';
import { formatProblem, MetadataError } from '../src/engine/schema/metadata-error.ts';
import { readMetadataFiles } from './check-metadata.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ScaffoldOptions {
  title: string;
  plural: string;
  route: string;
  service?: string;
  idParam?: string;
  gender?: 'm' | 'f';
}

/** `cost-centers` → `costCenterId`, `categories` → `categoryId`. */
export function defaultIdParam(name: string): string {
  const camel = name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
  const singular = camel.endsWith('ies') ? `${camel.slice(0, -3)}y` : camel.replace(/s$/, '');
  return `${singular}Id`;
}

const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;

/** The new files, by path relative to the repository root. Pure. */
export function scaffold(name: string, o: ScaffoldOptions): Record<string, string> {
  const active = o.gender === 'f' ? 'Ativa' : 'Ativo';
  const schema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: name,
    title: o.title,
    type: 'object',
    'x-resource': {
      name,
      service: o.service ?? 'accounts-payable',
      path: name,
      titlePlural: o.plural,
      gender: o.gender ?? 'm',
      labelField: 'name',
      searchFields: ['name'],
      defaultSort: 'name',
    },
    properties: {
      name: { type: 'string', title: 'Nome', minLength: 1, maxLength: 120 },
      active: { type: 'boolean', title: active, default: true },
    },
    required: ['name', 'active'],
    additionalProperties: false,
  };
  const screen = {
    $schema: '../../src/engine/schema/meta/screen.meta.json',
    resource: name,
    route: { base: o.route, idParam: o.idParam ?? defaultIdParam(name) },
    list: {
      columns: [{ field: 'name', link: true }, { field: 'active', width: 100 }],
      defaultSort: 'name',
      search: true,
      filters: [{ field: 'active', operator: 'eq', default: true }],
      rowActions: ['view', 'edit', 'delete'],
      export: ['csv', 'xlsx'],
    },
    form: { sections: [{ title: o.title, columns: 2, fields: ['name', 'active'] }] },
    view: { sections: [{ title: o.title, columns: 2, fields: ['name', 'active', 'updatedAt'] }], history: true },
  };
  const test = `import { describe, expect, it } from 'vitest';
import { checkMetadata } from '../../../scripts/check-metadata.ts';

// Scaffolded by npm run new:resource; extend it with the resource's own rules.
describe('${name}', () => {
  it('has a valid schema and screen', async () => {
    const m = await checkMetadata();
    expect(m.screens['${name}'].route.base).toBe('${o.route}');
    expect(m.compiled['${name}'].validate({ name: 'Exemplo', active: true })).toBeNull();
    expect(m.compiled['${name}'].validate({ active: true })).toEqual({ name: ['Campo obrigatório.'] });
  });
});
`;
  return {
    [`schemas/${name}.schema.json`]: json(schema),
    [`screens/${name}/screen.json`]: json(screen),
    [`tests/conformance/resources/${name}.unit.test.ts`]: test,
  };
}

const exists = (p: string) => access(p).then(() => true, () => false);

/** Writes the scaffold under `root` after checking it with the existing metadata; refuses to overwrite. */
export async function createResource(root: string, name: string, o: ScaffoldOptions): Promise<string[]> {
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name)) throw new Error(`Nome de recurso inválido: "${name}" (use kebab-case no plural, ex.: cost-centers).`);
  const files = scaffold(name, o);
  const taken = [];
  for (const rel of Object.keys(files)) if (await exists(path.join(root, rel))) taken.push(rel);
  if (taken.length) throw new Error(`Já existe: ${taken.join(', ')}. Nada foi escrito.`);
  const { files: current } = await readMetadataFiles(root);
  const next = { ...current };
  for (const [rel, text] of Object.entries(files)) if (rel.endsWith('.json')) next[rel] = JSON.parse(text);
  loadMetadata(next); // throws MetadataError naming the new file if the options make it invalid
  for (const [rel, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, rel)), { recursive: true });
    await writeFile(path.join(root, rel), text, { flag: 'wx' });
  }
  return Object.keys(files);
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      title: { type: 'string' },
      plural: { type: 'string' },
      route: { type: 'string' },
      service: { type: 'string' },
      'id-param': { type: 'string' },
      gender: { type: 'string' },
    },
  });
  const [name] = positionals;
  if (!name || !values.title || !values.plural || !values.route) {
    console.error('Uso: npm run new:resource -- <recurso> --title <Singular> --plural <Plural> --route </rota> [--service <família>] [--id-param <xId>] [--gender m|f]');
    process.exit(2);
  }
  try {
    const written = await createResource(ROOT, name, {
      title: values.title,
      plural: values.plural,
      route: values.route,
      service: values.service,
      idParam: values['id-param'],
      gender: values.gender === 'f' ? 'f' : 'm',
    });
    console.log(`Criados:\n${written.map((f) => `  ${f}`).join('\n')}\nReferência: docs/schemas.md e docs/screens.md.`);
  } catch (e) {
    if (e instanceof MetadataError) e.problems.forEach((p) => console.error(formatProblem(p)));
    else console.error((e as Error).message);
    process.exit(1);
  }
}

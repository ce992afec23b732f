/**
 * Scaffolds a resource: schemas/<name>.schema.json, screens/<name>/screen.json and a test, all valid
 * from the start (checked with loadMetadata before writing), and which profiles (seeded policies) get which scopes on
 * it, as data in server/seed/data/policy-grants.json (applied once at the next start). Never overwrites a file.
 * Usage: npm run new:resource -- suppliers --title Fornecedor --plural Fornecedores --route /fornecedores
 *        [--service pricing] [--id-param supplierId] [--gender m|f] [--grant Compras=create,read,update]…
 * Without --grant, in a terminal, it asks profile by profile.
 */
import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadMetadata } from '../src/engine/schema/load-metadata.ts';
import { formatProblem, MetadataError } from '../src/engine/schema/metadata-error.ts';
import { didYouMean } from '../src/engine/schema/did-you-mean.ts';
import { SEED_POLICIES } from '../server/seed/access.ts';
import { POLICY_GRANTS_FILE, type PolicyGrant } from '../server/seed/grants.ts';
import { readMetadataFiles } from './check-metadata.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ScaffoldOptions {
  title: string;
  plural: string;
  route: string;
  service?: string;
  idParam?: string;
  gender?: 'm' | 'f';
  /** Profiles (seeded policies) and their scopes on the new resource; none: only the SystemOwner sees it. */
  grants?: { policy: string; scopes: string[] }[];
}

export const GRANT_SCOPES = ['create', 'read', 'update', 'delete'] as const;
export const PROFILE_NAMES = SEED_POLICIES.map((p) => p.name);

/** `Compras=create,read,update` → `{ policy, scopes }`, checked against the seeded profiles and the scopes. */
export function parseGrant(text: string): { policy: string; scopes: string[] } {
  const [policy, list = ''] = text.split('=');
  const scopes = list.split(',').map((s) => s.trim()).filter(Boolean);
  checkGrant({ policy: policy.trim(), scopes });
  return { policy: policy.trim(), scopes };
}

function checkGrant(g: { policy: string; scopes: string[] }): void {
  if (!PROFILE_NAMES.includes(g.policy)) throw new Error(`Perfil desconhecido: "${g.policy}"${didYouMean(g.policy, PROFILE_NAMES)}. Perfis: ${PROFILE_NAMES.join(', ')}.`);
  const bad = g.scopes.filter((s) => !(GRANT_SCOPES as readonly string[]).includes(s));
  if (bad.length || !g.scopes.length) throw new Error(`Escopos de "${g.policy}": use ${GRANT_SCOPES.join(', ')} separados por vírgula (recebido: "${g.scopes.join(',')}").`);
}

/** Appends the grants of a new resource to the data file (created when absent); a profile named twice is refused. */
async function writeGrants(root: string, name: string, grants: { policy: string; scopes: string[] }[]): Promise<void> {
  const file = path.join(root, POLICY_GRANTS_FILE);
  const data = JSON.parse(await readFile(file, 'utf8').catch(() => '{ "grants": [] }')) as { grants: PolicyGrant[] };
  data.grants = [...(data.grants ?? []), ...grants.map((g) => ({ policy: g.policy, resource: name, scopes: g.scopes }))];
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(data, null, 2)}\n`);
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
  for (const g of o.grants ?? []) checkGrant(g);
  const named = (o.grants ?? []).map((g) => g.policy);
  if (new Set(named).size !== named.length) throw new Error('Um perfil aparece duas vezes em --grant.');
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
  if (o.grants?.length) await writeGrants(root, name, o.grants);
  return [...Object.keys(files), ...(o.grants?.length ? [POLICY_GRANTS_FILE] : [])];
}

/** Asks, profile by profile, which scopes it gets on the new resource (Enter: none). */
async function askGrants(name: string): Promise<{ policy: string; scopes: string[] }[]> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const out: { policy: string; scopes: string[] }[] = [];
  try {
    console.log(`Quem usa "${name}"? Para cada perfil, os escopos separados por vírgula (${GRANT_SCOPES.join(', ')}); Enter = nenhum.`);
    for (const policy of PROFILE_NAMES) {
      for (;;) {
        const answer = (await rl.question(`  ${policy}: `)).trim();
        if (!answer) break;
        try {
          out.push(parseGrant(`${policy}=${answer}`));
          break;
        } catch (e) {
          console.log(`  ${(e as Error).message}`);
        }
      }
    }
  } finally {
    rl.close();
  }
  return out;
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
      grant: { type: 'string', multiple: true },
    },
  });
  const [name] = positionals;
  if (!name || !values.title || !values.plural || !values.route) {
    console.error('Uso: npm run new:resource -- <recurso> --title <Singular> --plural <Plural> --route </rota> [--service <família>] [--id-param <xId>] [--gender m|f] [--grant Perfil=create,read,update]…');
    process.exit(2);
  }
  try {
    const grants = values.grant?.length ? values.grant.map(parseGrant) : process.stdin.isTTY ? await askGrants(name) : [];
    const written = await createResource(ROOT, name, {
      grants,
      title: values.title,
      plural: values.plural,
      route: values.route,
      service: values.service,
      idParam: values['id-param'],
      gender: values.gender === 'f' ? 'f' : 'm',
    });
    console.log(`Criados:\n${written.map((f) => `  ${f}`).join('\n')}\nReferência: docs/first-screen.md, docs/schemas.md e docs/screens.md.`);
    if (!grants.length) console.log('Nenhum perfil recebeu acesso: só o SystemOwner verá o recurso até uma política o incluir (Administração → Aplicação → Políticas).');
  } catch (e) {
    if (e instanceof MetadataError) e.problems.forEach((p) => console.error(formatProblem(p)));
    else console.error((e as Error).message);
    process.exit(1);
  }
}

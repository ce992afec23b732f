import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { permissionResources, type NavigationContext } from '../../src/engine/config/check-app-config.ts';
import { loadMetadata, type Metadata } from '../../src/engine/schema/load-metadata.ts';
import { MetadataError, type Problem } from '../../src/engine/schema/metadata-error.ts';

/**
 * The one place the server meets the shared metadata loader (src/engine/schema): every schema file of
 * `schemasDir` and every `screen.json` of its sibling `screens/` are meta-validated, cross-checked and
 * compiled exactly as the client and `scripts/check-metadata.ts` do, so both sides give the same pt-BR
 * messages. Any problem stops the start with a {@link MetadataError} listing `file: /pointer: message`.
 */
export async function readMetadata(schemasDir: string, { hubs = false }: { hubs?: boolean } = {}): Promise<Metadata> {
  const files: Record<string, unknown> = {};
  const problems: Problem[] = [];
  const paths: [string, string][] = [];
  for (const f of await readdir(schemasDir).catch(() => [] as string[])) {
    if (f.endsWith('.json')) paths.push([`schemas/${f}`, path.join(schemasDir, f)]);
  }
  const screensDir = path.join(schemasDir, '..', 'screens');
  for (const d of await readdir(screensDir, { withFileTypes: true }).catch(() => [])) {
    if (!d.isDirectory()) continue;
    for (const f of await readdir(path.join(screensDir, d.name))) if (f.endsWith('.json')) paths.push([`screens/${d.name}/${f}`, path.join(screensDir, d.name, f)]);
  }
  const hubsDir = path.join(schemasDir, '..', 'hubs');
  if (hubs) for (const f of await readdir(hubsDir).catch(() => [] as string[])) if (f.endsWith('.json')) paths.push([`hubs/${f}`, path.join(hubsDir, f)]);
  for (const [key, file] of paths.sort()) {
    try {
      files[key] = JSON.parse(await readFile(file, 'utf8'));
    } catch (err) {
      problems.push({ file: key, pointer: '', message: `JSON inválido: ${(err as Error).message}` });
    }
  }
  if (problems.length) throw new MetadataError(problems);
  return loadMetadata(files);
}

const navigation = new Map<string, Promise<Omit<NavigationContext, 'groups'>>>();

const contextOf = (m: Metadata): Omit<NavigationContext, 'groups'> => ({ resources: permissionResources(Object.keys(m.resources), m.screens), screens: m.screens, hubs: m.hubs });

/** The metadata the registry was built from (server/resources/registry.ts): the override's checks need no second read. */
export function rememberNavigation(schemasDir: string, m: Metadata): void {
  navigation.set(schemasDir, Promise.resolve(contextOf(m)));
}

/**
 * What the navigation's links are checked against (src/engine/config/check-app-config.ts `navigationProblems`): the
 * permission resources, screens and hubs of `schemasDir` and its siblings. Read once per folder — the metadata
 * changes only with a restart (docs/first-screen.md §6): the registry's own read, or one here when there is none.
 */
export function navigationContext(schemasDir: string): Promise<Omit<NavigationContext, 'groups'>> {
  let ctx = navigation.get(schemasDir);
  if (!ctx) {
    ctx = readMetadata(schemasDir, { hubs: true }).then(contextOf);
    navigation.set(schemasDir, ctx);
    ctx.catch(() => navigation.delete(schemasDir));
  }
  return ctx;
}

/**
 * Checks every metadata file: `schemas/*.schema.json`, `screens/<tela>/*.json` and `hubs/*.json` (meta-schemas, then
 * references between files). Prints `file: /pointer: message` per problem and exits 1 on any.
 * Usage: npx tsx scripts/check-metadata.ts
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadMetadata, type Metadata } from '../src/engine/schema/load-metadata.ts';
import { formatProblem, MetadataError, type Problem } from '../src/engine/schema/metadata-error.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Parsed JSON of the metadata folders, keyed by path relative to `root`; broken JSON becomes a problem. */
export async function readMetadataFiles(root = ROOT): Promise<{ files: Record<string, unknown>; problems: Problem[] }> {
  const files: Record<string, unknown> = {};
  const problems: Problem[] = [];
  const paths: string[] = [];
  for (const f of await readdir(path.join(root, 'schemas')).catch(() => [] as string[])) if (f.endsWith('.json')) paths.push(`schemas/${f}`);
  for (const dir of await readdir(path.join(root, 'screens'), { withFileTypes: true }).catch(() => [])) {
    if (!dir.isDirectory()) continue;
    for (const f of await readdir(path.join(root, 'screens', dir.name))) if (f.endsWith('.json')) paths.push(`screens/${dir.name}/${f}`);
  }
  for (const f of await readdir(path.join(root, 'hubs')).catch(() => [] as string[])) if (f.endsWith('.json')) paths.push(`hubs/${f}`);
  for (const rel of paths.sort()) {
    try {
      files[rel] = JSON.parse(await readFile(path.join(root, rel), 'utf8'));
    } catch (e) {
      problems.push({ file: rel, pointer: '', message: `JSON inválido: ${(e as Error).message}` });
    }
  }
  return { files, problems };
}

/** Reads and loads the metadata of `root`, throwing a MetadataError with every problem found. */
export async function checkMetadata(root = ROOT): Promise<Metadata> {
  const { files, problems } = await readMetadataFiles(root);
  try {
    const metadata = loadMetadata(files);
    if (problems.length) throw new MetadataError(problems);
    return metadata;
  } catch (e) {
    if (e instanceof MetadataError && problems.length && e.problems !== problems) throw new MetadataError([...problems, ...e.problems]);
    throw e;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  try {
    const m = await checkMetadata();
    console.log(`Metadados: ${Object.keys(m.resources).length} recursos, ${Object.keys(m.screens).length} telas e ${Object.keys(m.hubs).length} painéis válidos.`);
  } catch (e) {
    if (!(e instanceof MetadataError)) throw e;
    for (const p of e.problems) console.error(formatProblem(p));
    console.error(`Metadados: ${e.problems.length} problema(s).`);
    process.exit(1);
  }
}

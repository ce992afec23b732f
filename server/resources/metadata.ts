import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadMetadata, type Metadata } from '../../src/engine/schema/load-metadata.ts';
import { MetadataError, type Problem } from '../../src/engine/schema/metadata-error.ts';

/**
 * The one place the server meets the shared metadata loader (src/engine/schema): every schema file of
 * `schemasDir` and every `screen.json` of its sibling `screens/` are meta-validated, cross-checked and
 * compiled exactly as the client and `scripts/check-metadata.ts` do, so both sides give the same pt-BR
 * messages. Any problem stops the start with a {@link MetadataError} listing `file: /pointer: message`.
 */
export async function readMetadata(schemasDir: string): Promise<Metadata> {
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

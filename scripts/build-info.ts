import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** The inputs of the client build; their content hash is the build id. */
export const BUILD_INPUTS = ['src', 'public', 'index.html', 'vite.config.ts', 'scripts/vite-validators.ts', 'package-lock.json'];
/** The metadata the build bundles, read from METADATA_DIR (server/config.ts `metadataRoot`). */
export const METADATA_INPUTS = ['schemas', 'screens', 'hubs', 'public/app.config.json'];

async function* walk(p: string): AsyncGenerator<string> {
  const s = await stat(p).catch(() => undefined);
  if (!s) return;
  if (s.isFile()) {
    yield p;
    return;
  }
  for (const entry of (await readdir(p)).sort()) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    yield* walk(path.join(p, entry));
  }
}

/** A short, deterministic id of the client sources. */
export async function computeBuildId(root: string, metadata = root): Promise<string> {
  const h = createHash('sha256');
  for (const [base, inputs] of [[root, BUILD_INPUTS], [metadata, METADATA_INPUTS]] as const) {
    for (const input of inputs) {
      for await (const file of walk(path.join(base, input))) {
        h.update(path.relative(base, file));
        h.update(await readFile(file));
      }
    }
  }
  return h.digest('hex').slice(0, 12);
}

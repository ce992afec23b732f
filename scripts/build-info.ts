import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** The inputs of the client build; their content hash is the build id. */
export const BUILD_INPUTS = ['src', 'public', 'schemas', 'screens', 'index.html', 'vite.config.ts', 'package-lock.json'];

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
export async function computeBuildId(root: string): Promise<string> {
  const h = createHash('sha256');
  for (const input of BUILD_INPUTS) {
    for await (const file of walk(path.join(root, input))) {
      h.update(path.relative(root, file));
      h.update(await readFile(file));
    }
  }
  return h.digest('hex').slice(0, 12);
}

import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { metadataRoot } from '../server/config.ts';
import { computeBuildId } from './build-info.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Output folder: `CLIENT_DIR` (relative to the project) or `dist/`; e2e runs use one per port. */
export const clientDir = () => path.resolve(ROOT, process.env.CLIENT_DIR || 'dist');
const stampOf = (dir: string) => path.join(dir, 'builds', 'latest.json');

/** Builds the client with Vite and writes `dist/builds/latest.json` with the build id. */
export async function buildClient(): Promise<string> {
  const id = await computeBuildId(ROOT, metadataRoot());
  const { build } = await import('vite');
  process.env.VITE_BUILD_ID = id;
  const outDir = clientDir();
  await build({ root: ROOT, logLevel: 'warn', configFile: path.join(ROOT, 'vite.config.ts'), build: { outDir, emptyOutDir: true } });
  await precompress(outDir);
  const STAMP = stampOf(outDir);
  await mkdir(path.dirname(STAMP), { recursive: true });
  await writeFile(STAMP, JSON.stringify({ id, builtAt: new Date().toISOString() }) + '\n');
  return id;
}

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;

/** Writes `.br` and `.gz` next to each text asset over 1 KiB, for the static server's `preCompressed`. */
export async function precompress(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const data = await readFile(file);
    if (data.length < 1024) continue;
    await writeFile(`${file}.br`, brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length } }));
    await writeFile(`${file}.gz`, gzipSync(data, { level: 9 }));
  }
}

/** Builds only when `dist/` is missing or older than the sources. */
export async function ensureClientBuild(log: (msg: string) => void = console.log): Promise<void> {
  const id = await computeBuildId(ROOT, metadataRoot());
  const current = await readFile(stampOf(clientDir()), 'utf8').then((t) => (JSON.parse(t) as { id: string }).id, () => undefined);
  if (current === id) return;
  log(current ? 'Cliente desatualizado: recompilando…' : 'Compilando o cliente (primeira execução)…');
  const t0 = Date.now();
  await buildClient();
  log(`Cliente compilado em ${((Date.now() - t0) / 1000).toFixed(1)} s.`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  buildClient().then((id) => console.log(`build ${id} em ${path.relative(ROOT, clientDir()) || '.'}/`), (err) => {
    console.error(err);
    process.exit(1);
  });
}

/**
 * Initial JS of a route from the build itself (no browser, no server): the Vite manifest's static import closure
 * of the modules the router loads for the route, each chunk gzip -9 (as the server sends the build's `.gz`).
 * Lazy chunks (`import()`) are outside the closure: what loads on demand — the list's toolbar after the rows'
 * first paint, its pager controls, dialogs, error states — is not initial JS here. The client bench measures the
 * same route in Chromium too (every script loaded until the network is idle), which counts those as well.
 * Run alone: `tsx scripts/bench/bundle.ts` (builds into a temporary folder with a manifest).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteBundle {
  name: string;
  path: string;
  /** Manifest keys the router loads for the route (entry, layout, page). */
  roots: string[];
}

/**
 * What the router loads for a route (src/app/router.tsx): the entry (index.html), the route's layout — the default
 * layout comes with React Query's provider — and the page; a screen's list route is the generic list page
 * (src/renderers/antd/screens/screen-pages.ts).
 */
export const ROUTE_BUNDLES: RouteBundle[] = [
  { name: 'Login', path: '/login', roots: ['index.html', 'src/renderers/antd/layouts/LogonLayout.tsx', 'src/plugins/auth/pages/LoginPage.tsx'] },
  {
    name: 'Lista (contas a pagar)',
    path: '/contas-a-pagar/lancamentos',
    roots: ['index.html', 'src/renderers/antd/layouts/DefaultLayout.tsx', 'src/react/QueryProvider.tsx', 'src/renderers/antd/list/ListPage.tsx'],
  },
];

export interface BundleSize {
  name: string;
  path: string;
  files: number;
  gzipKiB: number;
  /** The largest chunks of the closure, for the reader who must cut it. */
  largest: { file: string; gzipKiB: number }[];
}

/** The static import closure of `roots` in `manifest`: the JS files a browser fetches before the route can render. */
export function staticClosure(manifest: Manifest, roots: readonly string[]): string[] {
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`módulo ausente do manifesto do Vite: ${key}`);
    seen.add(key);
    chunk.imports?.forEach(walk);
  };
  roots.forEach(walk);
  return [...seen].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
}

const round = (v: number) => Math.round(v * 10) / 10;

/** Sizes each route's closure in a build at `dir` (with `.vite/manifest.json`). */
export async function routeBundleSizes(dir: string, routes: readonly RouteBundle[] = ROUTE_BUNDLES): Promise<BundleSize[]> {
  const manifest = JSON.parse(await readFile(path.join(dir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const out: BundleSize[] = [];
  for (const route of routes) {
    const files = staticClosure(manifest, route.roots);
    const sizes = await Promise.all(files.map(async (file) => ({ file, bytes: gzipSync(await readFile(path.join(dir, file)), { level: 9 }).length })));
    sizes.sort((a, b) => b.bytes - a.bytes);
    out.push({
      name: route.name,
      path: route.path,
      files: files.length,
      gzipKiB: round(sizes.reduce((n, s) => n + s.bytes, 0) / 1024),
      largest: sizes.slice(0, 5).map((s) => ({ file: s.file, gzipKiB: round(s.bytes / 1024) })),
    });
  }
  return out;
}

/**
 * Builds the client into a temporary folder with a manifest (the app's own build has none: the server would serve
 * it) and sizes each route. Same sources and Vite config as `npm run build`.
 */
export async function benchBundles(): Promise<BundleSize[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-bundle-'));
  try {
    const { build } = await import('vite');
    await build({ root: ROOT, logLevel: 'warn', configFile: path.join(ROOT, 'vite.config.ts'), build: { outDir: dir, emptyOutDir: true, manifest: true } });
    return await routeBundleSizes(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  benchBundles()
    .then((sizes) => {
      for (const s of sizes) {
        console.log(`${s.name} (${s.path}): ${s.files} arquivos, ${s.gzipKiB.toFixed(1)} KiB gzip`);
        for (const l of s.largest) console.log(`  ${l.gzipKiB.toFixed(1)} KiB  ${l.file}`);
      }
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}

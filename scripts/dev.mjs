// `npm run dev`: the API in watch mode on :3001 and Vite with hot reload on :5173 (proxying /api to it).
// Live reload of metadata: the API restarts when a schema, screen, hub or the app config changes (it first runs
// check:metadata, so a mistake shows as file:line:column in this terminal and the old API stays down until fixed);
// Vite reloads the screens in the browser (import.meta.glob) and rebuilds the precompiled validators.
// Production has no watcher: a schema or screen change needs a new build and a restart (docs/first-screen.md).
import { spawn } from 'node:child_process';
import path from 'node:path';

const api = process.env.API_PORT ?? '3001';
// The metadata an implementer edits: METADATA_DIR's (server/config.ts `metadataRoot`), else the project's. tsx watch
// takes globs: relative ones inside the project, absolute ones for a folder outside it.
const metadataDir = path.resolve(process.env.METADATA_DIR || '.');
const inside = path.relative(process.cwd(), metadataDir);
const base = !inside ? '.' : inside.startsWith('..') || path.isAbsolute(inside) ? metadataDir : `./${inside.split(path.sep).join('/')}`;
const watched = ['schemas', 'screens', 'hubs', 'public'].map((dir) => `${base}/${dir}/**/*`);
const procs = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', ...watched.flatMap((g) => ['--include', g]), 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: api, SERVE_CLIENT: '0' },
  }),
  spawn('npx', ['vite', '--port', process.env.PORT ?? '5173'], {
    stdio: 'inherit',
    env: { ...process.env, API_URL: `http://localhost:${api}` },
  }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const p of procs) p.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });

// `npm run dev`: the API in watch mode on :3001 and Vite with hot reload on :5173 (proxying /api to it).
import { spawn } from 'node:child_process';

const api = process.env.API_PORT ?? '3001';
const procs = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], {
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

import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { SYSTEM_OWNER } from '../../src/engine/access.ts';
import { forbidden } from '../lib/errors.ts';
import { loadAppConfig, overrideStatus } from '../lib/app-config.ts';
import type { Principal } from '../lib/principal.ts';
import { cspNonceOf, NONCE_PLACEHOLDER } from './security-headers.ts';

const NO_STORE = 'no-store, max-age=0';

/** Serves the app config, the build manifest and the built SPA (with fallback to index.html). */
export async function registerClient(app: FastifyInstance): Promise<void> {
  const { config } = app;

  app.get('/app.config.json', async (_req, reply) => {
    reply.header('cache-control', NO_STORE);
    return loadAppConfig(config.dataDir, undefined, app.log, config.schemasDir);
  });

  // The SystemOwner's banner: what is wrong with the tenant override now (null when it is fine or absent).
  app.get('/api/identity/v1/app-config/status', { onRequest: [app.authenticate] }, async (req, reply) => {
    if ((req.principal as Principal).accessLevel !== SYSTEM_OWNER) throw forbidden();
    reply.header('cache-control', NO_STORE);
    await loadAppConfig(config.dataDir, undefined, app.log, config.schemasDir);
    return { override: overrideStatus(process.env.APP_CONFIG_OVERRIDE ?? path.join(config.dataDir, 'app.config.json')) };
  });

  app.get('/builds/latest.json', async (_req, reply) => {
    reply.header('cache-control', NO_STORE);
    try {
      return JSON.parse(await readFile(path.join(config.clientDir, 'builds', 'latest.json'), 'utf8'));
    } catch {
      return { id: 'dev' };
    }
  });

  if (!config.serveClient) return;
  const hasClient = await stat(path.join(config.clientDir, 'index.html')).then(() => true, () => false);
  if (!hasClient) {
    app.log.warn(`cliente não encontrado em ${config.clientDir}; rode "npm run build"`);
    return;
  }
  await app.register(fastifyStatic, {
    root: config.clientDir,
    serve: false,
    // `.br`/`.gz` siblings written by scripts/build.ts are sent when the browser accepts them.
    preCompressed: true,
    setHeaders(reply: { header(k: string, v: string): unknown }, file: string) {
      // Hashed assets are immutable; everything else is revalidated.
      reply.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const indexHtml = await readFile(path.join(config.clientDir, 'index.html'), 'utf8');
  app.get('/*', async (req, reply) => {
    const url = req.url.split('?')[0];
    if (url.startsWith('/api/')) return reply.callNotFound();
    const file = path.join(config.clientDir, path.normalize(url));
    if (file.startsWith(config.clientDir) && path.extname(url)) {
      const exists = await stat(file).then((s) => s.isFile(), () => false);
      if (exists) return reply.sendFile(path.relative(config.clientDir, file));
      return reply.callNotFound();
    }
    // A fresh nonce per page (the CSP of this response names it): never cached.
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(indexHtml.replaceAll(NONCE_PLACEHOLDER, cspNonceOf(reply)));
  });
}

import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import { constants as zlib } from 'node:zlib';
import type { ServerConfig } from './config.ts';
import type { Db } from './db/index.ts';
import { parseQueryString } from './lib/query-string.ts';
import { serializeRequest } from './lib/log.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { registerInputHygiene } from './plugins/input-hygiene.ts';
import { registerBackground } from './plugins/background.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerClient } from './plugins/client.ts';
import authPlugin from './plugins/auth.ts';
import { registerRoutes } from './routes/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: ServerConfig;
  }
}

export interface BuildAppOptions {
  config: ServerConfig;
  db: Db;
  logger?: boolean;
}

/** Composition root of the API: external plugins, then app plugins, then routes (style.md #12). */
export async function buildApp({ config, db, logger = true }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          redact: {
            paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            censor: '[oculto]',
          },
          serializers: { req: serializeRequest },
        }
      : false,
    trustProxy: config.trustProxy,
    routerOptions: { querystringParser: parseQueryString, ignoreTrailingSlash: false },
    bodyLimit: 10 * 1024 * 1024,
  });
  app.decorate('db', db);
  app.decorate('config', config);
  await registerSecurityHeaders(app);
  await app.register(cookie);
  // JSON over 1 KiB leaves compressed (brotli at a fast level, gzip otherwise); built assets are
  // pre-compressed at build time and served as they are (server/plugins/client.ts).
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  registerErrorHandler(app);
  registerInputHygiene(app);
  registerBackground(app);
  await app.register(authPlugin);

  app.get('/api/health', async () => {
    await db.query('SELECT 1');
    return { status: 'ok', db: db.kind };
  });
  await registerRoutes(app);
  await registerClient(app);
  return app;
}

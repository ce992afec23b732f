import type { FastifyInstance } from 'fastify';
import { registerCepRoutes } from './cep-routes.ts';
import { registerFileRoutes } from './files-routes.ts';
import { registerIbgeRoutes } from './ibge-routes.ts';
import { createUpstream } from './upstream.ts';

/**
 * `/api/commons/v1`: postal-code lookup (ViaCEP), IBGE states and municipalities, and file uploads. The two
 * public services sit behind adapters with a configurable base URL and bundled offline data.
 */
export default async function commonsRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app;
  registerCepRoutes(app, createUpstream({ baseUrl: config.cepApiUrl, timeoutMs: config.externalTimeoutMs }));
  registerIbgeRoutes(app, createUpstream({ baseUrl: config.ibgeApiUrl, timeoutMs: config.externalTimeoutMs }));
  registerFileRoutes(app, { maxBytes: config.filesMaxBytes, quotaBytes: config.filesQuotaBytes, pendingBytes: config.filesPendingBytes });
}

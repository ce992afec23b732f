import type { FastifyInstance } from 'fastify';
import { cspNonceOf, NONCE_PLACEHOLDER } from '../plugins/security-headers.ts';
import { buildOpenApi } from './openapi.ts';
import type { Registry } from './registry.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `GET /api/docs` (a plain page, no CDN) and `GET /api/docs/openapi.json` (OpenAPI 3.1). */
export function registerDocsRoutes(app: FastifyInstance, registry: Registry): void {
  const doc = buildOpenApi(registry);
  const body = JSON.stringify(doc);
  app.get('/api/docs/openapi.json', async (_req, reply) => reply.type('application/json; charset=utf-8').send(body));

  const rows = [...registry.values()]
    .sort((a, b) => a.basePath.localeCompare(b.basePath))
    .map((d) => `<tr><td>${escapeHtml(d.titlePlural)}</td><td><code>${escapeHtml(d.basePath)}</code></td><td><code>${escapeHtml(d.name)}</code></td></tr>`)
    .join('\n');
  const html = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>API — Back Office</title>
<style nonce="${NONCE_PLACEHOLDER}">body{font:14px system-ui,sans-serif;margin:2rem;max-width:60rem}table{border-collapse:collapse}td,th{border-bottom:1px solid #ddd;padding:.3rem .8rem;text-align:left}</style>
</head><body>
<h1>API de recursos</h1>
<p>Especificação OpenAPI 3.1: <a href="/api/docs/openapi.json">/api/docs/openapi.json</a>. Autenticação: <code>Authorization: Bearer &lt;token&gt;</code> de <code>POST /api/identity/v1/auth</code>.</p>
<p>Cada recurso tem: <code>GET</code> lista (<code>page</code>, <code>pageSize</code>, <code>sort</code>, <code>q</code>, <code>filter[campo][op]</code>; <code>X-Total-Count</code> e <code>Link</code>),
<code>GET /{id}</code> (ETag), <code>POST</code>, <code>PUT</code>/<code>PATCH /{id}</code> com <code>If-Match</code>, <code>DELETE /{id}</code>,
<code>/{id}/history</code>, <code>/labels</code>, <code>/permissions</code> e <code>/export?format=csv|xlsx</code>.</p>
<table><thead><tr><th>Recurso</th><th>Endereço</th><th>Nome (permissões)</th></tr></thead><tbody>
${rows || '<tr><td colspan="3">Nenhum recurso em schemas/.</td></tr>'}
</tbody></table></body></html>`;
  app.get('/api/docs', async (_req, reply) => reply.type('text/html; charset=utf-8').send(html.replaceAll(NONCE_PLACEHOLDER, cspNonceOf(reply))));
}

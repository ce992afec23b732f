import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from '@fastify/helmet';

/** Where the built index.html asks for the request's nonce (vite.config.ts `html.cspNonce`). */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';

const nonces = new WeakMap<IncomingMessage, string>();

/** The CSP nonce of this response (the same for scripts and styles): for inline `<style>` the page must carry. */
export const cspNonceOf = (reply: FastifyReply): string => nonces.get(reply.request.raw) ?? '';

/**
 * Security headers on every response, by @fastify/helmet (ASVS V3.4; docs/decisions.md D29):
 * - Content-Security-Policy: scripts and stylesheets only from this origin, plus a per-response nonce for the
 *   `<style>` elements antd writes at run time (CSS-in-JS, `ConfigProvider csp`); no `unsafe-eval` (form
 *   validators are precompiled at build time), no inline script; inline style *attributes* only (`style-src-attr`);
 *   `object-src 'none'`, `base-uri 'none'`,
 *   `frame-ancestors 'none'`; images also from `data:` (QR codes) and `blob:` (file thumbnails).
 * - X-Frame-Options DENY (for browsers without frame-ancestors), X-Content-Type-Options nosniff,
 *   Referrer-Policy no-referrer (recovery links carry a token), Strict-Transport-Security (one year, subdomains;
 *   ignored by browsers over plain HTTP: TLS ends at the proxy), Cross-Origin-Opener/Resource-Policy same-origin.
 * - API answers (`/api/…`) are never stored by browsers or proxies: `Cache-Control: no-store` unless the route
 *   set its own.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  // Before helmet's hook: the policy reads the nonce of the request it is built for.
  app.addHook('onRequest', async (req) => {
    nonces.set(req.raw, randomBytes(16).toString('base64'));
  });
  const nonce = (req: IncomingMessage) => `'nonce-${nonces.get(req) ?? ''}'`;
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", nonce as never],
        styleSrcElem: ["'self'", nonce as never],
        // Style attributes set by script (rc-input's textarea autosize measures with setAttribute('style')):
        // they cannot run code nor carry selectors, and images stay limited by img-src.
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

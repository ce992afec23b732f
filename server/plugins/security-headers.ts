import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from 'helmet';

/** Where the built index.html asks for the request's nonce (vite.config.ts `html.cspNonce`). */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';

const nonces = new WeakMap<IncomingMessage, string>();

/**
 * 16 fresh random bytes per response, cut from a 4 KiB block of the CSPRNG (one `randomBytes` call per 256
 * responses instead of one each: the small call's fixed cost was a twentieth of a cached list's CPU). Every nonce is
 * its own bytes, never reused.
 */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let poolAt = 0;
function newNonce(): string {
  if (poolAt + 16 > pool.length) {
    pool = randomBytes(POOL_BYTES);
    poolAt = 0;
  }
  poolAt += 16;
  return pool.toString('base64', poolAt - 16, poolAt);
}

/** The CSP nonce of this response (the same for scripts and styles): for inline `<style>` the page must carry. */
export const cspNonceOf = (reply: FastifyReply): string => nonces.get(reply.request.raw) ?? '';

/**
 * Security headers on every response, by helmet (ASVS V3.4; docs/decisions.md D29):
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
    nonces.set(req.raw, newNonce());
  });
  const nonce = (req: IncomingMessage) => `'nonce-${nonces.get(req) ?? ''}'`;
  // helmet's middleware, built once: the nonce is a directive function it calls per response. (@fastify/helmet
  // built the whole middleware again on every request — parsing every directive — a tenth of a cached list's CPU.)
  const setHeaders = helmet({
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
  app.addHook('onRequest', (req, reply, done) => {
    setHeaders(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

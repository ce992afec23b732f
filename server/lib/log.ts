import type { FastifyRequest } from 'fastify';

/** Query parameters whose values never reach the logs: password-recovery links carry `token` in the URL. */
const SECRET_PARAMS = /([?&](?:token|code|secret|password|verificationCode)=)[^&#]*/gi;

/** @example redactUrl('/auth/recuperar-senha?token=abc&x=1') // '/auth/recuperar-senha?token=[oculto]&x=1' */
export const redactUrl = (url: string) => url.replace(SECRET_PARAMS, '$1[oculto]');

/** Fastify's default request serializer, with secrets in the query string masked. */
export function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

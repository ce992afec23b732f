import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from '../lib/errors.ts';
import { statusDescriptor } from '../../src/i18n/status.ts';

/** What is wrong with a body Fastify could not parse (`errors.body`). */
function bodyProblem(code: string): string {
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY') return 'O corpo da requisição não é um JSON válido.';
  if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'O corpo da requisição está vazio.';
  return 'O corpo da requisição é inválido.';
}

/** Every error leaves as `{ statusCode, code, message, errors? }`; internals never reach the client. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError, req, reply) => {
    if (err instanceof HttpError) {
      if (err.headers) reply.headers(err.headers);
      return reply.status(err.statusCode).send({
        statusCode: err.statusCode,
        code: err.code,
        message: err.message,
        ...(err.errors ? { errors: err.errors } : {}),
        ...err.details,
      });
    }
    const status = (err as FastifyError).statusCode ?? 500;
    if (status >= 500) req.log.error({ err }, 'erro interno');
    const code = status === 400 && (err as FastifyError).code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'UNSUPPORTED' : 'ERROR';
    const badBody = status === 400 && (err as FastifyError).code?.startsWith('FST_ERR_CTP');
    const message = badBody ? 'O corpo da requisição é inválido.' : statusDescriptor(status).message;
    // Every 400 carries the `errors` map of the contract (architecture §5), even when no field is to blame.
    const errors = status !== 400 ? undefined : badBody ? { body: [bodyProblem((err as FastifyError).code)] } : {};
    return reply.status(status).send({ statusCode: status, code, message, ...(errors ? { errors } : {}) });
  });
  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send({ statusCode: 404, code: 'NOT_FOUND', message: `Rota não encontrada: ${req.method} ${req.url.split('?')[0]}` });
  });
}

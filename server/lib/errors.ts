/** Field → pt-BR messages, the shape the client shows (spec §3 "Server validation error"). */
export type FieldErrors = Record<string, string[]>;

/** An error that becomes `{ statusCode, code, message, errors?, ...details }` on the wire. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
    /** Extra top-level members of the body (e.g. `currentVersion` of a 409 on a stale If-Match). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (errors: FieldErrors, message = 'Os dados enviados são inválidos.') =>
  new HttpError(400, 'VALIDATION', message, errors);
export const unauthorized = (message = 'Você precisa se autenticar.') => new HttpError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'Você não tem permissão para esta ação.') => new HttpError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Conteúdo indisponível.') => new HttpError(404, 'NOT_FOUND', message);
export const conflict = (message: string, code = 'CONFLICT') => new HttpError(409, code, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, 'TOO_MANY_REQUESTS', message, undefined, { 'retry-after': String(retryAfterSeconds) });

import { statusDescriptor, type StatusCode } from '../../i18n/status.ts';

/**
 * Every failed call rejects with an HttpError carrying the status and the parsed response body, so
 * screens and snackbars can show the server's pt-BR message and field errors.
 * @example try { await http.get('/x') } catch (e) { if (e instanceof HttpError && e.status === 404) … }
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';

  constructor(
    readonly status: StatusCode,
    message: string,
    readonly body: unknown = undefined,
    readonly headers: Headers = new Headers(),
  ) {
    super(message);
  }

  /** Builds the error from a response body: the server's `message` when present, else the catalogue's. */
  static fromResponse(status: number, body: unknown, headers?: Headers): HttpError {
    const serverMessage = isRecord(body) && typeof body.message === 'string' ? body.message : undefined;
    return new HttpError(status, serverMessage ?? statusDescriptor(status).message, body, headers);
  }
}

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The status of any thrown value: HttpError's, else 'UNK' (interrupted, network failure, programming error). */
export function statusOf(err: unknown): StatusCode {
  return err instanceof HttpError ? err.status : 'UNK';
}

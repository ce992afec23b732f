import { HttpError, isRecord } from '../http/errors.ts';

/**
 * A write sent with a stale `If-Match` (409 `VERSION_CONFLICT`): someone changed the record after it was
 * opened. Carries the server's current version so a form can reload, show the differences, or retry on it.
 * It is an HttpError, so snackbars show the server's pt-BR message as for any other failure.
 * @example catch (e) { if (e instanceof ConflictError) reloadAt(e.currentVersion) }
 */
export class ConflictError extends HttpError {
  readonly kind = 'conflict';

  constructor(
    message: string,
    readonly currentVersion: number,
    body?: unknown,
    headers?: Headers,
  ) {
    super(409, message, body, headers);
  }
}

const ETAG = /^\s*(?:W\/)?"(\d+)"\s*$/;

/** The version of an `ETag` (`W/"3"` → 3), or undefined. */
export function versionOfEtag(etag: string | null | undefined): number | undefined {
  const m = etag ? ETAG.exec(etag) : null;
  return m ? Number(m[1]) : undefined;
}

/** `If-Match` for a version (the server's weak ETag form). */
export const ifMatch = (version: number): string => `W/"${version}"`;

/** Turns a 409 version conflict into a {@link ConflictError}; any other error is returned unchanged. */
export function asConflict(err: unknown): unknown {
  if (!(err instanceof HttpError) || err.status !== 409 || !isRecord(err.body) || err.body.code !== 'VERSION_CONFLICT') return err;
  const current = typeof err.body.currentVersion === 'number' ? err.body.currentVersion : versionOfEtag(err.headers.get('etag'));
  if (current === undefined) return err;
  return new ConflictError(err.message, current, err.body, err.headers);
}

import { HttpError } from '../lib/errors.ts';

/**
 * PostgreSQL's answers to two sessions writing the same rows at once: `40P01` (deadlock detected: the server
 * aborted one of them) and `40001` (serialization failure). Neither is a bug of the request: nothing was
 * written and the person can simply try again, so they leave as a 409, never as a 500.
 */
const CONCURRENCY_CODES: ReadonlySet<string> = new Set(['40P01', '40001']);

export const CONCURRENT_UPDATE_MESSAGE = 'Outra pessoa alterou estes registros ao mesmo tempo. Recarregue e tente de novo.';

/** The error a transaction rethrows: a 409 `CONCURRENT_UPDATE` for a deadlock or serialization failure, else `err` itself. */
export function concurrencyError(err: unknown): unknown {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && CONCURRENCY_CODES.has(code)) return new HttpError(409, 'CONCURRENT_UPDATE', CONCURRENT_UPDATE_MESSAGE);
  return err;
}

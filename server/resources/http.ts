import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Scope } from '../../src/engine/access.ts';
import { badRequest, HttpError, notFound } from '../lib/errors.ts';
import type { Principal } from '../lib/principal.ts';
import { isUuid } from './coerce.ts';

/** `onRequest` hooks of a resource route: 401 without a valid token, then 403 without the scope, before the body is read. */
export function guard(app: FastifyInstance, resource: string, scope: Scope): { onRequest: onRequestHookHandler[] } {
  return { onRequest: [app.authenticate, app.requireScope(resource, scope)] as onRequestHookHandler[] };
}

/** The authenticated caller (the guard has run). */
export const principalOf = (req: FastifyRequest): Principal => req.principal as Principal;

/** The `:id` of the URL; anything but a uuid is a record that does not exist. */
export function idParam(req: FastifyRequest): string {
  const id = (req.params as { id?: string }).id ?? '';
  if (!isUuid(id)) throw notFound();
  return id.toLowerCase();
}

export const etagOf = (version: number) => `W/"${version}"`;

const VERSION = /^\s*(?:W\/)?"(\d{1,9})"\s*$/;

/** If-Match of a write: missing → 428 (a blind overwrite is never accepted), malformed → 400. */
export function ifMatch(req: FastifyRequest, required: true): number;
export function ifMatch(req: FastifyRequest, required: false): number | undefined;
export function ifMatch(req: FastifyRequest, required: boolean): number | undefined {
  const raw = req.headers['if-match'];
  if (raw === undefined || raw === '') {
    if (!required) return undefined;
    throw new HttpError(
      428,
      'PRECONDITION_REQUIRED',
      'Envie o cabeçalho If-Match com a versão (ETag) do registro que você alterou.',
    );
  }
  const m = VERSION.exec(String(raw));
  if (!m) throw badRequest({ 'If-Match': ['Use a ETag recebida, como W/"3".'] }, 'O cabeçalho If-Match é inválido.');
  return Number(m[1]);
}

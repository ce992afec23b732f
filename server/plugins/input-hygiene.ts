import { isUtf8 } from 'node:buffer';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INPUT_MESSAGES } from '../../src/i18n/security.ts';
import { VALIDATION_MESSAGES } from '../../src/i18n/validation.ts';
import { badRequest, HttpError, type FieldErrors } from '../lib/errors.ts';
import { badUrlParts, bodyProblems } from '../lib/text-hygiene.ts';

type Done = (err: Error | null, body?: unknown) => void;

/**
 * The JSON body parser of every route: the bytes must be UTF-8 (Fastify would turn bad bytes into U+FFFD
 * without a word), then plain `JSON.parse`. A `__proto__` key is kept as the own property JSON.parse makes
 * of it, so the edge hook can answer it as a field error ('Campo não permitido.') instead of the misleading
 * "not JSON" of secure-json-parse; nothing reads the body before that hook.
 */
export function jsonBodyParser(_req: FastifyRequest, body: Buffer, done: Done): void {
  if (body.length === 0) return done(badBody('O corpo da requisição está vazio.'));
  if (!isUtf8(body)) return done(badBody(INPUT_MESSAGES.badBodyEncoding));
  try {
    done(null, JSON.parse(body.toString('utf8')));
  } catch {
    done(badBody('O corpo da requisição não é um JSON válido.'));
  }
}

/** A body that could not be read at all: the contract's `ERROR` code with the problem on `body`. */
const badBody = (problem: string) => new HttpError(400, 'ERROR', 'O corpo da requisição é inválido.', { body: [problem] });

/** Request headers whose values the API reads; anything but visible ASCII in them is refused. */
const READ_HEADERS = ['authorization', 'if-match', 'if-none-match', 'content-type', 'x-forwarded-for', 'forwarded', 'x-real-ip'];
const VISIBLE_ASCII = /^[\x20-\x7e\t]*$/;

function headerErrors(req: FastifyRequest): FieldErrors | null {
  const errors: FieldErrors = Object.create(null);
  for (const name of READ_HEADERS) {
    const v = req.headers[name];
    for (const value of Array.isArray(v) ? v : v === undefined ? [] : [v]) {
      if (!VISIBLE_ASCII.test(value)) errors[name] = [INPUT_MESSAGES.badHeader];
    }
  }
  return Object.keys(errors).length ? errors : null;
}

/**
 * One edge for every string a request carries (ASVS V1/V2, docs/security.md): before any route, hook or
 * query sees them, the URL (path, query names and values), the headers the API reads and every string and
 * key of a JSON body must be clean text — no NUL, no lone surrogate, UTF-8 bytes — and no body key may be
 * `__proto__`. Anything else is a 400 with the field at fault, in pt-BR, before PostgreSQL could answer 500.
 * Registered at the root, before the routes, so it covers every route and the 404 handler.
 */
export function registerInputHygiene(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, jsonBodyParser);

  app.addHook('onRequest', async (req) => {
    const bad = badUrlParts(req.url);
    const headers = headerErrors(req);
    if (!bad.length && !headers) return;
    const errors: FieldErrors = Object.assign(Object.create(null), headers);
    for (const name of bad) errors[name] = [INPUT_MESSAGES.badText];
    throw badRequest(errors, INPUT_MESSAGES.badRequest);
  });

  app.addHook('preValidation', async (req) => {
    if (req.body === undefined || req.body === null || Buffer.isBuffer(req.body)) return;
    const problems = bodyProblems(req.body);
    if (!problems.length) return;
    const errors: FieldErrors = Object.create(null);
    for (const p of problems) errors[p.path] = [p.kind === 'key' ? VALIDATION_MESSAGES.notAllowed : INPUT_MESSAGES.badText];
    throw badRequest(errors, problems.some((p) => p.kind === 'text') ? INPUT_MESSAGES.badRequest : undefined);
  });
}

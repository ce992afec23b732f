import { HttpError, isRecord } from '../http/errors.ts';
import type { FieldErrors } from '../schema/types.ts';

/** RJSF's error tree: `{ name: { __errors: ['…'] }, items: { 0: { amount: { __errors } } } }`. */
export interface ErrorTree {
  __errors?: string[];
  [key: string]: ErrorTree | string[] | undefined;
}

/**
 * Field errors (`{ 'items.0.amount': ['…'] }`, the server's 400 shape and our validator's) → RJSF's tree.
 * @example toErrorTree({ name: ['Campo obrigatório.'] }) // { name: { __errors: ['Campo obrigatório.'] } }
 */
export function toErrorTree(errors: FieldErrors | null | undefined): ErrorTree {
  const tree: ErrorTree = {};
  for (const [path, messages] of Object.entries(errors ?? {})) {
    let node = tree;
    for (const part of path.split('.')) node = (node[part] ??= {}) as ErrorTree;
    node.__errors = [...(node.__errors ?? []), ...messages];
  }
  return tree;
}

/** Whether a value is the spec §3 shape: every field a non-empty list of strings. */
export function isFieldErrors(value: unknown): value is FieldErrors {
  if (!isRecord(value) || !Object.keys(value).length) return false;
  return Object.values(value).every((v) => Array.isArray(v) && v.length > 0 && v.every((m) => typeof m === 'string'));
}

/** The `errors` of a failed save (400 validation, 409 unique…), or null when the failure has none. */
export function serverFieldErrors(err: unknown): FieldErrors | null {
  if (!(err instanceof HttpError) || !isRecord(err.body)) return null;
  return isFieldErrors(err.body.errors) ? err.body.errors : null;
}

/**
 * Splits errors between the fields the form shows (inline) and the rest (only in the list above the
 * buttons): the body itself (`$`), fields hidden by a rule, fields the screen does not place.
 */
export function splitByField(errors: FieldErrors, shown: ReadonlySet<string>): { inline: FieldErrors; other: FieldErrors } {
  // Paths come from the server's answer: no prototype, so no name (`__proto__`, `constructor`) is special.
  const inline: FieldErrors = Object.create(null);
  const other: FieldErrors = Object.create(null);
  for (const [path, messages] of Object.entries(errors)) {
    (shown.has(path.split('.')[0]) ? inline : other)[path] = messages;
  }
  return { inline, other };
}

/** Errors of the fields of one section (top-level name = first path segment). */
export function errorsOf(errors: FieldErrors, fields: readonly string[]): FieldErrors | undefined {
  const set = new Set(fields);
  const out = Object.fromEntries(Object.entries(errors).filter(([p]) => set.has(p.split('.')[0])));
  return Object.keys(out).length ? out : undefined;
}
